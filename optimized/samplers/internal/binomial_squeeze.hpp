// The fast acceptance test ("squeeze") of BinomialLarge's Bin(n, 1/2) rejection sampler, optimized build: decides
// U < a(j, b) from the first 64-bit chunk of U in machine floating point with a proven error bound, or says it
// cannot (U's chunk lies within the bound of a), in which case the caller runs the reference's certified chunk rule
// (reference/samplers/binomial_large.hpp) on the same chunk and the following ones. A decision is a fact about the
// exact real a, so values and bits are the reference's. Proofs and the error analysis: docs/samplers.md "Binomial
// for large n", § "Fast acceptance (squeeze)".
//
//   a(j, b) = 2^b·P(m+j)/P(m),  P(k) = C(n, k)/2^n,  m = ⌊n/2⌋,  r = n − m ∈ {m, m + 1}.
//   Product path (|j| ≤ 32 or m < 2^14): a = 2^b·Π of |j| ratios, each ≤ 1, in double.
//   Series path (m ≥ 2^14, 2|j| ≤ m): ln(P(m+j)/P(m)) = −(S_g + S_l + S_r + Θ) from Stirling's formula with
//     Robbins' remainder bounds (ln k! = (k+½)ln k − k + ½ln 2π + θ_k, 1/(12k+1) < θ_k < 1/(12k), k ≥ 1):
//       S_g = m·g(j/m) + r·g(−j/r),  g(z) = (1+z)ln(1+z) − z = Σ_{k≥2} (−1)^k z^k/(k(k−1))
//       S_l = ½ln(1 + j/m) + ½ln(1 − j/r)
//       S_r = j·ln(m/r) = −j·ln(1 + 1/m) when r = m + 1, else 0
//       Θ   = θ_{m+j} − θ_m + θ_{r−j} − θ_r
//     then a = 2^b·exp(·) by a Taylor polynomial and repeated squaring.
// Only +, −, ×, ÷ and conversions (IEEE 754 binary64, round to nearest) are used: no libm function.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>

