// Arithmetic in Z_m for the protocol of seed 000: the non-negative remainder and the modular sum.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), Algorithm 1 (R: y_i = (x̂_i + η_i) mod m; S: ŷ = (Σ y_i) mod m),
// where "x mod m ∈ {0,…,m−1} always, including for negative x". Claim 000.decode relies on it;
// proofs/000.residue-int64.smt2 proves the optimized build's ((x % m) + m) % m equal to this.
#pragma once

#include <span>

#include "reference/core/rational.hpp"

namespace dpb::ref {

// x mod m ∈ {0, …, m − 1} for m >= 1 (floor-division remainder; never the sign of x).
inline Integer residue(const Integer& x, const Integer& m) {
  Integer r = x % m;  // truncating remainder (sign of x), as in C++
  if (r < 0) r += m;
  return r;
}

// (Σ_i y_i) mod m: the output of a perfect secure aggregation (the SecAgg black box of §3).
inline Integer modular_sum(std::span<const Integer> y, const Integer& m) {
  Integer s = 0;
  for (const Integer& v : y) s += v;
  return residue(s, m);
}

}  // namespace dpb::ref
