#include "optimized/glm/link.hpp"

#include <cmath>
#include <limits>

#include "reference/core/double_text.hpp"
#include "reference/core/errors.hpp"

namespace dpb::fast {

namespace {

constexpr double kInvSqrt2 = 0.70710678118654752440;    // rounded; its error is inside kValueError's budget
constexpr double kInvSqrt2Pi = 0.39894228040143267794;  // 1/√(2π), rounded

double check_z(const Dyadic& z) {
  const double v = z.value();
  if (!(std::fabs(v) <= 64)) throw_parameter_error("fast::Glm", "z", "in [-64, 64]", double_text(v));
  return v;
}

}  // namespace

Dyadic::Dyadic(std::int64_t n, unsigned s) : num(n), shift(s) {
  if (n <= -(std::int64_t{1} << 53) || n >= (std::int64_t{1} << 53))
    throw_parameter_error("fast::Dyadic", "num", "of magnitude < 2^53", std::to_string(n));
  if (s > 1000) throw_parameter_error("fast::Dyadic", "shift", "<= 1000", std::to_string(s));
}

Rational Dyadic::exact() const { return Rational(Integer(num), Integer(Integer(1) << shift)); }
double Dyadic::value() const { return std::ldexp(static_cast<double>(num), -static_cast<int>(shift)); }

double Glm::mu(const Dyadic& z) const {
  const double v = check_z(z);
  if (link_ == ref::Link::probit) return 0.5 * std::erfc(-v * kInvSqrt2);
  return 1.0 / (1.0 + std::exp(-v));
}

double Glm::mu_dot(const Dyadic& z) const {
  const double v = check_z(z);
  if (link_ == ref::Link::probit) return std::exp(-0.5 * v * v) * kInvSqrt2Pi;
  const double t = std::exp(-std::fabs(v));
  return t / ((1.0 + t) * (1.0 + t));
}

std::optional<bool> Glm::decide_first_chunk(double mu_hat, std::uint64_t u) {
  // lo ≤ μ ≤ hi with a margin for the two roundings below (each ≤ 2^−53 on numbers ≤ 1).
  const double lo = mu_hat - 2 * kValueError, hi = mu_hat + 2 * kValueError;
  // (u + 1)/2^64 ≤ lo ⇒ I_1 ⊂ [0, μ). ldexp is exact; floor of a double is exact.
  if (lo > 0) {
    const double L = std::floor(std::ldexp(lo, 64));  // ≤ lo·2^64 ≤ μ·2^64
    if (L >= 0x1p64 || u < static_cast<std::uint64_t>(L)) return true;  // u + 1 ≤ L for integers
  }
  if (hi < 1) {
    const double H = std::ceil(std::ldexp(hi, 64));  // ≥ μ·2^64
    if (H <= 0 || (H < 0x1p64 && u >= static_cast<std::uint64_t>(H))) return false;
  }
  return std::nullopt;
}

std::int64_t Glm::floor_mu_dot(const Dyadic& z, unsigned k) const {
  if (k > 52) throw_parameter_error("fast::Glm::floor_mu_dot", "k", "<= 52", std::to_string(k));
  if (z.num == 0 && link_ == ref::Link::logistic) return std::int64_t{1} << k >> 2;  // ⌊2^k/4⌋
  if (!in_double_range(z)) return floor_or_defer(0.0, 1.0, [&] { return ref::mu_dot(link_, z.exact()); }, k);
  return floor_or_defer(std::ldexp(mu_dot(z), static_cast<int>(k)), std::ldexp(kValueError, static_cast<int>(k)),
                        [&] { return ref::mu_dot(link_, z.exact()); }, k);
}

std::int64_t Glm::floor_gradient(const Dyadic& z, int r, const Dyadic& xj, unsigned k) const {
  if (k > 52) throw_parameter_error("fast::Glm::floor_gradient", "k", "<= 52", std::to_string(k));
  if (r != 0 && r != 1) throw_parameter_error("fast::Glm::floor_gradient", "r", "0 or 1", std::to_string(r));
  const double x = xj.value();
  if (!(std::fabs(x) <= 1)) throw_parameter_error("fast::Glm::floor_gradient", "x", "in [-1, 1]", double_text(x));
  if (xj.num == 0) return 0;
  if (z.num == 0)  // (½ − r)·x_j·2^k exactly
    return to_int64(floor(Rational((Rational(1, 2) - r) * xj.exact() * Integer(Integer(1) << k))));
  if (!in_double_range(z))  // y = 0 ± 1 always straddles 0: the reference decides (counted)
    return floor_or_defer(0.0, 1.0, [&] {
      return ref::CertifiedReal([link = link_, zr = z.exact(), r, xr = xj.exact()](mpfr_prec_t p) {
        return (ref::mu_enclosure(link, zr, p) - Interval(static_cast<long>(r), p + 16)).mul(xr);
      });
    }, k);
  const double g = (mu(z) - r) * x;
  return floor_or_defer(std::ldexp(g, static_cast<int>(k)), std::ldexp(kGradientError, static_cast<int>(k)), [&] {
    // The reference's gradient entry (reference/glm/link.cpp: (μ(z) − r)·x_j enclosed the same way).
    return ref::CertifiedReal([link = link_, zr = z.exact(), r, xr = xj.exact()](mpfr_prec_t p) {
      return (ref::mu_enclosure(link, zr, p) - Interval(static_cast<long>(r), p + 16)).mul(xr);
    });
  }, k);
}

}  // namespace dpb::fast
