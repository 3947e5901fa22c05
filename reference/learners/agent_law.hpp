// The agent law P^γ_N of seed 004 (spec §5, App. C.4): P(n) ∝ (n + 1 + α)^−γ for agents n = 0..N−1 (0-based ids,
// α = the agent offset >= 0, γ ∈ (0, 1); errata issue 15), sampled exactly by inversion of a lazily read uniform.
//
// U ∈ [0, 1) is the binary fraction of the stream read 64 bits at a time; after c chunks U lies in
// I_c = [u/2^{64c}, (u+1)/2^{64c}). The draw is the unique k with I_c ⊂ [F(k−1), F(k)) (F(−1) = 0, F(N−1) = 1);
// while some F(k) lies inside I_c another chunk is read (the rule of reference/samplers/internal/cdf_inversion.hpp).
// F(k) = Σ_{i<=k} w_i / Σ_i w_i is compared with the dyadic ends by certified MPFI enclosures refined until they
// decide; F(N−1) = 1 is compared exactly. When 1024 bits do not decide, F(k) is tested for rationality (exactly:
// rational_cdf) and, if rational, compared exactly (errata, issue 15) — e.g. N = 2, γ = 1/2, α = 17/32 gives
// F(0) = 9/16, a chunk boundary. An irrational F(k) differs from every dyadic end, so refinement decides it; if it
// reaches kMaxPrecision the draw throws naming the comparison (never observed; docs/learners.md § multi-agent).
//
// The optimized build reads ⌊F(k)·2^64⌋ (floor_cdf_scaled) into a table and decides the first chunk alone unless
// F(k−1)·2^64 lies in [u, u + 1), where it defers to continue_draw with the chunk it read.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

class PowerAgentLaw {
 public:
  // N >= 1, γ ∈ (0, 1), α >= 0 (validated by configure_multi_agent).
  PowerAgentLaw(std::uint32_t N, Rational gamma, Rational offset);

  std::uint32_t agents() const { return N_; }
  // The unique k with I_c ⊂ [F(k−1), F(k)), or nullopt when some F(k) lies inside I_c.
  std::optional<std::uint32_t> decide(const Integer& u, unsigned chunks);

  template <BitSource B>
  std::uint32_t draw(B& bits) {
    return continue_draw(bits.next_bits(64), bits);
  }
  template <BitSource B>
  std::uint32_t continue_draw(std::uint64_t first_chunk, B& bits) {
    Integer u = first_chunk;
    for (unsigned c = 1;; ++c) {
      if (auto k = decide(u, c)) return *k;
      u <<= 64;
      u += bits.next_bits(64);
    }
  }

  // ⌊F(k)·2^64⌋ for k < N − 1, certified.
  std::uint64_t floor_cdf_scaled(std::uint32_t k);
  // F(k) when it is rational (errata, issue 15: then compared exactly), else nullopt; exact, by the classes of
  // commensurable weights (agent_law.cpp). F(N−1) = 1.
  std::optional<Rational> rational_cdf(std::uint32_t k) const;
  // F(k) enclosed at `prec` bits (k < N).
  Interval cdf(std::uint32_t k, mpfr_prec_t prec) const;

 private:
  int compare(std::uint32_t k, const Rational& x);  // sign of F(k) − x, certified (x ∈ [0, 1])
  std::uint32_t N_;
  Rational gamma_, offset_;
  std::vector<Interval> table_;  // F(k) at 128 bits
  std::map<std::uint32_t, std::optional<Rational>> rational_cdf_;  // rational_cdf(k), once asked
};

}  // namespace dpb::ref
