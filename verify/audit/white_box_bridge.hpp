// The white-box ε an audit compares against, from H1's exact profile (verify/audit/white_box.hpp): the pure ε of
// the view when it is finite, else the smallest ε of the certified δ(ε) curve whose δ upper bound is ≤ δ (an upper
// bound of the exact ε(δ), so a MODEL-MISMATCH verdict against it stays a valid rejection).
#pragma once

#include <optional>
#include <string>

#include "reference/protocols/calibration.hpp"

namespace dpb::verify::audit {

struct WhiteBoxEps {
  double eps = 0;
  std::string source;  // "white box: ..." with the enclosure
};

// nullopt when the profile cannot be computed (e.g. m beyond the view's limit) or the curve never reaches δ.
std::optional<WhiteBoxEps> white_box_eps(ref::Variant variant, const ref::CalibrationInput& input, double delta);

}  // namespace dpb::verify::audit
