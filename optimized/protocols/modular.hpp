// Arithmetic in Z_m on machine integers, optimized build of reference/protocols/modular.hpp.
//
// Range (checked by Protocol's constructor, proved in proofs/): 1 <= m <= 2^62 (ref::kMaxModulus), residues in
// [0, m). Then every expression below is free of overflow:
//   residue(x, m) = ((x % m) + m) % m   with x any int64: x % m ∈ (−m, m), so (x % m) + m ∈ (0, 2m) ⊂ int64
//                                       (proofs/000.residue-int64.smt2: equals x mod m);
//   add_mod(a, b, m): a + b < 2m <= 2^63, then one conditional subtraction (proofs/000.accumulate-bv64.smt2);
//   sub_mod(a, b, m): a − b if a >= b, else a + (m − b) < m (proofs/000.accumulate-bv64.smt2).
// A sum of n residues is accumulated with add_mod, one residue at a time, so no bound on n is needed.
#pragma once

#include <cstdint>
#include <span>

namespace dpb::fast {

// x mod m ∈ [0, m) for any int64 x and 1 <= m <= 2^62. C++ % truncates toward zero ([expr.mul]/4), so the raw
// x % m is negative for negative x; the second % maps (0, 2m) onto [0, m).
inline std::uint64_t residue(std::int64_t x, std::uint64_t m) {
  const auto mm = static_cast<std::int64_t>(m);
  return static_cast<std::uint64_t>(((x % mm) + mm) % mm);
}

// (a + b) mod m for a, b ∈ [0, m).
inline std::uint64_t add_mod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  const std::uint64_t s = a + b;
  return s >= m ? s - m : s;
}

// (a − b) mod m for a, b ∈ [0, m).
inline std::uint64_t sub_mod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return a >= b ? a - b : a + (m - b);
}

// (Σ y_i) mod m for y_i ∈ [0, m).
inline std::uint64_t modular_sum(std::span<const std::uint64_t> y, std::uint64_t m) {
  std::uint64_t acc = 0;
  for (std::uint64_t v : y) acc = add_mod(acc, v, m);
  return acc;
}

}  // namespace dpb::fast
