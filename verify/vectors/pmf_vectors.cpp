#include "verify/vectors/pmf_vectors.hpp"

#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/pmf/registry.hpp"
#include "verify/vectors/sampler_vectors.hpp"

namespace dpb::verify::vectors {
namespace {

using Params = std::vector<std::pair<std::string, std::string>>;

struct PmfCase {
  std::string dist;
  Params params;
  long from, to;  // the window k = from..to (inclusive)
};

// Parameter sets avoid values that are short decimals (a pmf value m/10^j could not be certified as the floor of
// itself from an enclosure of positive width): every rational law's denominators have a prime factor other than 2, 5.
// Each window starts or ends outside the support where the support is bounded on that side (P = 0 exactly there).
const std::vector<PmfCase>& pmf_cases() {
  static const std::vector<PmfCase> cases = {
      {"bernoulli", {{"p", "1/3"}}, -1, 2},
      {"bernoulli", {{"p", "3/7"}}, -1, 2},
      {"bernoulli-exp", {{"gamma", "1/2"}}, -1, 2},
      {"bernoulli-exp", {{"gamma", "5/2"}}, -1, 2},
      {"geometric", {{"scale", "5/2"}}, -1, 20},
      {"geometric", {{"scale", "1/3"}}, -1, 10},
      {"dlaplace", {{"scale", "3"}}, -12, 12},
      {"dlaplace", {{"scale", "1/3"}}, -6, 6},
      {"dgauss", {{"sigma2", "100"}}, -30, 30},
      {"dgauss", {{"sigma2", "7/3"}, {"mu", "1/2"}}, -7, 8},
      {"dgauss", {{"sigma2", "1/10"}, {"mu", "-3/2"}}, -4, 1},
      {"binomial", {{"n", "50"}, {"p", "1/3"}}, -1, 51},
      {"binomial", {{"n", "10"}, {"p", "2/7"}}, -1, 11},
      {"poisson", {{"mean", "10"}}, -1, 30},
      {"poisson", {{"mean", "1/3"}}, -1, 10},
      {"skellam", {{"var", "100"}}, -30, 30},
      {"skellam", {{"var", "1/2"}}, -6, 6},
      {"polya", {{"r", "1/8"}, {"scale", "10"}}, -1, 25},
      {"polya", {{"r", "3"}, {"scale", "2"}}, -1, 25},
      {"polya-diff", {{"r", "1/3"}, {"scale", "4"}}, -15, 15},
      {"polya-diff", {{"r", "1/100"}, {"scale", "10"}}, -10, 10},
      {"round", {{"x", "3/7"}, {"g", "100"}}, 41, 44},
      {"round", {{"x", "2/3"}, {"g", "10"}}, 5, 8},
  };
  return cases;
}

Record pmf_record(const PmfCase& c) {
  std::map<std::string, Rational> q;
  Json params = Json::object();
  for (const auto& [name, text] : c.params) {
    q[name] = parse_rational(text, "golden vectors", name);
    params[name] = text;
  }
  const auto law = ref::make_certified_distribution(c.dist, q);
  Json values = Json::array();
  for (long k = c.from; k <= c.to; ++k) {
    const Integer kk(k);
    const DecimalValue d = certified_decimals([&](mpfr_prec_t prec) { return law->pmf(kk, prec); });
    Json v;
    v["k"] = k;
    v["lo"] = d.lo;
    v["hi"] = d.hi;
    v["value"] = d.nearest;
    values.push_back(v);
  }
  Json body;
  body["dist"] = c.dist;
  body["params"] = params;
  body["enclosure_digits"] = kEnclosureDigits;
  body["value_digits"] = kNearestDigits;
  body["values"] = values;
  return make_record("pmf", case_label(c.dist, c.params), body);
}

}  // namespace

DecimalValue certified_decimals(const std::function<Interval(mpfr_prec_t)>& f, int enclosure_digits,
                                int nearest_digits) {
  for (mpfr_prec_t prec = 128; prec <= (1 << 16); prec *= 2) {
    const Interval v = f(prec);
    mpfr_srcptr a = &v.get()->left;
    mpfr_srcptr b = &v.get()->right;
    // Each rounding is certain when both endpoints round alike: the rounding is monotone, so every x in [a, b]
    // rounds the same way.
    std::string lo = mpfr_to_decimal(a, enclosure_digits, MPFR_RNDD);
    std::string hi = mpfr_to_decimal(b, enclosure_digits, MPFR_RNDU);
    std::string nearest = mpfr_to_decimal(a, nearest_digits, MPFR_RNDN);
    if (lo == mpfr_to_decimal(b, enclosure_digits, MPFR_RNDD) &&
        hi == mpfr_to_decimal(a, enclosure_digits, MPFR_RNDU) &&
        nearest == mpfr_to_decimal(b, nearest_digits, MPFR_RNDN))
      return DecimalValue{lo, hi, nearest};
  }
  throw std::runtime_error("certified_decimals: roundings not decided at 65536 bits (exact short decimal or tie)");
}

CategoryFile generate_pmf() {
  CategoryFile file{"pmf", {header_record("pmf")}};
  for (const auto& c : pmf_cases()) file.records.push_back(pmf_record(c));
  return file;
}

}  // namespace dpb::verify::vectors
