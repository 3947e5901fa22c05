#include "reference/samplers/poisson.hpp"

#include "reference/core/errors.hpp"

namespace dpb::ref {

namespace {

const Rational& validated_mean(const Rational& mean) {
  require_reasonable_size(mean, "Poisson", "mean");
  require_positive(mean, "Poisson", "mean");
  if (mean > Rational(1'000'000'000'000LL)) throw_parameter_error("Poisson", "mean", "<= 1e12", to_string(mean));
  return mean;
}

internal::InvertibleLaw poisson_law(const Rational& mean) {
  internal::InvertibleLaw law;
  law.dist = std::make_shared<PoissonPmf>(mean);
  // P[k+1]/P[k] = λ/(k+1), an exact rational rounded outward.
  law.ratio = [mean](std::uint64_t k) {
    return Interval(Rational(mean / Rational(Integer(k) + 1)), internal::CdfInversion::kTablePrecision);
  };
  law.start = to_uint64(floor(mean));  // the mode
  return law;
}

}  // namespace

Poisson::Poisson(const Rational& mean) : mean_(validated_mean(mean)), inversion_(poisson_law(mean_)) {}

}  // namespace dpb::ref
