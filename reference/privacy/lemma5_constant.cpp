#include "reference/privacy/lemma5_constant.hpp"

namespace dpb::ref {

Rational lemma5_constant() { return Rational(159421, 100000); }

Interval lemma5_constant_infimum(mpfr_prec_t prec) {
  // 1 − e^{−1/2} = −expm1(−1/2), then its reciprocal square root.
  const Interval d = -(Interval(Rational(-1, 2), prec).expm1());
  return Interval(1L, prec) / d.sqrt();
}

}  // namespace dpb::ref
