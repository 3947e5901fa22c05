#include "optimized/learners/trajectory.hpp"

#include <algorithm>

namespace dpb::fast {

double pseudo_regret(std::span<const double> means, std::span<const std::uint64_t> pulls) {
  if (means.empty()) return 0;
  const double best = *std::max_element(means.begin(), means.end());
  double regret = 0;
  for (std::size_t a = 0; a < means.size() && a < pulls.size(); ++a)
    regret += (best - means[a]) * static_cast<double>(pulls[a]);
  return regret;
}

}  // namespace dpb::fast
