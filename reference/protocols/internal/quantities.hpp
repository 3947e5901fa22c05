// The named quantities of a calibration's JSON (reference/protocols/calibration_001.hpp's Quantity), built one way for
// every calibration file: an exact rational, an enclosure, a yes/no flag, or a text.
#pragma once

#include <string>
#include <utility>

#include "reference/protocols/calibration_001.hpp"

namespace dpb::ref::quantities {

inline Quantity exact(std::string name, const Rational& v, std::string note = "") {
  Quantity q;
  q.name = std::move(name);
  q.exact = v;
  q.note = std::move(note);
  return q;
}
inline Quantity real(std::string name, const Interval& v, std::string note = "") {
  Quantity q;
  q.name = std::move(name);
  q.enclosure = v;
  q.note = std::move(note);
  return q;
}
inline Quantity flag(std::string name, bool v, std::string note = "") {
  Quantity q;
  q.name = std::move(name);
  q.flag = v;
  q.note = std::move(note);
  return q;
}
inline Quantity text(std::string name, std::string v, std::string note = "") {
  Quantity q;
  q.name = std::move(name);
  q.text = std::move(v);
  q.note = std::move(note);
  return q;
}

}  // namespace dpb::ref::quantities
