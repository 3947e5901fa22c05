#include "optimized/learners/glm_ucb.hpp"

#include <Eigen/Dense>
#include <cmath>
#include <limits>

#include "reference/bits/chacha20.hpp"

namespace dpb::fast {

namespace {

constexpr double u = 0x1p-53;  // unit roundoff
double gamma_n(double n) { return n * u / (1 - n * u); }

}  // namespace

GlmUcbFastTrajectory glm_ucb(const ref::GlmUcbParams& params, const GlmEnvironment& env, std::uint64_t seed,
                             std::uint64_t run, const GlmUcbFastOptions& options) {
  const ref::GlmInstance& inst = env.instance();
  ref::validate_glm_ucb(params, inst.q);
  const std::uint32_t d = inst.d, K = inst.K;
  const double lambda = params.lambda.convert_to<double>();
  // The width: a constant (exact in double when it is a dyadic of ≤ 53 bits, else within 2u relative), or Filippi's
  // ρ(t) = C·√(log t) with C enclosed once by the reference ([c_lo, c_hi] rounded outward to doubles): ρ̂(t) is
  // computed from the midpoint and e_rho(t) bounds |ρ(t) − ρ̂(t)| (log and sqrt within 1 ulp, three roundings).
  double rho_c = 0, rho_c_err = 0;
  const bool rho_const_zero = params.rho && *params.rho == 0;  // exactly 0 (a tiny ρ may round to 0 in double)
  if (params.rho) {
    rho_c = params.rho->convert_to<double>();
    if (!rho_const_zero) rho_c_err = std::fabs(rho_c) * 2 * u + std::numeric_limits<double>::denorm_min();
  } else {
    const Interval c = ref::glm_ucb_rho_factor(params, inst.link, inst.d, inst.S, 128);
    const double lo = std::nextafter(c.lower().convert_to<double>(), 0.0);
    const double hi = std::nextafter(c.upper().convert_to<double>(), HUGE_VAL);
    rho_c = (lo + hi) / 2;
    rho_c_err = (hi - lo) / 2 + 4 * u * hi;
  }
  auto rho_at = [&](std::uint64_t t, double& err) {
    if (params.rho) {
      err = rho_c_err;
      return rho_c;
    }
    if (t <= 1) {
      err = 0;
      return 0.0;
    }
    const double sl = std::sqrt(std::log(static_cast<double>(t)));
    err = rho_c_err * sl * (1 + 8 * u) + rho_c * sl * 8 * u;
    return rho_c * sl;
  };
  // λ is a multiple of 4^−q ≤ 2^20 (validated): exact in double when λ·4^q < 2^53.
  const bool lambda_exact = Rational(lambda) == params.lambda;
  // V's entries are integers·4^−q of magnitude ≤ (λ + T)·4^q: exact in double below 2^53.
  const bool v_exact =
      lambda_exact && std::ldexp(lambda + static_cast<double>(params.T), 2 * static_cast<int>(inst.q)) < 0x1p53;
  const double mu_dot_sup = inst.link == ref::Link::logistic ? 0.25 : 0.3990;  // 1/√(2π) = 0.39894…
  // μ as optimized/glm/link.hpp computes it (the same formulas, so its error bound kValueError applies).
  const bool logistic = inst.link == ref::Link::logistic;
  auto mu = [logistic](double z) { return logistic ? 1 / (1 + std::exp(-z)) : 0.5 * std::erfc(-z / std::sqrt(2.0)); };
  ref::GlmUcbState exact(inst.link, d, inst.q, params.lambda);  // the deferral's exact data (kept in step)
  Eigen::MatrixXd V = lambda * Eigen::MatrixXd::Identity(d, d), Vinv = Eigen::MatrixXd::Identity(d, d) / lambda;
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(d), g(d), step(d), x(d), y(d), res(d), Vabs_y(d);
  Eigen::MatrixXd H(d, d);
  Eigen::LLT<Eigen::MatrixXd> llt(d);
  std::vector<double> X;  // n·d contexts
  std::vector<int> R;
  X.reserve(params.T * d);
  R.reserve(params.T);
  std::vector<double> idx(K), err(K);
  GlmUcbFastTrajectory out;
  out.actions.reserve(params.T);
  out.theta.reserve(params.T * d);
  out.theta_error.reserve(params.T);
  out.rewards.reserve(params.T);
  auto grad = [&](const Eigen::VectorXd& th, bool hessian) {
    g = lambda * th;
    if (hessian) H = lambda * Eigen::MatrixXd::Identity(d, d);
    for (std::size_t s = 0; s < R.size(); ++s) {
      const Eigen::Map<const Eigen::VectorXd> xs(&X[s * d], d);
      const double z = xs.dot(th);
      const double m = mu(z);
      g += (m - R[s]) * xs;
      if (hessian) {
        const double w = logistic ? m * (1 - m) : std::exp(-z * z / 2) * 0.3989422804014327;
        for (std::uint32_t i = 0; i < d; ++i)
          for (std::uint32_t j = 0; j < d; ++j) H(i, j) += w * xs[i] * xs[j];
      }
    }
  };
  for (std::uint64_t t = 1; t <= params.T; ++t) {
    const std::uint64_t set = inst.set_of_round(t);
    const std::span<const double> arms = env.arm_set(set);
    double rho_err = 0;
    const double rho = rho_at(t, rho_err);
    double theta_err = 0;
    if (!R.empty()) {
      // The last pass's ∇L and ∇²L, updated in O(d²) by the newest observation (at the same θ), give a first
      // Newton step without a pass over the data; then passes until ‖∇L(θ)‖ ≤ 10^−7·λ (at most 50). The bound
      // below uses the ∇L of the last pass at the θ returned, so its accuracy never rests on convergence.
      for (int it = 0; it < 51; ++it) {
        if (it > 0) {
          grad(theta, true);
          if (g.norm() <= 1e-7 * lambda) break;
        }
        llt.compute(H);
        step = llt.solve(g);
        const double len = step.lpNorm<Eigen::Infinity>();
        theta -= len > 1 ? step / len : step;
        if (it == 50) grad(theta, true);
      }
      // e_g: per observation the link value (≤ kValueError, libm within the bound of optimized/glm/link.hpp) plus
      // the rounding of z (≤ γ_d·‖θ‖₁, moving μ by ≤ sup μ̇ times that) and of the products and sums (≤ γ_{n+d+2}
      // relative to Σ|terms| ≤ n·(1 + ‖θ‖₁)·‖x‖): a generous bound, doubled.
      const double n = static_cast<double>(R.size()), th1 = theta.lpNorm<1>();
      const double e_g = 2 * std::sqrt(static_cast<double>(d)) *
                         (n * (kValueError + mu_dot_sup * gamma_n(d) * th1) + gamma_n(n + d + 2) * n * (2 + th1) +
                          lambda * gamma_n(2) * theta.norm());
      theta_err = (g.norm() * (1 + gamma_n(d + 1)) + e_g) / lambda;
    }
    std::uint32_t best = 0;
    for (std::uint32_t a = 0; a < K; ++a) {
      x = Eigen::Map<const Eigen::VectorXd>(&arms[std::size_t{a} * d], d);
      y.noalias() = Vinv * x;
      const double s_hat = std::max(0.0, x.dot(y));
      res.noalias() = x - V * y;
      for (std::uint32_t i = 0; i < d; ++i) {
        double acc = 0;
        for (std::uint32_t j = 0; j < d; ++j) acc += std::fabs(V(i, j)) * std::fabs(y[j]);
        Vabs_y[i] = acc;
      }
      const double xn = x.norm();
      const double e_s = xn / lambda * (res.norm() + gamma_n(d + 1) * (Vabs_y.norm() + xn)) * (1 + gamma_n(d)) +
                         gamma_n(d) * x.cwiseAbs().dot(y.cwiseAbs()) + 0x1p-1000;
      const double z = x.dot(theta);
      const double m = R.empty() ? 0.5 : mu(z);
      const double bonus = rho * std::sqrt(s_hat);
      idx[a] = options.fault_sign ? m - bonus : m + bonus;
      // μ: its value at the computed z within kValueError (+ z's rounding), and z within ‖x‖·theta_err of the true.
      err[a] = kValueError + mu_dot_sup * (gamma_n(d) * x.cwiseAbs().dot(theta.cwiseAbs()) + xn * theta_err) +
               (rho + rho_err) * std::sqrt(e_s) + rho_err * std::sqrt(s_hat) + 4 * u * (1 + bonus);
      if (idx[a] > idx[best]) best = a;
    }
    bool decided = v_exact;
    for (std::uint32_t a = 0; a < K && decided; ++a) {
      if (a == best) continue;
      const bool same = std::equal(&arms[std::size_t{a} * d], &arms[std::size_t{a} * d] + d, &arms[std::size_t{best} * d]);
      if (same) {
        if (a < best) decided = false;  // an earlier identical arm: the reference's tie rule decides
        continue;
      }
      decided = idx[best] - err[best] > idx[a] + err[a];
    }
    const bool rho_exact_zero = params.rho ? rho_const_zero : t <= 1;
    if (R.empty() && rho_exact_zero) {  // every index is ½ exactly: the lowest index (as the reference)
      best = 0;
      decided = true;
    }
    if (!decided && options.defer) {
      ++out.deferrals;
      const std::span<const std::int64_t> exact_arms(inst.arms.data() + set * K * d, std::size_t{K} * d);
      for (std::uint32_t j = 0; j < d; ++j) exact.center[j] = Rational(theta[j]);  // exact double → dyadic start
      exact.warm.valid = false;  // the reference's last fit is stale: a full fit from this start
      best = ref::glm_ucb_certified_action(exact, exact_arms, K, params, inst.S, t).action;
    }
    ChaCha20Source bits(seed, ref::glm_reward_stream(run, t));
    const int r = env.reward(set, best, bits);
    out.actions.push_back(best);
    for (std::uint32_t j = 0; j < d; ++j) out.theta.push_back(theta[j]);
    out.theta_error.push_back(theta_err);
    out.rewards.push_back(r);
    // Update: data, V (exact), V⁻¹ by Sherman–Morrison, the exact state for deferrals.
    x = Eigen::Map<const Eigen::VectorXd>(&arms[std::size_t{best} * d], d);
    X.insert(X.end(), x.data(), x.data() + d);
    R.push_back(r);
    {  // the newest observation's terms in ∇L and ∇²L at the current θ (the next round's first Newton step)
      const double z = x.dot(theta), m = mu(z);
      const double w = logistic ? m * (1 - m) : std::exp(-z * z / 2) * 0.3989422804014327;
      if (R.size() == 1) {  // the first observation: the full ∇L, ∇²L at θ = 0
        g = lambda * theta;
        H = lambda * Eigen::MatrixXd::Identity(d, d);
      }
      g += (m - r) * x;
      for (std::uint32_t i = 0; i < d; ++i)
        for (std::uint32_t j = 0; j < d; ++j) H(i, j) += w * x[i] * x[j];
    }
    y.noalias() = Vinv * x;
    const double c = 1 / (1 + x.dot(y));
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = 0; j < d; ++j) {
        V(i, j) += x[i] * x[j];
        Vinv(i, j) -= c * y[i] * y[j];
      }
    exact.add(inst.arm(set, best), r);
  }
  out.reward_deferrals = env.deferrals();
  out.pseudo_regret = env.pseudo_regret(out.actions);
  out.pseudo_regret_error = GlmEnvironment::pseudo_regret_error(out.actions.size());
  return out;
}

}  // namespace dpb::fast
