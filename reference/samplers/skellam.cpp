#include "reference/samplers/skellam.hpp"

#include "reference/core/errors.hpp"

namespace dpb::ref {

const Rational& Skellam::validate(const Rational& variance) {
  require_reasonable_size(variance, "Skellam", "variance");
  require_positive(variance, "Skellam", "variance");
  if (variance > Rational(2'000'000'000'000LL))
    throw_parameter_error("Skellam", "variance", "<= 2e12", to_string(variance));
  return variance;
}

Skellam::Skellam(const Rational& variance)
    : variance_(validate(variance)), poisson_(Rational(variance_ / 2)) {}

}  // namespace dpb::ref
