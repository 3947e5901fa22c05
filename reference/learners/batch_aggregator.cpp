#include "reference/learners/batch_aggregator.hpp"

#include "reference/core/errors.hpp"
#include "reference/samplers/discrete_laplace.hpp"
#include "reference/samplers/rounding.hpp"

namespace dpb::ref {

Integer ceil_times_sqrt(const Rational& q, std::uint64_t n) {
  // The least g >= 0 with g² >= q²n, i.e. g² >= ⌈q²n⌉ (g² is an integer).
  const Integer c = ceil(Rational(q * q * n));
  Integer g = floor_sqrt(c);
  if (g * g < c) ++g;
  return g;
}

Rational NonPrivateAggregator::aggregate(std::span<const Rational> rewards, NoiseSource& noise) const {
  (void)noise;
  Rational sum = 0;
  for (const Rational& x : rewards) sum += x;
  return sum;
}

NoiseConcentration NonPrivateAggregator::concentration(std::uint64_t n) const {
  (void)n;
  return {};
}

CentralDiscreteLaplaceAggregator::CentralDiscreteLaplaceAggregator(const Rational& eps, std::optional<Integer> g)
    : eps_(require_positive(eps, "CentralDiscreteLaplaceAggregator", "eps")), g_(std::move(g)) {
  require_reasonable_size(eps_, "CentralDiscreteLaplaceAggregator", "eps", 64);
  if (g_) require_positive(*g_, "CentralDiscreteLaplaceAggregator", "g");
}

Integer CentralDiscreteLaplaceAggregator::precision(std::uint64_t n) const {
  if (g_) return *g_;
  const Integer g = ceil_times_sqrt(eps_, n);
  return g < 1 ? Integer(1) : g;
}

Rational CentralDiscreteLaplaceAggregator::aggregate(std::span<const Rational> rewards, NoiseSource& noise) const {
  const Integer g = precision(rewards.size());
  Integer sum = 0;
  for (const Rational& x : rewards) sum += RandomizedRounding(x, g)(noise);  // x̂_i, encoder in R
  sum += DiscreteLaplace(Rational(g) / eps_)(noise);                         // Lap_Z(g/ε), Def 4
  return Rational(sum, g);
}

NoiseConcentration CentralDiscreteLaplaceAggregator::concentration(std::uint64_t n) const {
  const Integer g = precision(n);
  return NoiseConcentration{{radical(Rational(1, g), Rational(2 * Integer(n)))}, {radical(1 / eps_)}};
}

ReleaseLaw CentralDiscreteLaplaceAggregator::release_law(std::uint64_t n) const {
  const Integer g = precision(n);
  return ReleaseLaw{LawFamily::discrete_laplace, ObservationUnit::arm_pull, Rational(g) / eps_, Rational(g), Rational(0)};
}

}  // namespace dpb::ref
