// make_certified_distribution: every name builds its distribution; bad names and parameters are named in errors.
#include "reference/pmf/registry.hpp"

#include <gtest/gtest.h>

#include "tests/reference/pmf/pmf_checks.hpp"

namespace dpb::ref {
namespace {

using Params = std::map<std::string, Rational>;

const std::map<std::string, Params>& examples() {
  static const std::map<std::string, Params> table = {
      {"bernoulli", {{"p", Rational(1, 3)}}},
      {"bernoulli-exp", {{"gamma", Rational(1, 2)}}},
      {"geometric", {{"scale", Rational(2)}}},
      {"dlaplace", {{"scale", Rational(3, 2)}}},
      {"dgauss", {{"sigma2", Rational(4)}, {"mu", Rational(1, 2)}}},
      {"binomial", {{"n", Rational(10)}, {"p", Rational(1, 4)}}},
      {"poisson", {{"mean", Rational(3)}}},
      {"skellam", {{"var", Rational(5)}}},
      {"polya", {{"r", Rational(1, 8)}, {"scale", Rational(10)}}},
      {"polya-diff", {{"r", Rational(1, 3)}, {"scale", Rational(4)}}},
      {"round", {{"x", Rational(3, 10)}, {"g", Rational(7)}}},
      {"normal", {{"sigma", Rational(3, 2)}, {"grid-bits", Rational(1)}}},
  };
  return table;
}

TEST(RegistryTest, EveryNameBuildsANormalisedDistribution) {
  ASSERT_EQ(distribution_names().size(), examples().size());
  for (const auto& name : distribution_names()) {
    auto d = make_certified_distribution(name, examples().at(name));
    EXPECT_EQ(d->describe().rfind(name + "(", 0), 0U) << d->describe();
    EXPECT_TRUE(test::window_plus_tails(*d, -3, 3, 96).contains(Rational(1))) << d->describe();
  }
}

TEST(RegistryTest, MuIsOptionalForDgauss) {
  auto d = make_certified_distribution("dgauss", {{"sigma2", Rational(4)}});
  EXPECT_EQ(d->describe(), "dgauss(sigma2=4, mu=0)");
}

TEST(RegistryTest, RejectsUnknownNameMissingAndExtraParameters) {
  test::expect_rejects([] { make_certified_distribution("gauss", {}); }, "make_certified_distribution", "dist");
  test::expect_rejects([] { make_certified_distribution("poisson", {}); }, "make_certified_distribution", "mean");
  test::expect_rejects([] { make_certified_distribution("poisson", {{"mean", Rational(1)}, {"p", Rational(1)}}); },
                       "make_certified_distribution", "p");
  test::expect_rejects([] { make_certified_distribution("polya", {{"r", Rational(1)}}); },
                       "make_certified_distribution", "scale");
}

TEST(RegistryTest, BadValuesAreRejectedByTheDistribution) {
  test::expect_rejects([] { make_certified_distribution("poisson", {{"mean", Rational(-2)}}); }, "PoissonPmf", "mean");
  test::expect_rejects([] { make_certified_distribution("binomial", {{"n", Rational(5, 2)}, {"p", Rational(1, 2)}}); },
                       "BinomialPmf", "n");
  test::expect_rejects([] { make_certified_distribution("round", {{"x", Rational(1, 2)}, {"g", Rational(1, 2)}}); },
                       "RandomizedRoundingPmf", "g");
  test::expect_rejects([] { make_certified_distribution("skellam", {{"var", Rational(0)}}); }, "SkellamPmf", "var");
}

}  // namespace
}  // namespace dpb::ref
