#include "reference/core/errors.hpp"

#include <fmt/format.h>

namespace dpb {

void throw_parameter_error(std::string_view function, std::string_view name, std::string_view condition,
                           std::string_view value) {
  throw ParameterError(fmt::format("{}: parameter '{}' must be {}, got {}", function, name, condition, value));
}

}  // namespace dpb
