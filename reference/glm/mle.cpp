#include "reference/glm/mle.hpp"

#include "reference/core/errors.hpp"
#include <mpfr.h>

#include "reference/glm/certified_real.hpp"

namespace dpb::ref {

namespace {

Rational mid(const Interval& x) { return Rational((x.lower() + x.upper()) / 2); }
Rational abs_q(const Rational& x) { return x < 0 ? Rational(-x) : x; }

// z_s = ⟨x_s, θ⟩ for every observation, exact: θ's dyadic coordinates over one power of two 2^E, integer dot
// products, one rational per observation.
std::vector<Rational> inner_all(const GlmData& data, const std::vector<Rational>& theta) {
  unsigned E = 0;
  for (const Rational& v : theta) {
    const Integer den = denominator(v);
    E = std::max(E, bit_length(den) - 1);  // dyadic: den = 2^k
  }
  std::vector<Integer> m;
  for (const Rational& v : theta) m.push_back(Integer(numerator(v) * (Integer(1) << E) / denominator(v)));
  const Integer den = Integer(1) << (E + data.q);
  std::vector<Rational> z(data.n());
  for (std::size_t s = 0; s < data.n(); ++s) {
    Integer acc = 0;
    for (std::uint32_t j = 0; j < data.d; ++j)
      if (data.x[s * data.d + j] != 0) acc += m[j] * data.x[s * data.d + j];
    z[s] = Rational(acc, den);
  }
  return z;
}

// μ(z) and μ̇(z) enclosed with one evaluation of each transcendental (the link functions of link.cpp take two, one
// per endpoint): the value f(a) at a = z rounded to nearest at wp bits, computed rounded to nearest, is widened to
// [f(a)⁻ − 2e, f(a)⁺ + 2e] where f(a)⁻, f(a)⁺ are the neighbouring floats of the computed value (covering its ½ ulp
// error) and e ≥ |arg − a| bounds the argument's rounding; valid because |f'| ≤ 2 on the way for f = e^{−x} (x ≥ 0)
// and f = erfc (|erfc'| ≤ 2/√π). Used by the fitting passes only (their enclosures need to be valid, not tightest).
void widen(mpfr_t lo, mpfr_t hi, mpfr_srcptr v, mpfr_srcptr err) {
  mpfr_set(lo, v, MPFR_RNDN);  // same precision: exact
  mpfr_set(hi, v, MPFR_RNDN);
  mpfr_nextbelow(lo);
  mpfr_nextabove(hi);
  mpfr_t e2;
  mpfr_init2(e2, 64);
  mpfr_mul_2ui(e2, err, 1, MPFR_RNDU);
  mpfr_sub(lo, lo, e2, MPFR_RNDD);
  mpfr_add(hi, hi, e2, MPFR_RNDU);
  mpfr_clear(e2);
}

// lo ← max(lo, 0), hi ← min(hi, cap); the interval [lo, hi] at wp bits.
Interval clamped(mpfr_t lo, mpfr_t hi, long cap, mpfr_prec_t wp) {
  if (mpfr_sgn(lo) < 0) mpfr_set_zero(lo, 1);
  if (mpfr_cmp_si(hi, cap) > 0) mpfr_set_si(hi, cap, MPFR_RNDN);
  Interval out(wp);
  mpfi_interv_fr(out.get(), lo, hi);
  return out;
}

void link_pair(Link link, const Rational& z, mpfr_prec_t prec, const Interval& inv_sqrt_2pi, Interval& mu,
               Interval& mu_dot) {
  if (z > kGlmMaxAbsZ || z < -kGlmMaxAbsZ) {  // the link functions' own refusal
    mu = mu_enclosure(link, z, prec);
    return;
  }
  const mpfr_prec_t wp = prec + 16;
  mpfr_t za, ez, a, v, lo, hi, tmp;
  mpfr_inits2(wp, za, a, v, lo, hi, tmp, static_cast<mpfr_ptr>(nullptr));
  mpfr_init2(ez, 64);
  mpfr_set_q(za, z.backend().data(), MPFR_RNDN);
  mpfr_abs(a, za, MPFR_RNDN);
  mpfr_mul_2si(ez, a, 1 - wp, MPFR_RNDU);  // |z − za| ≤ ½ ulp(za) ≤ |za|·2^{1−wp}
  const Interval one(1L, wp);
  if (link == Link::logistic) {
    mpfr_neg(tmp, a, MPFR_RNDN);
    mpfr_exp(v, tmp, MPFR_RNDN);
    widen(lo, hi, v, ez);  // e^{−|z|}: |d/dx e^{−x}| ≤ 1
    const Interval t = clamped(lo, hi, 1, wp);
    mu = z >= 0 ? one / (one + t) : t / (one + t);
    mu_dot = t / (one + t).sqr();
  } else {
    // μ = ½·erfc(−z/√2): q = za/√2 (both rounded) within e_q = ez + |za|·2^{1−wp} of z/√2.
    mpfr_t eq;
    mpfr_init2(eq, 64);
    mpfr_sqrt_ui(tmp, 2, MPFR_RNDN);
    mpfr_div(v, za, tmp, MPFR_RNDN);
    mpfr_neg(v, v, MPFR_RNDN);
    mpfr_mul_2si(eq, a, 1 - wp, MPFR_RNDU);
    mpfr_add(eq, eq, ez, MPFR_RNDU);
    mpfr_erfc(tmp, v, MPFR_RNDN);
    widen(lo, hi, tmp, eq);
    mu = clamped(lo, hi, 2, wp);
    mpfi_div_2ui(mu.get(), mu.get(), 1);
    // μ̇ = e^{−z²/2}/√(2π): u = za²/2 within e_u = ez·(|za| + ez) + u·2^{1−wp} of z²/2.
    mpfr_sqr(v, za, MPFR_RNDN);
    mpfr_div_2ui(v, v, 1, MPFR_RNDN);
    mpfr_add(eq, a, ez, MPFR_RNDU);
    mpfr_mul(eq, eq, ez, MPFR_RNDU);
    mpfr_mul_2si(tmp, v, 1 - wp, MPFR_RNDU);
    mpfr_add(eq, eq, tmp, MPFR_RNDU);
    mpfr_neg(v, v, MPFR_RNDN);
    mpfr_exp(tmp, v, MPFR_RNDN);
    widen(lo, hi, tmp, eq);
    mu_dot = clamped(lo, hi, 1, wp) * inv_sqrt_2pi;
    mpfr_clear(eq);
  }
  mpfr_clears(za, a, v, lo, hi, tmp, ez, static_cast<mpfr_ptr>(nullptr));
}

// ∇L(θ) and ∇²L(θ) enclosed at θ (exact z). For logistic μ̇ = μ(1 − μ) is enclosed from μ's enclosure (one exp per
// observation); probit encloses φ(z) directly.
void gradient_hessian(const GlmData& data, const std::vector<Interval>& X, const std::vector<Rational>& theta,
                      mpfr_prec_t prec, std::vector<Interval>& g, std::vector<Interval>& H) {
  const std::uint32_t d = data.d;
  const std::vector<Rational> z = inner_all(data, theta);
  g.assign(d, Interval(0L, prec));
  H.assign(std::size_t{d} * d, Interval(0L, prec));
  for (std::uint32_t j = 0; j < d; ++j) {
    g[j] = Interval(Rational(data.lambda * theta[j]), prec);
    H[j * d + j] = Interval(data.lambda, prec);
  }
  Interval inv_sqrt_2pi(prec + 16);
  mpfi_const_pi(inv_sqrt_2pi.get());
  inv_sqrt_2pi = Interval(1L, prec + 16) / inv_sqrt_2pi.mul(Rational(2)).sqrt();
  Interval m(prec + 16), w(prec + 16);
  for (std::size_t s = 0; s < data.n(); ++s) {
    link_pair(data.link, z[s], prec, inv_sqrt_2pi, m, w);
    const Interval resid = m - Interval(static_cast<long>(data.r[s]), prec);
    const Interval* x = &X[s * d];
    for (std::uint32_t j = 0; j < d; ++j) {
      if (data.x[s * d + j] == 0) continue;
      g[j] += resid * x[j];
      const Interval wx = w * x[j];
      for (std::uint32_t k = j; k < d; ++k)
        if (data.x[s * d + k] != 0) H[j * d + k] += wx * x[k];
    }
  }
  for (std::uint32_t j = 0; j < d; ++j)
    for (std::uint32_t k = 0; k < j; ++k) H[j * d + k] = H[k * d + j];
}

// Gaussian elimination on the midpoints of a symmetric positive definite H: returns the point matrix H_mid⁻¹ as
// thin intervals (any C makes Krawczyk's test valid; a good C makes it succeed).
std::vector<Interval> inverse_mid(const std::vector<Interval>& H, std::uint32_t d, mpfr_prec_t prec) {
  std::vector<Interval> A, I;
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = 0; j < d; ++j) {
      A.emplace_back(mid(H[i * d + j]), prec);
      I.emplace_back(i == j ? 1L : 0L, prec);
    }
  for (std::uint32_t k = 0; k < d; ++k) {
    const Interval p = A[k * d + k];
    if (!p.certainly_greater(Rational(0)))
      throw GlmUndecided("certified_mle: a Hessian pivot is not certainly positive at " + std::to_string(prec) +
                         " bits");
    for (std::uint32_t i = 0; i < d; ++i) {
      if (i == k) continue;
      const Interval f = A[i * d + k] / p;
      for (std::uint32_t j = 0; j < d; ++j) {
        A[i * d + j] = A[i * d + j] - f * A[k * d + j];
        I[i * d + j] = I[i * d + j] - f * I[k * d + j];
      }
    }
  }
  std::vector<Interval> C;
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = 0; j < d; ++j) C.emplace_back(mid(I[i * d + j] / A[i * d + i]), prec);
  return C;
}

