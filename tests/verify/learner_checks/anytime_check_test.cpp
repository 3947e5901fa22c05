// Claim 002.anytime (verify/learner_checks/anytime_check): the paper's anytime learners agree on every prefix; a
// learner that peeks at T (UCB with ln T in its bonus) and the horizon-dependent DP-SE and SE (β = 1/T) are
// rejected.
#include "verify/learner_checks/anytime_check.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace dpb::verify::learner_checks {
namespace {

// UCB with the horizon in its bonus: μ̂_j + √(2 ln T / N_j) (a horizon-tuned index). Test-only, in double.
LearnerRun peeking_ucb(const ref::RewardTape& tape, std::uint64_t T, std::uint64_t, std::uint64_t) {
  const std::uint32_t K = tape.arms();
  LearnerRun run;
  run.pulls.assign(K, 0);
  std::vector<double> sum(K, 0);
  for (std::uint64_t t = 1; t <= T; ++t) {
    std::uint32_t pick = 0;
    if (t <= K) {
      pick = static_cast<std::uint32_t>(t - 1);
    } else {
      double best = -1;
      for (std::uint32_t j = 0; j < K; ++j) {
        const double n = static_cast<double>(run.pulls[j]);
        const double index = sum[j] / n + std::sqrt(2 * std::log(static_cast<double>(T)) / n);
        if (index > best) best = index, pick = j;
      }
    }
    sum[pick] += static_cast<double>(tape.units(pick, run.pulls[pick])) / static_cast<double>(tape.grid());
    ++run.pulls[pick];
    run.actions.push_back(pick);
  }
  return run;
}

AnytimeConfig small(std::vector<AnytimeSubject> subjects, std::vector<std::uint64_t> horizons) {
  AnytimeConfig c;
  c.subjects = std::move(subjects);
  c.environments = {"seed002-setting2"};
  c.horizons = std::move(horizons);
  c.runs = 1;
  c.seed = 11;
  return c;
}

TEST(AnytimeCheckTest, PaperLearnersBothBuildsHold) {
  AnytimeConfig c = anytime_config(Suite::quick, 11);
  c.horizons = {1, 5, 31, 32, 33, 200};
  c.environments = {"seed002-setting1", "seed000-hard"};
  c.runs = 1;
  const AnytimeResult r = check_anytime(c);
  EXPECT_EQ(r.verdict, Verdict::holds) << to_json(r).dump(1);
  for (const auto& row : r.rows) {
    EXPECT_EQ(row.pairs, 15U);
    EXPECT_GT(row.actions_compared, 0U);
  }
}

TEST(AnytimeCheckTest, HorizonPeekingUcbIsRejected) {
  const AnytimeResult r = check_anytime(small({{"peeking-ucb", peeking_ucb}}, {50, 500, 5000}));
  EXPECT_EQ(r.verdict, Verdict::violated);
  EXPECT_GT(r.differing_pairs, 0U);
  EXPECT_NE(r.rows.at(0).first_difference.find("plays arm"), std::string::npos) << r.rows.at(0).first_difference;
}

TEST(AnytimeCheckTest, SuccessiveEliminationWithPEqualsOneOverTIsNotAnytime) {
  // DP-SE as run by Hu, Huang & Mehta 2021 (§6) is not anytime (β = 1/T); neither is Algorithm 1 of seed 000 with p =
  // 1/T.
  for (const char* name : {"dp-se", "se"}) {
    AnytimeConfig c = small({{name, registry_run(name, Rational(1, 2), true)}}, {1000, 10000, 100000});
    c.environments = {"seed002-setting2"};
    c.runs = 2;
    const AnytimeResult r = check_anytime(c);
    EXPECT_EQ(r.verdict, Verdict::violated) << name << to_json(r).dump(1);
  }
}

TEST(AnytimeCheckTest, TruncationBeforeTheHorizonIsRejected) {
  // A run that stops one round early (does not stop exactly at the horizon).
  const RunFunction alu = registry_run("anytime-lazy-ucb", Rational(1, 2), true);
  const RunFunction early = [alu](const ref::RewardTape& tape, std::uint64_t T, std::uint64_t seed,
                                  std::uint64_t stream) {
    LearnerRun run = alu(tape, T, seed, stream);
    if (T > 100) run.actions.pop_back();
    return run;
  };
  const AnytimeResult r = check_anytime(small({{"early", early}}, {50, 150}));
  EXPECT_EQ(r.verdict, Verdict::violated);
}

}  // namespace
}  // namespace dpb::verify::learner_checks
