// calibrate tree-matrix (reference/protocols/calibration_003.hpp): every range is closed at its stated ends —
// accepted at the bound, refused one step past it naming the parameter. (The CLI tests cover the refusals' wording;
// the mutation campaign's gen-s1-086 moved d's upper end to 1023 and no test saw it.)
#include <gtest/gtest.h>

#include "reference/protocols/calibration_003.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::ref {
namespace {

Calibration003Input tree_matrix() {
  Calibration003Input in;
  in.variant = "tree-matrix";
  in.eps = Rational(1);
  in.delta = Rational(1, 100);
  in.horizon = Integer(1000);
  in.d = Integer(3);
  in.kappa_star = Rational(4);
  return in;
}

TEST(Calibration003RangesTest, TreeMatrixRangesAreClosedAtTheirStatedEnds) {
  Calibration003Input in = tree_matrix();
  in.d = Integer(1024);
  EXPECT_NO_THROW(calibrate_003(in));
  in.d = Integer(1025);
  test::expect_parameter_error([&] { calibrate_003(in); }, "d");
  in.d = Integer(1);
  EXPECT_NO_THROW(calibrate_003(in));

  in = tree_matrix();
  in.horizon = Integer(2);
  EXPECT_NO_THROW(calibrate_003(in));
  in.horizon = Integer(1);
  test::expect_parameter_error([&] { calibrate_003(in); }, "horizon");
  in.horizon = Integer(1) << 40;
  EXPECT_NO_THROW(calibrate_003(in));
  in.horizon = (Integer(1) << 40) + 1;
  test::expect_parameter_error([&] { calibrate_003(in); }, "horizon");

  in = tree_matrix();
  in.eps = Rational(100);
  EXPECT_NO_THROW(calibrate_003(in));
  in.eps = Rational(100) + Rational(1, 1000);
  test::expect_parameter_error([&] { calibrate_003(in); }, "eps");
}

}  // namespace
}  // namespace dpb::ref
