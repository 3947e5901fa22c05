// The samplers by their CLI names (`dpbandit sample DIST`, docs/samplers.md): one mapping from a distribution name
// and its exact parameters to the reference (dpb::ref) or optimized (dpb::fast) sampler class, shared by
// `dpbandit sample` and the golden vectors (verify/vectors/sampler_vectors.cpp).
//
//   bernoulli --p            → Bernoulli(p)              binomial --n --p     → Binomial(n, p)
//   bernoulli-exp --gamma    → BernoulliExp(gamma)       poisson --mean       → Poisson(mean)
//   geometric --scale        → Geometric(scale)          skellam --var        → Skellam(var)
//   dlaplace --scale         → DiscreteLaplace(scale)    polya --r --scale    → Polya(r, scale)
//   dgauss --sigma2 [--mu]   → DiscreteGaussian(σ², μ)   polya-diff --r --scale → PolyaDifference(r, scale)
//   round --x --g            → RandomizedRounding(x, g)  normal --sigma --grid-bits → RoundedNormal(σ̄, r)
//
// Parameter keys are given without dashes; n and g are integers (their rationals must have denominator 1, which
// `dpbandit`'s option parsing guarantees). The sampler constructors validate the values.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "optimized/samplers/bernoulli.hpp"
#include "optimized/samplers/bernoulli_exp.hpp"
#include "optimized/samplers/binomial.hpp"
#include "optimized/samplers/binomial_large.hpp"
#include "optimized/samplers/binomial_split.hpp"
#include "optimized/samplers/discrete_gaussian.hpp"
#include "optimized/samplers/discrete_gaussian_inversion.hpp"
#include "optimized/samplers/discrete_laplace.hpp"
#include "optimized/samplers/discrete_laplace_inversion.hpp"
#include "optimized/samplers/geometric.hpp"
#include "optimized/samplers/poisson.hpp"
#include "optimized/samplers/polya.hpp"
#include "optimized/samplers/rounded_normal.hpp"
#include "optimized/samplers/rounding.hpp"
#include "optimized/samplers/skellam.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/samplers/bernoulli.hpp"
#include "reference/samplers/bernoulli_exp.hpp"
#include "reference/samplers/binomial.hpp"
#include "reference/samplers/binomial_large.hpp"
#include "reference/samplers/discrete_gaussian.hpp"
#include "reference/samplers/discrete_gaussian_inversion.hpp"
#include "reference/samplers/discrete_laplace.hpp"
#include "reference/samplers/discrete_laplace_inversion.hpp"
#include "reference/samplers/geometric.hpp"
#include "reference/samplers/poisson.hpp"
#include "reference/samplers/polya.hpp"
#include "reference/samplers/rounded_normal.hpp"
#include "reference/samplers/rounding.hpp"
#include "reference/samplers/skellam.hpp"

