#include "optimized/learners/batch_aggregator.hpp"

#include <cmath>

#include "optimized/samplers/bernoulli.hpp"
#include "reference/learners/batch_aggregator.hpp"

namespace dpb::fast {

FixedPoint NonPrivateAggregator::aggregate(std::span<const std::int32_t> units, std::int64_t grid,
                                           NoiseSource& noise) const {
  (void)noise;
  std::int64_t sum = 0;
  for (std::int32_t k : units) sum += k;
  return FixedPoint{sum, grid};
}

CentralDiscreteLaplaceAggregator::CentralDiscreteLaplaceAggregator(const Rational& eps, std::optional<Integer> g)
    : eps_(eps), g_(std::move(g)) {
  const ref::CentralDiscreteLaplaceAggregator checked(eps, g_);  // the reference's checks and messages
  eps_double_ = eps_.convert_to<double>();
  if (g_) detail::require_fits_int64(*g_, "CentralDiscreteLaplaceAggregator", "g");
}

std::int64_t CentralDiscreteLaplaceAggregator::precision(std::uint64_t n) const {
  if (g_) return to_int64(*g_);
  const Integer g = ref::ceil_times_sqrt(eps_, n);
  return g < 1 ? 1 : to_int64(g);
}

FixedPoint CentralDiscreteLaplaceAggregator::aggregate(std::span<const std::int32_t> units, std::int64_t grid,
                                                       NoiseSource& noise) const {
  const std::int64_t g = precision(units.size());
  const DiscreteLaplace laplace(Rational(Integer(g)) / eps_);  // once per batch; const: safe to share across threads
  // Randomized rounding of k/G to the grid 1/g: ⌊kg/G⌋ + Bernoulli((kg mod G)/G in lowest terms), as
  // ref::RandomizedRounding draws it (no bit when kg is a multiple of G).
  std::int64_t sum = 0;
  for (std::int32_t k : units) {
    const auto kg = static_cast<detail::u128>(static_cast<std::uint64_t>(k)) * static_cast<std::uint64_t>(g);
    const auto G = static_cast<std::uint64_t>(grid);
    auto low = static_cast<std::int64_t>(kg / G);
    const auto rem = static_cast<std::uint64_t>(kg % G);
    if (rem != 0) {
      const std::uint64_t d = detail::gcd_u64(rem, G);
      if (detail::bernoulli_u64(noise, rem / d, G / d)) ++low;
    }
    sum += low;
  }
  sum += laplace(noise);
  return FixedPoint{sum, g};
}

NoiseConcentration CentralDiscreteLaplaceAggregator::concentration(std::uint64_t n) const {
  const double g = static_cast<double>(precision(n));
  return NoiseConcentration{std::sqrt(2.0 * static_cast<double>(n)) / g, 1.0 / eps_double_};
}

std::optional<ref::NoiseConcentration> CentralDiscreteLaplaceAggregator::exact_concentration(std::uint64_t n) const {
  // ref::CentralDiscreteLaplaceAggregator::concentration: σ = √(2n)/g, h = 1/ε.
  const Integer g(precision(n));
  return ref::NoiseConcentration{{ref::radical(Rational(Integer(1), g), Rational(2 * Integer(n)))},
                                 {ref::radical(1 / eps_)}};
}

ref::ReleaseLaw CentralDiscreteLaplaceAggregator::release_law(std::uint64_t n) const {
  const Rational g{Integer(precision(n))};
  return ref::ReleaseLaw{ref::LawFamily::discrete_laplace, ref::ObservationUnit::arm_pull, g / eps_, g, Rational(0)};
}

}  // namespace dpb::fast
