// Generalized linear contextual bandit instances of seed 003 (Sarmasarkar 2026, "Shuffle and Joint Differential
// Privacy for Generalized Linear Contextual Bandits", arXiv:2602.00417, Sec. 8 and App. A; spec 003 §7.2), exact.
//
// An instance: a link (logistic or probit), dimension d, K arms per round, a parameter θ* with ‖θ*‖₂ ≤ S and `sets`
// arm sets of K contexts each, every coordinate on the dyadic grid 2^−q (int64 numerators) and every context in the
// closed unit ball, checked exactly. Round t ≥ 1 plays on arm set (t − 1) mod sets (the authors' `arms[t % T]`: their
// T arm sets are generated once and reused across trials and algorithms). z = ⟨x, θ*⟩ is an exact rational with
// denominator 4^q; the reward of x is Bernoulli(μ(z)) drawn exactly (reference/glm/link.hpp sample_reward).
//
// Two generators, both exact discretisations (docs/bits.md §8 is normative for their bits):
//   * `authors` (the released code's environment.py, spec 003 §7.2): θ* = S·u/‖u‖ with u uniform on the cube
//     [−1, 1]^d (normalised cube, not uniform on the sphere); here u_i = k_i/2^32, k_i uniform in [−2^32, 2^32];
//   * `sphere` (the paper's text, Sec. 8: "θ* sampled uniformly from a sphere of radius S"): u = d exact rounded
//     normals (RoundedNormal(1, 32)), so u/‖u‖ is uniform on the sphere before the grid rounding;
// in both, θ*_i = sign(u_i)·⌊√(u_i²·S²·4^q/‖u‖²)⌋·2^−q (rounding toward zero keeps ‖θ*‖ ≤ S exactly; a zero u is
// redrawn). Arms: uniform in the unit ball as the authors draw them (a Gaussian direction g, radius U^{1/d}); here
// g = d exact rounded normals (redrawn while all are 0), U = k/2^64 with k 64 fair bits, and
// x_i = sign(g_i)·⌊|g_i|·2^q·U^{1/d}/‖g‖⌋·2^−q computed in integers (an integer 2d-th root), so ‖x‖ ≤ U^{1/d} < 1
// exactly. (A rejection sampler on the cube's grid would accept with probability vol(B_d)/2^d: 2·10^−3 at d = 10.)
// i.i.d. contexts (setting M1) are arm sets drawn from one stream per run instead of one shared
// stream; the generator is the same.
//
// Sizes are chosen so that every z numerator fits int64 and the optimized build's Dyadic (|num| < 2^53):
// |Σ x_i θ_i|·4^q ≤ ‖x‖·‖θ‖·4^q ≤ S·4^q ≤ 2^6·2^40.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/bits/tape.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/glm/kappa.hpp"
#include "reference/glm/link.hpp"

namespace dpb::ref {

enum class GlmGenerator { authors, sphere };

std::string_view generator_name(GlmGenerator generator);
// "authors" or "sphere"; otherwise ParameterError naming `generator`.
GlmGenerator parse_glm_generator(std::string_view name);

// Limits (ParameterError naming the parameter outside them).
inline constexpr std::uint32_t kGlmMaxDim = 64;
inline constexpr std::uint32_t kGlmMaxArms = 1u << 16;
inline constexpr unsigned kGlmMaxGridBits = 20;
inline constexpr std::uint64_t kGlmMaxSets = std::uint64_t{1} << 24;
inline constexpr std::uint64_t kGlmMaxCoordinates = std::uint64_t{1} << 25;  // sets·K·d (256 MiB of numerators)
inline constexpr long kGlmMaxS = 64;

struct GlmInstanceParams {
  Link link = Link::logistic;
  GlmGenerator generator = GlmGenerator::authors;
  std::uint32_t d = 0, K = 0;
  unsigned q = 16;
  std::uint64_t sets = 0;  // number of arm sets (the authors: T)
  Rational S = Rational(1);
  std::uint64_t seed = 0, stream = 0;  // ChaCha20Source(seed, stream) draws θ* then every arm set
};

struct GlmInstance {
  Link link = Link::logistic;
  GlmGenerator generator = GlmGenerator::authors;
  std::uint32_t d = 0, K = 0;
  unsigned q = 0;
  std::uint64_t sets = 0;
  Rational S = Rational(1);
  std::uint64_t seed = 0, stream = 0;  // provenance (recorded in exports; not used by the runs)
  std::vector<std::int64_t> theta;     // d numerators on 2^−q
  std::vector<std::int64_t> arms;      // sets·K·d numerators, set-major, then arm-major
  std::vector<std::int64_t> z_num;     // sets·K values ⟨x, θ*⟩·4^q (exact; filled by finish())

