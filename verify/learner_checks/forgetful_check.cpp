#include "verify/learner_checks/forgetful_check.hpp"

#include <algorithm>
#include <utility>

#include "reference/bits/chacha20.hpp"
#include "reference/learners/noise_source.hpp"
#include "reference/samplers/discrete_laplace.hpp"

namespace dpb::verify::learner_checks {

namespace {

void note(ForgetfulRow& row, const std::string& problem) {
  if (row.first_problem.empty()) row.first_problem = problem;
}

std::string describe(const RunRelease& r) {
  return "release (round " + std::to_string(r.round) + ", arm " + std::to_string(r.arm) + ", index " +
         std::to_string(r.index) + ", range [" + std::to_string(r.first) + ", " + std::to_string(r.first + r.count) +
         "))";
}

}  // namespace

ForgetfulRow check_forgetful_run(const ForgetfulSubject& subject, const ref::RewardTape& tape, std::uint64_t T,
                                 std::uint64_t seed, std::uint64_t stream) {
  ForgetfulRow row;
  row.subject = subject.name;
  const LearnerRun run = subject.run(tape, T, seed, stream);
  const std::uint32_t K = tape.arms();
  row.releases = run.releases.size();

  // Observed counts: pulls of each arm by the end of each round (bandit), computed from the actions.
  std::vector<std::vector<std::uint64_t>> pulls_by_round;  // [arm][t] = pulls of arm in rounds 1..t
  if (!subject.full_information) {
    pulls_by_round.assign(K, std::vector<std::uint64_t>(run.actions.size() + 1, 0));
    for (std::size_t t = 1; t <= run.actions.size(); ++t)
      for (std::uint32_t a = 0; a < K; ++a)
        pulls_by_round[a][t] = pulls_by_round[a][t - 1] + (run.actions[t - 1] == a ? 1 : 0);
  }

  // 1. Ranges inside the observed data, and disjoint per arm.
  std::vector<std::vector<std::pair<std::uint64_t, std::uint64_t>>> ranges(K);
  for (const RunRelease& r : run.releases) {
    row.rewards_covered += r.count;
    bool inside = r.arm < K && r.round <= run.actions.size();
    if (inside) {
      const std::uint64_t observed = subject.full_information ? r.round : pulls_by_round[r.arm][r.round];
      inside = r.first + r.count <= observed;
    }
    if (!inside) {
      ++row.out_of_range;
      note(row, describe(r) + " covers observations not yet made");
      continue;
    }
    ranges[r.arm].emplace_back(r.first, r.first + r.count);
  }
  for (std::uint32_t a = 0; a < K; ++a) {
    auto& v = ranges[a];
    std::sort(v.begin(), v.end());
    std::uint64_t reach = 0;  // the largest end so far
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (i > 0 && v[i].first < reach && v[i].second > v[i].first) {
        ++row.overlaps;
        note(row, "arm " + std::to_string(a) + ": observation " + std::to_string(v[i].first) +
                      " enters two releases (ranges ending at " + std::to_string(reach) + " and [" +
                      std::to_string(v[i].first) + ", " + std::to_string(v[i].second) + "))");
      }
      reach = std::max(reach, v[i].second);
    }
  }

  // 2. Values: residual = value·G·q − q·Σ_{range} units must be the replayed noise draw.
  if (subject.noise_scale_per_grid) {
    const Integer q = subject.noise_refinement;
    const Integer unit = Integer(tape.grid()) * q;
    const ref::DiscreteLaplace laplace(*subject.noise_scale_per_grid * Rational(Integer(tape.grid())));
    ChaCha20Source bits(seed, stream);
    NoiseSource replay(bits);
    for (const RunRelease& r : run.releases) {
      const Integer draw = laplace(replay);
      if (r.arm >= K || r.first + r.count > tape.length()) continue;  // counted above
      Integer sum = 0;
      for (std::uint64_t i = r.first; i < r.first + r.count; ++i) sum += tape.units(r.arm, i);
      const Rational residual = r.value * Rational(unit) - Rational(sum * q);
      if (residual != Rational(draw)) {
        ++row.residual_mismatches;
        note(row, describe(r) + ": value·G·q − q·Σ range = " + dpb::to_string(residual) +
                      ", but the replayed noise draw is " + draw.str());
      }
    }
  }
  return row;
}

ForgetfulConfig forgetful_config(Suite suite, std::uint64_t seed) {
  ForgetfulConfig c;
  c.seed = seed;
  const Rational eps(1, 2);
  const bool full = suite == Suite::full;
  c.horizon = full ? 20000 : 2000;
  c.runs = full ? 5 : 2;
  c.environments = {"seed002-setting1", "seed002-setting2", "seed002-setting3", "seed000-easy"};
  c.arms = 5;
  for (const bool optimized : {false, true}) {
    const std::string build = optimized ? " (optimized)" : " (reference)";
    c.subjects.push_back(
        {"anytime-lazy-ucb" + build, false, registry_run("anytime-lazy-ucb", eps, optimized), Rational(1) / eps, 1});
    c.subjects.push_back({"ftnl" + build, true, registry_run("ftnl", eps, optimized), Rational(1) / eps, 1});
    // naive FTNL: Lap(K/ε), K = 5 on every environment of the grid.
    c.subjects.push_back(
        {"naive-ftnl" + build, true, registry_run("naive-ftnl", eps, optimized), Rational(c.arms) / eps, 1});
  }
  return c;
}

ForgetfulResult check_forgetful(const ForgetfulConfig& config) {
  ForgetfulResult result;
  for (const std::string& env : config.environments)
    for (std::uint32_t r = 0; r < config.runs; ++r) {
      const ref::RewardTape tape = make_run_tape(env, config.arms, config.horizon, config.seed, r);
      for (const ForgetfulSubject& s : config.subjects) {
        ForgetfulRow row = check_forgetful_run(s, tape, config.horizon, config.seed, noise_stream(r));
        row.environment = env;
        row.run = r;
        result.releases += row.releases;
        result.problems += row.overlaps + row.out_of_range + row.residual_mismatches;
        result.rows.push_back(std::move(row));
      }
    }
  result.verdict =
      result.problems > 0 ? Verdict::violated : (result.releases > 0 ? Verdict::holds : Verdict::inconclusive);
  return result;
}

nlohmann::json to_json(const ForgetfulResult& r) {
  nlohmann::json rows = nlohmann::json::array();
  nlohmann::json problems = nlohmann::json::array();
  for (const auto& row : r.rows) {
    rows.push_back({{"subject", row.subject},
                    {"environment", row.environment},
                    {"run", row.run},
                    {"releases", row.releases},
                    {"rewards_covered", row.rewards_covered},
                    {"overlaps", row.overlaps},
                    {"out_of_range", row.out_of_range},
                    {"residual_mismatches", row.residual_mismatches}});
    if (!row.first_problem.empty() && problems.size() < 10)
      problems.push_back({{"subject", row.subject},
                          {"environment", row.environment},
                          {"run", row.run},
                          {"problem", row.first_problem}});
  }
  return {{"verdict", std::string(to_string(r.verdict))},
          {"releases_checked", r.releases},
          {"problems", r.problems},
          {"first_problems", problems},
          {"runs", rows}};
}

}  // namespace dpb::verify::learner_checks
