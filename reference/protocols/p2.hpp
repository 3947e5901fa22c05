// P₂ = A₂∘S₂∘R₂, the matrix P_Vec of seed 003's ShuffleGLM (Sarmasarkar, "Shuffle and Joint Differential Privacy for
// Generalized Linear Contextual Bandits", 2026, arXiv:2602.00417, App. S, Algorithms 4–6 on the upper triangle;
// spec 003 §3.1 lines 5/15, §3.2; docs/protocol-003.md "P₂: the matrix P_Vec"). A thin named wrapper over seed 001's
// P_Vec (reference/protocols/p_vec.hpp) on the symmetric label set of dimension d (labels (i, j), i <= j, d(d+1)/2
// of them): the same randomizer R̃(w, r), the same analyzer (r/g)(Σ − p·b·n) − n·Δ, the same encoding option r
// (errata to issue 17: r = 2Δ, messages of g + b bits, is the default; r = Δ as printed needs 2g + b bits).
//
// What P₂ adds to P_Vec:
//  - the input is one symmetric d×d matrix per user, given by its upper triangle (row-major, LabelSet order), with
//    the clip enforced exactly at the randomizer's input: ‖X‖_F² = Σ_i x_ii² + 2 Σ_{i<j} x_ij² <= Δ² decided on
//    rationals, and a matrix above it is REFUSED (ParameterError naming P2::run, parameter X), never clipped: an
//    exact clip would scale by the irrational Δ/‖X‖_F. The caller (Alg. 1 line 15, Alg. 2's H leaf) floors its
//    weights to the grid so that ‖w·xxᵀ‖_F <= Δ holds (docs/decisions.md, seed 003 P₂).
//  - p = 1/4 always (Eq. 127).
//  - the output as the full symmetric matrix: o_(j,i) is a copy of o_(i,j) (Alg. 6 A₂), so it is exactly symmetric.
// Paths: the count path (NoisePath::Aggregate: per label Σ_i x̂ + Bin(n·b, ¼)), the per-user count path
// (NoisePath::PerUser, PVecShuffle::Counts) and the literal bit-multiset path (PerUser + Explicit: every message's
// g + b labelled bits, shuffled; at most 2^22 bits, so only with b overridden small).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "reference/protocols/p_vec.hpp"

namespace dpb::ref {

struct P2Params {
  std::uint32_t d = 1;  // 1 <= d <= 2^16
  Integer n{1};         // users in the call (B_k, or data points), >= 1
  Integer g{4}, b{0};   // Eq. 127 (calibration_003_p2.hpp), or overridden
  Rational delta{1};    // Δ: ‖X_i‖_F <= Δ (1 for batch 1, 1/κ* for batches >= 2)
  PVecRange range = PVecRange::TwoDelta;
  Integer message_bits{0};  // 0 = the range's default
};

// The P_Vec parameters of P₂ (labels symmetric_matrix(d), batch n, p = 1/4), validated (ParameterError naming
// P2 for d, then PVec for the rest; overflowing sizes are refused there: n·ℓ·d(d+1)/2 <= 2^63 − 1).
PVecParams p2_pvec_params(const P2Params& params);

// ‖X‖_F² of the symmetric d×d matrix with upper triangle `triu` (size d(d+1)/2, LabelSet order).
Rational p2_frobenius_squared(std::span<const Rational> triu, std::uint32_t d);

// The upper triangle of x xᵀ scaled by w (w·x_i·x_j, i <= j): Alg. 1's user matrix.
std::vector<Rational> p2_rank_one_triu(std::span<const Rational> x, const Rational& w);

// The d×d symmetric matrix (row-major) of a P_Vec output over symmetric_matrix(d): o_(j,i) = o_(i,j).
std::vector<Rational> p2_symmetric(const std::vector<Rational>& triu_output, std::uint32_t d);

struct P2Transcript {
  PVecTranscript vec;            // R₂'s messages, S₂'s bits (explicit path), the counts and A₂'s upper triangle
  std::vector<Rational> matrix;  // A₂'s d×d output, row-major, exactly symmetric
  bool operator==(const P2Transcript&) const = default;
};

class P2 {
 public:
  explicit P2(const P2Params& params, NoisePath path = NoisePath::Aggregate, PVecShuffle shuffle = PVecShuffle::Counts);

  const P2Params& params() const { return params_; }
  const PVec& vec() const { return vec_; }

  // Throws ParameterError (P2::run, parameter X) unless every row has d(d+1)/2 entries and ‖X_i‖_F <= Δ.
  void check_users(std::span<const std::vector<Rational>> triu_rows) const;

  // triu_rows: n users' upper triangles. The bits are exactly P_Vec's (docs/protocol-001.md).
  template <BitSource Bits>
  P2Transcript run(std::span<const std::vector<Rational>> triu_rows, Bits& bits) const {
    check_users(triu_rows);
    P2Transcript t;
    t.vec = vec_.run(triu_rows, bits);
    t.matrix = p2_symmetric(t.vec.output, params_.d);
    return t;
  }

 private:
  P2Params params_;
  PVec vec_;
};

}  // namespace dpb::ref