  std::uint64_t set_of_round(std::uint64_t t) const { return (t - 1) % sets; }  // t ≥ 1
  std::span<const std::int64_t> arm(std::uint64_t set, std::uint32_t a) const {
    return std::span<const std::int64_t>(arms).subspan((set * K + a) * d, d);
  }
  Rational z(std::uint64_t set, std::uint32_t a) const;   // ⟨x, θ*⟩, exact
  std::vector<Rational> context(std::uint64_t set, std::uint32_t a) const;
  std::vector<Rational> theta_exact() const;
  // The best arm of a set: the lowest index of largest z (μ is increasing for both links).
  std::uint32_t best_arm(std::uint64_t set) const;
  // Recomputes z_num from theta and arms (after generation or import; validate() calls it).
  void finish();
  std::string describe() const;
};

// Checks every limit above, the sizes, S in (0, 64], ‖θ*‖₂ ≤ S and every ‖x‖₂ ≤ 1 exactly, then fills z_num.
// ParameterError naming `function` and the parameter (d, K, q, sets, S, theta, arms).
void validate(GlmInstance& instance, std::string_view function);

namespace internal {
// The pieces the optimized generator shares (optimized/environments/glm_instance.hpp): the limits check, θ*'s
// draw (the first bits of the stream), and one arm coordinate from its normal g, ‖g‖² and the 64 bits k.
void check_glm_params(const GlmInstanceParams& params, std::string_view function);
std::vector<std::int64_t> draw_glm_theta(const GlmInstanceParams& params, ChaCha20Source& bits);
// The same draw from a recorded tape (tests script the bits: the authors' 34-bit rejection at its top value).
std::vector<std::int64_t> draw_glm_theta(const GlmInstanceParams& params, TapeSource& bits);
std::int64_t ball_coordinate(const Integer& g, const Integer& norm2, std::uint64_t k, unsigned q, unsigned d);
}  // namespace internal

// The generators described above; ParameterError naming make_glm_instance for a parameter outside the limits.
GlmInstance make_glm_instance(const GlmInstanceParams& params);

// κ = max 1/μ̇(z) and κ* = 1/max μ̇(z) over every arm of every set (Eq. 3–4 for M2; the authors compute them over
// all generated arms, spec 003 §7.2), certified: μ̇ is even and decreasing in |z|, so the extremes are found on
// the exact z_num and only 1/μ̇ is enclosed (reference/glm/kappa.hpp).
KappaEnclosure glm_instance_kappa(const GlmInstance& instance, mpfr_prec_t prec);

// The reward streams of a run (normative, docs/bits.md §8): round t ≥ 1 of run r draws its reward from
// ChaCha20Source(seed, glm_reward_stream(r, t)) = 2^40·(r + 1) + t, so every learner of a run sees the same
// uniform U_t at round t (common random numbers) and the reward is 1{U_t < μ(z_{t, a_t})}. Streams below 2^40 are
// the instances' (per-run i.i.d. instances: glm_instance_stream(r) = 2^40·(r + 1)). t < 2^39, r < 2^23.
std::uint64_t glm_reward_stream(std::uint64_t run, std::uint64_t t);
std::uint64_t glm_instance_stream(std::uint64_t run);

// The reward of arm a of set `set` (exact Bernoulli(μ(z)), the bits of reference/glm/link.hpp sample_reward).
template <BitSource B>
int glm_reward(const GlmInstance& instance, std::uint64_t set, std::uint32_t a, B& bits) {
  return sample_reward(instance.link, instance.z(set, a), bits);
}

// Cumulative pseudo-regret Σ_t μ(z*_t) − μ(z_{t, a_t}) of the actions a_1, a_2, … (rounds 1, 2, …), certified:
// a round whose arm has the best z contributes exactly 0, every other round an enclosure at `prec` bits.
Interval glm_pseudo_regret(const GlmInstance& instance, std::span<const std::uint32_t> actions, mpfr_prec_t prec);

}  // namespace dpb::ref
