#include "reference/learners/internal/dp_sgd_code.hpp"

#include <algorithm>

#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/glm/certified_real.hpp"

namespace dpb::ref::internal {

namespace {

constexpr const char* kFn = "dp_sgd";
constexpr mpfr_prec_t kRdpPrec = 128;

Integer pow2(unsigned k) { return Integer(1) << k; }

// ⌈√m⌉ for an integer m >= 0.
Integer ceil_sqrt(const Integer& m) {
  Integer r = floor_sqrt(m);
  if (r * r < m) r += 1;
  return r;
}

void check(const Rational& delta, std::uint64_t n, const DpSgdSettings& s) {
  if (delta <= 0 || delta >= 1) throw_parameter_error(kFn, "delta", "in (0, 1)", to_string(delta));
  if (n == 0) throw_parameter_error(kFn, "n", ">= 1", "0");
  if (s.batch == 0) throw_parameter_error(kFn, "batch", ">= 1", "0");
  if (s.epochs <= s.burn_in)
    throw_parameter_error(kFn, "epochs", "> burn_in = " + std::to_string(s.burn_in), std::to_string(s.epochs));
}

// Is ε(σ) <= eps certified: some α ∈ {2..63} with steps·α q²/(2σ²) + ln(1/δ)/(α − 1) <= eps on a 128-bit enclosure.
bool rdp_within(const Rational& sigma, const Rational& eps, const Rational& delta, std::uint64_t n,
                const DpSgdSettings& s) {
  const std::uint64_t b = std::min(s.batch, n), nb = (n + b - 1) / b;
  const Rational steps{Integer(s.epochs * nb)}, q{Integer(b), Integer(n)};
  const Interval l = Interval(1 / delta, kRdpPrec).log();
  for (long a = 2; a <= 63; ++a) {
    const Rational first = steps * Rational(a) * q * q / (2 * sigma * sigma);
    if (first > eps) continue;
    const Interval e = Interval(first, kRdpPrec) + l.div(Rational(a - 1));
    if (e.certainly_less_equal(Interval(eps, kRdpPrec))) return true;
  }
  return false;
}

}  // namespace

Rational dp_sgd_rdp_eps_upper(const Rational& sigma, const Rational& delta, std::uint64_t n, const DpSgdSettings& s) {
  check(delta, n, s);
  if (sigma <= 0) throw_parameter_error(kFn, "sigma", "> 0", to_string(sigma));
  const std::uint64_t b = std::min(s.batch, n), nb = (n + b - 1) / b;
  const Rational steps{Integer(s.epochs * nb)}, q{Integer(b), Integer(n)};
  const Interval l = Interval(1 / delta, kRdpPrec).log();
  Rational best;
  for (long a = 2; a <= 63; ++a) {
    const Rational first = steps * Rational(a) * q * q / (2 * sigma * sigma);
    const Rational up = (Interval(first, kRdpPrec) + l.div(Rational(a - 1))).upper();
    if (a == 2 || up < best) best = up;
  }
  return best;
}

Rational calibrate_dp_sgd_sigma(const Rational& eps, const Rational& delta, std::uint64_t n, const DpSgdSettings& s) {
  if (eps <= 0) throw_parameter_error(kFn, "eps", "> 0", to_string(eps));
  check(delta, n, s);
  const Integer den = pow2(kDpSgdSigmaGridBits);
  Integer hi = 1;
  while (!rdp_within(Rational(hi, den), eps, delta, n, s)) {
    hi *= 2;
    if (hi > pow2(kDpSgdSigmaGridBits + 64))
      throw_parameter_error(kFn, "eps", "large enough for a noise multiplier below 2^64", to_string(eps));
  }
  Integer lo = 0;  // invariant: lo fails (or is 0), hi passes
  while (hi - lo > 1) {
    const Integer mid = (lo + hi) / 2;
    if (rdp_within(Rational(mid, den), eps, delta, n, s)) hi = mid;
    else lo = mid;
  }
  return Rational(hi, den);
}

Rational dp_sgd_step(const Rational& lr, std::uint64_t t) {
  if (t == 0) throw_parameter_error(kFn, "t", ">= 1", "0");
  // ⌈lr·2^32/√t⌉ = ⌈√(lr²·2^64/t)⌉ = ⌈√⌈lr²·2^64/t⌉⌉ (√ increases; an integer n >= √y iff n² >= ⌈y⌉)
  const Integer m = ceil(Rational(lr * lr * Rational(pow2(64)) / Rational(Integer(t))));
  return Rational(ceil_sqrt(m), pow2(32));
}

Integer dp_sgd_clipped_scalar(Link link, const Rational& z, int y, const Rational& norm2, const Rational& clip) {
  // |a| = μ(z) for y = 0, 1 − μ(z) = μ(−z) for y = 1 (both links are symmetric); sign(a) = + for y = 0, − for y = 1.
  // |z| > 4096 (the link layer's range) is evaluated at ±4096: μ(z) and μ(±4096) are both within e^{−4096} of 0 or
  // of 1, so every value below (⌊|a|·2^G⌋, the clip test against C² <= 1) is the same.
  const Rational zc = z > kGlmMaxAbsZ ? Rational(kGlmMaxAbsZ) : (z < -kGlmMaxAbsZ ? Rational(-kGlmMaxAbsZ) : z);
  const CertifiedReal abs_a = y == 0 ? mu(link, zc) : mu(link, Rational(-zc));
  const Integer scale = pow2(kDpSgdGridBits);
  bool clipped = false;
  if (norm2 > 0) {
    const Rational c2 = clip * clip;
    const CertifiedReal g2 = abs_a.is_exact()
                                 ? CertifiedReal(Rational(abs_a.exact() * abs_a.exact() * norm2))
                                 : CertifiedReal([abs_a, norm2](mpfr_prec_t p) { return abs_a.enclose(p).sqr().mul(norm2); });
    clipped = compare(g2, c2) > 0;  // equal (exact only): both branches give the same value
  }
  Integer m;
  if (clipped) {
    // ⌊2^G·C/‖x‖⌋ = ⌊√(4^G C²/‖x‖²)⌋ = ⌊√⌊4^G C²/‖x‖²⌋⌋
    m = floor_sqrt(floor(Rational(Rational(scale * scale) * clip * clip / norm2)));
  } else {
    m = floor_scaled(abs_a, Rational(scale));
  }
  return y == 0 ? m : Integer(-m);
}

DpSgd::DpSgd(Link link, unsigned q, std::uint32_t d, Rational sigma, DpSgdSettings s)
    : link_(link), q_(q), d_(d), sigma_(std::move(sigma)), s_(std::move(s)) {
  if (q_ < 1 || q_ > 30) throw_parameter_error("DpSgd", "q", "in [1, 30]", std::to_string(q_));
  if (d_ == 0) throw_parameter_error("DpSgd", "d", ">= 1", "0");
  if (sigma_ <= 0) throw_parameter_error("DpSgd", "sigma", "> 0", to_string(sigma_));
  if (s_.batch == 0) throw_parameter_error("DpSgd", "batch", ">= 1", "0");
  if (s_.epochs <= s_.burn_in)
    throw_parameter_error("DpSgd", "epochs", "> burn_in = " + std::to_string(s_.burn_in), std::to_string(s_.epochs));
  if (s_.clip <= 0) throw_parameter_error("DpSgd", "clip", "> 0", to_string(s_.clip));
}

std::vector<Rational> DpSgd::step(std::span<const DpSgdSample> data, std::span<const std::size_t> batch,
                                  const std::vector<Rational>& theta, const Rational& eta,
                                  std::span<const Integer> noise) const {
  const Rational xs(Integer(1), pow2(q_));
  std::vector<Integer> acc(d_, Integer(0));  // Σ c_i f_i (numerators on 2^−G·2^−q)
  for (const std::size_t i : batch) {
    const DpSgdSample& u = data[i];
    if (u.f.size() != d_) throw_parameter_error("DpSgd::step", "sample", std::to_string(d_) + " features",
                                                std::to_string(u.f.size()));
    if (u.y != 0 && u.y != 1) throw_parameter_error("DpSgd::step", "y", "0 or 1", std::to_string(u.y));
    Rational z = 0;
    Integer n2 = 0;
    for (std::uint32_t j = 0; j < d_; ++j) {
      z += Rational(Integer(u.f[j])) * theta[j];
      n2 += Integer(u.f[j]) * u.f[j];
    }
    z *= xs;
    const Integer c = dp_sgd_clipped_scalar(link_, z, u.y, Rational(n2) * xs * xs, s_.clip);
    for (std::uint32_t j = 0; j < d_; ++j) acc[j] += c * u.f[j];
  }
  return dp_sgd_update(acc, batch.size(), q_, theta, eta, noise, s_.reg);
}

std::vector<Rational> dp_sgd_update(std::span<const Integer> acc, std::uint64_t len, unsigned q,
                                    const std::vector<Rational>& theta, const Rational& eta,
                                    std::span<const Integer> noise, const Rational& reg) {
  const Integer scale = pow2(kDpSgdGridBits);
  const Rational den(Integer(pow2(kDpSgdGridBits + q) * Integer(len)));
  std::vector<Rational> out(theta.size());
  for (std::size_t j = 0; j < theta.size(); ++j) {
    const Rational g = Rational(acc[j]) / den + reg * theta[j];
    const Rational y = theta[j] - eta * (g + Rational(noise[j], scale));
    out[j] = Rational(floor(Rational(y * Rational(scale))), scale);
  }
  return out;
}

std::vector<Rational> dp_sgd_output(const std::vector<Rational>& sum, std::uint64_t count) {
  const Rational scale(pow2(kDpSgdGridBits));
  std::vector<Rational> out(sum.size());
  for (std::size_t j = 0; j < sum.size(); ++j)
    out[j] = Rational(floor(Rational(sum[j] * scale / Rational(Integer(count))))) / scale;
  return out;
}

}  // namespace dpb::ref::internal
