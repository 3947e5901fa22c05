// Fuzz target: the numbers of the command line (verify/cli/options.hpp parse_number, the registry's checks) and
// the exact rational parser under them (reference/core/rational.hpp). Properties: a parsed value prints back to
// itself; the command-line grammar never accepts a leading '+', a non-ASCII byte or a value outside the option's
// range; a refusal is one message of bounded length.
#include <cstdint>
#include <cstring>
#include <string_view>

#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "verify/cli/options.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (const auto q = dpb::try_parse_rational(text)) {  // (texts over 2000 characters are refused, not parsed)
    const std::string back = dpb::to_string(*q);
    if (back.size() <= 2000 && dpb::try_parse_rational(back) != *q) __builtin_trap();
  }
  if (const auto v = dpb::cli::parse_number(text)) {
    if (text.front() == '+') __builtin_trap();
    for (const char c : text)
      if (static_cast<unsigned char>(c) >= 0x80 || c == ' ') __builtin_trap();
    const std::string back = dpb::to_string(*v);
    if (back.size() <= 2000 && dpb::cli::parse_number(back) != *v) __builtin_trap();
  }
  static const dpb::cli::OptionSpec seed = [] {
    dpb::cli::OptionSpec s;
    s.command = "fuzz";
    s.name = "seed";
    s.kind = dpb::cli::OptionKind::integer;
    s.lo = dpb::cli::closed(0);
    s.hi = dpb::cli::max_u64();
    return s;
  }();
  static const dpb::cli::OptionSpec list = [] {
    dpb::cli::OptionSpec s;
    s.command = "fuzz";
    s.name = "eps";
    s.kind = dpb::cli::OptionKind::number_list;
    s.lo = dpb::cli::open(0);
    s.hi = dpb::cli::closed(1000);
    return s;
  }();
  try {
    const dpb::Rational v = dpb::cli::checked_value(seed, text);
    if (v < 0 || v > dpb::cli::pow2(64) - 1 || boost::multiprecision::denominator(v) != 1) __builtin_trap();
  } catch (const dpb::ParameterError& e) {
    if (std::strlen(e.what()) > 400) __builtin_trap();
  }
  try {
    for (const auto& v : dpb::cli::checked_list(list, text))
      if (v <= 0 || v > 1000) __builtin_trap();
  } catch (const dpb::ParameterError& e) {
    if (std::strlen(e.what()) > 400) __builtin_trap();
  }
  return 0;
}
