#include "reference/core/errors.hpp"

#include <fmt/format.h>

#include <string>

#include "reference/core/double_text.hpp"
#include "reference/core/error_reason.hpp"

namespace dpb {

void throw_parameter_error(std::string_view function, std::string_view name, std::string_view condition,
                           std::string_view value) {
  // The value is bounded and printable (docs/reliability.md): a 10^309-digit number or a binary line is cut.
  std::string shown;
  for (const char c : value.substr(0, 60)) {
    const auto u = static_cast<unsigned char>(c);
    shown += u < 0x20 || u == 0x7f ? '?' : c;
  }
  if (value.size() > 60) shown += "... (" + std::to_string(value.size()) + " chars)";
  throw ParameterError(fmt::format("{}: parameter '{}' must be {}, got {}", function, name, condition, shown));
}

bool parse_parameter_error(std::string_view what, ParameterErrorParts& parts) {
  const std::string_view mark = ": parameter '";
  const std::size_t p = what.find(mark);
  if (p == std::string_view::npos) return false;
  const std::size_t name_begin = p + mark.size();
  const std::size_t name_end = what.find("' must be ", name_begin);
  if (name_end == std::string_view::npos) return false;
  parts.function = std::string(what.substr(0, p));
  parts.name = std::string(what.substr(name_begin, name_end - name_begin));
  std::string_view rest = what.substr(name_end + 10);
  parts.value.clear();
  if (const std::size_t got = rest.rfind(", got "); got != std::string_view::npos) {
    parts.value = std::string(rest.substr(got + 6));
    rest = rest.substr(0, got);
  }
  parts.condition = std::string(rest);
  return true;
}

std::string parameter_error_reason(std::string_view what) {
  ParameterErrorParts parts;
  if (!parse_parameter_error(what, parts)) return std::string(what);
  std::string value = parts.value;
  if (value.size() > 24) value = value.substr(0, 24) + "...";
  return fmt::format("{}'s {} must be {}{}", parts.function, parts.name, parts.condition,
                     value.empty() ? "" : " (" + value + ")");
}

std::string double_text(double x) {  // report-only
  std::string s = fmt::format("{}", x);  // shortest round trip: "1e-09", "1.5e+300", "0.4"
  const std::size_t e = s.find('e');
  if (e == std::string::npos) return s;
  std::string exponent = s.substr(e + 1);
  const bool negative = !exponent.empty() && exponent[0] == '-';
  if (!exponent.empty() && (exponent[0] == '-' || exponent[0] == '+')) exponent.erase(0, 1);
  const std::size_t digit = exponent.find_first_not_of('0');
  exponent = digit == std::string::npos ? "0" : exponent.substr(digit);
  return s.substr(0, e + 1) + (negative ? "-" : "") + exponent;
}

}  // namespace dpb
