// A double as a refusal shows it (docs/reliability.md "Messages"): the shortest decimal that reads back as the same
// double ("1e-9", "1.5e-6", "0.4", "1e300", "nan"), so that a value the user gave (converted once, correctly
// rounded) is printed as given, never through a fixed number of decimals (std::to_string(1e-9) is "0.000000":
// issue 14, "got 0"). Defined in errors.cpp.
#pragma once

#include <string>

namespace dpb {

std::string double_text(double x);  // report-only: a double shown in a message, never computed with

}  // namespace dpb