namespace dpb::fast::detail {

__extension__ typedef unsigned __int128 sq_u128;
__extension__ typedef __int128 sq_i128;

// Trials decided by the squeeze and trials handed to the certified rule, per thread (read by tests and benchmarks;
// reset freely).
struct BinomialSqueezeCounters {
  std::uint64_t decided = 0;
  std::uint64_t fallbacks = 0;
};
inline BinomialSqueezeCounters& binomial_squeeze_counters() {
  thread_local BinomialSqueezeCounters counters;
  return counters;
}

namespace squeeze {

inline constexpr double kUnit = 0x1p-53;  // unit roundoff u of binary64
// Any value computed from exact inputs by at most 500 operations (conversions included) each with relative error at
// most 2u has relative error at most (1 + 2u)^500 − 1 < 1001u < 2^-43; we use 2^-42.
inline constexpr double kRoundingFactor = 0x1p-42;
inline constexpr std::uint64_t kSeriesMinM = std::uint64_t{1} << 14;
inline constexpr std::uint64_t kProductMaxTerms = 32;

inline double to_double(sq_u128 x) { return static_cast<double>(x); }

// exp(z) for |z| ≤ 256 with relative error ≤ *rel (docs/samplers.md): z = 2^q·w, |w| ≤ 1/16, Taylor to degree 12
// by Horner, then q squarings.
inline double exp_with_bound(double z, double* rel) {
  int q = 0;
  double w = z;
  while (std::fabs(w) > 0.0625) {
    w *= 0.5;  // exact (no underflow: |w| > 1/32)
    ++q;
  }
  static constexpr double kInvFactorial[13] = {1.0,
                                               1.0,
                                               1.0 / 2,
                                               1.0 / 6,
                                               1.0 / 24,
                                               1.0 / 120,
                                               1.0 / 720,
                                               1.0 / 5040,
                                               1.0 / 40320,
                                               1.0 / 362880,
                                               1.0 / 3628800,
                                               1.0 / 39916800,
                                               1.0 / 479001600};
  double p = kInvFactorial[12];
  for (int i = 11; i >= 0; --i) p = p * w + kInvFactorial[i];
  for (int i = 0; i < q; ++i) p *= p;
  *rel = std::ldexp(34 * kUnit, q);  // 2^q·34u
  return p;
}

// Accept / reject / undecided for U ∈ [chunk/2^64, (chunk+1)/2^64) against a ∈ [est·(1−rel), est·(1+rel)] (est > 0
// already scaled by 2^64, rel ≤ 2^-8).
inline std::optional<bool> compare_chunk(double est64, double rel, std::uint64_t chunk) {
  const double slack = rel + 0x1p-50;
  const double lo = est64 * (1.0 - slack), hi = est64 * (1.0 + slack);
  constexpr double k2p64 = 0x1p64;
  if (lo >= k2p64) return true;  // a ≥ 1
  if (lo >= 1.0 && chunk < static_cast<std::uint64_t>(lo)) return true;      // chunk + 1 ≤ ⌊lo⌋
  if (hi < k2p64 && static_cast<double>(chunk) >= hi) {                     // rough test, then exact
    const auto c = static_cast<std::uint64_t>(std::ceil(hi));               // hi < 2^64: ⌈hi⌉ ≤ 2^64 − 2048
    if (chunk >= c) return false;
  }
  return std::nullopt;
}

}  // namespace squeeze

// The squeeze for Bin(n, 1/2), 0 ≤ n ≤ 2^80, offset j with 0 ≤ m + j ≤ n and a(j, b) < 1 (not the certain case).
// Returns U < a for the first chunk, or nullopt (the certified rule decides).
inline std::optional<bool> binomial_squeeze(sq_u128 n, sq_i128 j, std::uint64_t b, std::uint64_t chunk) {
  using namespace squeeze;
  if (b > 256) return std::nullopt;
  const sq_u128 m = n / 2, r = n - m;
  const sq_u128 J = static_cast<sq_u128>(j < 0 ? -j : j);
  const int bi = static_cast<int>(b);

  if (J <= kProductMaxTerms || m < kSeriesMinM) {
    // Π_{i=1}^{J} (r−i+1)/(m+i) for j > 0, Π (m−i+1)/(r+i) for j < 0; every factor ≤ 1 and > 0 (m + j ∈ [0, n]).
    // Stop once the product is below 2^-(b+80): then a < 2^-79 (the rest of the factors are ≤ 1).
    const double stop = std::ldexp(1.0, -(bi + 80));
    double R = 1.0;
    const auto terms = static_cast<std::uint64_t>(J);  // J ≤ m + 1 < 2^14 + 1, or ≤ 32
    for (std::uint64_t i = 1; i <= terms; ++i) {
      const sq_u128 num = j > 0 ? r - i + 1 : m - i + 1, den = j > 0 ? m + i : r + i;
      R *= to_double(num) / to_double(den);
      if (R < stop) {
        if (chunk == 0) return std::nullopt;
        return false;  // a < 2^-79·(1 + 2^-30) < 2^-64 ≤ chunk/2^64
      }
    }
    // Each factor: 3 roundings (two conversions, one division), each product one: relative error of R ≤
    // (1 + 2u)^{4J} − 1 ≤ 8.1·J·u (J ≤ 2^14 + 1).
    const double rel = 9.0 * static_cast<double>(terms + 1) * kUnit;
    return compare_chunk(std::ldexp(R, bi + 64), rel, chunk);
  }

  // Series path: m ≥ 2^14 and |j| ≤ m/2, so |x|, |y| ≤ 1/2 and m + j, r − j ≥ m/2 ≥ 2^13.
  if (2 * J > m) return std::nullopt;
  const double md = to_double(m), rd = to_double(r);
  const double jd = j < 0 ? -to_double(J) : to_double(J);
  const double x = jd / md, y = jd / rd;
  double abs_sum = 0;  // Σ |terms| (the rounding error bound is kRoundingFactor·abs_sum)
  double trunc = 0;    // bound on the truncation errors of the series

  // S_g: Σ_{k=2}^{K} [m·x^k·(−1)^k + r·y^k]/(k(k−1)), K the first k ≥ 2 with the tail bound below 2^-70.
  // Tail after K: Σ_{k>K} (m|x|^k + r|y|^k)/(k(k−1)) ≤ (m|x|^{K+1} + r|y|^{K+1})·2/(K(K+1)) (|x|, |y| ≤ 1/2).
  double sg = 0;
  {
    double px = x, py = y;  // x^{k−1}, y^{k−1}
    int k = 2;
    for (;; ++k) {
      px *= x;
      py *= y;
      const double c = 1.0 / static_cast<double>(k * (k - 1));
      const double tx = md * px * c * ((k & 1) ? -1.0 : 1.0), ty = rd * py * c;
      sg += tx + ty;
      abs_sum += std::fabs(tx) + std::fabs(ty);
      const double tail =
          (md * std::fabs(px * x) + rd * std::fabs(py * y)) * 2.0 / static_cast<double>(k * (k + 1)) * 1.01;
      if (tail < 0x1p-70 || k == 80) {
        trunc += tail;
        break;
      }
    }
  }
  // S_l: ½[ln(1+x) + ln(1−y)] = ½ Σ_{k≥1} [(−1)^{k+1} x^k − y^k]/k; tail after K ≤ (|x|^{K+1} + |y|^{K+1})/(K+1).
  double sl = 0;
  {
    double px = 1, py = 1;
    for (int k = 1;; ++k) {
      px *= x;
      py *= y;
      const double c = 0.5 / static_cast<double>(k);
      const double tx = px * c * ((k & 1) ? 1.0 : -1.0), ty = -py * c;
      sl += tx + ty;
      abs_sum += std::fabs(tx) + std::fabs(ty);
      const double tail = (std::fabs(px * x) + std::fabs(py * y)) / static_cast<double>(k + 1) * 1.01;
      if (tail < 0x1p-70 || k == 80) {
        trunc += tail;
        break;
      }
    }
  }
  // S_r = −j·ln(1 + 1/m) = −j Σ_{k≥1} (−1)^{k+1} m^{−k}/k when r = m + 1; tail after K ≤ |j|·m^{−(K+1)}/(K+1).
  double sr = 0;
  if (r != m) {
    const double z = 1.0 / md;
    double pz = 1;
    for (int k = 1;; ++k) {
      pz *= z;
      const double t = -jd * pz / static_cast<double>(k) * ((k & 1) ? 1.0 : -1.0);
      sr += t;
      abs_sum += std::fabs(t);
      const double tail = std::fabs(jd) * pz * z / static_cast<double>(k + 1) * 1.01;
      if (tail < 0x1p-70 || k == 80) {
        trunc += tail;
        break;
      }
    }
  }
  // Θ: the upper values 1/(12k) of θ_{m+j}, θ_m, θ_{r−j}, θ_r; each θ_k lies within 1/(12k) − 1/(12k+1) < 1/(144k²)
  // of it, and every k here is ≥ m/2: |Θ − Θ̃| < 4/(144·(m/2)²) = 1/(9m²).
  const double t1 = 1.0 / (12.0 * to_double(m + static_cast<sq_u128>(j))), t2 = 1.0 / (12.0 * md),
               t3 = 1.0 / (12.0 * to_double(r - static_cast<sq_u128>(j))), t4 = 1.0 / (12.0 * rd);
  const double theta = (t1 - t2) + (t3 - t4);
  abs_sum += t1 + t2 + t3 + t4;
  const double theta_err = 1.0 / (9.0 * md * md) * 1.01;

  const double L = -(sg + (sl + (sr + theta)));  // ≈ ln(P(m+j)/P(m)) ≤ 0
  abs_sum += std::fabs(sg) + std::fabs(sl) + std::fabs(sr) + std::fabs(theta);
  const double err = trunc + theta_err + kRoundingFactor * abs_sum * 1.01;
  if (!(err < 0x1p-20)) return std::nullopt;
  // a = 2^b·e^{L'}, |L' − L| ≤ err. If L + err + b·ln 2 < −45 then a < e^{-45} < 2^-64.
  if (L + err + static_cast<double>(b) * 0.6931471805599454 < -45.0) {
    if (chunk == 0) return std::nullopt;
    return false;
  }
  if (!(std::fabs(L) <= 256.0)) return std::nullopt;
  double exp_rel = 0;
  const double e = exp_with_bound(L, &exp_rel);
  // a ∈ 2^b·e·[e^{−err}(1 − exp_rel), e^{err}(1 + exp_rel)] ⊂ 2^b·e·[1 − rel, 1 + rel], rel = 2(err + exp_rel).
  const double rel = 2.0 * (err + exp_rel);
  if (!(rel < 0x1p-8)) return std::nullopt;
  return compare_chunk(std::ldexp(e, bi + 64), rel, chunk);
}

}  // namespace dpb::fast::detail
