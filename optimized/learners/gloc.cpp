#include "optimized/learners/gloc.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>

#include "reference/bits/chacha20.hpp"

namespace dpb::fast {

namespace {

constexpr double u = 0x1p-53;  // unit roundoff
double gamma_n(double n) { return n * u / (1 - n * u); }
// A nonnegative bound computed with at most 2^10 roundings, made an upper (lower) bound of the exact value.
double up(double x) { return x * (1 + 0x1p-40) + 0x1p-1000; }
double down(double x) { return std::max(0.0, x * (1 - 0x1p-40) - 0x1p-1000); }

}  // namespace

GlocFastTrajectory gloc(const ref::GlocParams& params, const GlmEnvironment& env, std::uint64_t seed,
                        std::uint64_t run, const GlocFastOptions& options) {
  const ref::GlmInstance& inst = env.instance();
  ref::GlocCertifier cert(ref::gloc_constants(params, inst));
  const ref::GlocConstants k = cert.constants();
  const std::uint32_t d = inst.d, K = inst.K;
  const bool paper = k.profile == ref::GlocProfile::paper, logistic = inst.link == ref::Link::logistic;
  const double lambda = k.lambda.convert_to<double>(), kappa = k.kappa.convert_to<double>();
  const double S = k.S.convert_to<double>(), delta = k.delta.convert_to<double>();
  const bool v_exact = Rational(lambda) == k.lambda &&
                       std::ldexp(lambda + static_cast<double>(params.T), 2 * static_cast<int>(inst.q)) < 0x1p53;
  const bool all_exact = v_exact && Rational(kappa) == k.kappa && Rational(S) == k.S;
  const double kmu = logistic ? 0.25 : 0.3989422804014327;  // ≥ 1/√(2π) = 0.39894228040143267…
  const double R2 = paper ? 1.0 : (logistic ? 1.0 / 256 : 1.0 / (4 * M_PI * M_PI));  // R² (baseline: k_μ⁴)
  auto mu = [logistic](double z) { return logistic ? 1 / (1 + std::exp(-z)) : 0.5 * std::erfc(-z / std::sqrt(2.0)); };
  // μ over [lo, hi] (μ increasing; kValueError for |z| ≤ 64; the far bound 0 or 1 beyond).
  auto mu_lo = [&](double z) { return z < -64 ? 0.0 : std::max(0.0, mu(std::min(z, 64.0)) - kValueError); };
  auto mu_hi = [&](double z) { return z > 64 ? 1.0 : std::min(1.0, mu(std::max(z, -64.0)) + kValueError); };
  // α(B) ∈ [alpha(B_lo)·(1 − 2^−36), alpha(B_hi)·(1 + 2^−36)] (monotone in B; a few dozen roundings and libm's log).
  auto alpha = [&](double B) {
    const double kB = kappa * B, k2 = kappa * kappa;
    return 1 + 4 * kB + 8 * R2 * k2 * std::log(2 / delta * std::sqrt(1 + 2 * kB + 4 * R2 * R2 * k2 * k2 / (delta * delta)));
  };

  Eigen::MatrixXd V = lambda * Eigen::MatrixXd::Identity(d, d), Vinv = Eigen::MatrixXd::Identity(d, d) / lambda;
  Eigen::MatrixXd M(d, d);
  Eigen::VectorXd c = Eigen::VectorXd::Zero(d), uv = Eigen::VectorXd::Zero(d), u_err = Eigen::VectorXd::Zero(d);
  Eigen::VectorXd x(d), y(d), w(d), res(d), Vabs(d), cp(d), b(d), yn(d), tn(d), z(d), g(d), tmp(d);
  Eigen::LLT<Eigen::MatrixXd> llt(d);
  double r = 0, rad2 = 0, zz = 0, zz_err = 0;
  double B_lo = down(2 * S * S * lambda / kappa), B_hi = up(2 * S * S * lambda / kappa);
  std::vector<double> idx_lo(K), idx_hi(K), idx(K);

  // ‖x − V·y‖ for y ≈ V⁻¹x, bounded including the rounding of its own computation (V exact in double).
  auto residual_bound = [&](const Eigen::VectorXd& xv, const Eigen::VectorXd& yv) {
    res.noalias() = xv - V * yv;
    for (std::uint32_t i = 0; i < d; ++i) {
      double acc = 0;
      for (std::uint32_t j = 0; j < d; ++j) acc += std::fabs(V(i, j)) * std::fabs(yv[j]);
      Vabs[i] = acc;
    }
    return up(res.norm() + gamma_n(d + 1) * (Vabs.norm() + xv.norm()));
  };
  // s = xᵀV⁻¹x ∈ [s_lo, s_hi] from y ≈ V⁻¹x: |s − xᵀy| ≤ ‖x‖·‖x − Vy‖/λ + rounding (V ⪰ λI).
  auto s_bounds = [&](const Eigen::VectorXd& xv, const Eigen::VectorXd& yv, double& lo, double& hi, double& res_b) {
    res_b = residual_bound(xv, yv);
    const double sh = xv.dot(yv);
    const double e = up(xv.norm() * res_b / lambda + gamma_n(d) * xv.cwiseAbs().dot(yv.cwiseAbs()));
    lo = std::max(0.0, sh - e);
    hi = up(std::max(0.0, sh) + e);
  };

  // Re-anchoring on the certifier's enclosures (after a deferral): doubles rounded to nearest, the roundings added.
  auto reanchor = [&]() {
    const ref::GlocCertifier::Snapshot s = cert.snapshot();
    double dc = 0;
    for (std::uint32_t i = 0; i < d; ++i) {
      c[i] = s.c[i].convert_to<double>();
      // |c_i − exact| < ulp ≤ 2u·|c_i| (the conversion may truncate), plus the subnormal range's absolute step.
      dc += std::pow(std::fabs(c[i]) * 2 * u + 0x1p-1070, 2);
      uv[i] = s.u[i].convert_to<double>();
      u_err[i] = up(std::fabs(uv[i]) * 2 * u + 0x1p-1070);
    }
    const double vmax = V.norm();  // λ_max(V) ≤ ‖V‖_F
    r = up(up(s.r.convert_to<double>()) + std::sqrt(up(dc)) * std::sqrt(up(vmax)) + 0x1p-1070);
    rad2 = up(s.rad2.convert_to<double>());
    zz = s.zz.convert_to<double>();
    zz_err = up(std::fabs(zz) * 2 * u + 0x1p-1070);
    B_lo = down(s.B.lower().convert_to<double>());
    B_hi = up(s.B.upper().convert_to<double>());
  };

  GlocFastTrajectory out;
  out.actions.reserve(params.T);
  out.rewards.reserve(params.T);
  out.radius.reserve(params.T);
  for (std::uint64_t t = 1; t <= params.T; ++t) {
    const std::uint64_t set = inst.set_of_round(t);
    const std::span<const double> arms = env.arm_set(set);
    std::uint32_t best = 0;
    bool decided = all_exact && std::isfinite(r);
    if (decided) {
      const double a_lo = down(alpha(B_lo)) * (1 - 0x1p-36), a_hi = up(alpha(B_hi)) * (1 + 0x1p-36);
      double beta_lo = a_lo, beta_hi = a_hi, Eu = 0, un = 0;
      if (paper) {
        // Q = ‖z‖² − uᵀV⁻¹u at the reference points (±e_Q), then √Q_true within √rad2 of √Q.
        un = uv.norm();
        const double uen = u_err.norm();
        tn.noalias() = Vinv * uv;
        const double res_u = residual_bound(uv, tn);
        const double q_hat = zz - uv.dot(tn);
        const double e_q = up(zz_err + un * res_u / lambda + (2 * un + uen) * uen / lambda +
                              gamma_n(d + 2) * (std::fabs(zz) + uv.cwiseAbs().dot(tn.cwiseAbs())));
        const double rq = std::sqrt(up(rad2));
        const double sq_lo = std::max(0.0, std::sqrt(down(std::max(0.0, q_hat - e_q))) * (1 - 0x1p-40) - rq);
        const double sq_hi = up(std::sqrt(up(std::max(0.0, q_hat + e_q))) + rq);
        const double ls2 = lambda * S * S;
        beta_lo = down(a_lo + down(ls2) - up(sq_hi * sq_hi));
        beta_hi = up(a_hi + up(ls2) - down(sq_lo * sq_lo));
        if (!(beta_hi >= 0)) decided = false;  // an empty set: left to the reference's rule
        beta_lo = std::max(0.0, beta_lo);
        Eu = up(rq + uen / std::sqrt(down(lambda)));
      }
      const double sb_lo = down(std::sqrt(std::max(0.0, beta_lo))), sb_hi = up(std::sqrt(std::max(0.0, beta_hi)));
      for (std::uint32_t a = 0; a < K && decided; ++a) {
        x = Eigen::Map<const Eigen::VectorXd>(&arms[std::size_t{a} * d], d);
        y.noalias() = Vinv * x;
        double s_lo = 0, s_hi = 0, res_b = 0;
        s_bounds(x, y, s_lo, s_hi, res_b);
        const double ss_lo = down(std::sqrt(s_lo)), ss_hi = up(std::sqrt(s_hi));
        if (paper) {
          // ⟨x, θ̂⟩ = xᵀV⁻¹u: yᵀû ± (√s·Eu + ‖V⁻¹x − y‖·‖û‖ + rounding).
          const double cen = y.dot(uv);
          const double err = up(ss_hi * Eu + res_b / lambda * un + gamma_n(d) * y.cwiseAbs().dot(uv.cwiseAbs()));
          idx[a] = cen + std::sqrt(std::max(0.0, beta_lo)) * std::sqrt(std::max(0.0, x.dot(y)));
          const double mag = std::fabs(cen) + err + up(sb_hi * ss_hi);  // the sums' roundings: ≤ 4u·mag
          idx_lo[a] = (cen - err) + down(sb_lo * ss_lo) - 4 * u * mag;
          idx_hi[a] = cen + err + up(sb_hi * ss_hi) + 4 * u * mag;
        } else {
          // μ(⟨x, θ_t⟩): ⟨x, θ_t⟩ within r·√s + rounding of ⟨x, ĉ⟩.
          const double zc = x.dot(c);
          const double ez = up(r * ss_hi + gamma_n(d) * x.cwiseAbs().dot(c.cwiseAbs()));
          const double lo = std::nextafter(zc - ez, -HUGE_VAL), hi = std::nextafter(zc + ez, HUGE_VAL);
          idx[a] = mu(zc) + sb_lo * std::sqrt(std::max(0.0, x.dot(y)));
          const double mag = 1 + up(sb_hi * ss_hi);
          idx_lo[a] = mu_lo(lo) + down(sb_lo * ss_lo) - 4 * u * mag;
          idx_hi[a] = mu_hi(hi) + up(sb_hi * ss_hi) + 4 * u * mag;
        }
        if (!std::isfinite(idx_lo[a]) || !std::isfinite(idx_hi[a])) decided = false;
      }
      if (decided) {
        for (std::uint32_t a = 1; a < K; ++a)
          if (idx_lo[a] > idx_lo[best]) best = a;
        for (std::uint32_t a = 0; a < K && decided; ++a) {
          if (a == best) continue;
          const bool same =
              std::equal(&arms[std::size_t{a} * d], &arms[std::size_t{a} * d] + d, &arms[std::size_t{best} * d]);
          if (same) {
            if (a < best) decided = false;  // an earlier identical arm: the reference's tie rule decides
            continue;
          }
          if (!(idx_hi[a] < idx_lo[best])) decided = false;
        }
      }
    }
    if (!decided) {
      if (options.defer) {
        const std::span<const std::int64_t> arms_int(inst.arms.data() + set * K * d, std::size_t{K} * d);
        const std::uint64_t before = cert.replays();
        best = cert.decide(arms_int, K).action;
        out.reference_replays += cert.replays() - before;
        ++out.deferrals;
        reanchor();
      } else {  // the control: the computed argmax (of the point estimates)
        best = 0;
        for (std::uint32_t a = 1; a < K; ++a)
          if (idx[a] > idx[best]) best = a;
      }
    }
    out.radius.push_back(r);
    ChaCha20Source bits(seed, ref::glm_reward_stream(run, t));
    const int rew = env.reward(set, best, bits);
    out.actions.push_back(best);
    out.rewards.push_back(rew);
    const std::span<const std::int64_t> xi = inst.arm(set, best);
    cert.add(xi, rew);

    // ---- the ONS step on the played arm, in double ----
    x = Eigen::Map<const Eigen::VectorXd>(&arms[std::size_t{best} * d], d);
    y.noalias() = Vinv * x;
    double s_lo = 0, s_hi = 0, res0 = 0;
    s_bounds(x, y, s_lo, s_hi, res0);
    const double s1_lo = down(s_lo / (1 + s_lo)), s1_hi = std::min(1.0, up(s_hi / (1 + s_hi)));
    // V_t and V_t⁻¹ (Sherman–Morrison).
    V.noalias() += x * x.transpose();
    const double sh = x.dot(y);
    Vinv.noalias() -= (y * y.transpose()) / (1 + sh);
    w.noalias() = Vinv * x;
    const double err_w = residual_bound(x, w);  // ≥ ‖V_t ŵ − x‖
    // z_s = ⟨x, θ_s⟩ within ez of ẑ = ⟨x, ĉ⟩ (computed).
    const double zc = x.dot(c);
    const double ez = up(r * up(std::sqrt(s_hi)) + gamma_n(d) * x.cwiseAbs().dot(c.cwiseAbs()));
    rad2 = up(rad2 + ez * ez);
    zz_err = up(zz_err + 2 * u * (std::fabs(zz) + zc * zc));
    zz += zc * zc;
    for (std::uint32_t i = 0; i < d; ++i) {
      const double term = zc * x[i];
      u_err[i] = up(u_err[i] + 2 * u * (std::fabs(uv[i]) + std::fabs(term)));
      uv[i] += term;
    }
    // B_t = B_{t−1} + (κ/2)(μ(z_t) − y_t)²·s'_t.
    {
      const double lo = mu_lo(std::nextafter(zc - ez, -HUGE_VAL)), hi = mu_hi(std::nextafter(zc + ez, HUGE_VAL));
      const double yd = rew;
      const double g2_hi = std::max((lo - yd) * (lo - yd), (hi - yd) * (hi - yd));
      const double g2_lo = (yd >= lo && yd <= hi) ? 0.0 : std::min((lo - yd) * (lo - yd), (hi - yd) * (hi - yd));
      B_lo = down(B_lo + down(kappa / 2 * g2_lo * s1_lo));
      B_hi = up(B_hi + up(kappa / 2 * g2_hi * s1_hi));
    }
    // The step from ĉ: c' = ĉ − κ(μ̂ − y)ŵ, and the radius it carries (V_t-norm).
    const double m_hat = mu(zc);
    const double e_mu = kValueError + kmu * gamma_n(d) * x.cwiseAbs().dot(c.cwiseAbs());
    const double a = kappa * (m_hat - rew);
    cp = c - a * w;
    const double L = std::max(1.0, up(kappa * kmu * s1_hi) - 1);
    tmp = c.cwiseAbs() + std::fabs(a) * w.cwiseAbs();
    const double e_vec = up(gamma_n(3) * tmp.norm() * std::sqrt(up(V.norm())));
    double rp = up(r * up(std::sqrt(up(1 + s_hi))) * L + up(kappa * e_mu * up(std::sqrt(s1_hi))) +
                   up(std::fabs(a) * err_w / std::sqrt(down(lambda))) + e_vec);
    // The V_t-norm projection onto ‖θ‖ ≤ S.
    if (up(cp.squaredNorm() * (1 + gamma_n(d + 1))) <= down(S * S)) {
      c = cp;
    } else if (options.fault_radial) {
      c = cp * (S / cp.norm());
    } else {
      b.noalias() = V * cp;
      double nu = 0;
      for (int it = 0; it < 100; ++it) {
        M = V;
        M.diagonal().array() += nu;
        llt.compute(M);
        yn = llt.solve(b);
        const double ny = yn.norm();
        if (ny - S <= S * 0x1p-50) break;
        tn = llt.solve(yn);
        const double step = (ny - S) * ny * ny / (S * yn.dot(tn));
        if (!(step > 0) || !std::isfinite(step)) break;
        nu += step;
      }
      M = V;
      M.diagonal().array() += nu;
      llt.compute(M);
      yn = llt.solve(b);
      double shrink = 1 - 8 * (d + 2) * u;
      for (int k2 = 0; k2 < 60; ++k2, shrink = 1 - (1 - shrink) * 2) {
        z = yn * (S / yn.norm()) * shrink;
        if (up(z.squaredNorm() * (1 + gamma_n(d + 1))) <= down(S * S)) break;
      }
      // gap = ν(S² − ‖z‖²) + ‖V(z − c') + νz‖²/(λ + ν), each part bounded above with its rounding.
      tn = z - cp;
      g.noalias() = V * tn;
      g += nu * z;
      for (std::uint32_t i = 0; i < d; ++i) {
        double acc = 0;
        for (std::uint32_t j = 0; j < d; ++j) acc += std::fabs(V(i, j)) * (std::fabs(z[j]) + std::fabs(cp[j]));
        Vabs[i] = acc + nu * std::fabs(z[i]);
      }
      const double e_g = up(gamma_n(d + 4) * Vabs.norm());
      const double s2mz = std::max(0.0, up(up(S * S) - down(z.squaredNorm() * (1 - gamma_n(d + 1)))));
      const double gn = up(g.norm() + e_g);
      const double gap = up(up(nu * s2mz) + up(gn * gn / down(lambda + nu)));
      rp = up(rp + up(std::sqrt(gap)));
      c = z;
      ++out.projections;
    }
    r = std::isfinite(rp) ? rp : std::numeric_limits<double>::infinity();
  }
  out.reward_deferrals = env.deferrals();
  out.pseudo_regret = env.pseudo_regret(out.actions);
  out.pseudo_regret_error = GlmEnvironment::pseudo_regret_error(out.actions.size());
  return out;
}

}  // namespace dpb::fast
