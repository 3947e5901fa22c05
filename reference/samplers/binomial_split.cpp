#include "reference/samplers/binomial_split.hpp"

namespace dpb::ref {

BinomialSplit::BinomialSplit(const Integer& n, const Rational& p)
    : n_(require_nonnegative(n, "BinomialSplit", "n")), p_(require_probability(p, "BinomialSplit", "p")) {
  if (n_ > Integer("9223372036854775807"))
    throw_parameter_error("BinomialSplit", "n", "an integer in [0, 2^63 - 1]", to_string(n_));
}

}  // namespace dpb::ref
