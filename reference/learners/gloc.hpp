// GLOC (Jun, Bhargava, Nowak & Willett, "Scalable Generalized Linear Bandits: Online Computation and Hashing",
// NeurIPS 2017, arXiv:1706.00136, §2–3), the Generalized Linear Online-to-confidence-set Conversion run on the
// online Newton step, a non-private baseline of seed 003 (Sarmasarkar 2026, arXiv:2602.00417, Sec. 8, Table 2,
// Figure 1; spec 003 §7.1, §8). docs/learners.md "gloc" lists each equation and what is simplified.
//
// Notation. Jun et al.'s curvature constant (their κ, a lower bound of μ̇ on the domain) is written 1/κ here, κ being
// seed 003's κ ≥ 1/inf μ̇ (an upper bound); every formula below is Jun et al.'s with their κ replaced by 1/κ.
// λ = ε: V_t = λI + Σ_{s≤t} x_s x_sᵀ is both GLOC's design matrix (their V_t, regulariser λ) and ONS-GLM's A_t (their
// A_0 = εI). R is the reward noise's sub-Gaussian constant (R = 1 here, Bernoulli rewards).
//
// ONS-GLM (Jun et al., Alg. 2; its regret bound, Thm 3, in its data-dependent form):
//   θ_1 = 0;  g_t = (μ(⟨x_t, θ_t⟩) − y_t)·x_t;  V_t = V_{t−1} + x_t x_tᵀ;
//   θ'_{t+1} = θ_t − κ·V_t⁻¹ g_t;  θ_{t+1} = argmin_{‖θ‖₂ ≤ S} ‖θ − θ'_{t+1}‖_{V_t}     (the V_t-norm projection)
//   B_t = 2S²λ/κ + (κ/2)·Σ_{s≤t} ‖g_s‖²_{V_s⁻¹}
// GLOC (Jun et al., Alg. 1 and Thm 1, the online-to-confidence-set conversion):
//   z_s = ⟨x_s, θ_s⟩;  θ̂_t = V_t⁻¹ Σ_{s≤t} z_s x_s;
//   α(B) = 1 + 4κB + 8R²κ²·log((2/δ)·√(1 + 2κB + 4R⁴κ⁴/δ²));
//   β_t = α(B_t) + λS² − (‖z_{1:t}‖² − θ̂_tᵀ Σ_s z_s x_s)
//   x_t = argmax_{x ∈ X_t} ⟨x, θ̂_{t−1}⟩ + √β_{t−1}·‖x‖_{V_{t−1}⁻¹}   (max over the ellipsoid of ⟨x, θ⟩; μ is increasing)
// with ties to the lowest index; β⁺ = max(β, 0) (β < 0 would make the set empty; counted).
//
// Profiles. `paper`: the above with κ = 1/μ̇(S) (Jun et al.'s inf of μ̇ over ‖x‖ ≤ 1, ‖θ‖ ≤ S) and λ = 1.
// `baseline-code`: the constants of the GLOC code the seed-003 authors compare against (Sawarni et al.'s repository,
// gloc.py; docs/decisions.md "GLOC"): κ = the instance's κ (over its generated arms), λ = ε = d, R replaced by k_μ²
// (k_μ = sup μ̇) in α, β_t = α(B_t) only, and the index centred at the ONS iterate: μ(⟨x, θ_t⟩) + √β_{t−1}·‖x‖_{V_{t−1}⁻¹}.
// Both profiles use the V_t-norm projection (the baseline code rescales onto the sphere ‖θ‖ = S instead; not done).
// Default κ values are rounded up to 32 significant bits (a larger κ is a smaller curvature: Jun et al.'s analysis
// still holds); `kappa` given: used as is.
//
// Certified decisions. The ONS iterates are irrational (μ, and the projection's multiplier), so the reference keeps
// each θ_t as an exact dyadic centre c_t on the grid 2^−2p and a radius r_t with ‖θ_t − c_t‖_{V_{t−1}} ≤ r_t, where
// p is the working precision. One step maps the radius as
//   r' = r·√(1 + s_t)·max(1, κ·k_μ·s'_t − 1) + κ·e_μ·√s'_t,   s_t = ‖x_t‖²_{V_{t−1}⁻¹}, s'_t = ‖x_t‖²_{V_t⁻¹} = s_t/(1+s_t)
// (V_{t−1} → V_t costs √(1 + s_t); the step's Jacobian in the V_t-norm is I − κμ̇(ξ)·wwᵀ, ‖w‖² = s'_t, by the mean
// value theorem; e_μ bounds the enclosure of μ at the centre), the projection is non-expansive in the V_t-norm, and
// the computed projection's own error is bounded by a duality gap evaluated exactly in rationals: for z in the ball
// and any ν ≥ 0, ‖z − P(c')‖²_V ≤ ν(S² − ‖z‖²) + ‖V(z − c') + νz‖²/(λ + ν). From the radii follow enclosures of
// every z_s (|z_s − ⟨x_s, c_s⟩| ≤ r_s√s_s), of B_t, of θ̂_t's index term (‖Σ δz_s x_s‖_{V⁻¹} ≤ ‖δz‖₂) and of β_t.
// The argmax is decided when the candidate's lower bound exceeds every other arm's upper bound (arms equal to an
// earlier arm are skipped: ties to the lowest index); with no uncertainty and equal centres (the first rounds) it is
// decided exactly on ‖x‖²_{V⁻¹}. Otherwise the whole recursion is replayed at twice the precision, up to
// kGlmPrecisionCap bits, then GlmUndecided (loud).
//
// Rewards: round t of run r reads ChaCha20Source(seed, glm_reward_stream(r, t)) (docs/bits.md §8).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reference/environments/glm_instance.hpp"
#include "reference/learners/internal/bareiss.hpp"
#include "reference/learners/round_hook.hpp"

