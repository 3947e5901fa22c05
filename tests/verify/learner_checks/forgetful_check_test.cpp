// Claim 002.forgetful (verify/learner_checks/forgetful_check): the real learners pass; learners that reuse rewards
// — openly (overlapping ranges: Hybrid-UCB's tree, a cumulative learner) or secretly (disjoint declared ranges but
// values that add older rewards) — are rejected.
#include "verify/learner_checks/forgetful_check.hpp"

#include <gtest/gtest.h>

#include "reference/bits/chacha20.hpp"
#include "reference/learners/noise_source.hpp"
#include "reference/samplers/discrete_laplace.hpp"

namespace dpb::verify::learner_checks {
namespace {

// A lazy round-robin learner with arrays of sizes 1, 2, 4, … per arm (as Anytime-Lazy-UCB) releasing, at each
// completed array, the noisy sum in units of 1/G with Lap_Z(2G) noise (ε = 1/2). Mode: Faithful releases its array;
// Cumulative releases the sum of every pull so far (declared as such); Hidden declares the array but adds the
// previous array's rewards to the value.
enum class Mode { Faithful, Cumulative, Hidden };

RunFunction round_robin(Mode mode) {
  return [mode](const ref::RewardTape& tape, std::uint64_t T, std::uint64_t seed, std::uint64_t stream) {
    ChaCha20Source bits(seed, stream);
    NoiseSource noise(bits);
    const ref::DiscreteLaplace laplace(Rational(2 * tape.grid()));
    const std::uint32_t K = tape.arms();
    LearnerRun run;
    run.pulls.assign(K, 0);
    std::vector<std::uint32_t> r(K, 0);
    for (std::uint64_t t = 1; t <= T; ++t) {
      const auto a = static_cast<std::uint32_t>((t - 1) % K);
      run.actions.push_back(a);
      const std::uint64_t n = ++run.pulls[a];
      if (n + 1 != (std::uint64_t{2} << r[a])) continue;  // array r[a] completes at n = 2^{r+1} − 1
      const std::uint64_t size = std::uint64_t{1} << r[a];
      std::uint64_t first = n - size, count = size, sum_from = first;
      if (mode == Mode::Cumulative) first = sum_from = 0, count = n;
      if (mode == Mode::Hidden && r[a] > 0) sum_from = first - (size / 2);
      Integer sum = 0;
      for (std::uint64_t i = sum_from; i < n; ++i) sum += tape.units(a, i);
      run.releases.push_back(RunRelease{t, a, r[a], first, count, Rational(sum + laplace(noise), tape.grid())});
      ++r[a];
    }
    return run;
  };
}

ref::RewardTape tape_for(const std::string& env, std::uint64_t T) { return make_run_tape(env, 5, T, 7, 0); }

TEST(ForgetfulCheckTest, RealLearnersBothBuildsHold) {
  ForgetfulConfig c = forgetful_config(Suite::quick, 7);
  c.horizon = 300;
  c.runs = 1;
  c.environments = {"seed002-setting2", "seed000-easy"};
  const ForgetfulResult r = check_forgetful(c);
  EXPECT_EQ(r.verdict, Verdict::holds) << to_json(r).dump(1);
  EXPECT_EQ(r.problems, 0U);
  EXPECT_GT(r.releases, 100U);
  EXPECT_EQ(r.rows.size(), 2 * c.subjects.size());
}

TEST(ForgetfulCheckTest, FaithfulTestLearnerHolds) {
  const ForgetfulSubject s{"faithful", false, round_robin(Mode::Faithful), Rational(2), 1};
  const ForgetfulRow row = check_forgetful_run(s, tape_for("seed002-setting1", 200), 200, 7, 1);
  EXPECT_EQ(row.overlaps + row.out_of_range + row.residual_mismatches, 0U) << row.first_problem;
  EXPECT_GT(row.releases, 20U);
}

TEST(ForgetfulCheckTest, CumulativeLearnerIsRejectedForOverlappingRanges) {
  ForgetfulConfig c;
  c.subjects = {{"cumulative", false, round_robin(Mode::Cumulative), Rational(2), 1}};
  c.environments = {"seed002-setting1"};
  c.horizon = 200;
  c.runs = 1;
  const ForgetfulResult r = check_forgetful(c);
  EXPECT_EQ(r.verdict, Verdict::violated);
  EXPECT_GT(r.rows.at(0).overlaps, 0U);
  EXPECT_EQ(r.rows.at(0).residual_mismatches, 0U);  // the values are honest: only the reuse is caught
}

TEST(ForgetfulCheckTest, HiddenReuseIsCaughtByTheNoiseReplay) {
  ForgetfulConfig c;
  c.subjects = {{"hidden", false, round_robin(Mode::Hidden), Rational(2), 1}};
  c.environments = {"seed000-easy"};  // G = 1000: rewards are rarely 0, so the extra sum is nonzero
  c.horizon = 200;
  c.runs = 1;
  const ForgetfulResult r = check_forgetful(c);
  EXPECT_EQ(r.verdict, Verdict::violated);
  EXPECT_EQ(r.rows.at(0).overlaps, 0U);
  EXPECT_GT(r.rows.at(0).residual_mismatches, 0U) << to_json(r).dump(1);
}

TEST(ForgetfulCheckTest, HybridUcbIsNotForgetful) {
  // Hu, Huang & Mehta 2021, Algorithm 4 (§4.2): Hybrid-UCB uses all observations; its tree nodes cover nested dyadic
  // blocks.
  ForgetfulConfig c;
  c.subjects = {{"hybrid-ucb", false, registry_run("hybrid-ucb", Rational(1, 2), true), std::nullopt, 1}};
  c.environments = {"seed002-setting1"};
  c.horizon = 300;
  c.runs = 1;
  const ForgetfulResult r = check_forgetful(c);
  EXPECT_EQ(r.verdict, Verdict::violated);
  EXPECT_GT(r.rows.at(0).overlaps, 0U);
}

TEST(ForgetfulCheckTest, WrongNoiseScaleIsCaught) {
  // Anytime-Lazy-UCB replayed with a wrong scale (Lap(2/ε) instead of Lap(1/ε)): the residuals do not match.
  const ForgetfulSubject s{"alu", false, registry_run("anytime-lazy-ucb", Rational(1, 2), true), Rational(4), 1};
  const ForgetfulRow row = check_forgetful_run(s, tape_for("seed002-setting1", 200), 200, 7, 1);
  EXPECT_EQ(row.overlaps, 0U);
  EXPECT_GT(row.residual_mismatches, 0U);
}

}  // namespace
}  // namespace dpb::verify::learner_checks
