// Expects `make` to throw ParameterError with exactly `message` (the whole "Fn: parameter 'p' must …, got …"
// line). For checks that only name the parameter, see expect_parameter_error in learner_fixtures.hpp.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "reference/core/errors.hpp"

namespace dpb::test {

template <class F>
void expect_error_message(F&& make, const std::string& message) {
  try {
    make();
    ADD_FAILURE() << "accepted: expected " << message;
  } catch (const ParameterError& e) {
    EXPECT_EQ(std::string(e.what()), message);
  }
}

}  // namespace dpb::test
