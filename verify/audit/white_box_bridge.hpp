// The white-box ε an audit compares against, from H1's exact profile (verify/audit/white_box.hpp): for δ = 0 the
// pure ε of the view; for δ > 0 the smaller of the pure ε and the certified ε(δ) of eps_for_delta (both upper
// bounds of the exact ε(δ), so a MODEL-MISMATCH verdict against it stays a valid rejection). Results are cached per
// (variant, input, δ) for the life of the process (thread-safe).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "reference/protocols/calibration.hpp"

namespace dpb::verify::audit {

struct WhiteBoxEps {
  double eps = 0;
  std::string source;  // "white box: ..." with the enclosure
};

// The exact profile walks every shift d in 1..g of a law on Z_m: its work is g·m interval operations (times about
// 20: δ(ε) on 13 points, D_α on 7; and eps_for_delta's bisection on top when δ > 0). Beyond kWhiteBoxMaxWork the
// white box is not computed (issue 14 class 4, docs/reliability.md "Limits"): `audit dist-dp --eps 1000` (g·m =
// 2.6·10⁸) ran for hours before its first sample, `--eps 30` (2.4·10⁵) for 11 s; at 2¹⁶ it takes about 3 s.
inline constexpr std::uint64_t kWhiteBoxMaxWork = std::uint64_t{1} << 16;
// A Skellam view's folded pmf costs O(variance) certified terms on top (`dist-rdp --eps 1e-2`, variance 10^4: 30 s).
inline constexpr std::uint64_t kWhiteBoxMaxSkellamVariance = 1000;

// Whether the white box of calibration `c` is within kWhiteBoxMaxWork (and m within the view's limit); when not,
// `why` says so ("g*m = ... > 2^16").
bool white_box_within_reach(const ref::Calibration& c, std::string& why);

// nullopt when the profile cannot be computed (m beyond the view's limit, the work beyond kWhiteBoxMaxWork).
std::optional<WhiteBoxEps> white_box_eps(ref::Variant variant, const ref::CalibrationInput& input, double delta);

}  // namespace dpb::verify::audit
