#include "reference/learners/internal/dp_sgd_code.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <string>

#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/glm/certified_real.hpp"
#include "reference/privacy/subsampled_rdp.hpp"

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

// ---- later commit ----
struct LaterProblem {
  Rational eps, delta, gamma, steps;
  std::vector<long> orders;  // those whose conversion term alone is not certainly >= eps
};

// The order's conversion term log(1 − 1/α) − (log δ + log α)/(α − 1), enclosed.
Interval conversion(long alpha, const Rational& delta) { return rdp_to_dp_cks(Interval(0L, kRdpPrec), alpha, delta, kRdpPrec); }

// steps·ε′(α) at z = σ/2 (a certified upper bound: the smaller of Theorem 9's enclosure's upper end and α/(2z²)),
// then the CKS conversion, enclosed: its upper end bounds the order's ε from above.
Interval later_eps_enclosure(const Rational& gamma, const Rational& steps, const Rational& delta, const Rational& sigma,
                             long alpha) {
  const Rational rdp = steps * wor_gaussian_rdp_upper_bound(gamma, dp_sgd_later_noise_multiplier(sigma), alpha);
  return rdp_to_dp_cks(Interval(rdp, kRdpPrec), alpha, delta, kRdpPrec);
}

// Certified: steps·ε′(α) + conversion <= eps.
bool later_pass(const LaterProblem& pr, const Rational& sigma, long alpha) {
  return later_eps_enclosure(pr.gamma, pr.steps, pr.delta, sigma, alpha)
      .certainly_less_equal(Interval(pr.eps, kRdpPrec));
}

// The seed's arithmetic: MPFI at 64 bits (no floating point in reference/; the seed picks where the certified search
// starts, never its verdict — every σ the search returns passes later_pass at kRdpPrec).
constexpr mpfr_prec_t kSeedPrec = 64;

// log k! for k <= 1024, enclosed once.
const std::vector<Interval>& log_factorials() {
  static const std::vector<Interval> lf = [] {
    std::vector<Interval> v;
    v.reserve(1025);
    v.emplace_back(0L, kSeedPrec);
    for (long k = 1; k <= 1024; ++k) v.push_back(v.back() + Interval(k, kSeedPrec).log());
    return v;
  }();
  return lf;
}

// The larger / smaller of two enclosures; their hull when the comparison is undecided (an estimate only).
Interval max_or_hull(const Interval& a, const Interval& b) {
  return b.certainly_less(a) ? a : a.certainly_less(b) ? b : a.join(b);
}
Interval min_or_hull(const Interval& a, const Interval& b) {
  return a.certainly_less(b) ? a : b.certainly_less(a) ? b : a.join(b);
}

// Estimate of min_α steps·ε′(α) + conversion at σ (seeds the search only: the upper end of a 64-bit enclosure of
// the same formula as later_eps_enclosure, Theorem 9's sum in log space) and its argmin.
Rational later_estimate(const LaterProblem& pr, const Rational& sigma, long& best_alpha) {
  const Rational z = dp_sgd_later_noise_multiplier(sigma), xr = 1 / (z * z);
  const Interval x(xr, kSeedPrec), dl = Interval(pr.delta, kSeedPrec).log();
  const Interval log2 = Interval(2L, kSeedPrec).log(), log4 = Interval(4L, kSeedPrec).log();
  const std::vector<Interval>& lf = log_factorials();
  Rational best;
  bool first = true;
  for (const long a : pr.orders) {
    const Interval gauss = x.mul(Rational(a, 2));
    Interval rdp = gauss;
    if (pr.gamma != 1) {
      const Interval lg = Interval(pr.gamma, kSeedPrec).log();
      // log(e^x − 1): x + log1p(−e^{−x}) above 1, log(expm1 x) below (no overflow either way)
      const Interval lem1 = xr > 1 ? x + (-((-x).exp())).log1p() : x.expm1().log();
      const Interval m2 = min_or_hull(log4 + lem1, log2 + x);
      std::vector<Interval> l;
      l.push_back(lg.mul(Rational(2)) + Interval(Integer(Integer(a) * (a - 1) / 2), kSeedPrec).log() + m2);
      for (long j = 3; j <= a; ++j)
        l.push_back(log2 + lg.mul(Rational(j)) + lf[a] - lf[j] - lf[a - j] + x.mul(Rational(j * (j - 1), 2)));
      Interval M(0L, kSeedPrec);
      for (const Interval& v : l) M = max_or_hull(M, v);
      Interval sum = (-M).exp();
      for (const Interval& v : l) sum += (v - M).exp();
      rdp = min_or_hull((M + sum.log()).div(Rational(a - 1)), gauss);  // Theorem 9 or the Gaussian's own
    }
    const Interval e = rdp.mul(pr.steps) + Interval(Rational(a - 1, a), kSeedPrec).log() -
                       (dl + Interval(a, kSeedPrec).log()).div(Rational(a - 1));
    const Rational up = e.upper();
    if (first || up < best) {
      best = up;
      best_alpha = a;
      first = false;
    }
  }
  return best;
}

}  // namespace

