// Exact real numbers of the form Σ_i c_i·√d_i with rational c_i and d_i >= 0: the confidence constants (σ, h) of
// Assumption 1 (Chowdhury & Zhou 2023, arXiv:2206.05772; e.g. σ = √2/ε for Dist-DP-SE, σ = 2/ε + √2/(sε) for
// Dist-RDP-SE) and the algebraic parts of the UCB indices. Such numbers are enclosed by certified intervals for
// comparisons, and their
// equality is decided exactly (is_zero) by the linear independence of square roots of distinct square-free
// integers over Q (Besicovitch 1940).
#pragma once

#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

struct Radical {
  Rational c;     // coefficient
  Rational d{1};  // radicand, >= 0
};

using RadicalSum = std::vector<Radical>;

// c·√d.
inline Radical radical(const Rational& c, const Rational& d = Rational(1)) { return Radical{c, d}; }

// A certified enclosure of Σ c_i √d_i at precision prec.
Interval enclose(const Radical& x, mpfr_prec_t prec);
Interval enclose(const RadicalSum& x, mpfr_prec_t prec);

// Exactly: is Σ c_i √d_i = 0? Terms are grouped by the class of d_i modulo rational squares (d_i·d_j a square of a
// rational); within a class c√d = (c·√(d·d₀)/d₀)·√d₀ with a rational factor, and the sum is zero iff every class's
// rational coefficient is zero.
bool is_zero(const RadicalSum& x);

// Σ c_i √d_i scaled by a rational factor.
RadicalSum scaled(const RadicalSum& x, const Rational& factor);

// "c·√d + ..." for messages and reports (exact rationals).
std::string radical_to_string(const RadicalSum& x);

// True when every coefficient and radicand is >= 0 (the sum is then >= 0).
bool is_nonnegative_form(const RadicalSum& x);

}  // namespace dpb::ref

namespace dpb::ref {

// Exactly: the sign (−1, 0, +1) of a + √X − √Y for integers a and X, Y >= 0, decided in integer arithmetic by
// squaring (no enclosure, no refinement): the comparison of two indices A_i + √X_i of the linear learners.
int sign_of_sum_of_roots(const Integer& a, const Integer& X, const Integer& Y);

}  // namespace dpb::ref
