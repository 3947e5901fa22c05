// P_GD (seed 003, Sarmasarkar 2026, arXiv:2602.00417, App. T, Algorithm 7), optimized build: the twin of
// reference/protocols/p_gd.hpp, drawing the same bits and producing the same iterates and counts
// (tests/optimized/protocols/p_gd_prop_test.cpp). docs/protocol-003.md "P_GD".
//
// The hot path — n·d randomized roundings per iteration — runs in double: for user i, coordinate k,
//   I = (μ̂(z) − r)·x_k + ĉ·θ_k + L̂,  ŝ = I·K̂   (K = g/ρ; ĉ, L̂, K̂ the nearest-below doubles of c, L, K),
// with |μ̂ − μ| <= 2^−46 (fast::Glm, |z| <= 64) and every other operation one rounding of relative size <= 2^−53
// (conversions of c, L, K: 2^−52). Hence |ŝ − s| <= e with
//   e = K̂·(2^−45·|x_k| + 2^−49·M) + 2^−50·(|I|·K̂ + |ŝ|),  M = R + 1 + |ĉθ_k| + L̂,
// a bound at least twice the sum of the terms (μ's error times |x_k|·K, at most six roundings of magnitude <= M·K,
// K's conversion on |I|, the product's rounding). Decisions: x̄ = ⌊ŝ − e'⌋ when it equals ⌊ŝ + e'⌋ (e' = e plus the
// rounding of ŝ ± e); then, with the first 64-bit chunk u, Bernoulli(s − x̄) is 1 when (u + 1)2^−64 + 2^−52 <= f̂ − e''
// and 0 when u·2^−64 − 2^−52 >= f̂ + e'' (f̂ = ŝ − x̄, e'' = e' + 2^−51(|ŝ| + 1)). Anything else — the floor, the draw
// (with the chunk already read: bernoulli_continue), |z| > 64, or a z whose numerator on the grid 2^−2q does not fit
// 53 bits — is the reference's certified decision on pgd_scaled_entry(), counted in deferrals().
// The noise (BinomialLargeWide, n·b <= 2^80), the analyzer, the step and grid_project are the reference's exact code
// (O(d) rational work per iteration, shared so that the iterates are the same by construction).
#pragma once

#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "optimized/glm/link.hpp"
#include "optimized/internal/wide_int.hpp"
#include "optimized/samplers/binomial_large.hpp"
#include "reference/protocols/p_gd.hpp"

namespace dpb::fast {

class PGd {
 public:
  // The reference's validation (ParameterError naming PGd), then R <= 2^20 (ParameterError naming fast::PGd).
  PGd(ref::PgdParams params, std::size_t n, std::size_t d);

  const ref::PGd& reference() const { return ref_; }
  // Decisions handed to the reference so far (this object; not thread-safe to share while counting).
  std::uint64_t deferrals() const { return deferrals_; }

  template <BitSource Bits>
  ref::PgdResult run(std::span<const ref::PgdDatum> data, Bits& bits) const;

 private:
  struct User {
    std::vector<std::int64_t> x_num;  // x·2^q
    std::vector<double> x;
    double r = 0;
    Rational r_exact;
  };
  // One entry's x̂ (same bits and value as the reference's).
  template <BitSource Bits, class ZExact>
  std::int64_t entry(const User& u, std::size_t k, bool z_ok, const Dyadic& zd, const ZExact& z_exact,
                     const std::vector<Rational>& theta, double theta_k, Bits& bits) const;

