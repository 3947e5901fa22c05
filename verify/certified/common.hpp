// Shared pieces of the certified checkers (claims of method `certified`): rendering enclosures as evidence, exact
// floors and ceilings of irrational quantities, and convolution of pmf windows with outward rounding.
//
// Windows and deficits. A pmf window here is a vector of enclosures of reals q(k) with 0 ≤ q(k) ≤ p(k) for the true
// pmf p (truncated sums and products of such). Because p sums to 1, the missing mass is δ = 1 − Σ_k q(k) ≥ 0, and
// every value satisfies q(k) ≤ p(k) ≤ q(k) + δ, inside the window and (with q = 0) outside it. So the truncation
// error needs no separate bound: it is measured, certified, by the deficit δ (`deficit_upper`).
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

// 10^(−k) as an exact rational.
Rational ten_to_minus(unsigned k);

// "lo..hi" style evidence: {"lo": "1.234e-5", "hi": "1.235e-5"} with lo rounded down and hi rounded up.
nlohmann::json enclosure_json(const Interval& x, int digits = 8);
// Upper endpoint rounded up / lower endpoint rounded down, `digits` significant digits: "2.1e-12".
std::string upper_text(const Interval& x, int digits = 3);
std::string lower_text(const Interval& x, int digits = 3);
std::string upper_text(const Rational& x, int digits = 3);
std::string lower_text(const Rational& x, int digits = 3);
// Rounded to nearest, `digits` significant digits, plain decimal when short: "1.59421" (for names of constants).
std::string nearest_text(const Rational& x, int digits = 6);
// Canonical rational text "p/q" (dpb::to_string).
std::string rational_text(const Rational& x);

// ⌊x⌋ for an irrational (or at least non-integer) x given by its enclosure at a precision: refines the precision
// (doubling up to max_prec) until the enclosure lies strictly between two integers. nullopt if it never does.
std::optional<Integer> certified_floor(const std::function<Interval(mpfr_prec_t)>& x, mpfr_prec_t start_prec = 128,
                                       mpfr_prec_t max_prec = 1 << 14);
std::optional<Integer> certified_ceil(const std::function<Interval(mpfr_prec_t)>& x, mpfr_prec_t start_prec = 128,
                                      mpfr_prec_t max_prec = 1 << 14);

// Σ values, as an enclosure.
Interval sum(const std::vector<Interval>& values, mpfr_prec_t prec);
// Upper bound of 1 − Σ lower endpoints (the deficit δ of a window of lower bounds of a pmf; see above).
Interval deficit(const std::vector<Interval>& window, mpfr_prec_t prec);

// Convolution of two windows of non-negative values with outward rounding (lower endpoints clamped at 0):
// a covers [a_first, a_first + a.size()), b likewise; the result covers [out_first, out_last] and is
// c(k) = Σ_i a(i) b(k − i), terms outside either window omitted (so c ≤ the convolution of the full laws).
// When `symmetric` (the result is known to be symmetric about 0, out_first = −out_last) only k ≥ 0 is summed and
// mirrored.
std::vector<Interval> convolve(const std::vector<Interval>& a, long a_first, const std::vector<Interval>& b,
                               long b_first, long out_first, long out_last, bool symmetric, mpfr_prec_t prec);

// Verdict of "x = y" for two enclosures: violated when certainly different, else holds.
// `error_upper` receives sup |x − y| over the enclosures.
Verdict compare_equal(const Interval& x, const Interval& y, Interval& error_upper);

}  // namespace dpb::verify::certified

namespace dpb::verify::certified {

// [lo(q), hi(q) + hi(δ)]: the enclosure of p(k) from a lower bound q(k) and the window's deficit δ.
Interval widen_by_deficit(const Interval& q, const Interval& delta);
// [0, hi(x)]: for a quantity known to be ≥ 0 and bounded above by x.
Interval zero_to_upper(const Interval& x);
// max(a, b) of upper endpoints, as the interval with the larger upper endpoint.
const Interval& larger_upper(const Interval& a, const Interval& b);

}  // namespace dpb::verify::certified
