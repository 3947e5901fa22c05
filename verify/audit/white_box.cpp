// docs/privacy-000.md §6. See the header.
#include "verify/audit/white_box.hpp"

#include <mpfr.h>

#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/privacy/privacy_profile.hpp"
#include "reference/privacy/view_distribution.hpp"

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
  const bool all_shifts = c.g * c.m <= 200000;
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

}  // namespace dpb::verify::audit
