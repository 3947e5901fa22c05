// run_claims with worker threads: results in the order of the claims whatever the order of completion, the same
// verdicts and evidence as a serial run, callbacks never concurrent, and claims really run side by side.
#include "verify/claims/runner.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "verify/claims/registry.hpp"
#include "verify/cluster/cancellation.hpp"

namespace dpb::verify {
namespace {

Claim fake(const std::string& id, Checker check) {
  return Claim{id, "s", {"core", "§0", ""}, Method::certified, "g", Verdict::holds, std::move(check)};
}

// Claims whose outcome depends on the options and the id only; later claims finish first (shorter sleeps).
std::vector<Claim> fake_claims() {
  std::vector<Claim> claims;
  for (int i = 0; i < 6; ++i) {
    const std::string id = "core.c" + std::to_string(i);
    claims.push_back(fake(id, [i, id](const RunOptions& o) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5 * (6 - i)));
      if (i == 4) throw std::runtime_error("checker " + id + " failed");
      const Verdict v = i % 3 == 0 ? Verdict::holds : i % 3 == 1 ? Verdict::violated : Verdict::inconclusive;
      return Outcome{v, id + " figure", {{"seed", o.seed}, {"suite", std::string(to_string(o.suite))}, {"i", i}}};
    }));
  }
  return claims;
}

std::vector<const Claim*> pointers(const std::vector<Claim>& claims) {
  std::vector<const Claim*> out;
  for (const auto& c : claims) out.push_back(&c);
  return out;
}

TEST(RunnerTest, TwoJobsGiveTheSameResultsInTheSameOrderAsOne) {
  const auto claims = fake_claims();
  const RunOptions options{Suite::full, 77};
  const auto serial = run_claims(pointers(claims), options, 1);
  const auto parallel = run_claims(pointers(claims), options, 2);
  const auto many = run_claims(pointers(claims), options, 16);  // more jobs than claims
  ASSERT_EQ(serial.size(), claims.size());
  ASSERT_EQ(parallel.size(), claims.size());
  ASSERT_EQ(many.size(), claims.size());
  for (std::size_t i = 0; i < claims.size(); ++i) {
    for (const auto* r : {&serial[i], &parallel[i], &many[i]}) {
      EXPECT_EQ(r->claim, &claims[i]) << i;
      EXPECT_EQ(r->outcome.verdict, serial[i].outcome.verdict) << i;
      EXPECT_EQ(r->outcome.key_figure, serial[i].outcome.key_figure) << i;
      EXPECT_EQ(r->outcome.evidence, serial[i].outcome.evidence) << i;
      EXPECT_GT(r->seconds, 0.0);
    }
  }
  EXPECT_EQ(serial[0].outcome.evidence["seed"], 77);
  EXPECT_EQ(serial[1].outcome.verdict, Verdict::violated);
  EXPECT_EQ(serial[4].outcome.verdict, Verdict::inconclusive);
  EXPECT_EQ(parallel[4].outcome.evidence["error"], "checker core.c4 failed");
}

TEST(RunnerTest, CallbacksSeeEveryClaimOnceAndNeverRunConcurrently) {
  const auto claims = fake_claims();
  std::atomic<int> inside{0};
  std::atomic<bool> overlap{false};
  std::vector<int> before_seen(claims.size(), 0), after_seen(claims.size(), 0);
  auto enter = [&] {
    if (inside.fetch_add(1) != 0) overlap = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    inside.fetch_sub(1);
  };
  run_claims(
      pointers(claims), RunOptions{}, 3,
      [&](std::size_t i, std::size_t n, const Claim& c) {
        enter();
        EXPECT_EQ(n, claims.size());
        EXPECT_EQ(&c, &claims[i]);
        ++before_seen[i];
      },
      [&](std::size_t i, std::size_t, const ClaimResult& r) {
        enter();
        EXPECT_EQ(r.claim, &claims[i]);
        EXPECT_EQ(before_seen[i], 1);
        ++after_seen[i];
      });
  EXPECT_FALSE(overlap);
  for (std::size_t i = 0; i < claims.size(); ++i) {
    EXPECT_EQ(before_seen[i], 1) << i;
    EXPECT_EQ(after_seen[i], 1) << i;
  }
}

