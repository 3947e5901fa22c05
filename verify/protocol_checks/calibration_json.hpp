// JSON form of a calibration (reference/protocols/calibration.hpp), used by `dpbandit calibrate` and reports.
// Exact values are strings: rationals as "p/q" (or "p"), integers in decimal (they may exceed 2^53). Fields named
// "*_approx" are decimal approximations for display only; no decision may read them.
#pragma once

#include <nlohmann/json.hpp>

#include "reference/privacy/returning_users.hpp"
#include "reference/protocols/calibration.hpp"

namespace dpb::verify {

nlohmann::json to_json(const ref::Calibration& c);
// Returning users (reference/privacy/returning_users.hpp): the route, the per-batch guarantee and noise, the total
// (ε, δ), and the per-batch calibration under "batch" (the same object as a plain calibrate).
nlohmann::json to_json(const ref::ReturningCalibration& r);

}  // namespace dpb::verify