std::vector<Interval> mat_vec(const std::vector<Interval>& M, const std::vector<Interval>& v, std::uint32_t d,
                              mpfr_prec_t prec) {
  std::vector<Interval> out(d, Interval(0L, prec));
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = 0; j < d; ++j) out[i] += M[i * d + j] * v[j];
  return out;
}

Rational max_abs(const std::vector<Interval>& v) {
  Rational m = 0;
  for (const Interval& x : v) m = std::max(m, std::max(abs_q(x.lower()), abs_q(x.upper())));
  return m;
}

// One Krawczyk test at θ₀ with radius ρ: the box K(X) ∩ X when K(X) ⊂ int X.
std::optional<std::vector<Interval>> krawczyk(const GlmData& data, const std::vector<Rational>& theta0,
                                              const std::vector<Interval>& g0, const std::vector<Interval>& H0,
                                              const std::vector<Integer>& W, const std::vector<Interval>& C,
                                              const Rational& rho, mpfr_prec_t prec) {
  const std::uint32_t d = data.d;
  std::vector<Interval> X, dX;
  for (std::uint32_t j = 0; j < d; ++j) {
    X.push_back(Interval::hull(Rational(theta0[j] - rho), Rational(theta0[j] + rho), prec));
    dX.push_back(Interval::hull(Rational(-rho), rho, prec));
  }
  // ∇²L(X) ⊂ ∇²L(θ₀) + [−1, 1]·(ρ/4)·W, W_jk = Σ_s ‖x_s‖₁·|x_sj x_sk|: on the box |⟨x_s, θ − θ₀⟩| ≤ ρ‖x_s‖₁
  // and |μ̈| ≤ 1/4 for both links (logistic: max |μ̇(1 − 2μ)| = 1/(6√3); probit: max |z|φ(z) = φ(1) = 0.242).
  std::vector<Interval> HX = H0;
  const Interval unit = Interval::hull(Rational(-1), Rational(1), prec);
  for (std::uint32_t j = 0; j < d; ++j)
    for (std::uint32_t k = 0; k < d; ++k) {
      const Rational w(W[j * d + k], Integer(1) << (3 * data.q));
      HX[j * d + k] += unit.mul(Rational(rho * w / 4));
    }
  // M = I − C·∇²L(X).
  std::vector<Interval> M(std::size_t{d} * d, Interval(0L, prec));
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t j = 0; j < d; ++j) {
      Interval acc(i == j ? 1L : 0L, prec);
      for (std::uint32_t k = 0; k < d; ++k) acc = acc - C[i * d + k] * HX[k * d + j];
      M[i * d + j] = acc;
    }
  const std::vector<Interval> Cg = mat_vec(C, g0, d, prec), MdX = mat_vec(M, dX, d, prec);
  std::vector<Interval> out;
  for (std::uint32_t j = 0; j < d; ++j) {
    const Interval K = Interval(theta0[j], prec) - Cg[j] + MdX[j];
    if (!(K.lower() > X[j].lower() && K.upper() < X[j].upper())) return std::nullopt;
    out.push_back(K);  // K ⊂ int X: K ∩ X = K
  }
  return out;
}

