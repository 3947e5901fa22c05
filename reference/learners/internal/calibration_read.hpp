// Reading a calibration's printed quantities inside the learners that run from `calibrate`'s output (jdp-glm's
// theorem and paper-code profiles: reference/learners/jdp_glm.cpp, jdp_glm_paper_code.cpp). Internal to
// reference/learners; not installed.
#pragma once

#include <stdexcept>
#include <string>

#include "reference/core/rational.hpp"
#include "reference/protocols/calibration_001.hpp"

namespace dpb::ref::internal {

inline Rational pow2(unsigned k) { return Rational(Integer(Integer(1) << k)); }

// The quantity `name` of `c`; a missing one is the calibration's bug (std::logic_error naming `what`).
inline const Quantity& quantity(const Calibration001& c, const std::string& name, const std::string& what) {
  const Quantity* q = c.find(name);
  if (q == nullptr) throw std::logic_error("jdp_glm: " + what + " printed no '" + name + "'");
  return *q;
}
// An exact value, or the enclosure's upper end.
inline Rational upper(const Quantity& q) { return q.exact ? *q.exact : q.enclosure->upper(); }
// x rounded up to the grid 2^−32.
inline Rational round_up_32(const Rational& x) { return Rational(ceil(x * pow2(32)), Integer(Integer(1) << 32)); }

}  // namespace dpb::ref::internal