namespace dpb::verify::vectors {

namespace detail {

// Constructs Ref or Fast from args (the constructor validates) and calls f(sampler) with a non-const lvalue.
template <class Ref, class Fast, class F, class... Args>
void construct_and_call(bool optimized, F& f, const Args&... args) {
  if (optimized) {
    Fast sampler(args...);
    f(sampler);
  } else {
    Ref sampler(args...);
    f(sampler);
  }
}

}  // namespace detail

// Calls f(sampler) with the sampler named `dist` (a generic callable: it is instantiated for every sampler class;
// reference samplers return bool or Integer, optimized ones bool or std::int64_t). Throws ParameterError naming
// `function` for an unknown name or a missing parameter, and whatever the sampler's constructor throws.
template <class F>
void with_named_sampler(const std::string& dist, const std::map<std::string, Rational>& params, bool optimized, F&& f,
                        std::string_view function = "sample") {
  namespace R = dpb::ref;
  namespace Q = dpb::fast;
  auto at = [&](const char* k) -> const Rational& {
    auto it = params.find(k);
    if (it == params.end()) throw_parameter_error(function, k, "given for " + dist, "nothing");
    return it->second;
  };
  auto integer = [&](const char* k) { return Integer(boost::multiprecision::numerator(at(k))); };
  using detail::construct_and_call;
  if (dist == "bernoulli") return construct_and_call<R::Bernoulli, Q::Bernoulli>(optimized, f, at("p"));
  if (dist == "bernoulli-exp") return construct_and_call<R::BernoulliExp, Q::BernoulliExp>(optimized, f, at("gamma"));
  if (dist == "geometric") return construct_and_call<R::Geometric, Q::Geometric>(optimized, f, at("scale"));
  if (dist == "dlaplace") return construct_and_call<R::DiscreteLaplace, Q::DiscreteLaplace>(optimized, f, at("scale"));
  if (dist == "dgauss") {
    const Rational mu = params.count("mu") ? params.at("mu") : Rational(0);
    return construct_and_call<R::DiscreteGaussian, Q::DiscreteGaussian>(optimized, f, at("sigma2"), mu);
  }
  if (dist == "binomial") return construct_and_call<R::Binomial, Q::Binomial>(optimized, f, integer("n"), at("p"));
  if (dist == "poisson") return construct_and_call<R::Poisson, Q::Poisson>(optimized, f, at("mean"));
  if (dist == "skellam") return construct_and_call<R::Skellam, Q::Skellam>(optimized, f, at("var"));
  if (dist == "polya") return construct_and_call<R::Polya, Q::Polya>(optimized, f, at("r"), at("scale"));
  if (dist == "polya-diff")
    return construct_and_call<R::PolyaDifference, Q::PolyaDifference>(optimized, f, at("r"), at("scale"));
  if (dist == "round")
    return construct_and_call<R::RandomizedRounding, Q::RandomizedRounding>(optimized, f, at("x"), integer("g"));
  if (dist == "normal")
    return construct_and_call<R::RoundedNormal, Q::RoundedNormal>(optimized, f, at("sigma"), integer("grid-bits"));
  throw_parameter_error(function, "DIST", "a known distribution", dist);
}

// The `inversion` method (`dpbandit sample --method inversion`, docs/samplers.md): dlaplace → DiscreteLaplaceInversion,
// dgauss → DiscreteGaussianInversion; same laws as the default (CKS20) samplers, different bits. Any other DIST
// throws ParameterError naming `function` and the parameter 'method'.
template <class F>
void with_named_inversion_sampler(const std::string& dist, const std::map<std::string, Rational>& params,
                                  bool optimized, F&& f, std::string_view function = "sample") {
  auto at = [&](const char* k) -> const Rational& {
    auto it = params.find(k);
    if (it == params.end()) throw_parameter_error(function, k, "given for " + dist, "nothing");
    return it->second;
  };
  using detail::construct_and_call;
  if (dist == "dlaplace")
    return construct_and_call<dpb::ref::DiscreteLaplaceInversion, dpb::fast::DiscreteLaplaceInversion>(optimized, f,
                                                                                                       at("scale"));
  if (dist == "dgauss") {
    const Rational mu = params.count("mu") ? params.at("mu") : Rational(0);
    return construct_and_call<dpb::ref::DiscreteGaussianInversion, dpb::fast::DiscreteGaussianInversion>(
        optimized, f, at("sigma2"), mu);
  }
  throw_parameter_error(function, "method", "cks for " + dist + " (inversion exists for dlaplace and dgauss)",
                        "inversion");
}

// The `large` method (`dpbandit sample binomial --method large`, docs/samplers.md "Binomial for large n"): binomial →
// BinomialLarge (p ∈ {1/2, 1/4}, n ≤ 2^80; the optimized build's BinomialLargeWide above 2^63 − 1); the `split`
// method (`--method split`, docs/samplers.md "Binomial for a rational p"): binomial → BinomialSplit (any
// p ∈ [0, 1], n ≤ 2^63 − 1). Same law as Binomial, different bits. Any other DIST throws ParameterError naming `function` and the parameter 'method'.
template <class F>
void with_named_large_sampler(const std::string& dist, const std::map<std::string, Rational>& params, bool optimized,
                              F&& f, std::string_view function = "sample", std::string_view method = "large") {
  auto at = [&](const char* k) -> const Rational& {
    auto it = params.find(k);
    if (it == params.end()) throw_parameter_error(function, k, "given for " + dist, "nothing");
    return it->second;
  };
  if (dist == "binomial" && method == "split")
    return detail::construct_and_call<dpb::ref::BinomialSplit, dpb::fast::BinomialSplit>(
        optimized, f, Integer(boost::multiprecision::numerator(at("n"))), at("p"));
  if (dist == "binomial" && Integer(boost::multiprecision::numerator(at("n"))) > Integer("9223372036854775807"))
    return detail::construct_and_call<dpb::ref::BinomialLarge, dpb::fast::BinomialLargeWide>(
        optimized, f, Integer(boost::multiprecision::numerator(at("n"))), at("p"));
  if (dist == "binomial")
    return detail::construct_and_call<dpb::ref::BinomialLarge, dpb::fast::BinomialLarge>(
        optimized, f, Integer(boost::multiprecision::numerator(at("n"))), at("p"));
  throw_parameter_error(function, "method", "cks for " + dist + " (" + std::string(method) + " exists for binomial)",
                        std::string(method));
}

}  // namespace dpb::verify::vectors