Rational dp_sgd_later_noise_multiplier(const Rational& sigma) { return sigma / 2; }

const std::vector<long>& dp_sgd_later_orders() {
  static const std::vector<long> orders = [] {
    std::vector<long> o;
    for (long a = 2; a <= 63; ++a) o.push_back(a);
    for (const long a : {64L, 128L, 256L, 512L, 1024L}) o.push_back(a);
    return o;
  }();
  return orders;
}

std::uint64_t dp_sgd_later_epochs(const Rational& eps) {
  if (eps <= 0) throw_parameter_error(kFn, "eps", "> 0", to_string(eps));
  const Integer e = ceil(Rational(50 * eps));
  if (e >= Integer(kDpSgdLaterMaxEpochs)) return kDpSgdLaterMaxEpochs;
  if (e <= Integer(kDpSgdLaterMinEpochs)) return kDpSgdLaterMinEpochs;
  return e.convert_to<std::uint64_t>();
}

Rational dp_sgd_later_eps_upper(const Rational& sigma, const Rational& delta, std::uint64_t n, const DpSgdSettings& s) {
  check(delta, n, s);
  if (sigma <= 0) throw_parameter_error(kFn, "sigma", "> 0", to_string(sigma));
  const std::uint64_t b = std::min(s.batch, n), nb = (n + b - 1) / b;
  const Rational steps{Integer(s.epochs * nb)}, gamma{Integer(b), Integer(n)};
  Rational best;
  bool first = true;
  for (const long a : dp_sgd_later_orders()) {
    const Rational up = later_eps_enclosure(gamma, steps, delta, sigma, a).upper();
    if (first || up < best) best = up;
    first = false;
  }
  return best;
}