namespace dpb::ref {

enum class GlocProfile { paper, baseline_code };

std::string_view gloc_profile_name(GlocProfile profile);  // "paper", "baseline-code"
// ParameterError naming `profile` for anything else.
GlocProfile parse_gloc_profile(std::string_view name);

struct GlocParams {
  std::uint64_t T = 0;
  GlocProfile profile = GlocProfile::paper;
  std::optional<Rational> lambda;  // λ = ε > 0, a multiple of 4^−q; absent: 1 (paper), d (baseline-code)
  std::optional<Rational> kappa;   // κ ≥ 1/sup μ̇, ≤ 2^64; absent: per profile (above)
  Rational delta = Rational(1, 50);  // δ in (0, 1)
};

// ParameterError naming gloc: T in [1, 2^24], λ, κ, δ as above (κ's lower limit needs the link).
void validate_gloc(const GlocParams& params, Link link, unsigned q);

// The constants a run uses, resolved against an instance (validates; ParameterError naming gloc and `kappa` when
// a default κ exceeds 2^64, e.g. probit at large S).
struct GlocConstants {
  GlocProfile profile = GlocProfile::paper;
  Link link = Link::logistic;
  std::uint32_t d = 0;
  unsigned q = 0;
  Rational S, lambda, kappa, delta;
};
GlocConstants gloc_constants(const GlocParams& params, const GlmInstance& instance);

// The smallest dyadic with at most `bits` significant bits that is ≥ x > 0.
Rational round_up_significant(const Rational& x, unsigned bits);

struct GlocDecision {
  std::uint32_t action = 0;
  mpfr_prec_t prec = 0;      // the working precision that decided
  unsigned refinements = 0;  // precision doublings (replays) this decision needed
  bool exact = false;        // decided exactly on ‖x‖²_{V⁻¹} (no uncertainty, equal centres)
  bool beta_clamped = false; // β's enclosure reached below 0 (β⁺ used)
};

// The certified GLOC state: the history (contexts and rewards) and, at the working precision, the enclosures of the
// ONS recursion, advanced lazily. Both builds take their decisions through decide() (the optimized build when its
// bound cannot decide), so there is one definition of a decision.
class GlocCertifier {
 public:
  explicit GlocCertifier(GlocConstants constants);

