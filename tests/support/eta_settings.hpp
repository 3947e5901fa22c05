// Settings of the (ϵ, η)-privacy game shared by its tests (tests/verify/audit/eta_privacy*_test.cpp).
#pragma once

#include <cstdint>

#include "reference/core/rational.hpp"
#include "verify/audit/eta_privacy.hpp"

namespace dpb::test {

// Decentralized Elimination at δ = 1/4 with N agents and local level η, `runs` scored runs.
inline verify::audit::EtaSetting decentralized_elimination_setting(std::uint32_t N, const Rational& eta,
                                                                   std::uint64_t runs) {
  verify::audit::EtaSetting s;
  s.name = "decentralized-elimination";
  s.algorithm = ref::MultiAgentAlgorithm::DecentralizedElimination;
  s.params.agents = N;
  s.params.delta = Rational(1, 4);
  s.params.eta = eta;
  s.eta = eta;
  s.runs = runs;
  return s;
}

}  // namespace dpb::test