std::vector<Rational> mids(const std::vector<Interval>& v) {
  std::vector<Rational> out;
  out.reserve(v.size());
  for (const Interval& x : v) out.push_back(mid(x));
  return out;
}

// W_jk = Σ_s ‖f_s‖₁·|f_sj f_sk| (integers; the Hessian's spread over the box, over 2^{3q}), over observations
// [from, n) added to W (W empty: zeros).
void add_spread(const GlmData& data, std::size_t from, std::vector<Integer>& W) {
  const std::uint32_t d = data.d;
  if (W.empty()) W.assign(std::size_t{d} * d, Integer(0));
  for (std::size_t s = from; s < data.n(); ++s) {
    std::int64_t l1 = 0;
    for (std::uint32_t j = 0; j < d; ++j) l1 += data.x[s * d + j] < 0 ? -data.x[s * d + j] : data.x[s * d + j];
    for (std::uint32_t j = 0; j < d; ++j)
      for (std::uint32_t k = 0; k < d; ++k) {
        const std::int64_t a = data.x[s * d + j], b = data.x[s * d + k];
        W[j * d + k] += Integer(l1) * (a < 0 ? -a : a) * (b < 0 ? -b : b);
      }
  }
}

std::vector<Integer> spread(const GlmData& data) {
  std::vector<Integer> W;
  add_spread(data, 0, W);
  return W;
}