TEST(RunnerTest, TwoJobsRunTwoClaimsAtOnce) {
  // Each claim waits (up to 10 s) until the other has started: only a run with two workers lets both hold.
  std::atomic<int> started{0};
  auto rendezvous = [&started](const RunOptions&) {
    started.fetch_add(1);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (started.load() < 2 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return Outcome{started.load() >= 2 ? Verdict::holds : Verdict::violated, "", {}};
  };
  const std::vector<Claim> claims{fake("core.a", rendezvous), fake("core.b", rendezvous)};
  const auto results = run_claims(pointers(claims), RunOptions{}, 2);
  EXPECT_EQ(results[0].outcome.verdict, Verdict::holds);
  EXPECT_EQ(results[1].outcome.verdict, Verdict::holds);
}

// A claim measured at both sizes: expected violated in quick, holds in full (Claim::expected_full).
TEST(RunnerTest, TheFullSuiteComparesWithExpectedFull) {
  Claim c = fake("core.sizes", [](const RunOptions&) { return Outcome{Verdict::holds, "k", {}}; });
  c.expected = Verdict::violated;
  c.expected_full = Verdict::holds;
  RunOptions quick, full;
  full.suite = Suite::full;
  const ClaimResult q = run_claim(c, quick), f = run_claim(c, full);
  EXPECT_EQ(q.expected_verdict(), Verdict::violated);
  EXPECT_FALSE(q.as_expected());
  EXPECT_EQ(f.expected_verdict(), Verdict::holds);
  EXPECT_TRUE(f.as_expected());
  // Without expected_full both suites compare with `expected`.
  c.expected_full.reset();
  EXPECT_FALSE(run_claim(c, full).as_expected());
}

TEST(RunnerTest, ZeroJobsIsRefused) {
  const auto claims = fake_claims();
  EXPECT_THROW(run_claims(pointers(claims), RunOptions{}, 0), std::invalid_argument);
  EXPECT_TRUE(run_claims({}, RunOptions{}, 2).empty());
}

// --claim-timeout: a checker that polls is stopped and reported `error` ("timed out"); one that ignores the flag
// and finishes late is `error` too; a fast one is untouched; the run goes on with the other claims.
TEST(RunnerTest, AClaimPastItsTimeLimitIsAnErrorAndTheOthersStillReport) {
  std::vector<Claim> claims;
  claims.push_back(fake("core.polls", [](const RunOptions&) -> Outcome {
    for (;;) {  // would never end without the limit
      poll_cancellation();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }));
  claims.push_back(fake("core.late", [](const RunOptions&) {
    std::this_thread::sleep_for(std::chrono::milliseconds(400));  // never polls
    return Outcome{Verdict::holds, "late", {}};
  }));
  claims.push_back(fake("core.fast", [](const RunOptions&) { return Outcome{Verdict::holds, "fast", {}}; }));
  RunOptions options;
  options.claim_timeout = 0.1;
  for (const std::size_t jobs : {std::size_t{1}, std::size_t{3}}) {
    const auto results = run_claims(pointers(claims), options, jobs);
    ASSERT_EQ(results.size(), 3U);
    for (std::size_t i = 0; i < 2; ++i) {
      EXPECT_EQ(results[i].outcome_name(), "error") << i;
      EXPECT_NE(results[i].error.find("timed out after 0.1 s"), std::string::npos) << results[i].error;
      EXPECT_FALSE(results[i].as_expected());
    }
    EXPECT_LT(results[0].seconds, 5.0);  // stopped, not run forever
    EXPECT_TRUE(results[2].as_expected());
    EXPECT_EQ(results[2].outcome.key_figure, "fast");
  }
  // Without a limit the late claim holds.
  EXPECT_TRUE(run_claim(claims[1], RunOptions{}).as_expected());
}

// Polling outside a runner (no scope) never throws; worker threads inherit the flag only through a scope.
TEST(RunnerTest, PollingWithoutAScopeIsANoOpAndScopesNest) {
  EXPECT_NO_THROW(poll_cancellation());
  std::atomic<bool> outer{false}, inner{true};
  {
    const CancellationScope a(&outer);
    EXPECT_EQ(current_cancellation(), &outer);
    EXPECT_NO_THROW(poll_cancellation());
    {
      const CancellationScope b(&inner);
      EXPECT_THROW(poll_cancellation(), Cancelled);
    }
    EXPECT_NO_THROW(poll_cancellation());
  }
  EXPECT_EQ(current_cancellation(), nullptr);
}

// The claim's α reaches its checker: the family's α over the family's size, whatever is selected.
TEST(RunnerTest, TheCheckerGetsItsFamilysShareOfAlpha) {
  Registry r;
  r.add_family({"f", 1e-3, "a test family"});
  for (const char* id : {"core.a", "core.b", "core.c", "core.d"}) {
    Claim c = fake(id, [](const RunOptions& o) { return Outcome{Verdict::holds, "", {{"alpha", o.alpha}}}; });
    c.method = Method::statistical;
    r.add(in_family("f", std::move(c)));
  }
  const ClaimResult one = run_claim(*r.find("core.b"), RunOptions{});
  EXPECT_DOUBLE_EQ(one.outcome.evidence["alpha"].get<double>(), 1e-3 / 4);
}

}  // namespace
}  // namespace dpb::verify
