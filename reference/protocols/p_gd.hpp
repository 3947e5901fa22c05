// P_GD, the multi-round shuffle-private projected gradient descent of seed 003 (Sarmasarkar 2026, "Shuffle and
// Joint Differential Privacy for Generalized Linear Contextual Bandits", arXiv:2602.00417, App. T, Algorithm 7;
// after Cheu, Joseph, Mao, Peng 2021, arXiv:2107.11839, Lemma B.4); spec 003 §3.3, §6 G1–G3, §9 items 9–11, 29;
// docs/protocol-003.md "P_GD". Called by Alg. 1 (ShuffleGLM, Θ = the S-ball) and Alg. 2 (θ̂_o on the S-ball,
// θ̂_τ on the ellipsoid {‖θ − θ̂_o‖_V ≤ γ√κ}).
//
// Data: n users (r_i, x_i), x_i ∈ 2^−q·ℤ^d with ‖x_i‖₂ ≤ 1, r_i ∈ 2^−q·ℤ ∩ [0, R] (R ≥ 1: both links have μ ∈ (0, 1)).
// Per-user loss ℓ(θ; r, x) + (c/2)‖θ‖², c = λ_max/n (the caller's regulariser), gradient
//   G(θ; r, x) = (μ(⟨x,θ⟩) − r)·x + c·θ,  ‖G‖₂ ≤ R + c·sup_Θ‖θ‖ <= L  (checked: L >= R + c·B, B >= sup_Θ‖θ‖ certified),
// so every coordinate lies in [−L, L] = [−Δ, Δ] (P_Vec's label domain, Δ = L).
//
// One iteration t = 0, …, T_it − 1 at the grid point θ_t:
//   1. every user i, every coordinate k (user-major, then k): R₁'s scalar randomizer on w = G_k + L ∈ [0, 2L] with
//      P_Vec's encoding R̃(w, ρ) (ρ = 2Δ default or Δ, p = 1/4): s = w·g/ρ, x̄ = ⌊s⌋ (GLM floor_scaled), x̂ = x̄ +
//      Bernoulli(s − x̄) drawn by the GLM layer's chunk rule (bernoulli() of certified_real.hpp: 64-bit chunks, at
//      least one chunk per entry, also when s − x̄ is exact). The gradient entries are irrational in general; every
//      decision on them is certified (docs/protocol-003.md "GLM layer").
//   2. the analyzer's count path: per label k, C_k = Σ_i x̂_{i,k} + Bin(n·b, 1/4) (BinomialLarge, n·b <= 2^80),
//      o_k = pvec_analyze (P_Vec's A: (ρ/g)(C_k − n·b/4) − n·Δ), ḡ_k = o_k/n — all exact rationals.
//   3. y = θ_t − η·ḡ (exact), θ_{t+1} = grid_project(y) (below).
// Output θ̄ = (1/T_it)·Σ_{t<T_it} θ_t exactly (a convex combination of points of Θ: θ̄ ∈ Θ, G3). T_it = 0 returns θ₀
// and releases nothing (`released == false`).
//
// grid_project (the iterate rule; docs/protocol-003.md): Θ's centre c (0 for the ball, θ̂_o for the ellipsoid),
//   ball:      p = y if ‖y‖² <= S², else y·S/‖y‖; θ_j = sign(p_j)·⌊|p_j|·2^q⌋·2^−q, decided exactly on integers
//              (⌊|y_j|·S·2^q/‖y‖⌋ = ⌊√(y_j²S²4^q/‖y‖²)⌋ = floor_sqrt of a floor). Rounding toward 0 keeps ‖θ‖ <= ‖p‖.
//   ellipsoid: u = y − c; if uᵀVu <= ρ² then v = u, else v = (I + μ̄V)^{−1}u with μ̄ the least multiple of
//              2^−(q+16) with φ(μ̄) = v(μ̄)ᵀVv(μ̄) <= ρ² (φ decreases strictly; found by doubling, then bisection on
//              the integer numerator; every φ exact on rationals; past 2^(q+96) the call throws std::runtime_error).
//              v(μ̄) is feasible and within 2^−(q+16)·‖V‖·‖u‖ of the exact projection's v(μ*).
//              θ_j = c_j + sign(v_j)·⌊|v_j|·2^q⌋·2^−q (toward c).
//   then shrink: while θ ∉ Θ (exact: ‖θ‖² <= S², or (θ − c)ᵀV(θ − c) <= ρ²) move every non-zero coordinate of θ − c
//   one grid step toward 0 (counted; c ∈ Θ ends the loop). Every iterate is a grid point certified inside Θ.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/glm/certified_real.hpp"
#include "reference/glm/link.hpp"
#include "reference/protocols/p_vec.hpp"
#include "reference/samplers/binomial_large.hpp"