  // Appends round n + 1's observation (x on 2^−q, reward y ∈ {0, 1}); nothing is computed yet.
  void add(std::span<const std::int64_t> x, int y);
  std::uint64_t rounds() const { return ys_.size(); }

  // The certified action for round rounds() + 1 on `arms` (K·d numerators on 2^−q).
  GlocDecision decide(std::span<const std::int64_t> arms, std::uint32_t K);

  // θ_{n+1} (n = rounds()) as its exact centre and a radius bounding ‖θ_{n+1} − centre‖_{V_n}, at the working
  // precision (after processing every added round).
  const std::vector<Rational>& center();
  const Rational& radius();
  // B_n and the sum of the enclosures' squared z-radii (for tests and reports).
  const Interval& regret_bound();
  mpfr_prec_t precision() const { return track_.prec; }
  std::uint64_t projections() const { return track_.projections; }  // projecting rounds in the current replay
  std::uint64_t replays() const { return replays_; }

  const GlocConstants& constants() const { return k_; }

  // The enclosures after processing every added round (the optimized build re-anchors on them after a deferral):
  // the centre c and V_n-norm radius r of θ_{n+1}, Σ_s rad(z_s)², Σ_s ⟨x_s, c_s⟩², Σ_s ⟨x_s, c_s⟩x_s and B_n.
  struct Snapshot {
    const std::vector<Rational>& c;
    const Rational& r;
    const Rational& rad2;
    const Rational& zz;
    const std::vector<Rational>& u;
    const Interval& B;
  };
  Snapshot snapshot();

 private:
  struct RoundData {           // exact, precision-independent, for round s
    std::vector<Rational> x;   // x_s
    Rational s;                // ‖x_s‖²_{V_{s−1}⁻¹}
    Rational s1;               // ‖x_s‖²_{V_s⁻¹}
    std::vector<Rational> w;   // V_s⁻¹ x_s
  };
  struct Track {               // the enclosures at precision prec after `rounds` rounds
    mpfr_prec_t prec = 0;
    std::uint64_t rounds = 0;
    std::vector<Integer> N;    // 4^q·V_rounds
    std::vector<Rational> c;   // centre of θ_{rounds+1}
    Rational r;                // its V_rounds-norm radius
    Rational rad2;             // Σ_s rad(z_s)²
    Rational zz;               // Σ_s ⟨x_s, c_s⟩²
    std::vector<Rational> u;   // Σ_s ⟨x_s, c_s⟩ x_s
    Interval B = Interval(64); // B_rounds
    std::uint64_t projections = 0;
  };

  void cache_through(std::uint64_t n);
  void reset_track(mpfr_prec_t prec);
  void process_pending();
  void step(const RoundData& rd, int y);
  std::optional<std::uint32_t> try_decide(std::span<const std::int64_t> arms, std::uint32_t K, GlocDecision& out);

  GlocConstants k_;
  std::vector<std::int64_t> xs_;
  std::vector<int> ys_;
  std::vector<RoundData> cache_;
  std::vector<Integer> N_cache_;       // 4^q·V after the cached rounds
  internal::BareissResult last_br_;    // its Bareiss elimination
  Rational kmu_up_;                    // an upper bound of k_μ = sup μ̇
  Track track_;
  std::uint64_t replays_ = 0;
};

struct GlocTrajectory {
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<mpfr_prec_t> prec;  // the precision of each round's decision
  std::uint64_t refinements = 0;  // replays at a higher precision
  std::uint64_t exact_decisions = 0, beta_clamped = 0, projections = 0;
  Rational kappa, lambda;         // the constants used
  Interval pseudo_regret;
};

// One run (run index `run` selects the reward streams) on `instance`.
GlocTrajectory gloc(const GlocParams& params, const GlmInstance& instance, std::uint64_t seed, std::uint64_t run,
                    RoundHook on_round = {});

}  // namespace dpb::ref
