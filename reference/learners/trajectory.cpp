#include "reference/learners/trajectory.hpp"

#include <algorithm>
#include <utility>

namespace dpb::ref {

bool LearnerOptions::wants_margin(std::uint64_t round) const {
  return std::binary_search(margin_rounds.begin(), margin_rounds.end(), round);
}

Rational pseudo_regret(std::span<const Rational> means, std::span<const std::uint64_t> pulls) {
  if (means.empty()) return 0;
  const Rational best = *std::max_element(means.begin(), means.end());
  Rational regret = 0;
  for (std::size_t a = 0; a < means.size() && a < pulls.size(); ++a) regret += (best - means[a]) * pulls[a];
  return regret;
}

std::vector<Rational> cumulative_pseudo_regret(std::span<const Rational> means,
                                               std::span<const std::uint32_t> actions) {
  std::vector<Rational> out;
  if (means.empty()) return out;
  const Rational best = *std::max_element(means.begin(), means.end());
  out.reserve(actions.size());
  Rational regret = 0;
  for (std::uint32_t a : actions) {
    regret += best - means[a];
    out.push_back(regret);
  }
  return out;
}

std::string check_at_most_one_release_per_reward(const Trajectory& trajectory, std::uint32_t arms) {
  std::vector<std::vector<std::pair<std::uint64_t, std::uint64_t>>> ranges(arms);
  for (const Release& r : trajectory.releases)
    if (r.count > 0 && r.arm < arms) ranges[r.arm].emplace_back(r.first, r.first + r.count);
  for (std::uint32_t a = 0; a < arms; ++a) {
    auto& v = ranges[a];
    std::sort(v.begin(), v.end());
    for (std::size_t i = 1; i < v.size(); ++i)
      if (v[i].first < v[i - 1].second)
        return "arm " + std::to_string(a) + ": reward " + std::to_string(v[i].first) + " enters two releases";
  }
  return "";
}

}  // namespace dpb::ref
