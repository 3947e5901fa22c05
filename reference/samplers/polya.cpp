#include "reference/samplers/polya.hpp"

#include "reference/core/errors.hpp"
#include "reference/pmf/internal/certified_math.hpp"
#include "reference/pmf/polya.hpp"

namespace dpb::ref {

namespace {

const Rational& validated(const Rational& x, const char* function, const char* name, const Rational& max,
                          const char* max_text) {
  require_reasonable_size(x, function, name);
  require_positive(x, function, name);
  if (x > max) throw_parameter_error(function, name, std::string("<= ") + max_text, to_string(x));
  return x;
}

internal::InvertibleLaw polya_law(const Rational& r, const Rational& scale) {
  auto pmf = std::make_shared<PolyaPmf>(r, scale);
  internal::InvertibleLaw law;
  law.dist = pmf;
  // P[k+1]/P[k] = β(k+r)/(k+1), β enclosed once at the table precision.
  const Interval beta = internal::beta_of_scale(scale, internal::CdfInversion::kTablePrecision);
  law.ratio = [beta, r](std::uint64_t k) {
    return beta.mul(Rational((Rational(Integer(k)) + r) / Rational(Integer(k) + 1)));
  };
  law.start = to_uint64(pmf->mode());
  return law;
}

}  // namespace

void Polya::validate(const Rational& r, const Rational& scale, const char* function) {
  validated(r, function, "r", Rational(1 << 20), "2^20");
  validated(scale, function, "scale", Rational(Integer(1) << 32), "2^32");
}

Polya::Polya(const Rational& r, const Rational& scale) : Polya(r, scale, "Polya") {}

Polya::Polya(const Rational& r, const Rational& scale, const char* function)
    : r_(validated(r, function, "r", Rational(1 << 20), "2^20")),
      scale_(validated(scale, function, "scale", Rational(Integer(1) << 32), "2^32")),
      inversion_(polya_law(r_, scale_)) {}

PolyaDifference::PolyaDifference(const Rational& r, const Rational& scale) : polya_(r, scale, "PolyaDifference") {}

}  // namespace dpb::ref
