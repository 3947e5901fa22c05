// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Defs 3, 4, 5, 11, Fact 1, Theorems 1–6; docs/privacy-000.md §2. See
// the header for the model.
#include "reference/privacy/view_distribution.hpp"

#include "reference/core/errors.hpp"
#include "reference/pmf/discrete_gaussian.hpp"
#include "reference/pmf/skellam.hpp"
#include "reference/privacy/internal/interval_ops.hpp"

namespace dpb::ref {
namespace {

long checked_modulus(const Integer& m, const char* function) {
  if (m < 1 || m > kMaxViewModulus)
    throw_parameter_error(function, "m", "in [1, " + to_string(kMaxViewModulus) + "]", to_string(m));
  return static_cast<long>(to_int64(m));
}

long mod_long(long k, long m) {
  long r = k % m;
  return r < 0 ? r + m : r;
}

// Folds a window of enclosures of q(k) ≤ p(k) (k = first, first+1, …) into Z_m; the deficit 1 − Σ lo(q) bounds
// the mass outside the window and is added to every residue's upper end (header: "Certification").
ModularNoiseLaw fold_window(const std::vector<Interval>& window, long first, long m, mpfr_prec_t prec,
                            std::string description) {
  ModularNoiseLaw law;
  law.m = Integer(m);
  law.prob.assign(static_cast<std::size_t>(m), Interval(0L, prec));
  Interval lower_sum(0L, prec);
  for (std::size_t i = 0; i < window.size(); ++i) {
    const long k = first + static_cast<long>(i);
    auto& slot = law.prob[static_cast<std::size_t>(mod_long(k, m))];
    slot += window[i];
    lower_sum += internal::lower_point(window[i]);
  }
  law.deficit = internal::positive_part(Interval(1L, prec) - lower_sum);
  for (auto& p : law.prob) p = internal::widen_upper(p, law.deficit);
  law.description = std::move(description);
  return law;
}

// A window half-width beyond the farthest residue (m/2 from 0) by 10 standard deviations: the laws here decay at
// least geometrically beyond their standard deviation, so the cut mass (the deficit, folded into every residue's
// upper end) is far below the smallest residue's probability.
long window_half_width(long m, const Rational& variance) {
  const Integer sd_bound = floor_sqrt(ceil(variance)) + 1;
  const Integer w = Integer(m) + 10 * sd_bound + 20;
  return static_cast<long>(to_int64(w));
}

}  // namespace

ModularNoiseLaw folded_discrete_laplace(const Rational& scale, const Integer& m_in, mpfr_prec_t prec) {
  require_positive(scale, "folded_discrete_laplace", "scale");
  const long m = checked_modulus(m_in, "folded_discrete_laplace");
  // F(r) = (1−β)/(1+β) · Σ_{j∈Z} β^{|r + jm|} = (1−β)/(1+β) · (β^r + β^{m−r})/(1 − β^m)  (two geometric series).
  const Interval beta = exp_neg(Rational(1) / scale, prec);
  const Interval one(1L, prec);
  const Interval c = (one - beta) / ((one + beta) * (one - exp_neg(Rational(m) / scale, prec)));
  ModularNoiseLaw law;
  law.m = m_in;
  law.prob.reserve(static_cast<std::size_t>(m));
  for (long r = 0; r < m; ++r)
    law.prob.push_back(c * (exp_neg(Rational(r) / scale, prec) + exp_neg(Rational(m - r) / scale, prec)));
  law.deficit = Interval(0L, prec);
  law.description = "dlaplace(scale=" + to_string(scale) + ") mod " + to_string(m_in);
  return law;
}

ModularNoiseLaw folded_skellam(const Rational& variance, const Integer& m_in, mpfr_prec_t prec) {
  require_positive(variance, "folded_skellam", "variance");
  const long m = checked_modulus(m_in, "folded_skellam");
  const SkellamPmf sk(variance);
  const long w = window_half_width(m, variance);
  std::vector<Interval> window;
  window.reserve(static_cast<std::size_t>(2 * w + 1));
  // Symmetric law: compute k ≥ 0 once.
  std::vector<Interval> half;
  for (long k = 0; k <= w; ++k) half.push_back(sk.pmf(Integer(k), prec));
  for (long k = -w; k <= w; ++k) window.push_back(half[static_cast<std::size_t>(k < 0 ? -k : k)]);
  return fold_window(window, -w, m, prec, "skellam(var=" + to_string(variance) + ") mod " + to_string(m_in));
}

ModularNoiseLaw folded_discrete_gaussian_sum(const Rational& variance, const Integer& n_in, const Integer& m_in,
                                             mpfr_prec_t prec) {
  require_positive(variance, "folded_discrete_gaussian_sum", "variance");
  require_positive(n_in, "folded_discrete_gaussian_sum", "n");
  if (n_in > 64) throw_parameter_error("folded_discrete_gaussian_sum", "n", "at most 64", to_string(n_in));
  const long n = static_cast<long>(to_int64(n_in));
  const long m = checked_modulus(m_in, "folded_discrete_gaussian_sum");
  const DiscreteGaussianPmf dg(variance);
  const long w = window_half_width(m, variance * n);
  // Per-user window: 20 standard deviations (tail < e^{−200}; whatever is cut is in the deficit anyway).
  long w1 = static_cast<long>(to_int64(20 * (floor_sqrt(ceil(variance)) + 1) + 10));
  if (w1 > w) w1 = w;
  std::vector<Interval> one;
  for (long k = 0; k <= w1; ++k) one.push_back(dg.pmf(Integer(k), prec));
  std::vector<Interval> per_user;
  for (long k = -w1; k <= w1; ++k) per_user.push_back(one[static_cast<std::size_t>(k < 0 ? -k : k)]);
  // acc covers [−acc_w, acc_w]; convolution truncated to [−w, w] (dropped terms only lower the window: deficit).
  std::vector<Interval> acc = per_user;
  long acc_w = w1;
  for (long i = 1; i < n; ++i) {
    const long out_w = acc_w + w1 < w ? acc_w + w1 : w;
    std::vector<Interval> out(static_cast<std::size_t>(2 * out_w + 1), Interval(0L, prec));
    for (long a = -acc_w; a <= acc_w; ++a) {
      const Interval& pa = acc[static_cast<std::size_t>(a + acc_w)];
      for (long b = -w1; b <= w1; ++b) {
        const long k = a + b;
        if (k < -out_w || k > out_w) continue;
        out[static_cast<std::size_t>(k + out_w)] += pa * per_user[static_cast<std::size_t>(b + w1)];
      }
    }
    acc = std::move(out);
    acc_w = out_w;
  }
  return fold_window(acc, -acc_w, m, prec,
                     "sum of " + to_string(n_in) + " dgauss(var=" + to_string(variance) + ") mod " + to_string(m_in));
}

ModularNoiseLaw view_noise_law(const Calibration& c, mpfr_prec_t prec) {
  switch (c.variant) {
    case Variant::DistDP:
    case Variant::Shuffle:
      // Fact 1: the n per-user Pólya differences sum to Lap_Z(g/ε_noise) exactly (claim 000.fact1).
      return folded_discrete_laplace(c.aggregate_noise.scale, c.m, prec);
    case Variant::Central:
      return folded_discrete_laplace(c.analyzer_noise.scale, c.m, prec);
    case Variant::Local:
      return folded_discrete_laplace(c.per_user_noise.scale, c.m, prec);
    case Variant::DistRDP:
      // Def 5 closure: Σ Sk(0, σ²/n) = Sk(0, σ²) (claim 000.def5.closure).
      return folded_skellam(c.aggregate_noise.variance, c.m, prec);
    case Variant::DistCDP:
      return folded_discrete_gaussian_sum(c.per_user_noise.variance, c.n, c.m, prec);
  }
  throw_parameter_error("view_noise_law", "variant", "a known variant", "?");
}

std::vector<Interval> shifted_law(const ModularNoiseLaw& F, const Integer& t) {
  const long m = static_cast<long>(F.prob.size());
  const Integer tm = t % Integer(m);
  const long shift = mod_long(static_cast<long>(to_int64(tm)), m);
  std::vector<Interval> out;
  out.reserve(F.prob.size());
  for (long r = 0; r < m; ++r) out.push_back(F.prob[static_cast<std::size_t>(mod_long(r - shift, m))]);
  return out;
}

}  // namespace dpb::ref
