#include "optimized/protocols/p_gd.hpp"

namespace dpb::fast {

PGd::PGd(ref::PgdParams params, std::size_t n, std::size_t d)
    : ref_(std::move(params), n, d),
      glm_(ref_.params().link),
      n_(n),
      d_(d),
      q_(ref_.params().q),
      reg_(ref_.params().reg.convert_to<double>()),
      L_(ref_.params().L.convert_to<double>()),
      K_(ref_.scale().convert_to<double>()),
      R_(ref_.params().R.convert_to<double>()),
      max_x_hat_(0),
      noise_(Integer(Integer(n) * ref_.params().b), Rational(1, 4)) {
  if (ref_.params().R > Rational(Integer(1) << 20))
    throw_parameter_error("fast::PGd", "R", "<= 2^20 (rewards exact in double)", to_string(ref_.params().R));
  if (ref_.params().L > Rational(Integer(1) << 40) || ref_.scale() > Rational(Integer(1) << 40))
    throw_parameter_error("fast::PGd", "L", "<= 2^40 with g/rho <= 2^40 (the double path's range)",
                          to_string(ref_.params().L));
  if (ref_.max_x_hat() > Integer(1) << 52)
    throw_parameter_error("fast::PGd", "g", "such that 2L g/rho <= 2^52", to_string(ref_.params().g));
  max_x_hat_ = to_int64(ref_.max_x_hat());
}

}  // namespace dpb::fast
