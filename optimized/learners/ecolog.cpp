#include "optimized/learners/ecolog.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "optimized/glm/link.hpp"
#include "reference/bits/chacha20.hpp"

namespace dpb::fast {

namespace {

__extension__ typedef __int128 i128;  // N = 2^{32+2q}·W exactly (entries < 2^96)
__extension__ typedef unsigned __int128 u128;
constexpr double u = 0x1p-53;  // unit roundoff
constexpr int G = static_cast<int>(ref::kEcologGridBits);
double gamma_n(double n) { return n * u / (1 - n * u); }
// A nonnegative bound computed with at most 2^10 roundings, made an upper (lower) bound of the exact value.
double up(double x) { return x * (1 + 0x1p-40) + 0x1p-1000; }
double down(double x) { return std::max(0.0, x * (1 - 0x1p-40) - 0x1p-1000); }
double below(double x) { return std::nextafter(x, -HUGE_VAL); }
double above(double x) { return std::nextafter(x, HUGE_VAL); }

Integer to_integer(i128 v) {
  const bool neg = v < 0;
  u128 m = neg ? static_cast<u128>(-(v + 1)) + 1 : static_cast<u128>(v);
  Integer out = Integer(static_cast<std::uint64_t>(m >> 64));
  out <<= 64;
  out += Integer(static_cast<std::uint64_t>(m));
  return neg ? Integer(-out) : out;
}
i128 to_i128(const Integer& v) {  // |v| < 2^126 (checked)
  if (bit_length(v < 0 ? Integer(-v) : v) > 126) throw std::logic_error("ecolog: an exact value beyond 2^126");
  const bool neg = v < 0;
  const Integer m = neg ? Integer(-v) : v;
  const Integer mask = (Integer(1) << 64) - 1;
  const auto hi = Integer(m >> 64).convert_to<std::uint64_t>();
  const auto lo = Integer(m & mask).convert_to<std::uint64_t>();
  const i128 r = static_cast<i128>((static_cast<u128>(hi) << 64) | lo);
  return neg ? -r : r;
}
std::int64_t to_i64(const Integer& v) {
  if (bit_length(v < 0 ? Integer(-v) : v) > 52)
    throw std::runtime_error("ecolog: |theta| reached 2^20 (numerators 2^52), beyond the optimized build's exact range");
  return v.convert_to<std::int64_t>();
}

double mu(double z) { return 1 / (1 + std::exp(-z)); }
double mu_dot(double z) {
  const double e = std::exp(-std::fabs(z));
  return e / ((1 + e) * (1 + e));
}

}  // namespace

EcologFastTrajectory ecolog(const ref::EcologParams& params, const GlmEnvironment& env, std::uint64_t seed,
                            std::uint64_t run, const EcologFastOptions& options) {
  const ref::GlmInstance& inst = env.instance();
  ref::EcologCertifier cert(ref::ecolog_constants(params, inst));
  const ref::EcologConstants k = cert.constants();
  const std::uint32_t d = inst.d, K = inst.K;
  const bool paper = k.profile == ref::EcologProfile::paper;
  const int nshift = G + 2 * static_cast<int>(inst.q);
  const double lambda = k.lambda.convert_to<double>(), lambda_lo = down(lambda);
  const double S = k.S.convert_to<double>(), delta = k.delta.convert_to<double>();
  // λ is exact in double (a multiple of 2^−(32+2q), ≤ 2^20); S and δ are rounded (relative error ≤ u each, which
  // moves γ_t by a relative few u: inside its 2^−40 margin). A λ not exact would defer every decision.
  const bool inputs_exact = Rational(lambda) == k.lambda;
  const Glm glm(ref::Link::logistic);

  std::vector<i128> N(std::size_t{d} * d, 0);
  const i128 l0 = to_i128(numerator(Rational(k.lambda * Rational(Integer(Integer(1) << nshift)))));
  for (std::uint32_t j = 0; j < d; ++j) N[j * d + j] = l0;
  std::vector<std::int64_t> theta_num(d, 0);
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(d);

  auto exact_state = [&]() {
    ref::EcologState s;
    s.N.resize(N.size());
    for (std::size_t i = 0; i < N.size(); ++i) s.N[i] = to_integer(N[i]);
    s.theta.resize(d);
    for (std::uint32_t i = 0; i < d; ++i) s.theta[i] = Integer(theta_num[i]);
    return s;
  };

  Eigen::MatrixXd W(d, d), Wabs(d, d);
  Eigen::LLT<Eigen::MatrixXd> llt(d);
  Eigen::MatrixXd Y(d, K);
  Eigen::VectorXd x(d), res(d), tmp(d);
  std::vector<double> zc(K), ez(K), sh(K), es(K), rho(K), idx_lo(K), idx_hi(K), idx(K);
  std::vector<bool> dup(K);

  EcologFastTrajectory out;
  out.actions.reserve(params.T);
  out.rewards.reserve(params.T);
  for (std::uint64_t t = 1; t <= params.T; ++t) {
    const std::uint64_t set = inst.set_of_round(t);
    const std::span<const double> arms = env.arm_set(set);
    const std::span<const std::int64_t> arms_int(inst.arms.data() + set * K * d, std::size_t{K} * d);
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = 0; j < d; ++j) W(i, j) = std::ldexp(static_cast<double>(N[i * d + j]), -nshift);
    Wabs = W.cwiseAbs();
    llt.compute(W);
    bool ok = inputs_exact && llt.info() == Eigen::Success;
    // γ_t with a relative error ≤ 2^−40.
    const double sl = std::sqrt(lambda);
    const double g2 = 2 * lambda * S * S +
                      (1 + S) * (1 + S) *
                          (sl / 2 + 2 / sl * std::log(2 * std::sqrt(1 + static_cast<double>(t) / (4 * lambda)) / delta));
    const double gam = std::sqrt(g2), gam_lo = down(gam), gam_hi = up(gam);
    for (std::uint32_t a = 0; a < K && ok; ++a) {
      for (std::uint32_t i = 0; i < d; ++i) x[i] = arms[std::size_t{a} * d + i];
      dup[a] = false;
      for (std::uint32_t b = 0; b < a && !dup[a]; ++b)
        dup[a] = std::equal(&arms_int[std::size_t{a} * d], &arms_int[std::size_t{a} * d] + d, &arms_int[std::size_t{b} * d]);
      Y.col(a) = llt.solve(x);
      // ρ ≥ ‖W_exact·y − x‖: the computed residual, its rounding, and W's rounding (|ΔW| ≤ u|W|).
      res.noalias() = x - W * Y.col(a);
      tmp.noalias() = Wabs * Y.col(a).cwiseAbs();
      rho[a] = up(res.norm() + (gamma_n(d + 1) + 2 * u) * (tmp.norm() + x.norm()));
      sh[a] = x.dot(Y.col(a));
      es[a] = up(x.norm() * rho[a] / lambda_lo + gamma_n(d) * x.cwiseAbs().dot(Y.col(a).cwiseAbs()));
      zc[a] = x.dot(theta);
      ez[a] = up(gamma_n(d) * x.cwiseAbs().dot(theta.cwiseAbs()));
      const double sq_lo = down(std::sqrt(std::max(0.0, below(sh[a] - es[a]))));
      const double sq_hi = up(std::sqrt(above(std::max(0.0, sh[a]) + es[a])));
      const double c_lo = below(zc[a] - ez[a]), c_hi = above(zc[a] + ez[a]);
      double m_lo = c_lo, m_hi = c_hi;
      if (!paper) {
        m_lo = c_lo < -64 ? 0.0 : std::max(0.0, mu(std::min(c_lo, 64.0)) - kValueError);
        m_hi = c_hi > 64 ? 1.0 : std::min(1.0, mu(std::max(c_hi, -64.0)) + kValueError);
      }
      idx_lo[a] = below(m_lo + down(gam_lo * sq_lo));
      idx_hi[a] = above(m_hi + up(gam_hi * sq_hi));
      idx[a] = (paper ? zc[a] : mu(zc[a])) + gam * std::sqrt(std::max(0.0, sh[a]));
      if (!std::isfinite(idx_lo[a]) || !std::isfinite(idx_hi[a])) ok = false;
    }
    std::uint32_t best = 0;
    bool decided = ok;
    if (ok) {
      for (std::uint32_t a = 1; a < K; ++a)
        if (!dup[a] && idx_lo[a] > idx_lo[best]) best = a;
      for (std::uint32_t a = 0; a < K && decided; ++a)
        if (a != best && !dup[a] && !(idx_hi[a] < idx_lo[best])) decided = false;
    }
    if (!decided) {
      if (options.defer || !ok) {
        cert.set_state(exact_state());
        best = cert.decide(arms_int, K, t).action;
        ++out.deferrals;
      } else {
        best = 0;
        for (std::uint32_t a = 1; a < K; ++a)
          if (!dup[a] && idx[a] > idx[best]) best = a;
      }
    }
    ChaCha20Source bits(seed, ref::glm_reward_stream(run, t));
    const int rew = env.reward(set, best, bits);
    out.actions.push_back(best);
    out.rewards.push_back(rew);

    // The update.
    const std::int64_t* f = &arms_int[std::size_t{best} * d];
    const bool zero = std::all_of(f, f + d, [](std::int64_t v) { return v == 0; });
    std::int64_t z_num = 0, w_num = std::int64_t{1} << (G - 2);
    std::vector<std::int64_t> next = theta_num;
    bool step_ok = ok;
    if (!zero && step_ok) {
      const double ch = zc[best], ec = ez[best], gh = sh[best], eg = es[best];
      const double glo = below(gh - eg);
      if (!(glo > 0)) step_ok = false;
      double z = ch;
      if (step_ok) {
        const double lo = rew == 0 ? below(ch - gh) : ch, hi = rew == 0 ? ch : above(ch + gh);
        for (int it = 0; it < 100; ++it) {
          const double F = z + gh * (mu(z) - rew) - ch;
          const double zn = std::clamp(z - F / (1 + gh * mu_dot(z)), lo, hi);
          if (zn == z) break;
          z = zn;
        }
        if (std::fabs(z) > 64) step_ok = false;
      }
      if (step_ok) {
        const double F = z + gh * (mu(z) - rew) - ch;
        const double e_root = up(std::fabs(F) + gh * kValueError + gamma_n(4) * (std::fabs(z) + 2 * gh + std::fabs(ch)) +
                                 ec + eg);
        const double a = std::floor(std::ldexp(below(z - e_root), G)), b = std::floor(std::ldexp(above(z + e_root), G));
        if (a == b || !options.defer) {
          z_num = static_cast<std::int64_t>(options.defer ? a : std::floor(std::ldexp(z, G)));
        } else {
          step_ok = false;
        }
      }
      if (step_ok) {
        // θ_{t+1,i} = round(θ_i·2^G + 2^G·κ·v_i), κ = (z̃ − c)/g, v = W⁻¹x ≈ y within ρ/λ.
        const double zt = std::ldexp(static_cast<double>(z_num), -G);
        const double num = zt - ch, e_num = up(ec + 2 * u * std::fabs(num));
        const double kap = num / gh;
        const double e_kap = up((e_num + std::fabs(kap) * eg) / glo + 2 * u * std::fabs(kap));
        const double e_v = up(rho[best] / lambda_lo);
        for (std::uint32_t i = 0; i < d && step_ok; ++i) {
          const double vi = Y(i, best);
          const double delta_i = std::ldexp(kap * vi, G);
          const double val = static_cast<double>(theta_num[i]) + delta_i;
          if (!(std::fabs(val) < 0x1p51)) throw std::runtime_error("ecolog: |theta| reached 2^19, beyond the optimized build's exact range");
          const double e = up(std::ldexp(e_kap * (std::fabs(vi) + e_v) + std::fabs(kap) * e_v, G) +
                              2 * u * (std::fabs(static_cast<double>(theta_num[i])) + std::fabs(delta_i)) + 2 * u * std::fabs(val));
          const double lo = std::floor(below(val - e) + 0.5), hi = std::floor(above(val + e) + 0.5);
          if (lo == hi || !options.defer)
            next[i] = static_cast<std::int64_t>(options.defer ? lo : std::floor(val + 0.5));
          else
            step_ok = false;
        }
      }
      if (step_ok) {
        if (options.fault_old_weight) {
          w_num = static_cast<std::int64_t>(std::floor(std::ldexp(mu_dot(ch), G)));
        } else {
          const std::uint64_t before = glm.deferrals();
          w_num = glm.floor_mu_dot(Dyadic(z_num, static_cast<unsigned>(G)), static_cast<unsigned>(G));
          out.weight_deferrals += glm.deferrals() - before;
        }
      }
    }
    if (!zero && !step_ok) {
      cert.set_state(exact_state());
      const ref::EcologStep st = cert.update(std::span<const std::int64_t>(f, d), rew);
      z_num = to_i64(st.z);
      w_num = to_i64(st.weight);
      for (std::uint32_t i = 0; i < d; ++i) next[i] = to_i64(cert.state().theta[i]);
      ++out.step_deferrals;
    }
    for (std::uint32_t i = 0; i < d; ++i) {
      if (std::llabs(next[i]) >= (std::int64_t{1} << 51))
        throw std::runtime_error("ecolog: |theta| reached 2^19, beyond the optimized build's exact range");
      theta_num[i] = next[i];
      theta[i] = std::ldexp(static_cast<double>(next[i]), -G);
    }
    if (!zero)
      for (std::uint32_t i = 0; i < d; ++i)
        for (std::uint32_t j = 0; j < d; ++j) N[i * d + j] += static_cast<i128>(w_num) * f[i] * f[j];
    out.z.push_back(z_num);
    out.weights.push_back(w_num);
  }
  out.theta = theta_num;
  out.reward_deferrals = env.deferrals();
  out.pseudo_regret = env.pseudo_regret(out.actions);
  out.pseudo_regret_error = GlmEnvironment::pseudo_regret_error(out.actions.size());
  return out;
}

}  // namespace dpb::fast