Rational calibrate_dp_sgd_sigma_later(const Rational& eps, const Rational& delta, std::uint64_t n,
                                      const DpSgdSettings& s) {
  if (eps <= 0) throw_parameter_error(kFn, "eps", "> 0", to_string(eps));
  check(delta, n, s);
  const std::uint64_t b = std::min(s.batch, n), nb = (n + b - 1) / b;
  const std::string key = to_string(eps) + "|" + to_string(delta) + "|" + std::to_string(n) + "|" +
                          std::to_string(s.epochs) + "|" + std::to_string(s.batch);
  static std::mutex mutex;
  static std::map<std::string, Rational> memo;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (const auto it = memo.find(key); it != memo.end()) return it->second;
  }
  LaterProblem pr{eps, delta, Rational(Integer(b), Integer(n)), Rational(Integer(s.epochs * nb)), {}};
  for (const long a : dp_sgd_later_orders())
    if (conversion(a, delta).lower() < eps) pr.orders.push_back(a);  // else no σ makes this order reach eps
  if (pr.orders.empty())
    throw_parameter_error(kFn, "eps",
                          "above the RDP-to-DP conversion floor of every order <= 1024 (log(1-1/a) - (log delta + "
                          "log a)/(a-1)), so that some noise multiplier reaches it",
                          to_string(eps));
  const Integer den = pow2(kDpSgdSigmaGridBits), cap = pow2(kDpSgdSigmaGridBits + 64);
  const auto refuse = [&] {
    throw_parameter_error(kFn, "eps", "large enough for a noise multiplier below 2^64", to_string(eps));
  };
  // the seed: the least grid point whose estimate is <= eps
  long best_alpha = pr.orders.back();
  const auto estimate_ok = [&](const Integer& k) { return later_estimate(pr, Rational(k, den), best_alpha) <= eps; };
  Integer hi = 1;
  while (!estimate_ok(hi)) {
    hi *= 2;
    if (hi > cap) refuse();
  }
  Integer lo = 0;
  while (hi - lo > 1) {
    const Integer mid = (lo + hi) / 2;
    if (estimate_ok(mid)) hi = mid;
    else lo = mid;
  }
  later_estimate(pr, Rational(hi, den), best_alpha);
  // certified: some order passes at k (the seed's best order first)
  const auto pass_any = [&](const Integer& k) {
    const Rational sigma(k, den);
    if (later_pass(pr, sigma, best_alpha)) return true;
    for (const long a : pr.orders)
      if (a != best_alpha && later_pass(pr, sigma, a)) {
        best_alpha = a;
        return true;
      }
    return false;
  };
  Integer k = hi;
  if (pass_any(k)) {  // downward: gallop to a failing point, then bisect
    Integer step = 1, pass = k;
    for (;;) {
      const Integer down = pass > step ? Integer(pass - step) : Integer(0);
      if (down == 0 || !pass_any(down)) {
        lo = down;
        break;
      }
      pass = down;
      step *= 2;
    }
    hi = pass;
  } else {  // upward
    Integer step = 1, fail = k;
    for (;;) {
      const Integer up = fail + step;
      if (up > cap) refuse();
      if (pass_any(up)) {
        hi = up;
        break;
      }
      fail = up;
      step *= 2;
    }
    lo = fail;
  }
  while (hi - lo > 1) {  // lo fails (or is 0), hi passes
    const Integer mid = (lo + hi) / 2;
    if (pass_any(mid)) hi = mid;
    else lo = mid;
  }
  const Rational sigma(hi, den);
  const std::lock_guard<std::mutex> lock(mutex);
  memo.emplace(key, sigma);
  return sigma;
}

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

Interval dp_sgd_first_floor(const Rational& delta) {
  if (delta <= 0 || delta >= 1) throw_parameter_error(kFn, "delta", "in (0, 1)", to_string(delta));
  return Interval(1 / delta, kRdpPrec).log().div(Rational(62));
}

Rational calibrate_dp_sgd_sigma(const Rational& eps, const Rational& delta, std::uint64_t n, const DpSgdSettings& s) {
  if (eps <= 0) throw_parameter_error(kFn, "eps", "> 0", to_string(eps));
  check(delta, n, s);
  // ε(σ) > ln(1/δ)/62 for every σ (the order-63 term alone; it tends to that as σ grows): a per-call ε at or below
  // the floor is refused saying so (issue 21), not after a search to σ = 2^64
  const Interval floor63 = dp_sgd_first_floor(delta);
  if (Interval(eps, kRdpPrec).certainly_less_equal(floor63))
    throw_parameter_error(kFn, "eps",
                          "above the first commit's DP-SGD floor ln(1/delta0)/62 = " + floor63.upper_string(4) +
                              " (delta0 = " + Interval(delta, 64).upper_string(4) + ")",
                          Interval(eps, 64).upper_string(4) + " per call");
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
