#include "verify/protocol_checks/calibration_001_json.hpp"

namespace dpb::verify {

nlohmann::json to_json(const ref::Calibration001& c) {
  nlohmann::json j = {{"variant", c.variant}, {"profile", c.profile}, {"source", c.source}};
  nlohmann::json notes = nlohmann::json::object();
  for (const ref::Quantity& q : c.quantities) {
    if (q.exact) {
      j[q.name] = to_string(*q.exact);
      j[q.name + "_approx"] = q.exact->convert_to<double>();  // report-only
    } else if (q.enclosure) {
      j[q.name] = {{"lower", q.enclosure->lower_string(12)},
                   {"upper", q.enclosure->upper_string(12)},
                   {"approx", q.enclosure->midpoint_for_report()}};
    } else if (q.flag) {
      j[q.name] = *q.flag;
    } else if (q.text) {
      j[q.name] = *q.text;
    }
    if (!q.note.empty()) notes[q.name] = q.note;
  }
  j["notes"] = notes;
  return j;
}

}  // namespace dpb::verify
