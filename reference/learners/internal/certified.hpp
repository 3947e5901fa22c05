// Certified decisions for the reference learners: comparisons of expressions with √ and log decided exactly.
//
// Method: enclose the real numbers in MPFI intervals at 64 bits, and double the precision until the comparison is
// certain. Two kinds of ties are settled exactly instead of by refinement (which would never end on a tie):
//  * UCB indices q + u·√L + v·L with L = ln t or log₂ t (LogIndex): when L is transcendental (ln t for t >= 2 by
//    Lindemann–Weierstrass; log₂ t for t not a power of two by Gelfond–Schneider, since log₂ t is then irrational,
//    and √L is transcendental with it), two indices are equal iff their coefficients (q, u, v) are equal, because
//    a nonzero polynomial in √L with algebraic coefficients has no transcendental root. When L is rational (t = 1,
//    or t a power of two for log₂) the indices are sums of rational multiples of square roots and radical.hpp's
//    is_zero decides equality.
//  * Everything else (the elimination tests of successive elimination, whose two sides involve logarithms of two
//    different rationals) is refined up to kMaxPrecision bits; reaching it throws std::runtime_error naming the
//    comparison — a tie there would need an algebraic relation between logarithms that is not known to exist
//    (Schanuel's conjecture says it does not).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/learners/radical.hpp"

namespace dpb::ref::internal {

inline constexpr mpfr_prec_t kStartPrecision = 64;
inline constexpr mpfr_prec_t kMaxPrecision = 1 << 16;

enum class LogBase { Natural, Two };

// L = ln t or log₂ t, enclosed.
Interval enclose_log(std::uint64_t t, LogBase base, mpfr_prec_t prec);
// The exact value of L when it is rational (t = 1; or base 2 and t a power of two), else nullopt.
std::optional<Rational> rational_log(std::uint64_t t, LogBase base);

// q + u·√L + v·L (u = u.c·√u.d, v = v.c·√v.d).
struct LogIndex {
  Rational q;
  Radical u;
  Radical v;
};

Interval enclose(const LogIndex& x, const Interval& L, const Interval& sqrt_L);
bool exactly_equal(const LogIndex& a, const LogIndex& b, std::uint64_t t, LogBase base);

// The index of the largest value; among exactly equal largest values, the lowest index (docs/learners.md, ties).
std::size_t certified_argmax(std::span<const LogIndex> x, std::uint64_t t, LogBase base);

// A certified enclosure of a decision's margin, for reports: lower and upper ends as decimals.
struct Margin {
  std::string lower, upper;
  bool exact_tie = false;  // the two sides are exactly equal (the tie rule decided)
};
Margin describe(const Interval& margin, bool exact_tie = false);

// x[best] − max_{j ≠ best} x[j] enclosed at 256 bits; `runner_up` receives that j. Precondition: x.size() >= 2.
Margin argmax_margin(std::span<const LogIndex> x, std::size_t best, std::uint64_t t, LogBase base,
                     std::size_t& runner_up);

// The sign (−1 or +1) of the real number enclosed by f(prec), refining until the enclosure excludes 0.
// Throws std::runtime_error mentioning `what` if kMaxPrecision is reached.
int certified_sign(const std::function<Interval(mpfr_prec_t)>& f, const std::string& what);

// ⌊x⌋ of the real x enclosed by f(prec), refining until both ends have the same floor (throws as above).
Integer certified_floor(const std::function<Interval(mpfr_prec_t)>& f, const std::string& what);

}  // namespace dpb::ref::internal
