// See the header: the exact law of a DP-MASE epoch's eliminated set.
#include "verify/audit/decision_law_dp_mase.hpp"

#include <algorithm>

#include "reference/core/errors.hpp"

namespace dpb::verify::audit {

namespace {

constexpr std::int64_t kMaxSum = std::int64_t{1} << 40;
constexpr std::size_t kMaxArms = 8;

// β^L for L = 0..size−1 and the discrete Laplace closed forms built on it (header comment).
class LaplaceTable {
 public:
  LaplaceTable(const Rational& scale, std::int64_t size, mpfr_prec_t prec)
      : prec_(prec), one_(1L, prec), zero_(0L, prec) {
    const Interval beta = (Interval(-(Rational(1) / scale), prec)).exp();
    pw_.reserve(static_cast<std::size_t>(size));
    pw_.push_back(one_);
    for (std::int64_t L = 1; L < size; ++L) pw_.push_back(pw_.back() * beta);
    one_plus_ = one_ + beta;
    c_ = (one_ - beta) / one_plus_;
  }
  const Interval& pw(std::int64_t L) const { return pw_.at(static_cast<std::size_t>(L)); }
  // P[N = x]
  Interval pmf(std::int64_t x) const { return c_ * pw(x < 0 ? -x : x); }
  // P[N >= k]
  Interval ge(std::int64_t k) const { return k >= 0 ? pw(k) / one_plus_ : one_ - pw(1 - k) / one_plus_; }
  // P[N <= k]
  Interval le(std::int64_t k) const { return ge(-k); }
  // P[a <= N <= b]
  Interval between(std::int64_t a, std::int64_t b) const {
    if (a > b) return zero_;
    if (a >= 1) return pw(a) * (one_ - pw(b - a + 1)) / one_plus_;
    if (b <= -1) return between(-b, -a);
    return one_ - pw(1 - a) / one_plus_ - pw(b + 1) / one_plus_;
  }
  const Interval& one_plus() const { return one_plus_; }

 private:
  mpfr_prec_t prec_;
  Interval one_, zero_, one_plus_, c_;
  std::vector<Interval> pw_;
};

}  // namespace

std::int64_t dp_mase_epoch_threshold(const ref::DpSeEpoch& ep, std::int64_t unit) {
  if (unit < 1) throw_parameter_error("dp_mase_epoch_threshold", "unit", ">= 1", std::to_string(unit));
  const Integer den = Integer(unit) * ep.length();
  auto eliminated = [&](std::int64_t D) {
    return !ep.keeps(Rational(Integer(D), den), "dp_mase_epoch_threshold: D = " + std::to_string(D));
  };
  // keeps(d) is monotone (true below the threshold, false above): find the first D that is eliminated.
  std::int64_t hi = 1;
  while (!eliminated(hi)) {
    if (hi > (std::int64_t{1} << 60)) throw_parameter_error("dp_mase_epoch_threshold", "epoch", "a finite threshold", "none found");
    hi *= 2;
  }
  std::int64_t lo = hi / 2;  // not eliminated (or 0)
  while (hi - lo > 1) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    (eliminated(mid) ? hi : lo) = mid;
  }
  return hi;
}

