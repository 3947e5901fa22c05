// The white-box ε an audit compares against, from H1's exact profile (verify/audit/white_box.hpp): for δ = 0 the
// pure ε of the view; for δ > 0 the smaller of the pure ε and the certified ε(δ) of eps_for_delta (both upper
// bounds of the exact ε(δ), so a MODEL-MISMATCH verdict against it stays a valid rejection). Results are cached per
// (variant, input, δ) for the life of the process (thread-safe).
#pragma once

#include <optional>
#include <string>

#include "reference/protocols/calibration.hpp"

namespace dpb::verify::audit {

struct WhiteBoxEps {
  double eps = 0;
  std::string source;  // "white box: ..." with the enclosure
};

// nullopt when the profile cannot be computed (e.g. m beyond the view's limit).
std::optional<WhiteBoxEps> white_box_eps(ref::Variant variant, const ref::CalibrationInput& input, double delta);

}  // namespace dpb::verify::audit
