// Properties of the certified pmfs for random valid parameters (RapidCheck): the Pólya ratio recursion,
// symmetry of the symmetric laws, and normalisation (window + both certified tails contains 1).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <memory>

#include "reference/pmf/discrete_gaussian.hpp"
#include "reference/pmf/discrete_laplace.hpp"
#include "reference/pmf/polya.hpp"
#include "reference/pmf/polya_difference.hpp"
#include "reference/pmf/registry.hpp"
#include "reference/pmf/skellam.hpp"
#include "tests/reference/pmf/pmf_checks.hpp"

namespace dpb::ref {
namespace {

// Uniform on [lo, hi) whatever RapidCheck's current size (inRange alone favours small values at small sizes).
template <class T>
T uniform(T lo, T hi) {
  return *rc::gen::resize(rc::kNominalSize, rc::gen::inRange<T>(lo, hi));
}

Rational rational_in(long num_lo, long num_hi, long den_hi) {
  const long num = uniform<long>(num_lo, num_hi + 1);
  const long den = uniform<long>(1, den_hi + 1);
  return Rational(num, den);
}

// A random distribution of the registry with valid, moderate parameters.
std::unique_ptr<CertifiedDistribution> random_distribution() {
  const auto& names = distribution_names();
  const std::string name = names[uniform<std::size_t>(0, names.size())];
  std::map<std::string, Rational> q;
  if (name == "bernoulli") q = {{"p", rational_in(0, 10, 10) / 10}};
  if (name == "bernoulli-exp") q = {{"gamma", rational_in(0, 50, 10)}};
  if (name == "geometric" || name == "dlaplace") q = {{"scale", rational_in(1, 100, 10)}};
  if (name == "dgauss") q = {{"sigma2", rational_in(1, 400, 20)}, {"mu", rational_in(-20, 20, 7)}};
  if (name == "binomial") q = {{"n", Rational(uniform<long>(0, 300))}, {"p", rational_in(0, 9, 9) / 9}};
  if (name == "poisson") q = {{"mean", rational_in(1, 500, 7)}};
  if (name == "skellam") q = {{"var", rational_in(1, 300, 7)}};
  if (name == "polya" || name == "polya-diff") q = {{"r", rational_in(1, 40, 1024)}, {"scale", rational_in(1, 60, 6)}};
  if (name == "round") q = {{"x", rational_in(0, 10, 10) / 10}, {"g", Rational(uniform<long>(1, 50))}};
  if (name == "normal") q = {{"sigma", rational_in(1, 40, 10)}, {"grid-bits", Rational(uniform<long>(0, 4))}};
  RC_TAG(name);
  return make_certified_distribution(name, q);
}

// An integer near the bulk of the law (within a few standard deviations of the mean).
long near_bulk(const CertifiedDistribution& d) {
  const Interval mean = d.mean(64), var = d.variance(64);
  const long centre = floor(mean.lower()).convert_to<long>();
  const long spread = 1 + floor_sqrt(ceil(var.upper())).convert_to<long>() * 3;
  return centre + uniform<long>(-spread, spread + 1);
}

RC_GTEST_PROP(PmfPropTest, PolyaRatioRecursionHoldsAsEnclosures, ()) {
  const Rational r = rational_in(1, 64, 1024), scale = rational_in(1, 200, 8);
  const long x = uniform<long>(0, 400);
  const PolyaPmf d(r, scale);
  const Interval beta = exp_neg(Rational(1 / scale), 160);
  // P[x+1] = P[x] β(x+r)/(x+1): both sides are enclosures of the same real, so they must overlap.
  const Interval next = d.pmf(Integer(x), 128) * beta.mul(Rational((Rational(x) + r) / (x + 1)));
  RC_ASSERT(next.overlaps(d.pmf(Integer(x + 1), 128)));
}

RC_GTEST_PROP(PmfPropTest, SymmetricLawsAreSymmetric, ()) {
  std::unique_ptr<CertifiedDistribution> d;
  switch (uniform(0, 4)) {
    case 0: d = std::make_unique<DiscreteLaplacePmf>(rational_in(1, 100, 10)); break;
    case 1: d = std::make_unique<DiscreteGaussianPmf>(rational_in(1, 400, 20)); break;
    case 2: d = std::make_unique<SkellamPmf>(rational_in(1, 300, 7)); break;
    default: d = std::make_unique<PolyaDifferencePmf>(rational_in(1, 40, 1024), rational_in(1, 60, 6));
  }
  RC_TAG(d->describe().substr(0, d->describe().find('(')));
  const long x = uniform<long>(1, 40);
  RC_ASSERT(d->pmf(Integer(x), 96).overlaps(d->pmf(Integer(-x), 96)));
  RC_ASSERT((d->cdf(Integer(-x), 96) + d->cdf(Integer(x - 1), 96)).contains(Rational(1)));
}

RC_GTEST_PROP(PmfPropTest, WindowPlusTailsContainsOne, ()) {
  const auto d = random_distribution();
  const long a = near_bulk(*d), width = uniform<long>(0, 12);
  const Interval total = test::window_plus_tails(*d, a, a + width, 96);
  RC_ASSERT(total.contains(Rational(1)));
  RC_ASSERT(total.width() < Rational(1, Integer(1) << 60));
}

RC_GTEST_PROP(PmfPropTest, CdfAndUpperTailAreComplementary, ()) {
  const auto d = random_distribution();
  const long k = near_bulk(*d);
  const Interval c = d->cdf(Integer(k), 96), t = d->upper_tail(Integer(k + 1), 96);
  RC_ASSERT((c + t).contains(Rational(1)));
  RC_ASSERT(d->pmf(Integer(k), 96).lower() <= c.upper());  // P[k] ≤ P[X ≤ k]
}

}  // namespace
}  // namespace dpb::ref
