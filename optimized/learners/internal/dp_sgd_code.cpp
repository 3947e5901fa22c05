#include "optimized/learners/internal/dp_sgd_code.hpp"

#include <cmath>

#include "reference/core/errors.hpp"

namespace dpb::fast {

namespace {
__extension__ typedef __int128 i128;
constexpr double kClipMargin = 0x1p-40;  // > the error of â²‖x‖² (2|a|·2^−46 + 2^−92 + roundings) and of C² in double
}  // namespace

DpSgd::DpSgd(ref::Link link, unsigned q, std::uint32_t d, Rational sigma, ref::internal::DpSgdSettings s,
             DpSgdFaults faults)
    : link_(link), q_(q), d_(d), sigma_(std::move(sigma)), s_(std::move(s)), faults_(faults), glm_(link) {
  const ref::internal::DpSgd check(link_, q_, d_, sigma_, s_);  // the reference's validation, same messages
  (void)check;
}

Integer DpSgd::scalar(const ref::internal::DpSgdSample& u, const std::vector<std::int64_t>& theta_num, unsigned shift,
                      const std::vector<Rational>& theta, double norm2, const Rational& norm2_exact,
                      const Integer& clipped) const {
  const auto reference = [&] {
    ++deferrals_;
    Rational z = 0;
    for (std::uint32_t j = 0; j < d_; ++j) z += Rational(Integer(u.f[j])) * theta[j];
    z /= Rational(Integer(Integer(1) << q_));
    return ref::internal::dp_sgd_clipped_scalar(link_, z, u.y, norm2_exact, s_.clip);
  };
  if (shift == 0) return reference();  // θ not on 2^−(G+1) (never, after dp_sgd_output)
  i128 zn = 0;
  for (std::uint32_t j = 0; j < d_; ++j) zn += static_cast<i128>(u.f[j]) * theta_num[j];
  const i128 lim = static_cast<i128>(1) << 53;
  if (zn >= lim || zn <= -lim) return reference();
  const Dyadic z(static_cast<std::int64_t>(zn), shift + q_);
  const Dyadic zs(u.y == 0 ? z.num : -z.num, z.shift);  // |a| = μ(z) (y = 0) or μ(−z) (y = 1)
  if (std::fabs(z.value()) > 64) return reference();
  bool clip = false;
  if (norm2 > 0 && !faults_.skip_clip) {
    const double a = glm_.mu(zs), c2 = static_cast<double>(s_.clip.convert_to<double>());
    const double g = a * a * norm2 - c2 * c2;
    if (std::fabs(g) <= kClipMargin) return reference();
    clip = g > 0;
  }
  const Integer m = clip ? clipped : Integer(glm_.floor_gradient(zs, 0, Dyadic(1, 0), ref::internal::kDpSgdGridBits));
  return u.y == 0 ? m : Integer(-m);
}

std::vector<Rational> DpSgd::step(std::span<const ref::internal::DpSgdSample> data, std::span<const std::size_t> batch,
                                  const std::vector<Rational>& theta, const Rational& eta,
                                  std::span<const Integer> noise, const std::vector<double>& norm2,
                                  const std::vector<Rational>& norm2_exact, const std::vector<Integer>& clipped) const {
  // θ's numerators on 2^−(G+1) (every iterate is on 2^−G, the start (θ̂_w + θ̂_τ)/2 on 2^−(G+1)), |num| < 2^62
  const unsigned shift = ref::internal::kDpSgdGridBits + 1;
  std::vector<std::int64_t> tn(d_);
  bool dyadic = true;
  const Rational sc(Integer(Integer(1) << shift));
  for (std::uint32_t j = 0; j < d_ && dyadic; ++j) {
    const Rational v = theta[j] * sc;
    dyadic = denominator(v) == 1 && fits_int64(numerator(v)) &&
             numerator(v) < (Integer(1) << 62) && numerator(v) > -(Integer(1) << 62);
    if (dyadic) tn[j] = to_int64(numerator(v));
  }
  std::vector<Integer> acc(d_, Integer(0));
  for (const std::size_t i : batch) {
    const ref::internal::DpSgdSample& u = data[i];
    const Integer c = scalar(u, tn, dyadic ? shift : 0, theta, norm2[i], norm2_exact[i], clipped[i]);
    for (std::uint32_t j = 0; j < d_; ++j) acc[j] += c * u.f[j];
  }
  return ref::internal::dp_sgd_update(acc, batch.size(), q_, theta, eta, noise, s_.reg);
}

}  // namespace dpb::fast
