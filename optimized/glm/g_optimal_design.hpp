// G-optimal design, optimized build: the shared Fedorov–Wynn routine (reference/glm/internal/fedorov_wynn.hpp)
// instantiated with IEEE double (this file's .cpp is compiled with -ffp-contract=off), then the reference's exact
// rounding and F4 certificate (ref::finish_design). Same design as ref::g_optimal_design, bit for bit
// (tests/optimized/glm/glm_cross_test.cpp). Seed 003, Lemma 4.3; docs/protocol-003.md "G-optimal design".
#pragma once

#include "reference/glm/g_optimal_design.hpp"

namespace dpb::fast {

ref::GOptimalDesign g_optimal_design(const ref::ArmSet& arms);
ref::GOptimalDesign g_optimal_design_scaled(const ref::ArmSet& arms, const std::vector<ref::CertifiedReal>& c);

}  // namespace dpb::fast
