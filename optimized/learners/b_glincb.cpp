#include "optimized/learners/b_glincb.hpp"

#include <Eigen/Dense>
#include <cmath>

#include "optimized/glm/g_optimal_design.hpp"
#include "reference/bits/chacha20.hpp"

namespace dpb::fast {

namespace {

constexpr double u = 0x1p-53;  // unit roundoff
double gamma_n(double n) { return n * u / (1 - n * u); }

Rational pow2(unsigned k) { return Rational(Integer(Integer(1) << k)); }

// One batch matrix in double: M̂ (each entry within e_entry·|M̂_ij| of M's), its Cholesky factor, and λ ≤ λ_min(M).
struct FastMatrix {
  Eigen::MatrixXd M, Mabs;
  Eigen::LLT<Eigen::MatrixXd> llt;
  double lambda = 1, frob_error = 0;
  double width2 = 0;  // w² (rounded to nearest; relative error ≤ u)
  void set(const ref::GlmBatchEstimate& e, std::uint32_t d, double lam, double w2) {
    M.resize(d, d);
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = 0; j < d; ++j)
        M(i, j) = std::ldexp(e.N[i * d + j].convert_to<double>(), -static_cast<int>(e.shift));
    const bool unit_den = e.den == 1;
    if (!unit_den) M /= e.den.convert_to<double>();
    Mabs = M.cwiseAbs();
    // one rounding per entry (convert_to: ≤ 1 ulp, doubled), two more with a denominator
    frob_error = (unit_den ? 2 : 6) * u * Mabs.norm();
    llt.compute(M);
    lambda = lam;
    width2 = w2;
  }
  // ŝ ≈ xᵀM⁻¹x and a bound on |s − ŝ|.
  std::pair<double, double> s(const Eigen::VectorXd& x, Eigen::VectorXd& y, Eigen::VectorXd& res) const {
    const auto d = static_cast<double>(x.size());
    y = llt.solve(x);
    const double s_hat = std::max(0.0, x.dot(y));
    res.noalias() = x - M * y;
    const double xn = x.norm(), yn = y.norm();
    const double my = (Mabs * y.cwiseAbs()).norm();
    const double e = xn / lambda * (res.norm() + gamma_n(d + 1) * (my + xn) + frob_error * yn) * (1 + gamma_n(d)) +
                     gamma_n(d) * x.cwiseAbs().dot(y.cwiseAbs()) + 0x1p-1000;
    return {s_hat, e};
  }
};

// A bound on |√s − √ŝ| from |s − ŝ| ≤ e: |s − ŝ|/(√s + √ŝ) ≤ e/√ŝ, and ≤ √e always.
double sqrt_error(double s_hat, double e) {
  const double r = std::sqrt(e);
  return s_hat > 0 ? std::min(r, e / std::sqrt(s_hat) * (1 + 4 * u)) : r;
}

double mu_dot_double(bool logistic, double z) {
  if (logistic) {
    const double t = std::exp(-std::fabs(z));
    return t / ((1 + t) * (1 + t));
  }
  return std::exp(-z * z / 2) * 0.3989422804014327;
}

}  // namespace

