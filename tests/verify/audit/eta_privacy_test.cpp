// The (ϵ, η)-privacy adversary audit (verify/audit/eta_privacy.hpp): the verdict rule on made-up counts, each
// adversary on hand-built views, the learned table's fit and the game's invariants (the runs on learners and the
// controls: eta_privacy_stat_test.cpp).
#include "verify/audit/eta_privacy.hpp"

#include <gtest/gtest.h>

#include "tests/support/eta_settings.hpp"

#include <set>
#include <stdexcept>


namespace dpb::verify::audit {
namespace {

EtaSettingResult made_up(const std::optional<Rational>& eta, std::uint64_t wins, std::uint64_t runs) {
  EtaSettingResult r;
  r.setting.name = "made up";
  r.setting.eta = eta;
  r.setting.runs = runs;
  r.counts.push_back({"made up", 0, EtaAdversary::unvoted, runs, wins});
  return r;
}

TEST(EtaPrivacy, VerdictRule) {
  EXPECT_EQ(judge_eta({made_up(Rational(1, 2), 100, 1000)}, 1e-6).verdict, EtaVerdict::holds);
  EXPECT_EQ(judge_eta({made_up(Rational(1, 2), 900, 1000)}, 1e-6).verdict, EtaVerdict::violated);
  const EtaJudgement in = judge_eta({made_up(Rational(1, 2), 520, 1000)}, 1e-6);
  EXPECT_EQ(in.verdict, EtaVerdict::inconclusive);
  EXPECT_GT(in.runs_needed, 1000U);  // at a rate of 0.52 against 0.5, more runs decide it (a violation)
  EXPECT_EQ(judge_eta({made_up(std::nullopt, 1000, 1000)}, 1e-6).verdict, EtaVerdict::reported);
  // Bonferroni: two triples halve α each; a count undecided at α/2 stays so.
  const EtaJudgement two = judge_eta({made_up(Rational(1, 2), 100, 1000), made_up(Rational(1, 2), 100, 1000)}, 1e-6);
  EXPECT_EQ(two.comparisons, 2U);
  EXPECT_DOUBLE_EQ(two.alpha_each, 5e-7);
  EXPECT_THROW(judge_eta({made_up(Rational(1, 2), 1, 2)}, 0), std::invalid_argument);
}

TEST(EtaPrivacy, AdversariesOnHandBuiltViews) {
  const std::uint32_t K = 4;
  EtaView v{{10, 20}, {2, 0}};  // arms 2 then 0 named; 1 and 3 unvoted
  std::set<std::uint32_t> unvoted, complete, timed;
  for (std::uint64_t s = 0; s < 200; ++s) {
    unvoted.insert(eta_guess(EtaAdversary::unvoted, v, 100, K, nullptr, 1, s));
    complete.insert(eta_guess(EtaAdversary::complete, v, 100, K, nullptr, 1, s));
    timed.insert(eta_guess(EtaAdversary::timed, v, 100, K, nullptr, 1, s));
  }
  EXPECT_EQ(unvoted, (std::set<std::uint32_t>{1, 3}));
  EXPECT_EQ(complete, (std::set<std::uint32_t>{0, 1, 2, 3}));  // fewer than K − 1 named: blind
  EXPECT_EQ(timed, (std::set<std::uint32_t>{1, 3}));
  const EtaView full{{5, 6, 9}, {3, 0, 2}};
  for (std::uint64_t s = 0; s < 50; ++s) EXPECT_EQ(eta_guess(EtaAdversary::complete, full, 100, K, nullptr, 1, s), 1U);
  const EtaView lone{{10}, {2}};  // one message in the first 1/K of a 100-round run: timed names it
  EXPECT_EQ(eta_guess(EtaAdversary::timed, lone, 100, K, nullptr, 1, 0), 2U);
  EXPECT_NE(eta_guess(EtaAdversary::timed, lone, 20, K, nullptr, 1, 0), 2U);  // not early: unvoted
  EXPECT_THROW(eta_guess(EtaAdversary::learned, v, 100, K, nullptr, 1, 0), std::invalid_argument);
}

TEST(EtaPrivacy, LearnedTableFindsTheLeak) {
  // Search runs where the most recent message names the winner: the table must play action 1 there, and unvoted
  // where the unvoted arms win.
  const std::uint32_t K = 4;
  std::vector<EtaRun> runs;
  for (int i = 0; i < 20; ++i) {
    EtaRun r;
    r.rounds = 100;
    r.winning = {false, false, true, false};
    r.views.push_back(EtaView{{80}, {2}});  // one arm named, last quarter: the winner
    runs.push_back(r);
    EtaRun u;
    u.rounds = 100;
    u.winning = {false, true, false, false};
    u.views.push_back(EtaView{{10, 20}, {0, 2}});  // two named, first quarter: an unvoted arm wins
    runs.push_back(u);
  }
  const LearnedTable t = fit_learned(runs, 0, K);
  EXPECT_EQ(eta_guess(EtaAdversary::learned, EtaView{{90}, {3}}, 100, K, &t, 1, 0), 3U);
  for (std::uint64_t s = 0; s < 20; ++s) {
    const std::uint32_t g = eta_guess(EtaAdversary::learned, EtaView{{5, 15}, {3, 1}}, 100, K, &t, 1, s);
    EXPECT_TRUE(g == 0 || g == 2) << g;
  }
}

EtaSetting de(std::uint32_t N, const Rational& eta, std::uint64_t runs) {
  return test::decentralized_elimination_setting(N, eta, runs);
}

TEST(EtaPrivacy, GameInvariants) {
  EtaSetting s = de(16, Rational(1, 2), 1);
  s.pac_eps = Rational(1, 2);  // 0.7, 0.5, 0.3 are within 1/2 of the best
  const auto cfg = ref::configure_multi_agent(s.algorithm, s.params, 10);
  std::set<std::vector<bool>> patterns;
  for (std::uint64_t r = 0; r < 6; ++r) {
    const EtaRun run = play_eta_game(cfg, s, {0, 15}, 7, r);
    ASSERT_EQ(run.views.size(), 2U);
    EXPECT_EQ(std::count(run.winning.begin(), run.winning.end(), true), 3);
    patterns.insert(run.winning);
    for (const EtaView& v : run.views) {
      EXPECT_LE(v.arms.size(), 9U);
      EXPECT_TRUE(std::is_sorted(v.rounds.begin(), v.rounds.end()));
    }
  }
  EXPECT_GT(patterns.size(), 1U);  // the labels move between runs
  EXPECT_EQ(default_watched_agents(s.params), (std::vector<std::uint32_t>{0, 8, 15}));
  s.watched = {16};
  EXPECT_THROW(run_eta_setting(s, 1, 1), std::invalid_argument);
}

// run_eta_setting judges each scored run as it is played and keeps only one bit per (watched agent, adversary)
// (issue 14: memory no longer grows with --runs). Its counts must be those of the definition: every game played,
// the learned table fitted on the search runs R … R + R/4 − 1, every adversary's guess scored — recomputed here from
// the public pieces; run_eta_setting plays on two threads, so the order of play differs too.
TEST(EtaPrivacy, StreamedCountsEqualTheDefinition) {
  EtaSetting s = de(4, Rational(1, 2), 24);
  s.adversaries = all_eta_adversaries();
  const std::uint64_t seed = 11;
  const EtaSettingResult got = run_eta_setting(s, seed, 2);
  const std::uint32_t K = s.instance.arms();
  const auto cfg = ref::configure_multi_agent(s.algorithm, s.params, K);
  const std::vector<std::uint32_t> watched = default_watched_agents(s.params);
  std::vector<EtaRun> runs;
  for (std::uint64_t r = 0; r < s.runs + (s.runs + 3) / 4; ++r) runs.push_back(play_eta_game(cfg, s, watched, seed, r));
  const std::vector<EtaRun> split(runs.begin() + static_cast<std::ptrdiff_t>(s.runs), runs.end());
  ASSERT_EQ(got.counts.size(), watched.size() * s.adversaries.size());
  std::size_t i = 0;
  std::uint64_t undecided = 0;
  for (std::uint64_t r = 0; r < s.runs; ++r) undecided += runs[r].decided ? 0 : 1;
  EXPECT_EQ(got.undecided, undecided);
  bool differ = false;
  for (std::size_t j = 0; j < watched.size(); ++j) {
    const LearnedTable table = fit_learned(split, j, K);
    for (const EtaAdversary a : s.adversaries) {
      std::uint64_t wins = 0;
      for (std::uint64_t r = 0; r < s.runs; ++r)
        wins += runs[r].winning[eta_guess(a, runs[r].views[j], runs[r].rounds, K, &table, seed,
                                          eta_adversary_stream(r, j, a))] ? 1 : 0;
      const EtaCount& c = got.counts[i++];
      EXPECT_EQ(c.agent, watched[j]);
      EXPECT_EQ(c.adversary, a);
      EXPECT_EQ(c.runs, s.runs);
      EXPECT_EQ(c.wins, wins) << "agent " << watched[j] << ", adversary " << adversary_name(a);
      differ = differ || c.wins != got.counts.front().wins;
    }
  }
  EXPECT_TRUE(differ);  // the counts are not all one number: a mix-up of cells would show
}

}  // namespace
}  // namespace dpb::verify::audit
