#include "reference/core/rational.hpp"

#include <cctype>
#include <limits>

#include "reference/core/errors.hpp"

namespace dpb {
namespace {

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// Strips one leading sign; returns true when it was '-'.
bool take_sign(std::string_view& s) {
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
    bool negative = s.front() == '-';
    s.remove_prefix(1);
    return negative;
  }
  return false;
}

Integer pow10(unsigned e) {
  Integer r = 1;
  for (unsigned i = 0; i < e; ++i) r *= 10;
  return r;
}

constexpr std::size_t kMaxTextLength = 2000;  // a parameter longer than this is refused, not parsed
constexpr long kMaxExponent = 4000;

// A decimal digit string as an integer. Leading zeros are dropped first: Boost's mpz_int reads a string with a
// leading 0 as octal ("057" would be 47).
Integer decimal_integer(std::string_view digits) {
  const std::size_t first = digits.find_first_not_of('0');
  return first == std::string_view::npos ? Integer(0) : Integer(std::string(digits.substr(first)));
}

std::optional<Rational> parse_decimal(std::string_view s) {
  bool negative = take_sign(s);
  std::string_view mantissa = s, exponent;
  if (auto e = s.find_first_of("eE"); e != std::string_view::npos) {
    mantissa = s.substr(0, e);
    exponent = s.substr(e + 1);
    if (exponent.empty()) return std::nullopt;
  }
  std::string_view int_part = mantissa, frac_part;
  if (auto dot = mantissa.find('.'); dot != std::string_view::npos) {
    int_part = mantissa.substr(0, dot);
    frac_part = mantissa.substr(dot + 1);
    if (!frac_part.empty() && !all_digits(frac_part)) return std::nullopt;
  }
  if (int_part.empty() && frac_part.empty()) return std::nullopt;
  if (!int_part.empty() && !all_digits(int_part)) return std::nullopt;
  long exp10 = 0;
  if (!exponent.empty()) {
    bool exp_negative = take_sign(exponent);
    if (!all_digits(exponent) || exponent.size() > 6) return std::nullopt;
    exp10 = std::stol(std::string(exponent));
    if (exp_negative) exp10 = -exp10;
    if (exp10 > kMaxExponent || exp10 < -kMaxExponent) return std::nullopt;
  }
  std::string digits = std::string(int_part) + std::string(frac_part);
  Integer numerator = decimal_integer(digits);
  exp10 -= static_cast<long>(frac_part.size());
  Rational value = exp10 >= 0 ? Rational(numerator * pow10(static_cast<unsigned>(exp10)))
                              : Rational(numerator, pow10(static_cast<unsigned>(-exp10)));
  return negative ? Rational(-value) : value;
}

}  // namespace

std::optional<Rational> try_parse_rational(std::string_view text) {
  if (text.empty() || text.size() > kMaxTextLength) return std::nullopt;
  if (auto slash = text.find('/'); slash != std::string_view::npos) {
    std::string_view num = text.substr(0, slash), den = text.substr(slash + 1);
    bool negative = take_sign(num);
    if (!all_digits(num) || !all_digits(den)) return std::nullopt;
    Integer d = decimal_integer(den);
    if (d == 0) return std::nullopt;
    Rational value(decimal_integer(num), d);
    return negative ? Rational(-value) : value;
  }
  return parse_decimal(text);
}

std::optional<Integer> try_parse_integer(std::string_view text) {
  auto q = try_parse_rational(text);
  if (!q || boost::multiprecision::denominator(*q) != 1) return std::nullopt;
  return boost::multiprecision::numerator(*q);
}

Rational parse_rational(std::string_view text, std::string_view function, std::string_view name) {
  auto q = try_parse_rational(text);
  if (!q) throw_parameter_error(function, name, "a rational number (\"3/2\", \"0.1\", \"1e-3\")", text);
  return *q;
}

Integer parse_integer(std::string_view text, std::string_view function, std::string_view name) {
  auto z = try_parse_integer(text);
  if (!z) throw_parameter_error(function, name, "an integer", text);
  return *z;
}

std::string to_string(const Rational& x) {
  if (boost::multiprecision::denominator(x) == 1) return boost::multiprecision::numerator(x).str();
  return boost::multiprecision::numerator(x).str() + "/" + boost::multiprecision::denominator(x).str();
}

std::string to_string(const Integer& x) { return x.str(); }

Integer floor(const Rational& x) {
  Integer n = boost::multiprecision::numerator(x), d = boost::multiprecision::denominator(x);
  Integer q = n / d;  // truncates toward zero
  if (n < 0 && q * d != n) q -= 1;
  return q;
}

Integer ceil(const Rational& x) { return -floor(Rational(-x)); }

Integer floor_sqrt(const Integer& n) { return boost::multiprecision::sqrt(n); }

unsigned bit_length(const Integer& n) {
  if (n <= 0) return 0;
  return static_cast<unsigned>(boost::multiprecision::msb(n)) + 1;
}

bool fits_int64(const Integer& x) {
  return x >= std::numeric_limits<std::int64_t>::min() && x <= std::numeric_limits<std::int64_t>::max();
}
bool fits_uint64(const Integer& x) { return x >= 0 && x <= std::numeric_limits<std::uint64_t>::max(); }
std::int64_t to_int64(const Integer& x) { return x.convert_to<std::int64_t>(); }
std::uint64_t to_uint64(const Integer& x) { return x.convert_to<std::uint64_t>(); }

const Rational& require_positive(const Rational& x, std::string_view function, std::string_view name) {
  if (x <= 0) throw_parameter_error(function, name, "> 0", to_string(x));
  return x;
}
const Rational& require_nonnegative(const Rational& x, std::string_view function, std::string_view name) {
  if (x < 0) throw_parameter_error(function, name, ">= 0", to_string(x));
  return x;
}
const Rational& require_probability(const Rational& x, std::string_view function, std::string_view name) {
  if (x < 0 || x > 1) throw_parameter_error(function, name, "in [0, 1]", to_string(x));
  return x;
}
const Integer& require_positive(const Integer& x, std::string_view function, std::string_view name) {
  if (x <= 0) throw_parameter_error(function, name, "> 0", to_string(x));
  return x;
}
const Integer& require_nonnegative(const Integer& x, std::string_view function, std::string_view name) {
  if (x < 0) throw_parameter_error(function, name, ">= 0", to_string(x));
  return x;
}
const Rational& require_reasonable_size(const Rational& x, std::string_view function, std::string_view name,
                                        unsigned max_bits) {
  using boost::multiprecision::abs;
  if (bit_length(abs(boost::multiprecision::numerator(x))) > max_bits ||
      bit_length(boost::multiprecision::denominator(x)) > max_bits)
    throw_parameter_error(function, name, "a rational with at most " + std::to_string(max_bits) + "-bit terms",
                          to_string(x));  // cut by throw_parameter_error, with its length ("... (N chars)")
  return x;
}

}  // namespace dpb
