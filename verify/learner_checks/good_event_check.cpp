#include "verify/learner_checks/good_event_check.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include "optimized/environments/reward_tape.hpp"
#include "optimized/learners/batch_aggregator.hpp"
#include "optimized/learners/batched_successive_elimination.hpp"
#include "optimized/learners/protocol_aggregator.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/environments/bandit_instance.hpp"
#include "reference/learners/batched_successive_elimination.hpp"
#include "reference/learners/internal/certified.hpp"
#include "reference/learners/protocol_aggregator.hpp"
#include "verify/learner_checks/learner_run.hpp"
#include "verify/stats/binomial_tests.hpp"
#include "verify/stats/holm.hpp"

namespace dpb::verify::learner_checks {

namespace {

struct RunVerdict {
  bool good = true;
  bool conclusion = true;
  std::uint64_t tests = 0;
  std::uint64_t binding = 0;
  std::uint64_t batches = 0;
  std::string problem;
};

// Rebuilds Φ(b), μ̂_a(b), β(b) from one run of Algorithm 1 and decides E and the conclusion.
RunVerdict judge(const LearnerRun& run, const std::vector<Rational>& means, std::uint64_t T,
                 const GoodEventSubject& subject, const Rational& beta_scale) {
  RunVerdict v;
  const auto K = static_cast<std::uint32_t>(means.size());
  const Rational best = *std::max_element(means.begin(), means.end());
  const Rational p(1, T);
  std::map<std::uint32_t, std::map<std::uint32_t, const RunRelease*>> by_batch;  // b -> arm -> release
  for (const auto& r : run.releases) by_batch[r.index][r.arm] = &r;
  std::map<std::uint32_t, std::set<std::uint32_t>> eliminated;  // b -> arms
  for (const auto& e : run.eliminations) eliminated[e.batch].insert(e.arm);
  for (const auto& [b, arms] : eliminated)
    for (std::uint32_t a : arms)
      if (means[a] == best) {
        v.conclusion = false;
        v.problem = "a best arm (" + std::to_string(a) + ") was eliminated after batch " + std::to_string(b);
      }

  std::vector<std::uint32_t> active(K);
  for (std::uint32_t a = 0; a < K; ++a) active[a] = a;
  for (std::uint32_t b = 1; active.size() > 1; ++b) {
    const auto it = by_batch.find(b);
    if (it == by_batch.end()) break;
    bool complete = true;
    for (std::uint32_t a : active) complete = complete && it->second.count(a) > 0;
    if (!complete) break;  // the truncated last batch: nothing of it is used
    ++v.batches;
    const std::uint64_t l = it->second.at(active.front())->count;
    const ref::NoiseConcentration c = subject.claimed(l);
    const std::size_t phi = active.size();
    auto beta = [&](mpfr_prec_t prec) {
      return ref::confidence_radius(phi, b, Integer(l), p, c, prec).mul(beta_scale);
    };
    const std::string where = "batch " + std::to_string(b);
    const std::set<std::uint32_t>& gone = eliminated[b];
    for (std::uint32_t a : active) {
      const Rational mu_hat = it->second.at(a)->value / Rational(Integer(l));
      const Rational dev = abs(mu_hat - means[a]);
      // E at (a, b): β(b) − |μ̂ − μ| > 0 (equality would need β rational: certified_sign throws, inconclusive).
      if (ref::internal::certified_sign([&](mpfr_prec_t prec) { return beta(prec) - Interval(dev, prec); },
                                        "good event, arm " + std::to_string(a) + ", " + where) < 0)
        v.good = false;
    }
    // The conclusion at b: every arm with Δ_a > 4β(b) is gone after batch b (arms eliminated before b trivially;
    // an arm of Φ(b) must be eliminated at b: a "binding" test).
    for (std::uint32_t a = 0; a < K; ++a) {
      const Rational gap = best - means[a];
      if (gap > 0 && ref::internal::certified_sign(
                         [&](mpfr_prec_t prec) { return Interval(gap, prec) - beta(prec).mul(Rational(4)); },
                         "4β, arm " + std::to_string(a) + ", " + where) > 0) {
        ++v.tests;
        if (std::find(active.begin(), active.end(), a) == active.end()) continue;
        ++v.binding;
        if (!gone.count(a)) {
          v.conclusion = false;
          if (v.problem.empty())
            v.problem = "arm " + std::to_string(a) + " with Δ = " + dpb::to_string(gap) + " > 4β(" + std::to_string(b) +
                        ") survived " + where;
        }
      }
    }
    std::vector<std::uint32_t> next;
    for (std::uint32_t a : active)
      if (!gone.count(a)) next.push_back(a);
    active = std::move(next);
  }
  return v;
}

std::string first_difference(const LearnerRun& a, const LearnerRun& b) {
  if (a.actions != b.actions) return "actions differ";
  if (a.releases != b.releases) return "releases differ";
  if (a.eliminations != b.eliminations) return "eliminations differ";
  return "";
}

}  // namespace

GoodEventSubject protocol_subject(ref::Variant v, const Rational& eps, std::uint64_t T) {
  ref::ProtocolAggregatorParams params;
  params.variant = v;
  params.eps = eps;
  params.horizon = Integer(std::max<std::uint64_t>(T, 2));
  auto reference = std::make_shared<ref::ProtocolAggregator>(params);
  auto optimized = std::make_shared<fast::ProtocolAggregator>(params);
  GoodEventSubject s;
  s.name = ref::protocol_learner_name(v);
  s.claimed = [reference](std::uint64_t n) { return reference->concentration(n); };
  s.run_fast = [optimized](const ref::RewardTape& tape, std::uint64_t horizon, NoiseSource noise) {
    return fast::batched_successive_elimination({tape.arms(), horizon, Rational(2), std::nullopt}, tape, *optimized,
                                                noise);
  };
  s.run_reference = [reference](const ref::RewardTape& tape, std::uint64_t horizon, NoiseSource noise) {
    return ref::batched_successive_elimination({tape.arms(), horizon, Rational(2), std::nullopt}, tape, *reference,
                                               noise);
  };
  return s;
}

GoodEventSubject non_private_subject() {
  GoodEventSubject s;
  s.name = "se";
  s.claimed = [](std::uint64_t n) { return ref::NonPrivateAggregator().concentration(n); };
  s.run_fast = [](const ref::RewardTape& tape, std::uint64_t horizon, NoiseSource noise) {
    return fast::batched_successive_elimination({tape.arms(), horizon, Rational(2), std::nullopt}, tape,
                                                fast::NonPrivateAggregator(), noise);
  };
  s.run_reference = [](const ref::RewardTape& tape, std::uint64_t horizon, NoiseSource noise) {
    return ref::batched_successive_elimination({tape.arms(), horizon, Rational(2), std::nullopt}, tape,
                                               ref::NonPrivateAggregator(), noise);
  };
  return s;
}

GoodEventConfig good_event_config(Suite suite, std::uint64_t seed) {
  GoodEventConfig c;
  c.seed = seed;
  const bool full = suite == Suite::full;
  c.horizon = full ? 100000 : 20000;
  c.runs = full ? 40 : 4;
  c.crosscheck_runs = full ? 2 : 1;
  c.instances = {ref::seed002_means(1), ref::seed002_means(2), ref::seed002_means(3)};
  const Rational eps(1, 2);
  for (ref::Variant v : {ref::Variant::DistDP, ref::Variant::DistRDP, ref::Variant::DistCDP, ref::Variant::Shuffle,
                         ref::Variant::Central, ref::Variant::Local})
    c.subjects.push_back(protocol_subject(v, eps, c.horizon));
  c.subjects.push_back(non_private_subject());
  return c;
}

GoodEventResult check_good_event(const GoodEventConfig& config) {
  GoodEventResult result;
  result.p = 1.0 / static_cast<double>(config.horizon);
  result.alpha = config.alpha;  // for the binomial test only (p = 1/T exactly elsewhere)
  std::vector<double> p_values;
  for (const GoodEventSubject& s : config.subjects) {
    GoodEventSubjectResult sr;
    sr.name = s.name;
    for (std::size_t i = 0; i < config.instances.size(); ++i) {
      const ref::BanditInstance instance = ref::BanditInstance::bernoulli(config.instances[i]);
      for (std::uint32_t r = 0; r < config.runs; ++r) {
        const auto run_index = static_cast<std::uint32_t>(i * 4096 + r);
        const ref::RewardTape tape =
            fast::make_reward_tape(instance, config.horizon, config.seed, instance_stream(run_index) + 2);
        ChaCha20Source bits(config.seed, noise_stream(run_index));
        const LearnerRun run = from_optimized(s.run_fast(tape, config.horizon, NoiseSource(bits)));
        if (r < config.crosscheck_runs && s.run_reference) {
          ChaCha20Source ref_bits(config.seed, noise_stream(run_index));
          const LearnerRun twin = from_reference(s.run_reference(tape, config.horizon, NoiseSource(ref_bits)));
          ++sr.crosschecked;
          const std::string d = first_difference(twin, run);
          if (!d.empty()) {
            ++sr.crosscheck_differences;
            if (sr.first_problem.empty())
              sr.first_problem = "cross-check, instance " + std::to_string(i) + ", run " + std::to_string(r) + ": " + d;
          }
        }
        const RunVerdict v = judge(run, config.instances[i], config.horizon, s, config.beta_scale);
        ++sr.runs;
        sr.batches += v.batches;
        if (v.good) {
          ++sr.good_runs;
          sr.conclusion_tests += v.tests;
          sr.binding_tests += v.binding;
          if (!v.conclusion) {
            ++sr.conclusion_failures;
            if (sr.first_problem.empty())
              sr.first_problem = "instance " + std::to_string(i) + ", run " + std::to_string(r) + ": " + v.problem;
          }
        }
      }
    }
    sr.p_value = stats::binomial_upper_tail(sr.runs - sr.good_runs, sr.runs, result.p);
    p_values.push_back(sr.p_value);
    result.runs += sr.runs;
    result.good_runs += sr.good_runs;
    result.conclusion_tests += sr.conclusion_tests;
    result.conclusion_failures += sr.conclusion_failures;
    result.subjects.push_back(std::move(sr));
  }
  const std::vector<bool> rejected =
      p_values.empty() ? std::vector<bool>{} : stats::holm_reject(p_values, config.alpha);
  bool any_rejected = false, any_difference = false;
  for (std::size_t i = 0; i < result.subjects.size(); ++i) {
    result.subjects[i].rejected = rejected[i];
    any_rejected = any_rejected || rejected[i];
    any_difference = any_difference || result.subjects[i].crosscheck_differences > 0;
  }
  if (result.conclusion_failures > 0 || any_rejected)
    result.verdict = Verdict::violated;
  else if (result.conclusion_tests == 0 || any_difference)
    result.verdict = Verdict::inconclusive;
  else
    result.verdict = Verdict::holds;
  return result;
}

nlohmann::json to_json(const GoodEventResult& r) {
  nlohmann::json subjects = nlohmann::json::array();
  for (const auto& s : r.subjects)
    subjects.push_back({{"learner", s.name},
                        {"runs", s.runs},
                        {"good_runs", s.good_runs},
                        {"conclusion_failures", s.conclusion_failures},
                        {"conclusion_tests", s.conclusion_tests},
                        {"binding_tests", s.binding_tests},
                        {"batches", s.batches},
                        {"crosschecked_runs", s.crosschecked},
                        {"crosscheck_differences", s.crosscheck_differences},
                        {"p_value_bad_event_rate", s.p_value},
                        {"rejected_holm", s.rejected},
                        {"first_problem", s.first_problem}});
  return {{"verdict", std::string(to_string(r.verdict))},
          {"p", r.p},
          {"alpha_familywise", r.alpha},
          {"runs", r.runs},
          {"good_runs", r.good_runs},
          {"conclusion_tests", r.conclusion_tests},
          {"conclusion_failures", r.conclusion_failures},
          {"subjects", subjects}};
}

}  // namespace dpb::verify::learner_checks
