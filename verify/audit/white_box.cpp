// docs/privacy-000.md §6. See the header.
#include "verify/audit/white_box.hpp"

#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "reference/core/double_text.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/privacy/privacy_profile.hpp"
#include "reference/privacy/view_distribution.hpp"
#include "verify/audit/black_box.hpp"

namespace dpb::verify::audit {

using dpb::to_string;
namespace {

constexpr mpfr_prec_t kPrec = 128;

// Display only: the value rounded up / down to a double.
double upper_double(const Interval& x) { return mpfr_get_d(&x.get()->right, MPFR_RNDU); }
double up(const Rational& q) { return upper_double(Interval(q, kPrec)); }
double down(const Rational& q) {
  const Interval x(q, kPrec);
  return mpfr_get_d(&x.get()->left, MPFR_RNDD);
}

std::string noise_text(const ref::NoiseLaw& law) {
  std::string s(ref::noise_kind_name(law.kind));
  switch (law.kind) {
    case ref::NoiseKind::PolyaDifference: return s + "(r=" + to_string(law.polya_r) + ",scale=" + to_string(law.scale) + ")";
    case ref::NoiseKind::DiscreteLaplace: return s + "(scale=" + to_string(law.scale) + ")";
    case ref::NoiseKind::Skellam:
    case ref::NoiseKind::DiscreteGaussian: return s + "(variance=" + to_string(law.variance) + ")";
    case ref::NoiseKind::None: return s;
  }
  return s;
}

}  // namespace

ExactProfile exact_profile(ref::Variant variant, const ref::CalibrationInput& input) {
  const ref::Calibration c = ref::calibrate(variant, input);
  if (c.m > ref::kMaxViewModulus)
    throw_parameter_error("exact_profile", "m", "at most " + to_string(ref::kMaxViewModulus), to_string(c.m));
  const bool all_shifts = ref::needs_every_shift(c, false);  // δ(ε) and D_α are asked: every shift
  const ref::ModularNoiseLaw F = ref::view_noise_law(c, kPrec);

  // ε grid for δ(ε): 0, ε_noise/8, …, 3ε_noise/2; α grid for D_α.
  std::vector<Rational> eps_grid;
  for (int j = 0; j <= 12; ++j) eps_grid.push_back(c.eps_noise * Rational(j, 8));
  const std::vector<Rational> alphas = {Rational(3, 2), Rational(2), Rational(3), Rational(4),
                                        Rational(8),    Rational(16), Rational(32)};
  const ref::ViewPrivacy vp = ref::view_privacy(F, c.g, eps_grid, alphas, kPrec, all_shifts);

  ExactProfile p;
  p.target = std::string(ref::variant_name(variant));
  p.pure = true;  // every residue of Z_m has positive probability under every law here
  p.eps_exact = upper_double(vp.pure_eps);
  p.eps_exact_enclosure = "[" + vp.pure_eps.lower_string(10) + ", " + vp.pure_eps.upper_string(10) + "]";
  for (const auto& [e, v] : vp.delta_curve) p.delta_curve.emplace_back(up(e), upper_double(v));
  for (const auto& [a, v] : vp.renyi) p.renyi.emplace_back(down(a), upper_double(v));

  const long n = static_cast<long>(to_int64(c.n));
  p.d.assign(static_cast<std::size_t>(n), Rational(0));
  p.d_prime.assign(static_cast<std::size_t>(n), Rational(0));
  p.d[0] = Rational(vp.worst_shift) / Rational(c.g);

  const char* view = variant == ref::Variant::Local     ? "one user's message (x̂_1 + η_1) mod m"
                     : variant == ref::Variant::Central ? "the analyzer's residue (Σx̂_i + η) mod m"
                     : variant == ref::Variant::Shuffle ? "the modular sum revealed by the relaxed SecAgg (ε̃ not included)"
                                                        : "the SecAgg output (Σx̂_i + Ση_i) mod m";
  p.parameters = {{"variant", p.target},
                  {"eps", to_string(c.eps)},
                  {"eps_noise", to_string(c.eps_noise)},
                  {"n", to_string(c.n)},
                  {"horizon", to_string(c.horizon)},
                  {"s", to_string(c.s)},
                  {"g", to_string(c.g)},
                  {"tau", to_string(c.tau)},
                  {"m", to_string(c.m)},
                  {"per_user_noise", noise_text(c.per_user_noise)},
                  {"analyzer_noise", noise_text(c.analyzer_noise)},
                  {"view", view},
                  {"view_noise", F.description},
                  {"truncation_deficit_upper", F.deficit.upper_string(3)},
                  {"shifts_searched", all_shifts ? "all d in 1..g" : "d = g only"},
                  {"worst_shift", to_string(vp.worst_shift)},
                  {"neighbours", "D = (d/g, 0, ..., 0), D' = (0, ..., 0), d = worst_shift"},
                  {"precision_bits", kPrec}};
  return p;
}

EpsForDelta eps_for_delta(ref::Variant variant, const ref::CalibrationInput& input, double delta) {
  if (!(delta > 0 && delta < 1)) throw_parameter_error("eps_for_delta", "delta", "in (0, 1)", double_text(delta));
  const ref::Calibration c = ref::calibrate(variant, input);
  if (c.m > ref::kMaxViewModulus)
    throw_parameter_error("eps_for_delta", "m", "at most " + to_string(ref::kMaxViewModulus), to_string(c.m));
  const bool all_shifts = ref::needs_every_shift(c, false);  // δ(ε): every shift (docs/privacy-000.md §1)
  const ref::ModularNoiseLaw F = ref::view_noise_law(c, kPrec);
  // Shifts d = g first (the largest move, usually the worst), so a grid point that fails is rejected after one.
  std::vector<std::vector<Interval>> shifted;
  shifted.push_back(ref::shifted_law(F, c.g));
  if (all_shifts)
    for (Integer d = 1; d < c.g; ++d) shifted.push_back(ref::shifted_law(F, d));

  EpsForDelta out;
  out.shifts_searched = all_shifts ? "d in 1..g" : "d = g only";
  // δ is a double, so a dyadic rational: the comparison with an MPFR upper end is exact.
  const auto certified = [&](const Rational& eps, double* worst) {
    ++out.evaluations;
    double largest = 0;
    for (const auto& P : shifted) {
      const Interval h = ref::hockey_stick(P, F.prob, eps, kPrec);
      if (mpfr_cmp_d(&h.get()->right, delta) > 0) return false;
      largest = std::max(largest, upper_double(h));
    }
    if (worst) *worst = largest;
    return true;
  };
  double worst = 0;
  if (certified(Rational(0), &worst)) {  // δ at least the total variation distance
    out.eps = 0;
    out.below = 0;
    out.eps_up = 0;
    out.delta_bound = worst;
    return out;
  }
  // Bracket: lo not certified, hi certified. Every law here is positive on all of Z_m, so the view is pure and
  // δ(ε) = 0 beyond its pure ε: doubling terminates.
  Rational lo(0), hi = c.eps_noise > 0 ? c.eps_noise : Rational(1);
  for (int i = 0; !certified(hi, &worst); ++i) {
    if (i == 64) throw std::runtime_error("eps_for_delta: no certified eps found below 2^64 eps_noise");
    lo = hi;
    hi *= 2;
  }
  // Bisection on the dyadic grid until hi − lo ≤ hi/4096. Certification of hi never depends on monotonicity of
  // the computed δ(ε): every returned point is checked itself.
  while (hi - lo > hi / 4096) {
    const Rational mid = (lo + hi) / 2;
    double w = 0;
    if (certified(mid, &w)) {
      hi = mid;
      worst = w;
    } else {
      lo = mid;
    }
  }
  out.eps = hi;
  out.below = lo;
  out.eps_up = up(hi);
  out.delta_bound = worst;
  return out;
}

std::optional<AuditForecast> audit_forecast(ref::Variant variant, const ref::CalibrationInput& input, double delta,
                                            double target, double alpha_each) {
  const ref::Calibration c = ref::calibrate(variant, input);
  if (c.m > ref::kMaxViewModulus)
    throw_parameter_error("audit_forecast", "m", "at most " + to_string(ref::kMaxViewModulus), to_string(c.m));
  const ref::ModularNoiseLaw F = ref::view_noise_law(c, kPrec);
  const std::vector<Interval> shifted = ref::shifted_law(F, c.g);
  std::vector<double> P, Q;  // display-only doubles (a forecast)
  for (std::size_t r = 0; r < shifted.size(); ++r) {
    P.push_back(shifted[r].midpoint_for_report());
    Q.push_back(F.prob[r].midpoint_for_report());
  }
  std::optional<AuditForecast> best;
  for (int direction = 0; direction < 2; ++direction) {
    const std::vector<double>& num = direction == 0 ? P : Q;
    const std::vector<double>& den = direction == 0 ? Q : P;
    std::vector<std::size_t> order(num.size());
    std::vector<double> key(num.size());  // log ratio; −∞ for residues whose doubles underflow to 0 (never NaN)
    for (std::size_t r = 0; r < order.size(); ++r) {
      order[r] = r;
      key[r] = num[r] > 0 && den[r] > 0 ? std::log(num[r]) - std::log(den[r])
               : num[r] > 0             ? std::numeric_limits<double>::infinity()
                                        : -std::numeric_limits<double>::infinity();
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key[a] > key[b]; });
    double p1 = 0, p0 = 0;
    for (std::size_t r : order) {
      p1 += num[r];
      p0 += den[r];
      const auto n = samples_needed_at(p1, p0, target, alpha_each, delta);
      if (n && (!best || *n < best->samples_per_side))
        best = AuditForecast{*n, p1, p0, std::log((p1 - delta) / p0)};
    }
  }
  return best;
}

}  // namespace dpb::verify::audit
