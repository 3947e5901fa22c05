// The certified distributions by name, as the CLI (`dpbandit pmf DIST --PARAM V ...`) and the claims address them.
//   bernoulli --p | bernoulli-exp --gamma | geometric --scale | dlaplace --scale | dgauss --sigma2 [--mu]
//   binomial --n --p | poisson --mean | skellam --var | polya --r --scale | polya-diff --r --scale | round --x --g
//   | normal --sigma --grid-bits (the rounded Gaussian of seed 001)
// Parameter keys are given without dashes ("p", "sigma2", ...). An unknown name, a missing, extra or bad
// parameter throws ParameterError naming it.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "reference/pmf/distribution.hpp"

namespace dpb::ref {

std::unique_ptr<CertifiedDistribution> make_certified_distribution(const std::string& dist,
                                                                   const std::map<std::string, Rational>& params);

// The names above, in that order.
const std::vector<std::string>& distribution_names();

}  // namespace dpb::ref
