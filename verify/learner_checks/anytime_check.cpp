#include "verify/learner_checks/anytime_check.hpp"

#include <algorithm>

namespace dpb::verify::learner_checks {

namespace {

std::vector<RunRelease> before(const std::vector<RunRelease>& releases, std::uint64_t round) {
  std::vector<RunRelease> out;
  for (const auto& r : releases)
    if (r.round < round) out.push_back(r);
  return out;
}

// "" when the run with horizon T agrees with the run with horizon T′ > T on rounds 1..T.
std::string compare_prefix(const LearnerRun& shorter, std::uint64_t T, const LearnerRun& longer, std::uint64_t T2,
                           std::uint64_t& actions, std::uint64_t& releases) {
  const std::string pair = "T = " + std::to_string(T) + " vs T′ = " + std::to_string(T2) + ": ";
  if (shorter.actions.size() != T)
    return pair + "the run with horizon T made " + std::to_string(shorter.actions.size()) + " actions";
  if (longer.actions.size() < T) return pair + "the longer run made only " + std::to_string(longer.actions.size());
  for (std::uint64_t t = 0; t < T; ++t) {
    ++actions;
    if (shorter.actions[t] != longer.actions[t])
      return pair + "round " + std::to_string(t + 1) + " plays arm " + std::to_string(shorter.actions[t]) + " vs " +
             std::to_string(longer.actions[t]);
  }
  const auto a = before(shorter.releases, T), b = before(longer.releases, T);
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    ++releases;
    if (!(a[i] == b[i]))
      return pair + "release " + std::to_string(i) + " differs (round " + std::to_string(a[i].round) + ", arm " +
             std::to_string(a[i].arm) + ", value " + dpb::to_string(a[i].value) + " vs round " +
             std::to_string(b[i].round) + ", arm " + std::to_string(b[i].arm) + ", value " +
             dpb::to_string(b[i].value) + ")";
  }
  if (a.size() != b.size())
    return pair + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " releases before round T";
  return "";
}

}  // namespace

AnytimeConfig anytime_config(Suite suite, std::uint64_t seed) {
  AnytimeConfig c;
  c.seed = seed;
  const bool full = suite == Suite::full;
  c.environments = {"seed002-setting1", "seed002-setting2", "seed000-hard"};
  c.arms = 5;
  c.runs = full ? 5 : 2;
  c.horizons = {1, 5, 63, 64, 65, 127, 128, 300, 1000, 1023, 1024, 1025, 2000};
  if (full) c.horizons.insert(c.horizons.end(), {4095, 4096, 4097, 10000, 16384, 20000});
  const Rational eps(1, 2);
  for (const char* name : {"anytime-lazy-ucb", "hybrid-ucb", "ftnl", "naive-ftnl"}) {
    c.subjects.push_back({std::string(name) + " (optimized)", registry_run(name, eps, true)});
    c.subjects.push_back({std::string(name) + " (reference)", registry_run(name, eps, false)});
  }
  return c;
}

AnytimeResult check_anytime(const AnytimeConfig& config) {
  AnytimeResult result;
  const std::uint64_t longest = config.horizons.empty() ? 0 : config.horizons.back();
  for (const std::string& env : config.environments)
    for (std::uint32_t r = 0; r < config.runs; ++r) {
      const ref::RewardTape tape = make_run_tape(env, config.arms, longest, config.seed, r);
      for (const AnytimeSubject& s : config.subjects) {
        AnytimeRow row;
        row.subject = s.name;
        row.environment = env;
        row.run = r;
        std::vector<LearnerRun> runs;
        for (std::uint64_t T : config.horizons) {
          runs.push_back(s.run(tape, T, config.seed, noise_stream(r)));
          if (runs.back().actions.size() != T) {  // the run must stop exactly at its horizon
            ++row.differing_pairs;
            if (row.first_difference.empty())
              row.first_difference = "T = " + std::to_string(T) + ": the run made " +
                                     std::to_string(runs.back().actions.size()) + " actions";
          }
        }
        for (std::size_t i = 0; i < runs.size(); ++i)
          for (std::size_t j = i + 1; j < runs.size(); ++j) {
            if (config.horizons[i] >= config.horizons[j]) continue;
            ++row.pairs;
            const std::string d = compare_prefix(runs[i], config.horizons[i], runs[j], config.horizons[j],
                                                 row.actions_compared, row.releases_compared);
            if (!d.empty()) {
              ++row.differing_pairs;
              if (row.first_difference.empty()) row.first_difference = d;
            }
          }
        result.differing_pairs += row.differing_pairs;
        result.rows.push_back(std::move(row));
      }
    }
  bool compared = false;
  for (const auto& row : result.rows) compared = compared || row.pairs > 0;
  result.verdict = result.differing_pairs > 0 ? Verdict::violated : (compared ? Verdict::holds : Verdict::inconclusive);
  return result;
}

nlohmann::json to_json(const AnytimeResult& r) {
  nlohmann::json rows = nlohmann::json::array();
  nlohmann::json differences = nlohmann::json::array();
  for (const auto& row : r.rows) {
    rows.push_back({{"subject", row.subject},
                    {"environment", row.environment},
                    {"run", row.run},
                    {"pairs", row.pairs},
                    {"actions_compared", row.actions_compared},
                    {"releases_compared", row.releases_compared},
                    {"differing_pairs", row.differing_pairs}});
    if (!row.first_difference.empty() && differences.size() < 10)
      differences.push_back({{"subject", row.subject},
                             {"environment", row.environment},
                             {"run", row.run},
                             {"difference", row.first_difference}});
  }
  return {{"verdict", std::string(to_string(r.verdict))},
          {"differing_pairs", r.differing_pairs},
          {"first_differences", differences},
          {"runs", rows}};
}

}  // namespace dpb::verify::learner_checks
