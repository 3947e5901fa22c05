#include "reference/samplers/discrete_gaussian_inversion.hpp"

#include "reference/core/errors.hpp"

namespace dpb::ref {

namespace {

const Rational& validated_sigma2(const Rational& sigma2) {
  require_reasonable_size(sigma2, "DiscreteGaussianInversion", "sigma2");
  require_positive(sigma2, "DiscreteGaussianInversion", "sigma2");
  if (sigma2 > Rational(Integer(1) << 60))
    throw_parameter_error("DiscreteGaussianInversion", "sigma2", "<= 2^60", to_string(sigma2));
  return sigma2;
}

}  // namespace

DiscreteGaussianInversion::DiscreteGaussianInversion(const Rational& sigma2, const Rational& mu)
    : cks_(validated_sigma2(sigma2), require_reasonable_size(mu, "DiscreteGaussianInversion", "mu")),
      floor_mu_(floor(cks_.mu())),
      proposal_(Rational(cks_.t())) {}

}  // namespace dpb::ref