namespace dpb::ref {

enum class PgdDomainKind { Ball, Ellipsoid };
std::string_view pgd_domain_name(PgdDomainKind k);  // "ball", "ellipsoid"

// Θ: the ball {‖θ‖₂ <= S} or the ellipsoid {(θ − c)ᵀV(θ − c) <= radius2} (radius2 = γ²κ; V symmetric positive
// definite, c on the grid). Validated by PGd's constructor.
struct PgdDomain {
  PgdDomainKind kind = PgdDomainKind::Ball;
  Rational S{1};                          // ball radius
  std::vector<Rational> center;           // ellipsoid centre θ̂_o
  std::vector<std::vector<Rational>> V;   // ellipsoid matrix
  Rational radius2{1};                    // ellipsoid squared radius
  // Ellipsoid only, optional: Θ = ellipsoid ∩ {‖θ‖ <= intersect_S} (c must lie in that ball). The iterate rule is then
  // the ellipsoid's followed by the shrink toward c until inside both — a feasible point, not the Euclidean
  // projection onto the intersection (docs/protocol-003.md).
  std::optional<Rational> intersect_S;

  static PgdDomain ball(const Rational& S);
  static PgdDomain ellipsoid(std::vector<Rational> center, std::vector<std::vector<Rational>> V, Rational radius2);

  // Exact membership.
  bool contains(std::span<const Rational> theta) const;
  // Θ's centre: 0 (ball, d coordinates) or c.
  std::vector<Rational> centre(std::size_t d) const;
};

// A certified dyadic upper bound of sup_Θ‖θ‖₂ (grid 2^−32): S for the ball; for the ellipsoid a + ⌈ρ/√t⌉ where
// a >= ‖c‖ (⌈‖c‖·2^32⌉·2^−32 by floor_sqrt) and t = 2^−k·(largest numerator with V − tI ≻ 0, decided exactly by a
// rational LDLᵀ) — sup‖θ‖ = ‖c‖ + ρ/√λ_min(V) <= a + ρ/√t.
Rational pgd_theta_norm_bound(const PgdDomain& domain);
// Exact: is B >= sup_Θ‖θ‖₂ certified? (ball: B >= S; ellipsoid: B > a and V − (ρ²/(B − a)²)I ≻ 0.)
bool pgd_certify_theta_bound(const PgdDomain& domain, const Rational& B);
// Is the symmetric rational matrix positive definite (exact LDLᵀ: every pivot > 0)?
bool positive_definite(const std::vector<std::vector<Rational>>& M);

struct PgdDatum {
  Rational r;
  std::vector<Rational> x;
};

struct PgdParams {
  Link link = Link::logistic;
  unsigned q = 16;        // grid 2^−q of x, r and the iterates, 1 <= q <= 30
  Rational R{1};          // rewards in [0, R], R >= 1
  Rational reg{0};        // c = λ_max/n >= 0 (per-user regulariser (c/2)‖θ‖²)
  PgdDomain domain;
  Integer iterations{0};  // T_it >= 0
  Rational eta{0};        // step η > 0 (when T_it > 0)
  Rational L{1};          // Δ = L >= R + c·theta_bound
  Rational theta_bound{1};  // certified >= sup_Θ‖θ‖ (pgd_certify_theta_bound)
  Integer g{4}, b{0};     // P₁'s Eq. 127 parameters at (ε_step, δ_step)
  PVecRange range = PVecRange::TwoDelta;
};

// Faults for negative controls only (tests): skip the projection (round y onto the grid toward the centre and keep
// it), or skip the shrink loop.
struct PgdFaults {
  bool skip_projection = false;
  bool skip_shrink = false;
};

struct PgdResult {
  std::vector<Rational> theta_bar;                 // θ̄ (θ₀ when T_it = 0)
  std::vector<std::vector<Rational>> iterates;     // θ_0, …, θ_{T_it} (grid points)
  std::vector<std::vector<Integer>> counts;        // the release: per iteration, per coordinate C_k
  std::vector<std::vector<Rational>> gradients;    // ḡ_t (post-processing of the counts)
  bool released = false;                           // T_it > 0
  Integer roundings{0};                            // n·d·T_it randomized roundings
  std::uint64_t shrink_steps = 0;                  // grid steps taken by the shrink loop
  std::uint64_t projections = 0;                   // iterations where y was outside Θ
};

// One coordinate's scaled randomizer input s = ((μ(⟨x,θ⟩) − r)·x_k + c·θ_k + L)·g/ρ as a certified real (exact
// when the GLM gradient entry is exact). Shared with the optimized build's deferrals.
CertifiedReal pgd_scaled_entry(Link link, const Rational& z, const Rational& r, const Rational& xk, const Rational& reg,
                               const Rational& theta_k, const Rational& L, const Rational& scale);

class PGd {
 public:
  // Validates everything (ParameterError naming PGd and the parameter): q, R, reg, the domain (dimension d, V
  // symmetric positive definite, c on the grid and inside, radius2 > 0, S > 0 on the grid), T_it >= 0, η > 0,
  // theta_bound certified, L >= R + reg·theta_bound, g, b, n·b <= 2^80.
  PGd(PgdParams params, std::size_t n, std::size_t d, PgdFaults faults = {});

