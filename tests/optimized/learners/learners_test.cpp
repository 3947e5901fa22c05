// The optimized learners: the same validation (names and messages) as the reference, complete runs at every
// horizon, huge gaps, the floating-point DP-SE mode's labelling, and the per-round paths' reproducibility.
#include <gtest/gtest.h>

#include <set>

#include "optimized/learners/anytime_lazy_ucb.hpp"
#include "optimized/learners/batched_successive_elimination.hpp"
#include "optimized/learners/dp_successive_elimination.hpp"
#include "optimized/learners/ftnl.hpp"
#include "optimized/learners/hybrid_ucb.hpp"
#include "optimized/learners/ucb.hpp"
#include "reference/bits/chacha20.hpp"
#include "tests/support/learner_fixtures.hpp"

namespace dpb::fast {
namespace {

const ref::RewardTape& tape3() {
  static const ref::RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5), Rational(2, 5)}, 40000);
  return tape;
}

// Runs every optimized learner at horizon T on tape3() with noise seed `seed`.
std::vector<Trajectory> run_all(std::uint64_t T, std::uint64_t seed = 1) {
  std::vector<Trajectory> out;
  auto noisy = [&](auto f) {
    ChaCha20Source bits(seed);
    out.push_back(f(NoiseSource(bits)));
  };
  BatchedSuccessiveEliminationParams bse;
  bse.K = 3;
  bse.T = T;
  noisy([&](NoiseSource n) { return fast::batched_successive_elimination(bse, tape3(), NonPrivateAggregator(), n); });
  noisy([&](NoiseSource n) {
    return fast::batched_successive_elimination(bse, tape3(), CentralDiscreteLaplaceAggregator(Rational(1)), n);
  });
  DpSuccessiveEliminationParams dpse;
  dpse.K = 3;
  dpse.T = T;
  noisy([&](NoiseSource n) { return fast::dp_successive_elimination(dpse, tape3(), n); });
  noisy([&](NoiseSource n) { return fast::anytime_lazy_ucb({3, T, Rational(1), 1}, tape3(), n); });
  noisy([&](NoiseSource n) { return fast::hybrid_ucb({3, T, Rational(1), 1, TreeScale::Paper}, tape3(), n); });
  FtnlParams fp;
  fp.K = 3;
  fp.T = T;
  noisy([&](NoiseSource n) { return fast::ftnl(fp, tape3(), n); });
  noisy([&](NoiseSource n) { return fast::naive_ftnl(fp, tape3(), n); });
  out.push_back(fast::ucb({3, T}, tape3()));
  return out;
}

TEST(OptimizedLearnersTest, EveryLearnerStopsExactlyAtTheHorizon) {
  for (std::uint64_t T : {1, 2, 3, 5, 64, 1000, 40000})
    for (const Trajectory& t : run_all(T)) test::expect_complete_run(t, T, 3);
}

TEST(OptimizedLearnersTest, RunsAreReproducible) {
  const auto a = run_all(3000, 5), b = run_all(3000, 5);
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].actions, b[i].actions);
    EXPECT_EQ(a[i].releases.size(), b[i].releases.size());
  }
}

TEST(OptimizedLearnersTest, HugeGapMakesTheBestArmWin) {
  const ref::RewardTape tape = test::constant_tape({0, 1, 0}, 30000);
  ChaCha20Source b1(1), b2(1), b3(1);
  EXPECT_GT(fast::anytime_lazy_ucb({3, 30000, Rational(4), 1}, tape, NoiseSource(b1)).pulls[1], 28000U);
  DpSuccessiveEliminationParams dpse;
  dpse.K = 3;
  dpse.T = 30000;
  EXPECT_EQ(fast::dp_successive_elimination(dpse, tape, NoiseSource(b2)).eliminations.size(), 2U);
  BatchedSuccessiveEliminationParams bse;
  bse.K = 3;
  bse.T = 30000;
  const Trajectory t =
      fast::batched_successive_elimination(bse, tape, CentralDiscreteLaplaceAggregator(Rational(2)), NoiseSource(b3));
  std::set<std::uint32_t> gone;
  for (const auto& e : t.eliminations) gone.insert(e.arm);
  EXPECT_EQ(gone, (std::set<std::uint32_t>{0, 2}));
  EXPECT_GT(fast::ucb({3, 30000}, tape).pulls[1], 29000U);
}

