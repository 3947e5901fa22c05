// Claim 000.lemma2.good-event (verify/learner_checks/good_event_check): the quick grid holds and is not vacuous; a
// learner whose β(b) understates its noise eliminates the best arm on good-event runs (conclusion violated); a β
// eight times too small makes the good event rare (binomial test rejects at α = 1e-6).
#include <gtest/gtest.h>

#include <memory>

#include "optimized/learners/batched_successive_elimination.hpp"
#include "optimized/learners/protocol_aggregator.hpp"
#include "reference/learners/protocol_aggregator.hpp"
#include "verify/learner_checks/good_event_check.hpp"

namespace dpb::verify::learner_checks {
namespace {

// Forwards the batch to `inner` but reports σ = h = 0: the learner's β(b) ignores the privacy noise.
class UnderstatedNoise final : public fast::BatchAggregator {
 public:
  explicit UnderstatedNoise(std::shared_ptr<const fast::BatchAggregator> inner) : inner_(std::move(inner)) {}
  std::string name() const override { return "understated-noise"; }
  fast::FixedPoint aggregate(std::span<const std::int32_t> units, std::int64_t grid,
                             NoiseSource& noise) const override {
    return inner_->aggregate(units, grid, noise);
  }
  fast::NoiseConcentration concentration(std::uint64_t) const override { return {}; }

 private:
  std::shared_ptr<const fast::BatchAggregator> inner_;
};

// Forwards the batch to `inner` but reports a σ a thousand times too large: the learner never eliminates.
class OverstatedNoise final : public fast::BatchAggregator {
 public:
  std::string name() const override { return "overstated-noise"; }
  fast::FixedPoint aggregate(std::span<const std::int32_t> units, std::int64_t grid,
                             NoiseSource& noise) const override {
    return inner_.aggregate(units, grid, noise);
  }
  fast::NoiseConcentration concentration(std::uint64_t) const override { return {1000, 0}; }

 private:
  fast::NonPrivateAggregator inner_;
};

TEST(GoodEventCheckStatTest, QuickGridHoldsAndIsNotVacuous) {
  const GoodEventResult r = check_good_event(good_event_config(Suite::quick, 20261121));
  EXPECT_EQ(r.verdict, Verdict::holds) << to_json(r).dump(1);
  EXPECT_GT(r.conclusion_tests, 20U);
  EXPECT_EQ(r.conclusion_failures, 0U);
  for (const auto& s : r.subjects) {
    EXPECT_EQ(s.crosscheck_differences, 0U) << s.name << ": " << s.first_problem;
    EXPECT_GT(s.crosschecked, 0U) << s.name;
  }
}

TEST(GoodEventCheckStatTest, LearnerWithTooSmallBetaViolatesTheConclusion) {
  const std::uint64_t T = 20000;
  ref::ProtocolAggregatorParams params;
  params.variant = ref::Variant::DistDP;
  params.eps = Rational(1, 10);
  params.horizon = Integer(T);
  auto understated = std::make_shared<UnderstatedNoise>(std::make_shared<fast::ProtocolAggregator>(params));
  GoodEventSubject s = protocol_subject(ref::Variant::DistDP, params.eps, T);  // claimed (σ, h): the true ones
  s.name = "dist-dp-se with understated noise";
  s.run_reference = nullptr;
  s.run_fast = [understated](const ref::RewardTape& tape, std::uint64_t horizon, NoiseSource noise) {
    return fast::batched_successive_elimination({tape.arms(), horizon, Rational(2), std::nullopt}, tape, *understated,
                                                noise);
  };
  GoodEventConfig c;
  c.subjects = {s};
  c.instances = {ref::seed002_means(1)};  // 0.75 vs 0.70 ×4: the best arm is easy to lose to noise
  c.horizon = T;
  c.runs = 12;
  const GoodEventResult r = check_good_event(c);
  EXPECT_EQ(r.verdict, Verdict::violated) << to_json(r).dump(1);
  EXPECT_GT(r.good_runs, 0U);
  EXPECT_GT(r.conclusion_failures, 0U);
  EXPECT_NE(r.subjects.at(0).first_problem.find("best arm"), std::string::npos) << r.subjects.at(0).first_problem;
}

TEST(GoodEventCheckStatTest, LearnerWithTooLargeBetaKeepsArmsThatMustBeGone) {
  GoodEventSubject s = non_private_subject();  // claimed (σ, h) = (0, 0)
  s.name = "se with overstated noise";
  s.run_reference = nullptr;
  s.run_fast = [](const ref::RewardTape& tape, std::uint64_t horizon, NoiseSource noise) {
    return fast::batched_successive_elimination({tape.arms(), horizon, Rational(2), std::nullopt}, tape,
                                                OverstatedNoise(), noise);
  };
  GoodEventConfig c;
  c.subjects = {s};
  c.instances = {ref::seed002_means(3)};
  c.horizon = 20000;
  c.runs = 4;
  const GoodEventResult r = check_good_event(c);
  EXPECT_EQ(r.verdict, Verdict::violated) << to_json(r).dump(1);
  EXPECT_GT(r.subjects.at(0).binding_tests, 0U);
  EXPECT_NE(r.subjects.at(0).first_problem.find("survived"), std::string::npos) << r.subjects.at(0).first_problem;
}

TEST(GoodEventCheckStatTest, EightfoldSmallerBetaMakesTheGoodEventRare) {
  GoodEventConfig c;
  c.subjects = {non_private_subject()};
  c.instances = {ref::seed002_means(2)};
  c.horizon = 20000;
  c.runs = 30;
  c.crosscheck_runs = 0;
  c.beta_scale = Rational(1, 8);
  const GoodEventResult r = check_good_event(c);
  EXPECT_EQ(r.verdict, Verdict::violated) << to_json(r).dump(1);
  EXPECT_TRUE(r.subjects.at(0).rejected);
  EXPECT_LT(r.subjects.at(0).p_value, 1e-6);
}

}  // namespace
}  // namespace dpb::verify::learner_checks
