#include "reference/protocols/calibration_003_p2.hpp"

#include "reference/core/errors.hpp"
#include "reference/protocols/internal/quantities.hpp"
#include "reference/privacy/seed001.hpp"

namespace dpb::ref {

namespace {

using quantities::exact;
using quantities::real;
using quantities::flag;
using quantities::text;

constexpr const char* kFn = "calibrate";
constexpr mpfr_prec_t kReport = 256;

const Integer& int63_max() {
  static const Integer m = (Integer(1) << 63) - 1;
  return m;
}

}  // namespace

Interval eq127_log(const Rational& delta, const Integer& d, mpfr_prec_t prec) {
  return Interval(Rational(Rational(4 * (d * d + 1)) / delta), prec).log();
}

Interval v2_binomial_closed_form(const Rational& eps, const Rational& delta, const Integer& d, const Rational& r,
                                 mpfr_prec_t prec) {
  return eq127_log(delta, d, prec).sqr().mul(Rational(Rational(45000) * r * r / (eps * eps)));
}

Interval v3_proxy_bound(const Rational& eps, const Rational& delta, const Integer& d, const Rational& r,
                        mpfr_prec_t prec) {
  return eq127_log(delta, d, prec).sqr().mul(Rational(Rational(60000) * r * r / (eps * eps))) +
         Interval(Rational(r * r / 8), prec);
}

Rational p2_binomial_variance(const Integer& g, const Integer& b, const Integer& n, const Rational& r) {
  return r * r / (g * g) * n * b * Rational(3, 16);
}
Rational p2_rounding_variance_bound(const Integer& g, const Integer& n, const Rational& r) {
  return r * r / (g * g) * n / 4;
}
Rational p2_subgaussian_proxy(const Integer& g, const Integer& b, const Integer& n, const Rational& r) {
  return r * r / (g * g) * n * (b + 1) / 4;
}

std::pair<Integer, Integer> eq127_g_b(const Rational& eps, const Rational& delta, const Integer& n, const Integer& d) {
  if (eps <= 0 || eps > 15)
    throw_parameter_error(kFn, "eps", "in (0, 15] (Lemma S.1/S.2, theorem profile)", to_string(eps));
  if (delta <= 0 || delta >= Rational(1, 2))
    throw_parameter_error(kFn, "delta", "in (0, 1/2) (Lemma S.1/S.2, theorem profile)", to_string(delta));
  require_reasonable_size(eps, kFn, "eps");
  require_reasonable_size(delta, kFn, "delta");
  if (n < 1 || n > int63_max()) throw_parameter_error(kFn, "n", "in [1, 2^63 - 1]", to_string(n));
  if (d < 1 || d > 65536) throw_parameter_error(kFn, "d", "in [1, 65536]", to_string(d));
  return thm35_g_b(eps, delta, n, d);  // seed 001's Thm C.1 is Eq. 127 (same formula, d² in the log)
}

Calibration001 calibrate_p2(const CalibrationP2Input& in) {
  Calibration001 c;
  c.variant = "p-vec-matrix";
  c.profile = "theorem";
  c.source = "seed 003, App. S, Eq. 127 (Algorithms 4-6, R2/A2 on the upper triangle), Lemma S.2";
  if (!in.eps) throw_parameter_error(kFn, "eps", "given for p-vec-matrix", "nothing");
  if (!in.delta) throw_parameter_error(kFn, "delta", "given for p-vec-matrix", "nothing");
  if (!in.n) throw_parameter_error(kFn, "n", "given for p-vec-matrix", "nothing");
  if (!in.d) throw_parameter_error(kFn, "d", "given for p-vec-matrix", "nothing");
  const Rational& eps = *in.eps;
  const Rational& delta = *in.delta;
  const Integer& n = *in.n;
  const Integer& d = *in.d;
  if (in.Delta <= 0) throw_parameter_error(kFn, "sensitivity-bound", "> 0", to_string(in.Delta));
  require_reasonable_size(in.Delta, kFn, "sensitivity-bound");
  const auto [g, b] = eq127_g_b(eps, delta, n, d);
  const Rational r = in.range == PVecRange::TwoDelta ? Rational(2 * in.Delta) : in.Delta;
  const Integer ell = in.range == PVecRange::TwoDelta ? Integer(g + b) : Integer(2 * g + b);
  const Integer labels = d * (d + 1) / 2;
  if (b > int63_max())
    throw_parameter_error(kFn, "eps", "such that b fits 63 bits (b = " + to_string(b) + ")", to_string(eps));
  const Integer total = n * ell * labels;
  if (total > int63_max())
    throw_parameter_error(kFn, "n", "such that n·message_bits·d(d+1)/2 <= 2^63 - 1 (it is " + to_string(total) + ")",
                          to_string(n));
  c.quantities.push_back(exact("p", Rational(1, 4), "Eq. 127"));
  c.quantities.push_back(exact("g", Rational(g), "max{ceil(2 sqrt n), d, 4} (Eq. 127, exact ceiling)"));
  c.quantities.push_back(real(
      "b_before_ceiling", eq127_log(delta, d, kReport).sqr().mul(Rational(Rational(240000) * g * g / (eps * eps * n))),
      "24e4 g^2 ln^2(4(d^2+1)/delta)/(eps^2 n)"));
  c.quantities.push_back(
      exact("b", Rational(b), "ceil(24e4 g^2 ln^2(4(d^2+1)/delta)/(eps^2 n)) (Eq. 127, certified ceiling)"));
  c.quantities.push_back(exact("Delta", in.Delta, "Frobenius bound of a user matrix (refused above it)"));
  c.quantities.push_back(text("range", std::string(pvec_range_name(in.range))));
  c.quantities.push_back(exact("r", r, "encoding range: x_bar = floor((v + Delta) g / r)"));
  c.quantities.push_back(exact("scale", Rational(Rational(g) / r), "g / r (the spec's V2/V3 assume g / Delta)"));
  c.quantities.push_back(exact("labels", Rational(labels), "d(d+1)/2 upper-triangle labels"));
  c.quantities.push_back(exact(
      "message_bits", Rational(ell),
      in.range == PVecRange::TwoDelta ? "g + b (never overflows)" : "2g + b (g + b as printed overflows: 003.v5)"));
  c.quantities.push_back(exact("bits_per_user", Rational(ell * labels), "message_bits d(d+1)/2"));
  c.quantities.push_back(exact("bits_per_user_as_written", Rational((g + b) * d * d), "(g + b) d^2 (S2)"));
  c.quantities.push_back(exact("shuffled_bits", Rational(total), "n message_bits d(d+1)/2"));
  const Rational bin_var = p2_binomial_variance(g, b, n, r);
  c.quantities.push_back(exact("v2_binomial_variance", bin_var, "(r/g)^2 n b p(1-p) per label"));
  c.quantities.push_back(real("v2_binomial_closed_form", v2_binomial_closed_form(eps, delta, d, r, kReport),
                                "45000 r^2 ln^2(4(d^2+1)/delta)/eps^2 (b before the ceiling)"));
  const Rational round_bound = p2_rounding_variance_bound(g, n, r);
  c.quantities.push_back(exact("v2_rounding_variance_bound", round_bound, "(r/g)^2 n/4 <= r^2/16"));
  c.quantities.push_back(flag("v2_rounding_within_r2_over_16", round_bound <= r * r / 16, "g^2 >= 4n"));
  c.quantities.push_back(exact("v2_variance_bound", Rational(bin_var + round_bound), "(r/g)^2 (n/4 + 3nb/16)"));
  const Rational proxy = p2_subgaussian_proxy(g, b, n, r);
  c.quantities.push_back(exact("v3_subgaussian_proxy", proxy, "(r/g)^2 n(b+1)/4"));
  const Interval bound = v3_proxy_bound(eps, delta, d, r, kReport);
  c.quantities.push_back(real("v3_proxy_bound", bound, "6e4 r^2 ln^2(4(d^2+1)/delta)/eps^2 + r^2/8"));
  c.quantities.push_back(
      flag("v3_proxy_within_bound",
             certainly_le(exact_real(proxy), [&](mpfr_prec_t p) { return v3_proxy_bound(eps, delta, d, r, p); }),
             "decided exactly"));
  return c;
}

}  // namespace dpb::ref
