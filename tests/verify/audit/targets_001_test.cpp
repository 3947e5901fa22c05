// Seed 001's audit targets (verify/audit/targets_001.hpp): bad options are refused before any sampling, naming the
// option (the twins and the real targets at a fixed seed: targets_001_stat_test.cpp).
#include <gtest/gtest.h>

#include "verify/audit/targets.hpp"
#include "verify/audit/targets_001.hpp"

namespace dpb::verify::audit {
namespace {

TEST(Seed001TargetsValidation, BadOptionsAreRefusedNamingTheOption) {
  auto refused = [](const std::string& name, TargetOptions o, const std::string& param) {
    try {
      prepare_target(name, o, 1);
      ADD_FAILURE() << name << ": accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("parameter '" + param + "'"), std::string::npos) << e.what();
    }
  };
  TargetOptions o;
  o.noise_divisor = Rational(1, 2);
  refused("tree", o, "noise_divisor");
  o = {};
  o.noise_divisor = Rational(2);
  refused("dist-dp", o, "noise_divisor");
  o = {};
  o.eps = Rational(3, 2);
  refused("gauss-ldp", o, "eps");
  o = {};
  o.delta = 0.0;
  refused("p-amp", o, "delta");
  o = {};
  o.n = 1;
  o.n_given = true;
  refused("p-amp", o, "n");
  o = {};
  o.horizon = 128;
  o.horizon_given = true;
  refused("tree", o, "horizon");
  o = {};
  o.n = 3;
  o.n_given = true;
  refused("gauss-ldp", o, "n");
  o = {};
  o.eps = Rational(16);
  refused("p-vec", o, "eps");
  o = {};
  o.eps = Rational(3);
  refused("p-amp", o, "eps");  // beyond Thm 3.2's range sqrt(ln(2/delta)/B) = sqrt(12.2/3) = 2.02
}

}  // namespace
}  // namespace dpb::verify::audit
