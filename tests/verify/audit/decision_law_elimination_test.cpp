// The white-box law of an elimination learner's decision (verify/audit/decision_law_elimination.hpp), checks that
// need no sampling: the law is a probability vector and moves the right way with the neighbour; the release laws are
// normalized and refuse bad input. Its agreement with the audited sampler is decision_law_elimination_stat_test.cpp.
#include "verify/audit/decision_law_elimination.hpp"

#include <gtest/gtest.h>

#include <string>

#include "reference/core/errors.hpp"
#include "verify/audit/targets.hpp"

namespace dpb::verify::audit {
namespace {

PreparedTarget prepared(const std::string& name) {
  TargetOptions o;  // the audit's defaults (ε = 1/2)
  PreparedTarget t = prepare_target(name, o, 5);
  EXPECT_TRUE(t.decision_law.has_value()) << name;
  return t;
}

TEST(DecisionLawEliminationTest, LawIsAProbabilityVectorAndMonotoneInTheNeighbour) {
  // Independent of the sampler: Σ_y P[y] ∋ 1 under both inputs, and D (one more 1 for arm 1) makes arm 1's
  // elimination certainly less likely.
  const PreparedTarget t = prepared("cdp-se");
  ASSERT_TRUE(t.decision_law.has_value());
  const DecisionLaw& law = *t.decision_law;
  for (const auto* v : {&law.p_d, &law.p_d_prime}) {
    const Interval total = (*v)[0] + (*v)[1];
    EXPECT_TRUE(total.contains(Interval(1L, 128))) << total.lower_string(20) << " " << total.upper_string(20);
  }
  EXPECT_TRUE(law.p_d[1].certainly_less(law.p_d_prime[1]));
}

TEST(DecisionLawEliminationTest, ReleaseLawsAreNormalizedAndRejectBadInput) {
  const ReleaseLaw l = discrete_laplace_release_law(Rational(3), 10, 2, 5);
  Interval total(0L, 128);
  for (const Interval& p : l.prob) total += p;
  EXPECT_TRUE((total + Interval::hull(Rational(0), l.tail.upper(), 128)).contains(Interval(1L, 128)))
      << total.lower_string(40) << " " << total.upper_string(40) << " tail " << l.tail.upper_string(10);
  EXPECT_LT(l.tail.upper(), Rational(1, 1000000));
  const std::int64_t max = l.min_num + static_cast<std::int64_t>(l.prob.size()) - 1;
  EXPECT_EQ(max - 5 - 10, 10 - 2 - l.min_num);  // the window is center ± w plus the pads
  EXPECT_THROW(discrete_laplace_release_law(Rational(0), 0), ParameterError);
  EXPECT_THROW(discrete_laplace_release_law(Rational(1), 0, -1, 0), ParameterError);
}

TEST(DecisionLawEliminationTest, BadCountsAndVariantsAreRefusedNamingTheParameter) {
  ref::CalibrationInput in;
  in.eps = Rational(1, 2);
  in.n = 8;
  in.horizon = 100;
  const ref::Calibration dist = ref::calibrate(ref::Variant::DistDP, in);
  EXPECT_NO_THROW(protocol_release_law(dist, 8));
  const auto refused = [](const auto& call, const std::string& parameter) {
    try {
      call();
      ADD_FAILURE() << "accepted, expected an error naming '" << parameter << "'";
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find("'" + parameter + "'"), std::string::npos) << e.what();
    }
  };
  refused([&] { protocol_release_law(dist, 9); }, "ones");  // more ones than users
  in.n = 1;
  refused([&] { protocol_release_law(ref::calibrate(ref::Variant::Local, in), 1); }, "variant");
  const PreparedTarget t = prepared("cdp-se");
  ASSERT_TRUE(t.elimination.has_value());
  EliminationSetup bad = *t.elimination;
  bad.ones_d = bad.len + 1;
  std::string why;
  refused([&] { elimination_decision_law(bad, why); }, "ones");
}

}  // namespace
}  // namespace dpb::verify::audit

namespace dpb::verify::audit {
namespace {

// TargetOptions::leak_factor (the leaky twins of the audit claims' controls): below 1 is refused, and so is any
// leak on a mechanism target (twins are learners only), each naming the parameter.
TEST(TargetOptionsTest, LeakFactorIsValidated) {
  for (const Rational& bad : {Rational(1, 2), Rational(0), Rational(-2)}) {
    TargetOptions o;
    o.leak_factor = bad;
    try {
      prepare_target("dp-se", o, 1);
      ADD_FAILURE() << "leak_factor " << bad << " accepted";
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find("parameter 'leak_factor'"), std::string::npos) << e.what();
    }
  }
  TargetOptions o;
  o.leak_factor = Rational(2);
  try {
    prepare_target("dist-dp", o, 1);
    ADD_FAILURE() << "a leak on a mechanism accepted";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("parameter 'leak_factor'"), std::string::npos) << e.what();
  }
}

// TargetOptions::reuse_noise: refused (naming the parameter) on targets it is not wired into — a mechanism and a
// multi-agent learner — so that a twin can never silently run as specified.
TEST(TargetOptionsTest, ReuseNoiseIsRefusedWhereItIsNotWired) {
  for (const std::string target : {"dist-dp", "dp-mase"}) {
    TargetOptions o;
    o.reuse_noise = true;
    try {
      prepare_target(target, o, 1);
      ADD_FAILURE() << "reuse_noise accepted for " << target;
    } catch (const ParameterError& e) {
      EXPECT_NE(std::string(e.what()).find("parameter 'reuse_noise'"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace dpb::verify::audit
