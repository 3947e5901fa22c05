// Fraction-free (Bareiss) elimination of a symmetric integer matrix, for the exact linear learners of seed 001
// (reference/learners/shuffle_private_linucb.hpp). Forward phase (Bareiss 1968) on [N | I]: at step k every row
// i > k becomes (p_k·row_i − a_ik·row_k)/p_{k−1}, an exact division, and row k then holds (k+1)×(k+1) minors of
// [N | I]; the pivot p_k is N's leading principal minor of order k + 1. No pivoting: a symmetric N is positive
// definite iff every leading principal minor is > 0 (Sylvester), so positive definiteness is read off the exact
// pivots and elimination stops at the first pivot <= 0. Back substitution, fraction-free: [U | R] is an invertible
// row transform of [N | I], so U·N⁻¹ = R, and row i of adj(N) = det·N⁻¹ is (det·R_i − Σ_{j>i} U_ij·adj_j)/U_ii —
// an exact division, since adj(N) is an integer matrix. Integers stay the size of minors (O(d·bits)), never that
// of an updated inverse.
#pragma once

#include <cstddef>
#include <vector>

#include "reference/core/rational.hpp"

namespace dpb::ref::internal {

struct BareissResult {
  bool positive_definite = false;
  std::size_t failed_pivot = 0;  // the first k with minor_{k+1} <= 0 (when not positive definite)
  std::vector<Integer> pivots;   // the leading principal minors computed (all of them when positive definite)
  Integer det;                   // det(N) (when positive definite)
  std::vector<Integer> adj;      // adj(N), d×d row-major (when positive definite)
};

// N: d×d row-major, symmetric (not checked).
BareissResult bareiss_symmetric(const std::vector<Integer>& N, std::size_t d);

}  // namespace dpb::ref::internal
