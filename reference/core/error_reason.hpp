// A ParameterError's message quoted as the reason inside another refusal (docs/reliability.md "Refusals deep in a
// run"): a check deep in a protocol or sampler names its own parameter ("Skellam: parameter 'variance' must be <=
// 2e12, got 10^18"); the command line rethrows it naming the user's option and quotes it as "Skellam's variance must
// be <= 2e12 (1000000000000000000)", so that the line names one parameter, the user's, and ends with the user's
// value. Defined in errors.cpp.
#pragma once

#include <string>
#include <string_view>

namespace dpb {

// "F: parameter 'p' must be C, got V" -> "F's p must be C (V)", V cut to 24 characters; another text as it is.
std::string parameter_error_reason(std::string_view what);

// The parts of "F: parameter 'p' must be C, got V" (empty when `what` is another text): a refusal whose parameter
// is the user's option seen under another name (calibrate's `route` for crosscheck's --route) is rethrown naming
// the option with its condition C, instead of quoting the whole refusal inside another one.
struct ParameterErrorParts {
  std::string function, name, condition, value;
};
bool parse_parameter_error(std::string_view what, ParameterErrorParts& parts);

}  // namespace dpb