// The contexts x_s as intervals at p bits (exact: numerators ≤ 2^20 on 2^−q).
std::vector<Interval> contexts_at(const GlmData& data, mpfr_prec_t p) {
  std::vector<Interval> X;
  X.reserve(data.x.size());
  for (std::int64_t f : data.x) X.emplace_back(Rational(Integer(f), Integer(1) << data.q), p);
  return X;
}

void validate_mle_input(const GlmData& data, std::size_t start_size, const char* fn) {
  if (data.d == 0) throw_parameter_error(fn, "d", ">= 1", "0");
  if (data.x.size() != data.n() * data.d)
    throw_parameter_error(fn, "x", "n·d values", std::to_string(data.x.size()));
  if (start_size != data.d) throw_parameter_error(fn, "start", "d values", std::to_string(start_size));
  if (data.lambda <= 0) throw_parameter_error(fn, "lambda", "> 0", to_string(data.lambda));
}

}  // namespace

void MleWarm::set(const MleBox& box, std::size_t n_obs) {
  valid = true;
  n = n_obs;
  center = box.center;
  g = box.g;
  H = box.H;
}

std::optional<MleBox> one_pass_mle(const GlmData& data, MleWarm& warm, mpfr_prec_t prec) {
  if (!warm.valid) return std::nullopt;
  const std::uint32_t d = data.d;
  validate_mle_input(data, warm.center.size(), "one_pass_mle");
  if (warm.g.size() != d || warm.H.size() != std::size_t{d} * d || warm.n > data.n())
    throw_parameter_error("one_pass_mle", "warm", "d gradient and d·d Hessian values over at most n observations",
                          std::to_string(warm.g.size()) + " and " + std::to_string(warm.H.size()));
  const mpfr_prec_t p = std::max<mpfr_prec_t>(prec, kGlmStartPrecision);
  // ∇L and ∇²L at the warm centre, completed by the observations since (each enclosed, then its midpoint).
  std::vector<Interval> g, H;
  for (const Rational& v : warm.g) g.emplace_back(v, p);
  for (const Rational& v : warm.H) H.emplace_back(v, p);
  if (warm.n < data.n()) {
    GlmData added;
    added.link = data.link;
    added.d = d;
    added.q = data.q;
    added.lambda = data.lambda;
    added.x.assign(data.x.begin() + static_cast<std::ptrdiff_t>(warm.n * d), data.x.end());
    added.r.assign(data.r.begin() + static_cast<std::ptrdiff_t>(warm.n), data.r.end());
    std::vector<Interval> X, ga, Ha;
    for (std::int64_t f : added.x) X.emplace_back(Rational(Integer(f), Integer(1) << data.q), p);
    gradient_hessian(added, X, warm.center, p, ga, Ha);  // includes λθ and λI once more: taken out below
    for (std::uint32_t j = 0; j < d; ++j) {
      g[j] += ga[j] - Interval(Rational(data.lambda * warm.center[j]), p);
      for (std::uint32_t k = 0; k < d; ++k)
        H[j * d + k] += j == k ? Ha[j * d + k] - Interval(data.lambda, p) : Ha[j * d + k];
    }
  }
  // The Newton step (cut to length 1, as certified_mle's), θ₁ rounded to p bits.
  std::vector<Interval> C;
  try {
    C = inverse_mid(H, d, p);
  } catch (const GlmUndecided&) {
    return std::nullopt;  // a pivot not certainly positive: leave it to certified_mle
  }
  std::vector<Interval> step = mat_vec(C, g, d, p);
  Rational len = 0;
  for (const Interval& v : step) len = std::max(len, abs_q(mid(v)));
  const Rational cut = len > 1 ? Rational(1 / len) : Rational(1);
  std::vector<Rational> theta(d);
  for (std::uint32_t j = 0; j < d; ++j)
    theta[j] = mid(Interval(Rational(warm.center[j] - mid(step[j]) * cut), p));
  // One pass at θ₁; the Krawczyk test there. The contexts as intervals and W are cached (only new rows added).
  if (warm.x_prec != p || warm.X.size() > data.x.size()) {
    warm.X.clear();
    warm.x_prec = p;
  }
  for (std::size_t i = warm.X.size(); i < data.x.size(); ++i)
    warm.X.emplace_back(Rational(Integer(data.x[i]), Integer(1) << data.q), p);
  if (warm.W_n > data.n()) {
    warm.W.clear();
    warm.W_n = 0;
  }
  add_spread(data, warm.W_n, warm.W);
  warm.W_n = data.n();
  gradient_hessian(data, warm.X, theta, p, g, H);
  MleBox out;
  out.passes = 1;
  out.center = theta;
  out.prec = p;
  out.g = mids(g);
  out.H = mids(H);
  warm.set(out, data.n());
  try {
    C = inverse_mid(H, d, p);
  } catch (const GlmUndecided&) {
    return std::nullopt;
  }
  step = mat_vec(C, g, d, p);
  Rational rho = std::max(Rational(4 * max_abs(step)), Rational(Integer(1), Integer(1) << (p - 8)));
  for (int attempt = 0; attempt < 3; ++attempt, rho *= 8) {
    if (auto box = krawczyk(data, theta, g, H, warm.W, C, rho, p)) {
      out.theta = std::move(*box);
      return out;
    }
    ++out.attempts;
  }
  return std::nullopt;
}

