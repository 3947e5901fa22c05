#include "reference/pmf/registry.hpp"

#include <functional>

#include "reference/core/errors.hpp"
#include "reference/pmf/bernoulli.hpp"
#include "reference/pmf/bernoulli_exp.hpp"
#include "reference/pmf/binomial.hpp"
#include "reference/pmf/discrete_gaussian.hpp"
#include "reference/pmf/discrete_laplace.hpp"
#include "reference/pmf/geometric.hpp"
#include "reference/pmf/poisson.hpp"
#include "reference/pmf/polya.hpp"
#include "reference/pmf/polya_difference.hpp"
#include "reference/pmf/rounded_normal.hpp"
#include "reference/pmf/rounding.hpp"
#include "reference/pmf/skellam.hpp"

namespace dpb::ref {

namespace {

constexpr const char* kFunction = "make_certified_distribution";

using Params = std::map<std::string, Rational>;

struct Entry {
  std::string name;
  std::vector<std::string> required;
  std::vector<std::string> optional;
  std::function<std::unique_ptr<CertifiedDistribution>(const Params&)> make;
};

Integer as_integer(const Params& params, const std::string& key, const char* cls) {
  const Rational& v = params.at(key);
  if (denominator(v) != 1) throw_parameter_error(cls, key, "an integer", to_string(v));
  return numerator(v);
}

Rational value_or(const Params& params, const std::string& key, const Rational& fallback) {
  auto it = params.find(key);
  return it == params.end() ? fallback : it->second;
}

const std::vector<Entry>& entries() {
  static const std::vector<Entry> table = {
      {"bernoulli", {"p"}, {}, [](const Params& q) { return std::make_unique<BernoulliPmf>(q.at("p")); }},
      {"bernoulli-exp", {"gamma"}, {},
       [](const Params& q) { return std::make_unique<BernoulliExpPmf>(q.at("gamma")); }},
      {"geometric", {"scale"}, {}, [](const Params& q) { return std::make_unique<GeometricPmf>(q.at("scale")); }},
      {"dlaplace", {"scale"}, {},
       [](const Params& q) { return std::make_unique<DiscreteLaplacePmf>(q.at("scale")); }},
      {"dgauss", {"sigma2"}, {"mu"},
       [](const Params& q) {
         return std::make_unique<DiscreteGaussianPmf>(q.at("sigma2"), value_or(q, "mu", Rational(0)));
       }},
      {"binomial", {"n", "p"}, {},
       [](const Params& q) { return std::make_unique<BinomialPmf>(as_integer(q, "n", "BinomialPmf"), q.at("p")); }},
      {"poisson", {"mean"}, {}, [](const Params& q) { return std::make_unique<PoissonPmf>(q.at("mean")); }},
      {"skellam", {"var"}, {},
       [](const Params& q) {
         require_positive(q.at("var"), "SkellamPmf", "var");  // named as on the command line
         return std::make_unique<SkellamPmf>(q.at("var"));
       }},
      {"polya", {"r", "scale"}, {},
       [](const Params& q) { return std::make_unique<PolyaPmf>(q.at("r"), q.at("scale")); }},
      {"polya-diff", {"r", "scale"}, {},
       [](const Params& q) { return std::make_unique<PolyaDifferencePmf>(q.at("r"), q.at("scale")); }},
      {"round", {"x", "g"}, {},
       [](const Params& q) {
         return std::make_unique<RandomizedRoundingPmf>(q.at("x"), as_integer(q, "g", "RandomizedRoundingPmf"));
       }},
      {"normal", {"sigma", "grid-bits"}, {},
       [](const Params& q) {
         return std::make_unique<RoundedNormalPmf>(q.at("sigma"), as_integer(q, "grid-bits", "RoundedNormalPmf"));
       }},
  };
  return table;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

const std::vector<std::string>& distribution_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& e : entries()) v.push_back(e.name);
    return v;
  }();
  return names;
}

std::unique_ptr<CertifiedDistribution> make_certified_distribution(const std::string& dist, const Params& params) {
  for (const auto& e : entries()) {
    if (e.name != dist) continue;
    for (const auto& key : e.required)
      if (!params.count(key)) throw_parameter_error(kFunction, key, "given for " + dist, "nothing");
    for (const auto& [key, value] : params) {
      const bool known = std::find(e.required.begin(), e.required.end(), key) != e.required.end() ||
                         std::find(e.optional.begin(), e.optional.end(), key) != e.optional.end();
      if (!known) {
        std::vector<std::string> all = e.required;
        all.insert(all.end(), e.optional.begin(), e.optional.end());
        throw_parameter_error(kFunction, key, "one of {" + joined(all) + "} for " + dist, to_string(value));
      }
    }
    return e.make(params);
  }
  throw_parameter_error(kFunction, "dist", "one of {" + joined(distribution_names()) + "}", dist);
}

}  // namespace dpb::ref
