// Claims about the bandit learners of seeds 000 and 002 (issue 5, "Claims", second bullet): Lemma 2's good event,
// the regret's growth in log T and 1/ε, anytime behaviour and forgetfulness. The checkers live in
// verify/learner_checks/; docs/learners.md ("Learner claims") gives the grids, methods and margins.
#include <cstdio>
#include <string>

#include "verify/claims/registry.hpp"
#include "verify/learner_checks/anytime_check.hpp"
#include "verify/learner_checks/forgetful_check.hpp"
#include "verify/learner_checks/good_event_check.hpp"
#include "verify/learner_checks/regret_scaling_check.hpp"

namespace dpb::verify {

namespace {

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

}  // namespace

void register_claims_learners(Registry& registry) {
  namespace L = learner_checks;
  registry.add(in_family("learner-statistics", Claim{
      "000.lemma2.good-event",
      "on E = {|μ̂_a(b) − μ_a| ≤ β(b) ∀ b, a ∈ Φ(b)}: the best arm is never eliminated and every arm with "
      "Δ_a > 4β(b) is gone after batch b; P[E] ≥ 1 − p (tested; the paper states 1 − 3p)",
      {"000", "App. C", "Lemma 2 (proof structure)"},
      Method::statistical,
      "Algorithm 1 (optimized, reference cross-check of the first run) × {dist-dp, dist-rdp, dist-cdp, shuffle, "
      "central, local, se} × seed 002 settings 1–3 (Bernoulli, K = 5), ε = 1/2, p = 1/T, η = 2; quick: T = 20000, 4 "
      "runs each; full: T = 10⁵, 40 runs; exact binomial test of the bad-event count against p, Holm at the claim's α",
      Verdict::holds,
      [](const RunOptions& o) {
        L::GoodEventConfig config = L::good_event_config(o.suite, o.seed);
        config.alpha = o.alpha;
        const L::GoodEventResult r = L::check_good_event(config);
        return Outcome{r.verdict,
                       std::to_string(r.good_runs) + "/" + std::to_string(r.runs) + " good runs, " +
                           std::to_string(r.conclusion_tests) + " Δ>4β tests, " +
                           std::to_string(r.conclusion_failures) + " failures",
                       L::to_json(r)};
      }}));
  registry.add(in_family("learner-statistics", Claim{
      "000.regret-scaling",
      "E[Reg(T)] of Dist-DP-SE grows like log T (O(log T): fitted exponent of Reg against T < 1/2; slope against ln T "
      "reported) "
      "and its privacy cost Reg_DP − Reg_SE like 1/ε (fitted exponent against 1/ε in [1/2, 3/2])",
      {"000", "App. C, §4", "Lemma 2, Theorem 1 (regret order)"},
      Method::statistical,
      "Bernoulli (9/10, 3/5, 1/2), aggregate noise path; quick: T ∈ {2^14..2^17} at ε = 1/2, ε ∈ {1/64..1/8} at "
      "T = 2^17, 40 runs per point; full: T ∈ {2^14..2^20}, ε ∈ {1/128..1/8} at T = 2^19, 200 runs; normal "
      "intervals, Bonferroni over 6 at the claim's α",
      Verdict::holds,
      [](const RunOptions& o) {
        L::RegretScalingConfig config = L::regret_scaling_config(o.suite, o.seed);
        config.alpha = o.alpha;
        const L::RegretScalingResult r = L::check_regret_scaling(config);
        return Outcome{r.verdict,
                       "exponent in T " + fixed(r.exponent_T.estimate, 3) + " (< 0.5), in 1/ε " +
                           fixed(r.exponent_eps.estimate, 2) + " (∈ [0.5, 1.5])",
                       L::to_json(r)};
      }}));
  registry.add(Claim{
      "002.anytime",
      "the actions (and releases) of Anytime-Lazy-UCB, Hybrid-UCB, FTNL and naive FTNL on rounds 1..t are the same "
      "for every horizon T ≥ t",
      {"002", "§4.1, §4.2, §5.1", "Algorithms 1, 4, 2 (anytime)"},
      Method::certified,
      "both builds × seed002-setting1|2, seed000-hard (K = 5) × ε = 1/2 × horizons {1, 5, 63, 64, 65, 127, 128, "
      "300, 1000, 1023, 1024, 1025, 2000} (full: + 4095…20000), 2 runs (full: 5); every pair of horizons",
      Verdict::holds,
      [](const RunOptions& o) {
        const L::AnytimeResult r = L::check_anytime(L::anytime_config(o.suite, o.seed));
        std::uint64_t pairs = 0;
        for (const auto& row : r.rows) pairs += row.pairs;
        return Outcome{r.verdict,
                       std::to_string(pairs) + " horizon pairs, " + std::to_string(r.differing_pairs) + " differ",
                       L::to_json(r)};
      }});
  registry.add(Claim{
      "002.forgetful",
      "every observed reward enters at most one released noisy statistic of Anytime-Lazy-UCB, FTNL and naive FTNL, "
      "and each release is exactly the sum of its own observations plus one fresh noise draw",
      {"002", "§4.1, §5.1", "Algorithms 1, 2 (forgetfulness)"},
      Method::certified,
      "both builds × seed002-setting1|2|3, seed000-easy (K = 5) × ε = 1/2; quick: T = 2000, 2 runs; full: T = 20000, "
      "5 runs; ranges disjoint per arm, values replayed against the noise stream",
      Verdict::holds,
      [](const RunOptions& o) {
        const L::ForgetfulResult r = L::check_forgetful(L::forgetful_config(o.suite, o.seed));
        return Outcome{r.verdict, std::to_string(r.releases) + " releases, " + std::to_string(r.problems) + " problems",
                       L::to_json(r)};
      }});
}

}  // namespace dpb::verify