Interval mu_dot_range(Link link, const Rational& lo, const Rational& hi, mpfr_prec_t prec) {
  const Rational far = std::max(abs_q(lo), abs_q(hi));
  const Rational near = (lo <= 0 && hi >= 0) ? Rational(0) : std::min(abs_q(lo), abs_q(hi));
  return Interval::hull(mu_dot_enclosure(link, far, prec).lower(), mu_dot_enclosure(link, near, prec).upper(), prec);
}

std::pair<Rational, Rational> inner_range(const std::int64_t* f, unsigned q, const std::vector<Interval>& box) {
  Rational lo = 0, hi = 0;
  for (std::size_t j = 0; j < box.size(); ++j) {
    if (f[j] == 0) continue;
    const Rational c(f[j]);
    if (f[j] > 0) {
      lo += c * box[j].lower();
      hi += c * box[j].upper();
    } else {
      lo += c * box[j].upper();
      hi += c * box[j].lower();
    }
  }
  const Rational scale(Integer(1), Integer(1) << q);
  return {Rational(lo * scale), Rational(hi * scale)};
}

MleBox certified_mle(const GlmData& data, const std::vector<Rational>& start, mpfr_prec_t prec) {
  validate_mle_input(data, start.size(), "certified_mle");
  const std::uint32_t d = data.d;
  const std::vector<Integer> W = spread(data);
  MleBox out;
  Rational last_step = 1;
  std::vector<Rational> theta = start;
  for (mpfr_prec_t p = std::max<mpfr_prec_t>(prec, kGlmStartPrecision); p <= kGlmPrecisionCap; p *= 2) {
    for (std::uint32_t j = 0; j < d; ++j) theta[j] = mid(Interval(theta[j], p));  // dyadic, ≤ p + 1 bits
    const std::vector<Interval> X = contexts_at(data, p);
    // Newton on midpoints until the step is below 2^−(p/4) (at most 40 steps; a step longer than 1 is cut to
    // 1, which keeps the iteration from overshooting on few data); then Krawczyk at the last point with its ∇L,
    // ∇²L (one pass over the data per Newton step, none extra for the test).
    const Rational tol(Integer(1), Integer(1) << (p / 4));
    std::vector<Interval> g, H, C;
    std::vector<Interval> step;
    for (int it = 0; it < 40; ++it) {
      gradient_hessian(data, X, theta, p, g, H);
      ++out.passes;
      C = inverse_mid(H, d, p);
      step = mat_vec(C, g, d, p);
      Rational len = 0;
      for (const Interval& v : step) len = std::max(len, abs_q(mid(v)));
      last_step = len;
      if (len < tol) break;
      const Rational cut = len > 1 ? Rational(1 / len) : Rational(1);
      for (std::uint32_t j = 0; j < d; ++j)  // rounded to p bits: θ₀'s exact bits stay bounded
        theta[j] = mid(Interval(Rational(theta[j] - mid(step[j]) * cut), p));
    }
    Rational rho = std::max(Rational(4 * max_abs(step)), Rational(Integer(1), Integer(1) << (p - 8)));
    for (int attempt = 0; attempt < 5; ++attempt, rho *= 8) {
      if (auto box = krawczyk(data, theta, g, H, W, C, rho, p)) {
        out.theta = std::move(*box);
        out.center = theta;
        out.prec = p;
        out.g = mids(g);
        out.H = mids(H);
        return out;
      }
      ++out.attempts;
    }
  }
  throw GlmUndecided("certified_mle: no Krawczyk box certified up to " + std::to_string(kGlmPrecisionCap) +
                     " bits (last Newton step " + to_string(last_step) + ")");
}

namespace internal {

void gradient_hessian_at(const GlmData& data, const std::vector<Rational>& theta, mpfr_prec_t prec,
                         std::vector<Interval>& g, std::vector<Interval>& H) {
  validate_mle_input(data, theta.size(), "gradient_hessian_at");
  gradient_hessian(data, contexts_at(data, prec), theta, prec, g, H);
}

}  // namespace internal

}  // namespace dpb::ref
