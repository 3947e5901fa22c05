// A seed-000 calibration input in one expression, for the privacy and audit tests.
#pragma once

#include <optional>
#include <utility>

#include "reference/protocols/calibration.hpp"

namespace dpb::test {

inline ref::CalibrationInput calibration_input(const Rational& eps, long n, long horizon,
                                               std::optional<Rational> s = std::nullopt) {
  ref::CalibrationInput i;
  i.eps = eps;
  i.n = n;
  i.horizon = horizon;
  i.s = std::move(s);
  return i;
}

}  // namespace dpb::test