TEST(OptimizedLearnersTest, FloatingPointDpSeIsLabelledAndRuns) {
  DpSuccessiveEliminationParams p;
  p.K = 3;
  p.T = 40000;
  p.noise = DpSeNoise::ContinuousLaplaceFloat;
  ChaCha20Source bits(2);
  const Trajectory t = fast::dp_successive_elimination(p, tape3(), NoiseSource(bits));
  test::expect_complete_run(t, 40000, 3);
  ASSERT_FALSE(t.releases.empty());
  for (const auto& r : t.releases) EXPECT_EQ(r.den, 0);  // not an exact release
  EXPECT_TRUE(t.near_ties.empty());
}

TEST(OptimizedLearnersTest, FloatLaplaceHasTheRightScale) {
  ChaCha20Source bits(3);
  NoiseSource noise(bits);
  double abs_sum = 0;
  for (int i = 0; i < 20000; ++i) abs_sum += std::abs(sample_laplace_float(noise, 2.0));
  EXPECT_NEAR(abs_sum / 20000, 2.0, 0.1);  // E|Lap(b)| = b; sd of the mean ≈ 0.014
}

TEST(OptimizedLearnersTest, ValidationMatchesTheReference) {
  const ref::RewardTape tape = test::bernoulli_tape({Rational(1, 2), Rational(3, 5)}, 100);
  ChaCha20Source bits(1);
  NoiseSource n(bits);
  BatchedSuccessiveEliminationParams bse;
  bse.K = 2;
  bse.T = 10;
  auto with_bse = [&](auto change) {
    auto p = bse;
    change(p);
    fast::batched_successive_elimination(p, tape, NonPrivateAggregator(), n);
  };
  test::expect_parameter_error([&] { with_bse([](auto& p) { p.K = 0; }); }, "K");
  test::expect_parameter_error([&] { with_bse([](auto& p) { p.T = 0; }); }, "T");
  test::expect_parameter_error([&] { with_bse([](auto& p) { p.T = 101; }); }, "T");
  test::expect_parameter_error([&] { with_bse([](auto& p) { p.eta = 1; }); }, "eta");
  test::expect_parameter_error([&] { with_bse([](auto& p) { p.p = Rational(0); }); }, "p");
  test::expect_parameter_error([&] { with_bse([](auto& p) { p.p = Rational(1); }); }, "p");
  test::expect_parameter_error([] { CentralDiscreteLaplaceAggregator(Rational(0)); }, "eps");
  DpSuccessiveEliminationParams dpse;
  dpse.K = 2;
  dpse.T = 10;
  dpse.eps = 0;
  test::expect_parameter_error([&] { fast::dp_successive_elimination(dpse, tape, n); }, "eps");
  dpse.eps = 1;
  dpse.beta = Rational(3, 2);
  test::expect_parameter_error([&] { fast::dp_successive_elimination(dpse, tape, n); }, "beta");
  test::expect_parameter_error([&] { fast::anytime_lazy_ucb({2, 10, Rational(-1), 1}, tape, n); }, "eps");
  test::expect_parameter_error([&] { fast::anytime_lazy_ucb({0, 10, Rational(1), 1}, tape, n); }, "K");
  test::expect_parameter_error([&] { fast::hybrid_ucb({2, 0, Rational(1), 1, TreeScale::Paper}, tape, n); }, "T");
  test::expect_parameter_error([&] { fast::hybrid_ucb({2, 10, Rational(0), 1, TreeScale::Paper}, tape, n); }, "eps");
  FtnlParams fp;
  fp.K = 2;
  fp.T = 10;
  fp.eps = 0;
  test::expect_parameter_error([&] { fast::ftnl(fp, tape, n); }, "eps");
  test::expect_parameter_error([&] { fast::ucb({2, 1000}, tape); }, "T");
}

}  // namespace
}  // namespace dpb::fast
