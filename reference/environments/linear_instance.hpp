// Linear contextual bandit instances of seed 001 (Chowdhury & Zhou, "Shuffle Private Linear Contextual Bandits",
// ICML 2022, arXiv:2202.05567, §6 / App. G; spec 001 §6.1), exact.
//
// An instance: dimension d >= 2, K >= 1 fixed arms with features x_a, a parameter θ*, all on the grid 2^−q
// (int64 numerators), and Bernoulli rewards of mean μ_a = ⟨x_a, θ*⟩ (an exact rational with denominator 4^q).
// The paper's generator (§6.1, after Vaswani et al. 2020): θ* and every x_a are (u, 1/√2) with u uniform on the
// sphere of radius 1/√2 in R^{d−1}, so ‖x‖ = ‖θ‖ = 1 and μ = ½(1 + ⟨u, v⟩) ∈ [0, 1]. Made exact here:
//   * u's direction from d − 1 exact rounded normals g_i = RoundedNormal(1, 32) (Karney's exact normal rounded to
//     the grid 2^−32; a zero vector is redrawn), and
//   * every coordinate rounded toward zero onto the grid 2^−q, decided in integers:
//     u_i = sign(g_i)·⌊√(g_i²·4^q/(2·Σg²))⌋·2^−q, and the last coordinate ⌊2^q/√2⌋·2^−q = ⌊√(2^(2q−1))⌋·2^−q,
//   so ‖x‖₂ ≤ 1 holds exactly (rounding toward zero only shrinks |coordinates|).
// Rounding can push a mean a hair below 0 (u = −v); an instance with a mean outside [0, 1] is redrawn whole and
// counted (`redraws`).
// Bits (normative): θ*'s d − 1 normals, then arm 0's, arm 1's, …, each a RoundedNormal(1, 32) draw, from one
// BitSource (the crosscheck's instance stream).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/environments/bandit_instance.hpp"
#include "reference/samplers/rounded_normal.hpp"

namespace dpb::ref {

struct LinearInstance {
  std::uint32_t d = 0, K = 0;
  unsigned q = 0;                     // grid 2^−q of θ* and the features
  std::vector<std::int64_t> theta;    // d numerators
  std::vector<std::int64_t> features; // K·d numerators, arm-major (arm a: [a·d, (a+1)·d))
  std::uint32_t redraws = 0;          // instances redrawn because a mean left [0, 1]

  std::vector<Rational> means() const;  // μ_a = ⟨x_a, θ*⟩
  Rational feature(std::uint32_t arm, std::uint32_t k) const;  // exact x_{a,k}
  // The Bernoulli bandit of the means (for reward tapes: arm a's n-th pull is the tape's (a, n)).
  BanditInstance bandit() const;
  std::string describe() const;
};

// Checks d >= 2, K in [1, 2^20], q in [1, 30], sizes, ‖θ*‖ <= 1 and ‖x_a‖ <= 1 exactly, means in [0, 1]
// (ParameterError naming `function` and the parameter: d, K, q, theta, features).
void validate(const LinearInstance& instance, std::string_view function);

namespace internal {
// ⌊√(g_i²·4^q/(2Σ g²))⌋ with g's sign: u's coordinates on the grid 2^−q, norm <= 1/√2.
std::vector<std::int64_t> sphere_point(const std::vector<Integer>& g, unsigned q);
std::int64_t inv_sqrt2_floor(unsigned q);  // ⌊2^q/√2⌋

// One feature point (u, last) of §6.1 appended to `out`: d − 1 exact rounded normals (redrawn while all are 0), put
// on the sphere of radius 1/√2 by sphere_point, then the last coordinate `last` = ⌊2^q/√2⌋.
template <class Normal, class Bits>
void append_feature_point(const Normal& normal, Bits& bits, std::uint32_t d, unsigned q, std::int64_t last,
                          std::vector<std::int64_t>& out) {
  std::vector<Integer> g(d - 1);
  for (;;) {
    bool nonzero = false;
    for (auto& x : g) {
      x = normal(bits);
      nonzero = nonzero || x != 0;
    }
    if (nonzero) break;
  }
  const std::vector<std::int64_t> u = sphere_point(g, q);
  out.insert(out.end(), u.begin(), u.end());
  out.push_back(last);
}
bool means_in_unit_interval(const LinearInstance& instance);
}  // namespace internal

// The paper's generator (§6.1), exact as described above. ParameterError naming seed001_instance for d < 2, K = 0,
// K > 2^20, q outside [1, 30].
template <BitSource Bits>
LinearInstance seed001_instance(std::uint32_t d, std::uint32_t K, unsigned q, Bits& bits) {
  if (d < 2) throw_parameter_error("seed001_instance", "d", ">= 2", std::to_string(d));
  if (K == 0) throw_parameter_error("seed001_instance", "K", ">= 1", "0");
  if (K > (1u << 20)) throw_parameter_error("seed001_instance", "K", "<= 2^20", std::to_string(K));
  if (q < 1 || q > 30) throw_parameter_error("seed001_instance", "q", "in [1, 30]", std::to_string(q));
  const RoundedNormal normal(Rational(1), Integer(32));
  const std::int64_t last = internal::inv_sqrt2_floor(q);
  auto point = [&](std::vector<std::int64_t>& out) { internal::append_feature_point(normal, bits, d, q, last, out); };
  LinearInstance inst;
  inst.d = d;
  inst.K = K;
  inst.q = q;
  for (;;) {
    inst.theta.clear();
    inst.features.clear();
    point(inst.theta);
    for (std::uint32_t a = 0; a < K; ++a) point(inst.features);
    if (internal::means_in_unit_interval(inst)) return inst;
    ++inst.redraws;
  }
}

// Time-varying, tape-driven contexts (issue 18, "Environments"): K fresh features per round and every arm's reward
// per round (all arms drawn, so the realized regret r_t[best] − r_t[a_t] is defined), recorded once and replayed by
// both builds. θ* and the features are §6.1's points; a fresh arm whose mean ⟨x, θ*⟩ leaves [0, 1] is redrawn and
// counted. Streams (normative): θ*, then round 1's arms 0..K−1, round 2's, … from ChaCha20Source(seed, stream)
// (RoundedNormal(1, 32) draws, as seed001_instance); the rewards of round t, arms 0..K−1 in order, Bernoulli(μ_{t,a})
// from ChaCha20Source(seed, stream + 1).
struct ContextTape {
  std::uint32_t d = 0, K = 0;
  unsigned q = 0;
  std::uint64_t T = 0;
  std::vector<std::int64_t> theta;     // d numerators on 2^−q
  std::vector<std::int64_t> features;  // T·K·d numerators, round-major, then arm-major
  std::vector<std::uint8_t> rewards;   // T·K, round-major
  std::uint64_t redraws = 0;

  std::span<const std::int64_t> round(std::uint64_t t) const {  // round t >= 1: K·d numerators
    return std::span<const std::int64_t>(features).subspan((t - 1) * K * d, std::size_t{K} * d);
  }
  std::uint8_t reward(std::uint64_t t, std::uint32_t a) const { return rewards[(t - 1) * K + a]; }
  Rational mean(std::uint64_t t, std::uint32_t a) const;  // ⟨x_{t,a}, θ*⟩
};

// ParameterError naming make_context_tape for d < 2, K = 0 or > 2^20, q outside [1, 30], T = 0 or > 2^24.
ContextTape make_context_tape(std::uint32_t d, std::uint32_t K, unsigned q, std::uint64_t T, std::uint64_t seed,
                              std::uint64_t stream);

}  // namespace dpb::ref
