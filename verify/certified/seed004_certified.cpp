#include "verify/certified/seed004_certified.hpp"

#include <optional>
#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/learners/dp_se_epoch.hpp"
#include "verify/certified/common.hpp"

namespace dpb::verify::certified {

namespace {

constexpr mpfr_prec_t kPrec = 256;

Interval ln_term(std::uint64_t c, std::uint64_t S, std::uint32_t e, const Rational& beta) {
  return Interval(Rational(Integer(c) * S * e * e) / beta, kPrec).log();
}

}  // namespace

Outcome check_dp_se_constants(const EpochLengthFunction& R_of, bool full) {
  std::vector<std::string> problems;
  std::uint64_t cases = 0;
  std::vector<Rational> epsilons{Rational(1, 20), Rational(1, 10), Rational(1, 4), Rational(1, 2)};
  if (full) epsilons.insert(epsilons.end(), {Rational(1, 100), Rational(1), Rational(2)});
  for (const Rational& beta : {Rational(3, 10), Rational(1, 2), Rational(4, 5)})
    for (const Rational& eps : epsilons)
      for (std::uint64_t S = 1; S <= 10; ++S)
        for (std::uint32_t e = 1; e <= 30; ++e) {
          ++cases;
          const Integer R = R_of(S, e, beta, eps);
          const Rational gap(1, Integer(1) << e);  // Δ_e = 2^−e
          // h = √(ln(8|S|e²/β)/(2R)), c = ln(4|S|e²/β)/(εR).
          const Interval h = ln_term(8, S, e, beta).div(Rational(2 * R)).sqrt();
          const Interval c = ln_term(4, S, e, beta).div(eps * Rational(R));
          const std::string at = "β = " + dpb::to_string(beta) + ", ε = " + dpb::to_string(eps) +
                                 ", |S| = " + std::to_string(S) + ", e = " + std::to_string(e);
          if (!h.certainly_less(gap / 8)) problems.push_back(at + ": h_e > 2^−e/8 not excluded");
          if (!c.certainly_less(gap / 8)) problems.push_back(at + ": c_e > 2^−e/8 not excluded");
          if (!(h + c).mul(Rational(2)).certainly_less(gap / 2)) problems.push_back(at + ": 2(h + c) > 2^−e−1");
        }
  // Σ_{e>=1} 1/e² <= 1 + 1/4 + Σ_{e>=3} 1/(e(e−1)) = 7/4, so Σ_e β/(2e²) <= 7β/8 < β (exact rationals).
  const Rational partial = Rational(1) + Rational(1, 4) + Rational(1, 2);
  if (!(partial / 2 < 1)) problems.push_back("union bound");
  Outcome o;
  o.verdict = problems.empty() ? Verdict::holds : Verdict::violated;
  o.key_figure = std::to_string(cases) + " (β, ε, |S|, e) cases, " + std::to_string(problems.size()) + " failures";
  o.evidence["cases"] = cases;
  o.evidence["union_bound"] = "Σ β/(2e²) <= 7β/8";
  if (problems.size() > 20) problems.resize(20);
  o.evidence["failures"] = problems;
  return o;
}

Outcome check_se_confidence(const Rational& radius_factor, bool full) {
  std::vector<std::string> problems;
  std::uint64_t cases = 0;
  std::vector<std::uint64_t> ts;
  for (std::uint64_t t = 1; t <= (full ? 2000U : 100U); ++t) ts.push_back(t);
  if (!full) ts.insert(ts.end(), {250, 500, 1000, 2000});
  constexpr std::uint32_t K = 10;
  Rational worst_ratio(0);
  std::string worst;
  for (const Rational& beta : {Rational(1, 2), Rational(1, 4)})
    for (const Rational& mu : {Rational(7, 10), Rational(1, 2), Rational(3, 10), Rational(1, 10)})
      for (std::uint64_t t : ts) {
        ++cases;
        // Tail: the k with (k − μt)² > (factor·α(t)·t)² = factor²·t·ln(cKt²/β) (irrational: never equal).
        const Interval L = Interval(Rational(Integer(K) * t * t) / beta, kPrec).log();
        const Interval radius2 = L.mul(Rational(Integer(t)) * radius_factor * radius_factor);
        const Interval odds = Interval(mu / (1 - mu), kPrec);
        Interval pmf = Interval(1 - mu, kPrec).pow(t);  // P[k = 0]
        Interval tail(Rational(0), kPrec);
        bool undecided = false;
        for (std::uint64_t k = 0; k <= t; ++k) {
          if (k > 0) pmf = pmf * odds.mul(Rational(Integer(t - k + 1), Integer(k)));
          const Rational d = Rational(Integer(k)) - mu * Rational(Integer(t));
          const Rational d2 = d * d;
          if (radius2.certainly_less(d2))
            tail += pmf;
          else if (!radius2.certainly_greater(d2))
            undecided = true;
        }
        const Rational bound = 2 * beta / Rational(Integer(K) * t * t);
        const std::string at = "β = " + dpb::to_string(beta) + ", μ = " + dpb::to_string(mu) + ", t = " + std::to_string(t);
        if (undecided) problems.push_back(at + ": a tail boundary not decided at 256 bits");
        if (!tail.certainly_less(bound) && !(tail.upper() == 0)) problems.push_back(at + ": tail > 2β/(cKt²)");
        const Rational ratio = tail.upper() / bound;
        if (ratio > worst_ratio) {
          worst_ratio = ratio;
          worst = at;
        }
      }
  Outcome o;
  o.verdict = problems.empty() ? Verdict::holds : Verdict::violated;
  o.key_figure = std::to_string(cases) + " (β, μ, t) cases, worst tail/bound " +
                 upper_text(Interval(worst_ratio, 64)) + ", " + std::to_string(problems.size()) + " failures";
  o.evidence["cases"] = cases;
  o.evidence["worst_ratio_upper"] = upper_text(Interval(worst_ratio, 64));
  o.evidence["worst_case"] = worst;
  o.evidence["radius_factor"] = dpb::to_string(radius_factor);
  if (problems.size() > 20) problems.resize(20);
  o.evidence["failures"] = problems;
  return o;
}

namespace {

Integer choose(std::uint32_t n, std::uint32_t k) {
  Integer r = 1;
  for (std::uint32_t i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

Integer factorial(std::uint32_t n) {
  Integer r = 1;
  for (std::uint32_t i = 2; i <= n; ++i) r *= i;
  return r;
}

Rational rpow(const Rational& x, std::uint32_t k) {
  Rational r(1);
  for (std::uint32_t i = 0; i < k; ++i) r *= x;
  return r;
}

// P(Bin(n, p) <= k), P(Bin(n, p) >= k): direct sums.
Rational binomial_at_most(std::uint32_t k, std::uint32_t n, const Rational& p) {
  Rational s(0);
  for (std::uint32_t j = 0; j <= std::min(k, n); ++j) s += Rational(choose(n, j)) * rpow(p, j) * rpow(1 - p, n - j);
  return s;
}
Rational binomial_at_least(std::uint32_t k, std::uint32_t n, const Rational& p) {
  Rational s(0);
  for (std::uint32_t j = k; j <= n; ++j) s += Rational(choose(n, j)) * rpow(p, j) * rpow(1 - p, n - j);
  return s;
}

}  // namespace

Rational incomplete_beta(const Rational& x, std::uint32_t a, std::uint32_t b) {
  Rational integral(0);
  for (std::uint32_t j = 0; j < b; ++j) {
    const Rational term = Rational(choose(b - 1, j)) * rpow(x, a + j) / Rational(Integer(a + j));
    integral += (j % 2 == 0) ? term : Rational(-term);
  }
  const Rational beta(Integer(factorial(a - 1) * factorial(b - 1)), factorial(a + b - 1));
  return integral / beta;
}

Interval regularized_gamma_q(std::uint32_t s, const Rational& lambda) {
  mpfr_t x_dn, x_up, lo, hi, a;
  for (mpfr_ptr v : {&x_dn[0], &x_up[0], &lo[0], &hi[0], &a[0]}) mpfr_init2(v, kPrec);
  mpfr_set_ui(a, s, MPFR_RNDN);  // exact
  mpfr_set_q(x_dn, lambda.backend().data(), MPFR_RNDD);
  mpfr_set_q(x_up, lambda.backend().data(), MPFR_RNDU);
  mpfr_gamma_inc(lo, a, x_up, MPFR_RNDD);  // Γ(s, ·) is decreasing: the lower bound at the larger argument
  mpfr_gamma_inc(hi, a, x_dn, MPFR_RNDU);
  Interval G(kPrec);
  mpfi_interv_fr(G.get(), lo, hi);
  for (mpfr_ptr v : {&x_dn[0], &x_up[0], &lo[0], &hi[0], &a[0]}) mpfr_clear(v);
  Integer f = 1;
  for (std::uint32_t j = 2; j < s; ++j) f *= j;
  return G.div(Rational(f));
}

Outcome check_identities(const IncompleteBetaFunction& I, const Rational& expanded_factor, bool full,
                         const GammaQFunction& Q) {
  std::vector<std::string> problems;
  std::uint64_t cases = 0;
  // V4.
  for (const Rational& xi : {Rational(0), Rational(1, 20), Rational(1, 10), Rational(1, 5), Rational(1, 2)})
    for (std::uint32_t M = 1; M <= (full ? 30U : 12U); ++M)
      for (std::uint32_t a = 0; a <= (full ? 20U : 8U); ++a) {
        ++cases;
        const Rational lhs = 1 - I(xi, a + 1, M);
        const std::string at = "V4 ξ = " + dpb::to_string(xi) + ", M = " + std::to_string(M) + ", α = " + std::to_string(a);
        if (lhs != binomial_at_least(M, M + a, 1 - xi)) problems.push_back(at + ": ≠ P(Bin(M+α, 1−ξ) ≥ M)");
        if (lhs != binomial_at_most(a, M + a, xi)) problems.push_back(at + ": ≠ P(Bin(M+α, ξ) ≤ α)");
        if (a == 0 && lhs != rpow(1 - xi, M)) problems.push_back(at + ": ≠ (1−ξ)^M");
      }
  // V5.
  for (const Rational& p : {Rational(1, 10), Rational(3, 10), Rational(1, 2), Rational(7, 10)})
    for (std::uint32_t T = 1; T <= (full ? 60U : 24U); ++T)
      for (std::uint32_t k = 0; k < T; ++k) {
        ++cases;
        if (binomial_at_most(k, T, p) != I(1 - p, T - k, k + 1))
          problems.push_back("V5 p = " + dpb::to_string(p) + ", T = " + std::to_string(T) + ", k = " + std::to_string(k));
      }
  // V8.
  for (const Rational& p : {Rational(1, 64), Rational(1, 16), Rational(1, 4), Rational(1, 2)})
    for (const Rational& delta : {Rational(1, 20), Rational(1, 4)})
      for (std::uint64_t T0 : {100, 1733, 10000}) {
        ++cases;
        const Interval L = Interval(1 / delta, kPrec).log();
        const Interval half = L.div(Rational(2));
        const Interval root = half.sqrt() + (half + Interval(Rational(4 * p * T0), kPrec)).sqrt();
        const Interval Tstar = (root * root).div(4 * p * p);
        const Interval f = Tstar.mul(p) - (Tstar * half).sqrt() - Interval(Rational(Integer(T0)), kPrec);
        const Interval expanded =
            Interval(Rational(Integer(T0)) / p, kPrec) +
            (L + (L * L + (L.mul(expanded_factor * p * T0))).sqrt()).div(4 * p * p);
        const std::string at = "V8 p = " + dpb::to_string(p) + ", δ = " + dpb::to_string(delta) + ", T(η) = " + std::to_string(T0);
        if (!f.contains(Rational(0)) || f.width() > Rational(1, Integer(1) << 160)) problems.push_back(at + ": f(T*) ≠ 0");
        if (!Tstar.overlaps(expanded) || (Tstar - expanded).width() > Rational(1, Integer(1) << 160))
          problems.push_back(at + ": the expanded form differs");
      }
  // V6.
  const std::vector<Rational> lambdas{Rational(1, 10), Rational(1, 2), Rational(1), Rational(3), Rational(10),
                                      Rational(25)};
  for (std::uint32_t s = 1; s <= (full ? 60U : 20U); ++s) {
    std::optional<Interval> previous;
    for (const Rational& lambda : lambdas) {
      ++cases;
      const std::string at = "V6 s = " + std::to_string(s) + ", λ = " + dpb::to_string(lambda);
      Interval sum(Rational(0), kPrec), term(Rational(1), kPrec);  // Σ_{j<s} λ^j/j!
      for (std::uint32_t j = 0; j < s; ++j) {
        if (j > 0) term = term.mul(lambda / j);
        sum += term;
      }
      const Interval poisson_tail = Interval(Rational(1), kPrec) - Interval(-lambda, kPrec).exp() * sum;
      const Interval q = Q(s, lambda);
      const Interval other = Interval(Rational(1), kPrec) - q;
      if (!poisson_tail.overlaps(other) || (poisson_tail - other).width() > Rational(1, Integer(1) << 160))
        problems.push_back(at + ": P(Poisson(λ) >= s) ≠ 1 − Q(s, λ)");
      if (previous && !q.certainly_less(previous->lower()))
        problems.push_back(at + ": Q(s, ·) not decreasing");
      previous = q;
    }
  }
  Outcome o;
  o.verdict = problems.empty() ? Verdict::holds : Verdict::violated;
  o.key_figure = std::to_string(cases) + " cases (V4, V5 exact; V6, V8 certified), " + std::to_string(problems.size()) +
                 " failures";
  o.evidence["cases"] = cases;
  if (problems.size() > 20) problems.resize(20);
  o.evidence["failures"] = problems;
  return o;
}

}  // namespace dpb::verify::certified