  ref::PGd ref_;
  Glm glm_;
  std::size_t n_, d_;
  unsigned q_;
  double reg_, L_, K_, R_;
  std::int64_t max_x_hat_;
  BinomialLargeWide noise_;
  mutable std::uint64_t deferrals_ = 0;
};

template <BitSource Bits, class ZExact>
std::int64_t PGd::entry(const User& u, std::size_t k, bool z_ok, const Dyadic& zd, const ZExact& z_exact,
                        const std::vector<Rational>& theta, double theta_k, Bits& bits) const {
  const ref::PgdParams& p = ref_.params();
  const auto certified = [&] {
    return ref::pgd_scaled_entry(p.link, z_exact(), u.r_exact, Rational(u.x_num[k], Integer(Integer(1) << q_)), p.reg,
                                 theta[k], p.L, ref_.scale());
  };
  const auto frac_of = [](const ref::CertifiedReal& s, std::int64_t xbar) {
    if (s.is_exact()) return ref::CertifiedReal(Rational(s.exact() - Integer(xbar)));
    return ref::CertifiedReal([s, xbar](mpfr_prec_t prec) { return s.enclose(prec) - Interval(Integer(xbar), prec); });
  };
  const double xk = u.x[k];
  if (!z_ok && xk != 0) {  // the whole entry is the reference's
    ++deferrals_;
    const ref::CertifiedReal s = certified();
    const std::int64_t xbar = to_int64(ref::floor_scaled(s, Rational(1)));
    return xbar + (ref::bernoulli(frac_of(s, xbar), bits) ? 1 : 0);
  }
  const double mu = xk == 0 ? 0.0 : glm_.mu(zd);
  const double ct = reg_ * theta_k;
  const double I = (mu - u.r) * xk + ct + L_;
  const double s = I * K_;
  const double e0 = K_ * (0x1p-45 * std::fabs(xk) + 0x1p-49 * (R_ + 1 + std::fabs(ct) + L_)) +
                    0x1p-50 * (std::fabs(I) * K_ + std::fabs(s));
  const double e1 = e0 + (std::fabs(s) + e0) * 0x1p-51;
  std::int64_t xbar;
  const double a = std::floor(s - e1), b = std::floor(s + e1);
  if (a == b) {
    xbar = static_cast<std::int64_t>(a);
  } else {
    ++deferrals_;
    xbar = to_int64(ref::floor_scaled(certified(), Rational(1)));
  }
  const std::uint64_t chunk = bits.next_bits(64);
  const double f = s - static_cast<double>(xbar);
  const double e2 = e1 + 0x1p-51 * (std::fabs(s) + 1);
  const double lo = std::ldexp(static_cast<double>(chunk), -64);
  const double hi = lo + 0x1p-64;
  if (hi + 0x1p-52 <= f - e2) return xbar + 1;
  if (lo - 0x1p-52 >= f + e2) return xbar;
  ++deferrals_;
  return xbar + (ref::bernoulli_continue(frac_of(certified(), xbar), chunk, bits) ? 1 : 0);
}

template <BitSource Bits>
ref::PgdResult PGd::run(std::span<const ref::PgdDatum> data, Bits& bits) const {
  ref_.check_data(data);
  std::vector<User> users(n_);
  const Rational grid = Rational(Integer(Integer(1) << q_));
  for (std::size_t i = 0; i < n_; ++i) {
    users[i].r_exact = data[i].r;
    users[i].r = data[i].r.convert_to<double>();  // on the grid 2^−q, r <= 2^20: exact
    for (std::size_t k = 0; k < d_; ++k) {
      users[i].x_num.push_back(to_int64(Integer(numerator(Rational(data[i].x[k] * grid)))));
      users[i].x.push_back(std::ldexp(static_cast<double>(users[i].x_num.back()), -static_cast<int>(q_)));
    }
  }
  ref::PgdResult res;
  res.iterates.push_back(ref_.theta0());
  const std::uint64_t T = ref_.params().iterations == 0 ? 0 : to_uint64(ref_.params().iterations);
  std::vector<Rational> sum(d_, Rational(0));
  std::vector<i128> theta_num(d_);
  std::vector<double> theta_d(d_);
  for (std::uint64_t t = 0; t < T; ++t) {
    const std::vector<Rational>& theta = res.iterates.back();
    bool theta_small = true;
    for (std::size_t k = 0; k < d_; ++k) {
      sum[k] += theta[k];
      const Integer num = numerator(Rational(theta[k] * grid));  // iterates are grid points
      theta_small = theta_small && fits_int64(num) && abs(num) < (Integer(1) << 53);
      theta_num[k] = theta_small ? static_cast<i128>(to_int64(num)) : 0;
      theta_d[k] = theta[k].convert_to<double>();
    }
    std::vector<i128> counts(d_, 0);
    for (const User& u : users) {
      bool z_ok = theta_small;
      i128 z = 0;
      if (z_ok)
        for (std::size_t k = 0; k < d_; ++k) z += static_cast<i128>(u.x_num[k]) * theta_num[k];  // < d·2^83
      const i128 lim = static_cast<i128>(1) << 53;
      z_ok = z_ok && z < lim && z > -lim;
      Dyadic zd;
      if (z_ok) {
        zd = Dyadic(static_cast<std::int64_t>(z), 2 * q_);
        z_ok = std::fabs(zd.value()) <= 64;
      }
      const auto z_ref = [&] {  // the exact z, only for deferrals
        Rational s(0);
        for (std::size_t k = 0; k < d_; ++k) s += Rational(u.x_num[k], Integer(Integer(1) << q_)) * theta[k];
        return s;
      };
      for (std::size_t k = 0; k < d_; ++k) {
        const std::int64_t xh = entry(u, k, z_ok, zd, z_ref, theta, theta_d[k], bits);
        if (xh < 0 || xh > max_x_hat_)
          throw std::logic_error("fast::PGd: randomized rounding outside [0, 2L g/rho]: " + std::to_string(xh));
        counts[k] += xh;
      }
    }
    std::vector<Integer> released(d_);
    for (std::size_t k = 0; k < d_; ++k) {
      released[k] = from_i128(counts[k]);
      released[k] += noise_(bits);
    }
    ref_.advance(std::move(released), res);
  }
  ref_.finish_run(sum, res);
  return res;
}

}  // namespace dpb::fast
