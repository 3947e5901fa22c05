#include "reference/glm/mle.hpp"

#include "reference/core/errors.hpp"
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
  const Interval one(1L, prec);
  for (std::size_t s = 0; s < data.n(); ++s) {
    const Interval m = mu_enclosure(data.link, z[s], prec);
    const Interval resid = m - Interval(static_cast<long>(data.r[s]), prec);
    const Interval w = data.link == Link::logistic ? m * (one - m) : mu_dot_enclosure(data.link, z[s], prec);
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

}  // namespace

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
  constexpr const char* fn = "certified_mle";
  if (data.d == 0) throw_parameter_error(fn, "d", ">= 1", "0");
  if (data.x.size() != data.n() * data.d)
    throw_parameter_error(fn, "x", "n·d values", std::to_string(data.x.size()));
  if (start.size() != data.d) throw_parameter_error(fn, "start", "d values", std::to_string(start.size()));
  if (data.lambda <= 0) throw_parameter_error(fn, "lambda", "> 0", to_string(data.lambda));
  const std::uint32_t d = data.d;
  // W_jk = Σ_s ‖f_s‖₁·|f_sj f_sk| (integers; the Hessian's spread over the box, over 2^{3q}).
  std::vector<Integer> W(std::size_t{d} * d, Integer(0));
  for (std::size_t s = 0; s < data.n(); ++s) {
    std::int64_t l1 = 0;
    for (std::uint32_t j = 0; j < d; ++j) l1 += data.x[s * d + j] < 0 ? -data.x[s * d + j] : data.x[s * d + j];
    for (std::uint32_t j = 0; j < d; ++j)
      for (std::uint32_t k = 0; k < d; ++k) {
        const std::int64_t a = data.x[s * d + j], b = data.x[s * d + k];
        W[j * d + k] += Integer(l1) * (a < 0 ? -a : a) * (b < 0 ? -b : b);
      }
  }
  MleBox out;
  Rational last_step = 1;
  std::vector<Rational> theta = start;
  for (mpfr_prec_t p = std::max<mpfr_prec_t>(prec, kGlmStartPrecision); p <= kGlmPrecisionCap; p *= 2) {
    for (std::uint32_t j = 0; j < d; ++j) theta[j] = mid(Interval(theta[j], p));  // dyadic, ≤ p + 1 bits
    std::vector<Interval> X;  // the contexts as intervals at p bits (exact: numerators ≤ 2^20 on 2^−q)
    X.reserve(data.x.size());
    for (std::int64_t f : data.x) X.emplace_back(Rational(Integer(f), Integer(1) << data.q), p);
    // Newton on midpoints until the step is below 2^−(p/4) (at most 40 steps; a step longer than 1 is cut to
    // 1, which keeps the iteration from overshooting on few data); then Krawczyk at the last point with its ∇L,
    // ∇²L (one pass over the data per Newton step, none extra for the test).
    const Rational tol(Integer(1), Integer(1) << (p / 4));
    std::vector<Interval> g, H, C;
    std::vector<Interval> step;
    for (int it = 0; it < 40; ++it) {
      gradient_hessian(data, X, theta, p, g, H);
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
        return out;
      }
      ++out.attempts;
    }
  }
  throw GlmUndecided("certified_mle: no Krawczyk box certified up to " + std::to_string(kGlmPrecisionCap) +
                     " bits (last Newton step " + to_string(last_step) + ")");
}

}  // namespace dpb::ref