BGlincbFastTrajectory b_glincb(const ref::BGlincbParams& params, const GlmEnvironment& env, std::uint64_t seed,
                               std::uint64_t run, const BGlincbFastOptions& options) {
  const ref::GlmInstance& inst = env.instance();
  ref::validate_b_glincb(params, inst.q);
  check_glm_audit_hooks(options.reward_tape, Integer(1), params.T, "fast::b_glincb");
  const std::uint32_t d = inst.d, K = inst.K, M = ref::b_glincb_batches(params);
  const bool logistic = inst.link == ref::Link::logistic;
  const double lambda_lo = params.lambda.convert_to<double>() * (1 - 2 * u);  // ≤ λ
  const double mu_dot_sup = logistic ? 0.25 : 0.3990;
  const double mu_ddot_sup = logistic ? 0.1 : 0.25;  // sup|μ̈|: 0.0962… (logistic), 1/√(2πe) = 0.2420… (probit)
  const double two_s = (2 * params.S).convert_to<double>() * (1 + 2 * u);  // ≥ 2S (only used to cap â from above)
  const Rational beta_w2 = params.gamma * params.gamma * params.kappa;
  BGlincbFastTrajectory out;
  out.schedule = ref::b_glincb_schedule(params.T, M);
  ref::GlmBroadcast exact;  // the exact broadcast (deferrals and the design's scales)
  exact.link = inst.link;
  exact.d = d;
  exact.q = inst.q;
  exact.S = params.S;
  exact.beta_width2 = beta_w2;
  std::vector<FastMatrix> mats;
  std::vector<Eigen::VectorXd> thetas;  // θ̂_j as doubles (exact when |θ̂_j| < 2^21; else every test defers)
  std::vector<bool> theta_exact;
  std::vector<std::uint32_t> all(K), active, kept;
  for (std::uint32_t a = 0; a < K; ++a) all[a] = a;
  Eigen::VectorXd x(d), y(d), res(d), theta(d), g(d), step(d);
  Eigen::MatrixXd H(d, d);
  Eigen::LLT<Eigen::MatrixXd> llt(d);
  std::vector<double> s_hat(K), s_err(K);
  const double pow_q = std::ldexp(1.0, -static_cast<int>(inst.q));
  std::uint64_t t = 0;
  for (std::size_t k = 0; k < out.schedule.size(); ++k) {
    ref::GlmData data;
    data.link = inst.link;
    data.d = d;
    data.q = inst.q;
    data.lambda = params.lambda;
    ref::GlmBatchEstimate e;
    e.shift = 2 * inst.q + (k == 0 ? 0 : ref::kGlmWeightBits);
    e.N.assign(std::size_t{d} * d, Integer(0));
    const Integer l = numerator(Rational(params.lambda * pow2(e.shift)));
    for (std::uint32_t j = 0; j < d; ++j) e.N[j * d + j] = l;
    std::vector<std::int64_t> wsum(std::size_t{d} * d, 0);  // Σ w f fᵀ in machine integers when it fits
    for (std::uint64_t n = 0; n < out.schedule[k]; ++n) {
      ++t;
      const std::uint64_t set = inst.set_of_round(t);
      const std::span<const std::int64_t> arms(inst.arms.data() + set * K * d, std::size_t{K} * d);
      const std::span<const double> xs = env.arm_set(set);
      ChaCha20Source dbits(seed, ref::glm_design_stream(run, t));
      std::uint32_t action = 0, survivors = K;
      std::uint64_t w = std::uint64_t{1} << ref::kGlmWeightBits;
      if (k == 0) {
        action = static_cast<std::uint32_t>(
            ref::sample_design(fast::g_optimal_design(ref::glm_arm_set(arms, d, inst.q, all)), dbits));
      } else {
        active = all;
        for (std::size_t j = 0; j < mats.size(); ++j) {
          if (!exact.estimates[j].usable) continue;
          const FastMatrix& fm = mats[j];
          const double w2 = (j == 0 && options.fault_warmup_width) ? (params.gamma * params.gamma).convert_to<double>()
                                                                    : fm.width2;
          const double wr = std::sqrt(w2);
          for (std::uint32_t a : active) {
            x = Eigen::Map<const Eigen::VectorXd>(&xs[std::size_t{a} * d], d);
            std::tie(s_hat[a], s_err[a]) = fm.s(x, y, res);
          }
          kept.clear();
          for (std::uint32_t a : active) {
            bool gone = false;
            for (std::uint32_t b : active) {
              if (b == a || gone) continue;
              ++out.elimination_tests;
              const double* fa = &xs[std::size_t{a} * d];
              const double* fb = &xs[std::size_t{b} * d];
              double D = 0, Dabs = 0;
              for (std::uint32_t i = 0; i < d; ++i) {
                const double term = (fb[i] - fa[i]) * thetas[j][i];  // fb − fa exact (both on 2^−q, |·| ≤ 2)
                D += term;
                Dabs += std::fabs(term);
              }
              const double W = wr * (std::sqrt(s_hat[a]) + std::sqrt(s_hat[b]));
              const double eD = gamma_n(d + 1) * Dabs + 0x1p-1000;
              const double eW = wr * (sqrt_error(s_hat[a], s_err[a]) + sqrt_error(s_hat[b], s_err[b])) + 8 * u * W;
              const double margin = eD + eW + 4 * u * (std::fabs(D) + W);
              bool decided = theta_exact[j];
              bool eliminates = D - W > 0;
              if (D - W > margin) eliminates = true;
              else if (W - D > margin) eliminates = false;
              else decided = false;
              if (!decided && options.defer) {
                ++out.elimination_deferrals;
                const ref::GlmBatchEstimate& ej = exact.estimates[j];
                const std::int64_t* ia = &arms[std::size_t{a} * d];
                const std::int64_t* ib = &arms[std::size_t{b} * d];
                eliminates = ref::glm_eliminates(ej, ia, ib, ej.s(ia, d, inst.q), ej.s(ib, d, inst.q), d, inst.q);
              }
              gone = eliminates;
            }
            if (!gone) kept.push_back(a);
          }
          std::swap(active, kept);
        }
        std::vector<ref::CertifiedReal> c;
        for (std::uint32_t a : active) c.push_back(ref::glm_scale(exact, &arms[std::size_t{a} * d]));
        const std::size_t i = ref::sample_design(fast::g_optimal_design_scaled(ref::glm_arm_set(arms, d, inst.q, active), c), dbits);
        action = active[i];
        survivors = static_cast<std::uint32_t>(active.size());
        // the weight ⌊c·2^32⌋, c = μ̇(⟨x,θ̂_1⟩)·e^{−min(2S, γ√κ√s)}
        const FastMatrix& v = mats[0];
        x = Eigen::Map<const Eigen::VectorXd>(&xs[std::size_t{action} * d], d);
        const auto [s1, e1] = v.s(x, y, res);
        const double z = x.dot(thetas[0]);
        const double ez = gamma_n(d) * x.cwiseAbs().dot(thetas[0].cwiseAbs()) + 0x1p-1000;
        const double bw = std::sqrt(beta_w2.convert_to<double>());
        const double a_hat = std::min(two_s, bw * std::sqrt(s1));
        const double ea = bw * sqrt_error(s1, e1) + 8 * u * a_hat + 4 * u * two_s;
        const double md = mu_dot_double(logistic, z);
        const double c_hat = md * std::exp(-a_hat);
        // |c − ĉ| ≤ (kValueError + sup|μ̈|·e_z) + sup μ̇·(e_a + libm's exp error, 2^−50) + the product's rounding
        const double ec = kValueError + mu_ddot_sup * ez + mu_dot_sup * (ea + 0x1p-50) + 4 * u;
        const double scaled = std::ldexp(c_hat, ref::kGlmWeightBits), es = std::ldexp(ec, ref::kGlmWeightBits);
        const double lo = std::floor(scaled - es), hi = std::floor(scaled + es);
        if (lo == hi && std::fabs(z) <= 64 && v.llt.info() == Eigen::Success && exact.estimates[0].usable) {
          w = static_cast<std::uint64_t>(lo);
        } else {
          ++out.weight_deferrals;
          w = ref::glm_weight(c[i]).convert_to<std::uint64_t>();
        }
      }
      ChaCha20Source rbits(seed, ref::glm_reward_stream(run, t));
      const int r = options.reward_tape.empty() ? env.reward(set, action, rbits) : options.reward_tape[t - 1];
      const std::span<const std::int64_t> f = inst.arm(set, action);
      data.x.insert(data.x.end(), f.begin(), f.end());
      data.r.push_back(r);
      const Integer wi = k == 0 ? Integer(1) : Integer(w);
      for (std::uint32_t i = 0; i < d; ++i)
        for (std::uint32_t j = 0; j < d; ++j)
          if (f[i] != 0 && f[j] != 0) e.N[i * d + j] += wi * (f[i] * f[j]);  // |f| ≤ 2^16: the product fits
      out.actions.push_back(action);
      out.rewards.push_back(r);
      out.survivors.push_back(survivors);
      out.weights.push_back(w);
    }
    (void)wsum;
    if (k + 1 == out.schedule.size()) break;
    // the batch MLE: Newton from 0 in double, then the certified bound and the rounding to 2^−24
    const double lambda = params.lambda.convert_to<double>();
    const std::size_t nobs = data.r.size();
    std::vector<double> X(nobs * d);
    for (std::size_t i = 0; i < nobs * d; ++i) X[i] = static_cast<double>(data.x[i]) * pow_q;
    auto grad = [&](bool hessian) {
      g = lambda * theta;
      if (hessian) H = lambda * Eigen::MatrixXd::Identity(d, d);
      for (std::size_t s = 0; s < nobs; ++s) {
        const Eigen::Map<const Eigen::VectorXd> xv(&X[s * d], d);
        const double zz = xv.dot(theta);
        const double m = logistic ? 1 / (1 + std::exp(-zz)) : 0.5 * std::erfc(-zz / std::sqrt(2.0));
        g += (m - data.r[s]) * xv;
        if (hessian) H.noalias() += mu_dot_double(logistic, zz) * xv * xv.transpose();
      }
    };
    theta.setZero();
    double previous = HUGE_VAL;
    for (int it = 0; it < 60; ++it) {  // until ∇L stalls at rounding level (quadratic convergence ends)
      grad(true);
      const double gn = g.norm();
      if (gn <= 1e-13 * lambda || (gn < 1e-6 * lambda && gn > previous / 4)) break;
      previous = gn;
      llt.compute(H);
      step = llt.solve(g);
      const double len = step.lpNorm<Eigen::Infinity>();
      theta -= len > 1 ? step / len : step;
    }
    grad(false);
    const double nn = static_cast<double>(nobs), th1 = theta.lpNorm<1>();
    const double e_g = 2 * std::sqrt(static_cast<double>(d)) *
                       (nn * (kValueError + mu_dot_sup * gamma_n(d) * th1) + gamma_n(nn + d + 2) * nn * (2 + th1) +
                        lambda * gamma_n(2) * theta.norm());
    const double theta_err = (g.norm() * (1 + gamma_n(d + 1)) + e_g) / lambda_lo;
    out.theta_error.push_back(theta_err);
    bool decided = theta.lpNorm<Eigen::Infinity>() + theta_err <= 60;  // |z| ≤ ‖θ‖ stays in the links' double range
    e.theta.assign(d, Rational(0));
    for (std::uint32_t j = 0; j < d && decided; ++j) {
      const double v = std::ldexp(theta[j], ref::kGlmThetaBits), ev = std::ldexp(theta_err, ref::kGlmThetaBits);
      const double margin = ev + (std::fabs(v) + ev + 1) * 4 * u;
      const double lo = std::floor(v + 0.5 - margin), hi = std::floor(v + 0.5 + margin);
      decided = lo == hi && std::fabs(lo) < 0x1p52;
      if (decided) e.theta[j] = Rational(Integer(static_cast<std::int64_t>(lo))) / pow2(ref::kGlmThetaBits);
    }
    if (!decided) {
      ++out.mle_deferrals;
      e.theta = ref::glm_rounded_mle(data);
    }
    e.width2 = (k == 0 || params.widths == ref::GlmWidths::sqrt_kappa) ? beta_w2 : params.gamma * params.gamma;
    e.finish(d);
    FastMatrix fm;
    fm.set(e, d, lambda_lo, e.width2.convert_to<double>());
    Eigen::VectorXd th(d);
    bool exact_double = true;
    for (std::uint32_t j = 0; j < d; ++j) {
      th[j] = e.theta[j].convert_to<double>();
      exact_double = exact_double && Rational(th[j]) == e.theta[j];
    }
    mats.push_back(std::move(fm));
    thetas.push_back(th);
    theta_exact.push_back(exact_double);
    out.theta.push_back(e.theta);
    exact.estimates.push_back(std::move(e));
  }
  out.reward_deferrals = env.deferrals();
  out.pseudo_regret = env.pseudo_regret(out.actions);
  out.pseudo_regret_error = GlmEnvironment::pseudo_regret_error(out.actions.size());
  return out;
}

}  // namespace dpb::fast
