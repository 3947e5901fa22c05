// Golden vectors, category (b) `pmf` (docs/vectors.md §4): for each certified distribution (reference/pmf/registry.hpp)
// and a few parameter sets, P[X = k] over a window of k as a certified decimal enclosure [lo, hi] (lo = the value
// rounded down, hi = rounded up, to kEnclosureDigits significant digits) and the value correctly rounded to nearest
// at kNearestDigits significant digits. Only the reference computes pmfs; both builds regenerate with it.
#pragma once

#include <functional>
#include <string>

#include "reference/core/interval.hpp"
#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

inline constexpr int kEnclosureDigits = 30;
inline constexpr int kNearestDigits = 17;

struct DecimalValue {
  std::string lo;       // largest D-significant-digit decimal <= x (D = enclosure digits), or "0"
  std::string hi;       // smallest D-significant-digit decimal >= x, or "0"
  std::string nearest;  // x rounded to nearest at the nearest-digits (ties to even), or "0"
};

// Refines f(prec) (an enclosure of one real x at precision prec) until the three roundings of x are certain.
// Throws std::runtime_error if they are not decided at 2^16 bits (x is then a decimal of at most D digits that the
// enclosure cannot pin, or a rounding tie: the generator must not use such a case).
DecimalValue certified_decimals(const std::function<Interval(mpfr_prec_t)>& f, int enclosure_digits = kEnclosureDigits,
                                int nearest_digits = kNearestDigits);

CategoryFile generate_pmf();

}  // namespace dpb::verify::vectors
