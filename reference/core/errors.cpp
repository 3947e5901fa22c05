#include "reference/core/errors.hpp"

#include <fmt/format.h>

#include <string>

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

}  // namespace dpb
