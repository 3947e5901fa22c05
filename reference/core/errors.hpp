// Parameter validation (docs/architecture.md §5). Every check throws ParameterError with the message
//   "<function>: parameter '<name>' must be <condition>, got <value>"
// so that a user sees which parameter was wrong and what was passed.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace dpb {

class ParameterError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

[[noreturn]] void throw_parameter_error(std::string_view function, std::string_view name,
                                        std::string_view condition, std::string_view value);

}  // namespace dpb
