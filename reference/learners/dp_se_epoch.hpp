// One epoch of DP-SE (Sajed & Sheffet 2019), factored out so that the single-agent learner
// (dp_successive_elimination) and DP-MASE's local routine (mase.hpp, seed 004 Alg. 2 + App. B.1 Alg. 4) run the same
// code: the epoch length R(e) (certified floor), the noisy release q·Σk + Lap_Z(G·q/ε) of an arm's epoch sum, and
// the elimination test μ̃_max − μ̃_i > 2(h_e + c_e) (or the HalfGap rule), decided with certified intervals.
//
//   R(e) = 1 + ⌊max{32·ln(8|S|e²/β)/Δ_e², 8·ln(4|S|e²/β)/(ε·Δ_e)}⌋, Δ_e = 2^{−e}
//   h_e  = √(ln(8|S|e²/β)/(2R(e))),  c_e = ln(4|S|e²/β)/(ε R(e))
//
// |S| is the size frozen for the epoch (seed 004 §4.7 item 3); the threshold is irrational (a transcendental
// logarithm under a square root, plus another), so "> " and ">=" agree and the refinement ends.
#pragma once

#include <cstdint>
#include <functional>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/learners/internal/certified.hpp"

namespace dpb::ref {

enum class EliminationRule { ConfidenceWidths, HalfGap };

// R_e for |S| = active arms, exactly (certified floor).
Integer dp_se_epoch_length(std::uint64_t active, std::uint32_t e, const Rational& beta, const Rational& eps);

class DpSeEpoch {
 public:
  // active = |S| frozen for the epoch (>= 1), e >= 1, β ∈ (0, 1), ε > 0 (validated by the callers).
  DpSeEpoch(std::uint64_t active, std::uint32_t e, Rational beta, Rational eps, EliminationRule rule);

  std::uint64_t active() const { return active_; }
  std::uint32_t epoch() const { return e_; }
  const Integer& length() const { return R_; }  // R(e)

  // threshold − d enclosed at `prec` (negative: eliminate), d = μ̃_max − μ̃_i >= 0.
  Interval margin(const Rational& d, mpfr_prec_t prec) const;
  // true when an arm whose noisy mean is d below the top one is kept. `what` names the decision in errors.
  bool keeps(const Rational& d, const std::string& what) const;

 private:
  std::uint64_t active_;
  std::uint32_t e_;
  Rational beta_, eps_;
  EliminationRule rule_;
  Integer R_;
};

}  // namespace dpb::ref
