#include "reference/privacy/dpsgd_disjoint.hpp"

#include <algorithm>
#include <string>

#include "reference/core/errors.hpp"
#include "reference/privacy/ledger.hpp"

namespace dpb::ref {

namespace {

constexpr const char* kFn = "disjoint_dpsgd";

Rational grid_unit24() { return Rational(Integer(1), Integer(Integer(1) << 24)); }

}  // namespace

void check_disjoint_dpsgd(const DisjointDpSgdCall& c) {
  if (c.sigma <= 0) throw_parameter_error(kFn, "sigma", "> 0", to_string(c.sigma));
  if (c.n == 0) throw_parameter_error(kFn, "n", ">= 1", "0");
  if (c.batch == 0) throw_parameter_error(kFn, "batch", ">= 1", "0");
  if (c.epochs == 0) throw_parameter_error(kFn, "epochs", ">= 1", "0");
  if (c.epochs > (std::uint64_t{1} << 32)) throw_parameter_error(kFn, "epochs", "<= 2^32", std::to_string(c.epochs));
}

std::uint64_t disjoint_dpsgd_steps(const DisjointDpSgdCall& c) {
  check_disjoint_dpsgd(c);
  const std::uint64_t b = std::min(c.batch, c.n);
  return c.epochs * ((c.n + b - 1) / b);
}

Rational disjoint_dpsgd_noise_multiplier(const Rational& sigma) {
  if (sigma <= 0) throw_parameter_error(kFn, "sigma", "> 0", to_string(sigma));
  return sigma / 2;
}

Rational disjoint_dpsgd_mu2(const DisjointDpSgdCall& c) {
  check_disjoint_dpsgd(c);
  const Rational z = disjoint_dpsgd_noise_multiplier(c.sigma);
  // one step per epoch reads the changed sample (the batches of an epoch partition the data), each at ratio 1/z
  return Rational(Integer(c.epochs)) / (z * z);
}

Rational disjoint_dpsgd_rdp(const DisjointDpSgdCall& c, const Rational& alpha) {
  if (alpha <= 1) throw_parameter_error(kFn, "alpha", "> 1", to_string(alpha));
  return alpha * disjoint_dpsgd_mu2(c) / 2;  // E·α/(2z²)
}

Rational disjoint_dpsgd_eps_upper(const DisjointDpSgdCall& c, const Rational& delta) {
  return gaussian_eps_upper_bound(disjoint_dpsgd_mu2(c), delta);
}

Rational disjoint_dpsgd_eps_lower(const DisjointDpSgdCall& c, const Rational& delta) {
  const Rational mu2 = disjoint_dpsgd_mu2(c);
  const Rational up = gaussian_eps_upper_bound(mu2, delta);
  if (up < grid_unit24()) return Rational(0);
  const Rational lo = up - grid_unit24();
  // δ(ε) decreases in ε: δ(lo) certainly above δ means the exact ε(δ) is above lo
  return gaussian_delta_lower_at(mu2, lo) > delta ? lo : Rational(0);
}

Rational disjoint_dpsgd_delta_upper(const DisjointDpSgdCall& c, const Rational& eps) {
  return gaussian_delta_upper_at(disjoint_dpsgd_mu2(c), eps);
}

Rational disjoint_dpsgd_delta_lower(const DisjointDpSgdCall& c, const Rational& eps) {
  return gaussian_delta_lower_at(disjoint_dpsgd_mu2(c), eps);
}

Rational disjoint_dpsgd_calibrate_sigma(const Rational& eps, const Rational& delta, std::uint64_t epochs) {
  if (eps <= 0) throw_parameter_error(kFn, "eps", "> 0", to_string(eps));
  if (delta <= 0 || delta >= 1) throw_parameter_error(kFn, "delta", "in (0, 1)", to_string(delta));
  const Integer den = Integer(1) << 20;
  const auto ok = [&](const Integer& k) {
    DisjointDpSgdCall c;
    c.sigma = Rational(k, den);
    c.epochs = epochs;
    return disjoint_dpsgd_delta_upper(c, eps) <= delta;  // δ(ε) increases in μ, μ decreases in σ
  };
  Integer hi = 1;
  while (!ok(hi)) {
    hi *= 2;
    if (hi > (Integer(1) << 84))
      throw_parameter_error(kFn, "eps", "large enough for a noise multiplier below 2^64", to_string(eps));
  }
  Integer lo = 0;  // lo fails (or is 0), hi passes
  while (hi - lo > 1) {
    const Integer mid = (lo + hi) / 2;
    if (ok(mid)) hi = mid;
    else lo = mid;
  }
  return Rational(hi, den);
}

}  // namespace dpb::ref
