#include "tests/support/broken_samplers.hpp"

namespace dpb::test {

DiscreteLaplaceScaleOff::DiscreteLaplaceScaleOff(const Rational& scale) : inner_(Rational(scale * Rational(101, 100))) {}

DiscreteGaussianShiftedMean::DiscreteGaussianShiftedMean(const Rational& sigma2, const Rational& mu,
                                                         const Rational& shift)
    : inner_(sigma2, Rational(mu + shift)) {}

TruncatedDiscreteLaplace::TruncatedDiscreteLaplace(const Rational& scale, std::int64_t bound)
    : inner_(scale), bound_(bound) {}

PoissonMeanOff::PoissonMeanOff(const Rational& mean) : inner_(Rational(mean * Rational(102, 100))) {}

GeometricScaleOff::GeometricScaleOff(const Rational& scale) : inner_(Rational(scale + 1)) {}

BernoulliLostBit::BernoulliLostBit(const Rational& p) : inner_(p) {}

PolyaShapeOff::PolyaShapeOff(const Rational& r, const Rational& scale) : inner_(Rational(r * Rational(105, 100)), scale) {}

SkellamVarianceOff::SkellamVarianceOff(const Rational& variance) : inner_(Rational(variance * Rational(103, 100))) {}

}  // namespace dpb::test
