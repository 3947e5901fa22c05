// JSON of a seed-001 calibration (reference/protocols/calibration_001.hpp) for `dpbandit calibrate`: every derived
// quantity under its name; exact values as "p/q" strings with a "<name>_approx" double for display; enclosures as
// {"lower", "upper"} decimal strings (lower rounded down, upper rounded up, 12 significant digits) and "approx".
#pragma once

#include <nlohmann/json.hpp>

#include "reference/protocols/calibration_001.hpp"

namespace dpb::verify {

nlohmann::json to_json(const ref::Calibration001& c);

}  // namespace dpb::verify
