// Exact integers and rationals (Boost.Multiprecision over GMP) and their parsing from text.
// A parameter such as "0.1" becomes exactly 1/10: text never passes through a double.
#pragma once

#include <boost/multiprecision/gmp.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dpb {

using Integer = boost::multiprecision::mpz_int;
using Rational = boost::multiprecision::mpq_rational;

// Parses an exact rational from "a", "a/b", a decimal "-1.25", or scientific "1e-3", "2.5E+2".
// Returns nullopt for anything else (empty, "nan", "inf", "1/0", "0x10", trailing garbage).
std::optional<Rational> try_parse_rational(std::string_view text);
// Parses an exact integer in decimal ("-12", "+7"); also accepts "1e6"-style text when it denotes an integer.
std::optional<Integer> try_parse_integer(std::string_view text);

// As above, but throws ParameterError naming `function` and `name` ("must be a rational number ...").
Rational parse_rational(std::string_view text, std::string_view function, std::string_view name);
Integer parse_integer(std::string_view text, std::string_view function, std::string_view name);

// Canonical text: "p/q" in lowest terms, or "p" when q = 1. parse_rational(to_string(x)) == x.
std::string to_string(const Rational& x);
std::string to_string(const Integer& x);

Integer floor(const Rational& x);
Integer ceil(const Rational& x);
// ⌊√n⌋ for n ≥ 0.
Integer floor_sqrt(const Integer& n);
// Number of bits of n ≥ 0 (0 for n = 0): the k with 2^(k−1) ≤ n < 2^k.
unsigned bit_length(const Integer& n);

// Fits in int64_t / uint64_t?
bool fits_int64(const Integer& x);
bool fits_uint64(const Integer& x);
std::int64_t to_int64(const Integer& x);    // precondition: fits_int64
std::uint64_t to_uint64(const Integer& x);  // precondition: fits_uint64

// Validators: return the value, or throw ParameterError.
const Rational& require_positive(const Rational& x, std::string_view function, std::string_view name);
const Rational& require_nonnegative(const Rational& x, std::string_view function, std::string_view name);
const Rational& require_probability(const Rational& x, std::string_view function, std::string_view name);
const Integer& require_positive(const Integer& x, std::string_view function, std::string_view name);
const Integer& require_nonnegative(const Integer& x, std::string_view function, std::string_view name);
// Bounds the size of numerators/denominators accepted at a boundary (a 10^6-digit parameter is refused).
const Rational& require_reasonable_size(const Rational& x, std::string_view function, std::string_view name,
                                        unsigned max_bits = 4096);

}  // namespace dpb