std::vector<Interval> dp_mase_eliminated_set_law(const Rational& scale, const std::vector<std::int64_t>& sums,
                                                 std::int64_t theta, mpfr_prec_t prec) {
  constexpr const char* f = "dp_mase_eliminated_set_law";
  if (scale <= 0) throw_parameter_error(f, "scale", "> 0", to_string(scale));
  if (sums.size() < 2 || sums.size() > kMaxArms)
    throw_parameter_error(f, "sums", "2 to 8 values", std::to_string(sums.size()) + " values");
  for (const std::int64_t s : sums)
    if (s < -kMaxSum || s > kMaxSum) throw_parameter_error(f, "sums", "values in [-2^40, 2^40]", std::to_string(s));
  if (theta < 1 || theta > kMaxSum) throw_parameter_error(f, "theta", "in [1, 2^40]", std::to_string(theta));
  const std::size_t k = sums.size();
  const std::int64_t top = *std::max_element(sums.begin(), sums.end());
  const std::int64_t bottom = *std::min_element(sums.begin(), sums.end());
  const std::int64_t span = top - bottom;
  // L = ⌈100·t⌉ + span + (k − 1)·θ: the mass of M outside the window is at most (k + 1)·β^(L+1)/(1 + β), below
  // e^−100 times the smallest outcome's probability (every proper subset has P >= β^(span + (k−1)θ)·(1 − β)^k/(1 + β)^k
  // roughly: the kept arm's noise beats the others by θ plus the span).
  const Rational want = 100 * scale;
  const std::int64_t L = (numerator(want) / denominator(want)).convert_to<std::int64_t>() + 2 + span +
                         static_cast<std::int64_t>(k - 1) * theta;
  const std::int64_t lo = top - theta - span - L, hi = top + theta + L;
  if (hi - lo > (std::int64_t{1} << 24))
    throw_parameter_error(f, "window", "at most 2^24 values of the maximum (smaller scale, theta or span)",
                          std::to_string(hi - lo + 1));
  // Exponents reach |m − s_i| + θ + 1 ≤ (hi − bottom) + θ + 1 and L + 1.
  const LaplaceTable lap(scale, std::max(hi - bottom, top - lo) + theta + L + 3, prec);

  const std::size_t outcomes = (std::size_t{1} << k) - 1;  // every proper subset (the full set is impossible)
  std::vector<Interval> law(outcomes, Interval(0L, prec));
  std::vector<Interval> point(k), close_lt(k), close_le(k), far(k);
  for (std::int64_t m = lo; m <= hi; ++m) {
    for (std::size_t i = 0; i < k; ++i) {
      const std::int64_t x = m - sums[i];  // V_i = m  ⇔  N_i = x
      point[i] = lap.pmf(x);
      close_lt[i] = lap.between(x - theta + 1, x - 1);
      close_le[i] = lap.between(x - theta + 1, x);
      far[i] = lap.le(x - theta);
    }
    for (std::size_t A = 0; A < outcomes; ++A) {
      Interval farpart(1L, prec);
      for (std::size_t i = 0; i < k; ++i)
        if (A >> i & 1) farpart *= far[i];
      Interval total(0L, prec);
      for (std::size_t j = 0; j < k; ++j) {
        if (A >> j & 1) continue;
        Interval term = point[j];
        for (std::size_t i = 0; i < k; ++i) {
          if (i == j || (A >> i & 1)) continue;
          term *= i < j ? close_lt[i] : close_le[i];
        }
        total += term;
      }
      law[A] += total * farpart;
    }
  }
  const Interval tail = lap.pw(L + 1).mul(Rational(static_cast<long>(k + 1))) / lap.one_plus();
  const Interval pad = Interval::hull(Rational(0), tail.upper(), prec);
  for (Interval& p : law) p += pad;
  return law;
}

DecisionLaw dp_mase_epoch_law(const Rational& scale, const std::vector<std::int64_t>& sums_d,
                              const std::vector<std::int64_t>& sums_d_prime, std::int64_t theta, mpfr_prec_t prec) {
  if (sums_d.size() != sums_d_prime.size())
    throw_parameter_error("dp_mase_epoch_law", "sums_d_prime", "as many sums as sums_d (" +
                                                                   std::to_string(sums_d.size()) + ")",
                          std::to_string(sums_d_prime.size()));
  DecisionLaw law;
  law.p_d = dp_mase_eliminated_set_law(scale, sums_d, theta, prec);
  law.p_d_prime = dp_mase_eliminated_set_law(scale, sums_d_prime, theta, prec);
  for (std::size_t A = 0; A < law.p_d.size(); ++A) law.outcomes.push_back(static_cast<std::int64_t>(A));
  auto text = [](const std::vector<std::int64_t>& s) {
    std::string out = "(";
    for (std::size_t i = 0; i < s.size(); ++i) out += (i ? "," : "") + std::to_string(s[i]);
    return out + ")";
  };
  law.method = "k(e) = {i : max_j V_j - V_i >= " + std::to_string(theta) + "}, V_i = s_i + Lap_Z(" + to_string(scale) +
               "), sums " + text(sums_d) + " (D) / " + text(sums_d_prime) +
               " (D'); summed exactly over the maximum's window plus a certified tail bound";
  return law;
}

}  // namespace dpb::verify::audit
