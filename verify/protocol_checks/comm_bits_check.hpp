// Claim 000.comm-bits (Chowdhury & Zhou 2023, arXiv:2206.05772, Theorems 1–6 "O(log m) bits per user"): each message is
// an element of Z_m, so it takes ⌈log₂ m⌉ bits, m = n·g + 2τ + 1; with ε, T (and s) fixed this grows logarithmically in
// the batch size n. Since g = ⌈ε√n⌉ (or ⌈sε√n⌉), n·g ≈ ε n^{3/2} and the bits grow like (3/2)·log₂ n for large n (τ ≈
// (g/ε) log(2T) adds a lower-order term).
//
// The check computes the exact calibration on a grid n = 2^k, k = k_min..k_max, and asserts: bits(n) = bit_length
// (m − 1) = ⌈log₂ m⌉ exactly (2^{bits−1} < m <= 2^bits); bits is non-decreasing in n; each doubling of n adds at
// most max_step = 2 bits (so bits <= bits(2^k_min) + 2·log₂(n/2^k_min): logarithmic growth); and on the large-n
// part of the grid (k >= k_fit_min, where n·g dominates τ) the least-squares slope of bits against log₂ n lies in
// [slope_min, slope_max] (default [1.35, 1.65], around the predicted 3/2) with every point within max_deviation bits
// of the fitted line.
// The spec's example table (ε = 1, T = 10⁶, Dist-DP: n = 2 → 7 bits, 1024 → 16, 32768 → 23) is reproduced by the
// calibration tests.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/protocols/calibration.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify {

struct CommBitsConfig {
  ref::Variant variant = ref::Variant::DistDP;
  Rational eps{1};
  Integer horizon{1000000};
  std::optional<Rational> s;
  unsigned k_min = 1, k_max = 36;  // n = 2^k; the default stays below m <= 2^62
  unsigned k_fit_min = 12;         // the slope is fitted on k_fit_min..k_max
  unsigned max_step = 2;           // bits added per doubling of n, at most
  Rational slope_min{27, 20}, slope_max{33, 20};
  Rational max_deviation{3, 2};
};

struct CommBitsRow {
  Integer n, g, tau, m;
  unsigned bits = 0;
};

struct CommBitsResult {
  CommBitsConfig config;
  std::vector<CommBitsRow> rows;
  unsigned largest_step = 0;  // max bits(2n) − bits(n) over the grid
  Rational slope;          // least-squares slope of bits against k = log₂ n on k >= k_fit_min (exact rational)
  Rational intercept;
  Rational max_deviation;  // max |bits − (intercept + slope·k)| on k >= k_fit_min
  bool exact_ceiling = true;
  bool monotone = true;
  Verdict verdict = Verdict::inconclusive;
};

CommBitsResult check_comm_bits(const CommBitsConfig& config);
// Every variant with ε = 1/2 (ε < 1 is needed by Dist-CDP, Central, Local), T = 10⁶, s = 10 where applicable.
std::vector<CommBitsResult> check_comm_bits_all_variants();
nlohmann::json to_json(const CommBitsResult& r);

}  // namespace dpb::verify
