#include "reference/glm/link.hpp"

#include <mpfr.h>

#include "reference/core/errors.hpp"

namespace dpb::ref {

namespace {

mpfr_prec_t work(mpfr_prec_t prec) { return prec + 16; }

const Rational& checked_z(const Rational& z) {
  if (z > kGlmMaxAbsZ || z < -kGlmMaxAbsZ)
    throw_parameter_error("GLM link", "z", "in [-4096, 4096]", to_string(z));
  return z;
}

// e^{−|z|}
Interval exp_minus_abs(const Rational& z, mpfr_prec_t wp) { return exp_neg(z < 0 ? Rational(-z) : z, wp); }

// Φ(z) = erfc(−z/√2)/2: erfc is decreasing and mpfr_erfc is correctly rounded in the direction asked, so the
// enclosure [erfc(hi t)↓, erfc(lo t)↑]/2 of t = −z/√2 contains Φ(z).
Interval probit_cdf(const Rational& z, mpfr_prec_t wp) {
  const Interval t = -(Interval(z, wp) / Interval(2L, wp).sqrt());
  mpfr_t lo, hi;
  mpfr_init2(lo, wp);
  mpfr_init2(hi, wp);
  mpfr_erfc(lo, &t.get()->right, MPFR_RNDD);
  mpfr_erfc(hi, &t.get()->left, MPFR_RNDU);
  mpfr_div_2ui(lo, lo, 1, MPFR_RNDD);
  mpfr_div_2ui(hi, hi, 1, MPFR_RNDU);
  Interval out(wp);
  mpfi_interv_fr(out.get(), lo, hi);
  mpfr_clear(lo);
  mpfr_clear(hi);
  return out;
}

// φ(z) = e^{−z²/2}/√(2π)
Interval probit_pdf(const Rational& z, mpfr_prec_t wp) {
  Interval two_pi(wp);
  mpfi_const_pi(two_pi.get());
  two_pi = two_pi.mul(Rational(2));
  return exp_neg(Rational(z * z / 2), wp) / two_pi.sqrt();
}

const Rational kHalf(1, 2);

}  // namespace

std::string_view link_name(Link link) { return link == Link::logistic ? "logistic" : "probit"; }

Link parse_link(std::string_view name) {
  if (name == "logistic") return Link::logistic;
  if (name == "probit") return Link::probit;
  throw_parameter_error("parse_link", "link", "logistic or probit", name);
}

Interval mu_enclosure(Link link, const Rational& z, mpfr_prec_t prec) {
  checked_z(z);
  const mpfr_prec_t wp = work(prec);
  if (link == Link::probit) return probit_cdf(z, wp);
  const Interval t = exp_minus_abs(z, wp), one(1L, wp);
  return z >= 0 ? one / (one + t) : t / (one + t);
}

Interval mu_dot_enclosure(Link link, const Rational& z, mpfr_prec_t prec) {
  checked_z(z);
  const mpfr_prec_t wp = work(prec);
  if (link == Link::probit) return probit_pdf(z, wp);
  const Interval t = exp_minus_abs(z, wp), one(1L, wp);
  return t / (one + t).sqr();  // μ(1 − μ) = e^{−|z|}/(1 + e^{−|z|})²
}

Interval mu_ddot_enclosure(Link link, const Rational& z, mpfr_prec_t prec) {
  checked_z(z);
  const mpfr_prec_t wp = work(prec);
  if (link == Link::probit) return probit_pdf(z, wp).mul(Rational(-z));
  // μ̇(1 − 2μ) = t(1 − t)/(1 + t)³ for z ≤ 0 and t(t − 1)/(1 + t)³ for z > 0, t = e^{−|z|}.
  const Interval t = exp_minus_abs(z, wp), one(1L, wp);
  const Interval v = t * (one - t) / (one + t).pow(3);
  return z > 0 ? -v : v;
}

Interval b_enclosure(Link link, const Rational& z, mpfr_prec_t prec) {
  checked_z(z);
  const mpfr_prec_t wp = work(prec);
  if (link == Link::probit) return Interval(z, wp) * probit_cdf(z, wp) + probit_pdf(z, wp) - probit_pdf(Rational(0), wp);
  // ln(1 + e^z) = max(z, 0) + ln(1 + e^{−|z|})
  return Interval(z > 0 ? z : Rational(0), wp) + exp_minus_abs(z, wp).log1p();
}

Interval mu_dot_sup_enclosure(Link link, mpfr_prec_t prec) { return mu_dot_enclosure(link, Rational(0), prec); }

CertifiedReal mu(Link link, const Rational& z) {
  checked_z(z);
  if (z == 0) return CertifiedReal(kHalf);
  return CertifiedReal([link, z](mpfr_prec_t p) { return mu_enclosure(link, z, p); });
}

CertifiedReal mu_dot(Link link, const Rational& z) {
  checked_z(z);
  if (z == 0 && link == Link::logistic) return CertifiedReal(Rational(1, 4));
  return CertifiedReal([link, z](mpfr_prec_t p) { return mu_dot_enclosure(link, z, p); });
}

CertifiedReal mu_ddot(Link link, const Rational& z) {
  checked_z(z);
  if (z == 0) return CertifiedReal(Rational(0));
  return CertifiedReal([link, z](mpfr_prec_t p) { return mu_ddot_enclosure(link, z, p); });
}

CertifiedReal b(Link link, const Rational& z) {
  checked_z(z);
  if (z == 0 && link == Link::probit) return CertifiedReal(Rational(0));
  return CertifiedReal([link, z](mpfr_prec_t p) { return b_enclosure(link, z, p); });
}

Rational inner(const std::vector<Rational>& x, const std::vector<Rational>& theta) {
  if (x.size() != theta.size())
    throw_parameter_error("inner", "theta", "of the context's dimension " + std::to_string(x.size()),
                          std::to_string(theta.size()));
  Rational s = 0;
  for (std::size_t j = 0; j < x.size(); ++j) s += x[j] * theta[j];
  return s;
}

CertifiedReal loss(Link link, const std::vector<Rational>& theta, const std::vector<Rational>& x, const Rational& r) {
  const Rational z = inner(x, theta);
  const CertifiedReal bz = b(link, z);
  if (bz.is_exact()) return CertifiedReal(Rational(bz.exact() - r * z));
  return CertifiedReal([link, z, r](mpfr_prec_t p) { return b_enclosure(link, z, p) - Interval(Rational(r * z), p + 16); });
}

std::vector<CertifiedReal> gradient(Link link, const std::vector<Rational>& theta, const std::vector<Rational>& x,
                                    const Rational& r) {
  const Rational z = inner(x, theta);
  const CertifiedReal m = mu(link, z);
  std::vector<CertifiedReal> g;
  g.reserve(x.size());
  for (const Rational& xj : x) {
    if (xj == 0) {
      g.emplace_back(Rational(0));
    } else if (m.is_exact()) {
      g.emplace_back(Rational((m.exact() - r) * xj));
    } else {
      g.emplace_back([link, z, r, xj](mpfr_prec_t p) {
        return (mu_enclosure(link, z, p) - Interval(r, p + 16)).mul(xj);
      });
    }
  }
  return g;
}

void check_context(const std::vector<Rational>& x, unsigned q, std::string_view function) {
  if (x.empty()) throw_parameter_error(function, "d", "at least 1", "0");
  const Integer grid = Integer(1) << q;
  Rational norm2 = 0;
  for (const Rational& v : x) {
    if (grid % denominator(v) != 0)
      throw_parameter_error(function, "x", "on the grid 2^-" + std::to_string(q), to_string(v));
    norm2 += v * v;
  }
  if (norm2 > 1) throw_parameter_error(function, "x", "in the unit ball (||x||^2 <= 1)", "||x||^2 = " + to_string(norm2));
}

void check_parameter(const std::vector<Rational>& theta, const Rational& S, unsigned q, std::string_view function) {
  if (theta.empty()) throw_parameter_error(function, "d", "at least 1", "0");
  if (S <= 0 || S > kGlmMaxAbsZ) throw_parameter_error(function, "S", "in (0, 4096]", to_string(S));
  const Integer grid = Integer(1) << q;
  Rational norm2 = 0;
  for (const Rational& v : theta) {
    if (grid % denominator(v) != 0)
      throw_parameter_error(function, "theta", "on the grid 2^-" + std::to_string(q), to_string(v));
    norm2 += v * v;
  }
  if (norm2 > S * S)
    throw_parameter_error(function, "theta", "in the S-ball (||theta||^2 <= S^2 = " + to_string(Rational(S * S)) + ")",
                          "||theta||^2 = " + to_string(norm2));
}

void check_kappa_star(Link link, const Rational& kappa_star, std::string_view function, std::string_view parameter) {
  if (link == Link::logistic) {
    if (kappa_star < 4) throw_parameter_error(function, parameter, ">= 4 (logistic: 1/sup mu' = 4)", to_string(kappa_star));
    return;
  }
  // κ* ≥ √(2π) ⇔ κ*² ≥ 2π (κ* > 0); π is irrational, so the certified comparison decides.
  const Rational k2 = kappa_star * kappa_star / 2;
  if (kappa_star <= 0 || compare(CertifiedReal([](mpfr_prec_t p) {
                                   Interval pi(p);
                                   mpfi_const_pi(pi.get());
                                   return pi;
                                 }),
                                 k2) > 0)
    throw_parameter_error(function, parameter, ">= sqrt(2 pi) (probit: 1/sup mu' = sqrt(2 pi))",
                          to_string(kappa_star));
}

}  // namespace dpb::ref