  const PgdParams& params() const { return params_; }
  std::size_t users() const { return n_; }
  std::size_t dim() const { return d_; }
  const PVecParams& analyzer_params() const { return pvec_; }
  const Rational& scale() const { return scale_; }  // g/ρ

  // θ₀ = Π_Θ(0): 0 for the ball, c for the ellipsoid.
  std::vector<Rational> theta0() const { return params_.domain.centre(d_); }

  // Checks the data (ParameterError naming PGd::run: n users, d coordinates, grid, ‖x‖ <= 1, r ∈ [0, R]).
  void check_data(std::span<const PgdDatum> data) const;

  // The iterate rule: y ↦ a grid point of Θ (projection, rounding toward the centre, shrink). Adds to *shrinks.
  std::vector<Rational> grid_project(std::span<const Rational> y, std::uint64_t* shrinks, bool* projected) const;
  // ḡ from the counts (the analyzer, then /n).
  std::vector<Rational> mean_gradient(std::span<const Integer> counts) const;

  template <BitSource Bits>
  PgdResult run(std::span<const PgdDatum> data, Bits& bits) const;

  // After the per-user roundings of one iteration (counts = Σ_i x̂): adds the noise, analyzes, steps.
  template <BitSource Bits>
  void finish_iteration(std::vector<Integer> counts, PgdResult& res, Bits& bits) const;
  // The same after the noise (counts = the released C_k): analyzes, steps, records.
  void advance(std::vector<Integer> counts, PgdResult& res) const;
  // θ̄ and the counters once the iterations are done (sum = Σ_{t<T_it} θ_t).
  void finish_run(const std::vector<Rational>& sum, PgdResult& res) const;
  // The largest x̂ a well-formed entry can give: ⌈2L·g/ρ⌉ (w ∈ [0, 2L]); a larger one is a logic error.
  const Integer& max_x_hat() const { return max_x_hat_; }

 private:
  PgdParams params_;
  std::size_t n_, d_;
  PgdFaults faults_;
  PVecParams pvec_;
  Rational scale_;
  Integer max_x_hat_;
  BinomialLarge noise_;
};

template <BitSource Bits>
void PGd::finish_iteration(std::vector<Integer> counts, PgdResult& res, Bits& bits) const {
  for (std::size_t k = 0; k < d_; ++k) counts[k] += noise_(bits);
  advance(std::move(counts), res);
}

template <BitSource Bits>
PgdResult PGd::run(std::span<const PgdDatum> data, Bits& bits) const {
  check_data(data);
  PgdResult res;
  res.iterates.push_back(theta0());
  const std::uint64_t T = params_.iterations == 0 ? 0 : to_uint64(params_.iterations);
  std::vector<Rational> sum(d_, Rational(0));
  for (std::uint64_t t = 0; t < T; ++t) {
    const std::vector<Rational>& theta = res.iterates.back();
    for (std::size_t k = 0; k < d_; ++k) sum[k] += theta[k];
    std::vector<Integer> counts(d_, Integer(0));
    for (const PgdDatum& u : data) {
      const Rational z = inner(u.x, theta);
      for (std::size_t k = 0; k < d_; ++k) {
        const CertifiedReal s =
            pgd_scaled_entry(params_.link, z, u.r, u.x[k], params_.reg, theta[k], params_.L, scale_);
        Integer xbar = floor_scaled(s, Rational(1));
        const CertifiedReal frac = s.is_exact() ? CertifiedReal(Rational(s.exact() - xbar))
                                                : CertifiedReal([s, xbar](mpfr_prec_t p) {
                                                    return s.enclose(p) - Interval(xbar, p);
                                                  });
        if (bernoulli(frac, bits)) xbar += 1;
        if (xbar < 0 || xbar > max_x_hat_)
          throw std::logic_error("PGd: randomized rounding outside [0, 2L g/rho]: " + to_string(xbar));
        counts[k] += xbar;
      }
    }
    finish_iteration(std::move(counts), res, bits);
  }
  finish_run(sum, res);
  return res;
}

}  // namespace dpb::ref
