#include "optimized/learners/rs_glincb.hpp"

#include <Eigen/Dense>
#include <cmath>

#include "reference/bits/chacha20.hpp"

namespace dpb::fast {

namespace {

constexpr double u = 0x1p-53;  // unit roundoff
constexpr double kTiny = 0x1p-1000;
double gamma_n(double n) { return n * u / (1 - n * u); }

// The regularised MLE on (X, R) by Newton's method from the warm start `theta` (optimized/learners/glm_ucb.cpp's
// iteration and bound): returns a bound on ‖θ_exact − θ‖₂ that holds whatever the iteration reached.
class NewtonFit {
 public:
  NewtonFit(bool logistic, std::uint32_t d, double lambda)
      : logistic_(logistic), d_(d), lambda_(lambda), g_(d), step_(d), H_(d, d), llt_(d) {}

  double fit(const std::vector<double>& X, const std::vector<int>& R, Eigen::VectorXd& theta) {
    const std::size_t n = R.size();
    if (n == 0) {
      theta.setZero();
      return 0;
    }
    grad(X, R, theta);
    for (int it = 0; it < 40; ++it) {
      if (g_.norm() <= 1e-13 * (static_cast<double>(n) + lambda_)) break;
      llt_.compute(H_);
      step_ = llt_.solve(g_);
      const double len = step_.lpNorm<Eigen::Infinity>();
      theta -= len > 1 ? step_ / len : step_;
      grad(X, R, theta);
    }
    // e_g: the rounding of the computed gradient (as in optimized/learners/glm_ucb.cpp, doubled there).
    const double mu_dot_sup = logistic_ ? 0.25 : 0.3990;
    const double nn = static_cast<double>(n), th1 = theta.lpNorm<1>();
    const double e_g = 2 * std::sqrt(static_cast<double>(d_)) *
                       (nn * (kValueError + mu_dot_sup * gamma_n(d_) * th1) + gamma_n(nn + d_ + 2) * nn * (2 + th1) +
                        lambda_ * gamma_n(2) * theta.norm());
    return (g_.norm() * (1 + gamma_n(d_ + 1)) + e_g) / lambda_;
  }

 private:
  double mu(double z) const { return logistic_ ? 1 / (1 + std::exp(-z)) : 0.5 * std::erfc(-z / std::sqrt(2.0)); }
  void grad(const std::vector<double>& X, const std::vector<int>& R, const Eigen::VectorXd& th) {
    g_ = lambda_ * th;
    H_ = lambda_ * Eigen::MatrixXd::Identity(d_, d_);
    for (std::size_t s = 0; s < R.size(); ++s) {
      const Eigen::Map<const Eigen::VectorXd> xs(&X[s * d_], d_);
      const double z = xs.dot(th), m = mu(z);
      g_ += (m - R[s]) * xs;
      const double w = logistic_ ? m * (1 - m) : std::exp(-z * z / 2) * 0.3989422804014327;
      H_.noalias() += w * xs * xs.transpose();
    }
  }

  bool logistic_;
  std::uint32_t d_;
  double lambda_;
  Eigen::VectorXd g_, step_;
  Eigen::MatrixXd H_;
  Eigen::LLT<Eigen::MatrixXd> llt_;
};

double mu_dot_value(bool logistic, double z) {  // optimized/glm/link.cpp's formulas (within kValueError)
  if (!logistic) return std::exp(-0.5 * z * z) * 0.3989422804014327;
  const double t = std::exp(-std::fabs(z));
  return t / ((1.0 + t) * (1.0 + t));
}

// s ≈ xᵀM⁻¹x from y ≈ M⁻¹x, with the bound of the header (M_true ⪰ λI, ‖M_true − M‖₂ ≤ eta).
double quad_bound(const Eigen::MatrixXd& M, const Eigen::VectorXd& x, const Eigen::VectorXd& y, double lambda,
                  double eta, Eigen::VectorXd& res, Eigen::VectorXd& absMy) {
  const std::size_t d = static_cast<std::size_t>(x.size());
  res.noalias() = x - M * y;
  for (std::size_t i = 0; i < d; ++i) {
    double acc = 0;
    for (std::size_t j = 0; j < d; ++j) acc += std::fabs(M(i, j)) * std::fabs(y[j]);
    absMy[i] = acc;
  }
  const double xn = x.norm(), dd = static_cast<double>(d);
  return xn / lambda * (res.norm() + eta * y.norm() + gamma_n(dd + 1) * (absMy.norm() + xn)) * (1 + gamma_n(dd)) +
         gamma_n(dd) * x.cwiseAbs().dot(y.cwiseAbs()) + kTiny;
}

}  // namespace

RsGlincbFastTrajectory rs_glincb(const ref::RsGlincbParams& params, const GlmEnvironment& env, std::uint64_t seed,
                                 std::uint64_t run, const RsGlincbFastOptions& options) {
  const ref::GlmInstance& inst = env.instance();
  ref::validate_rs_glincb(params, inst.q);
  const std::uint32_t d = inst.d, K = inst.K;
  const double dd = d;
  const bool logistic = inst.link == ref::Link::logistic;
  const double lambda = params.lambda.convert_to<double>(), beta = params.beta.convert_to<double>();
  const bool lambda_exact = Rational(lambda) == params.lambda;
  const bool v_exact =
      lambda_exact && std::ldexp(lambda + static_cast<double>(params.T), 2 * static_cast<int>(inst.q)) < 0x1p53 &&
      inst.q <= 24;  // ‖x‖² exact in double too
  const double thr = ref::rs_glincb_threshold(params).convert_to<double>();  // within u·thr
  const double thr_hi = thr * (1 + 2 * u), thr_lo = thr * (1 - 2 * u);
  const double width = std::sqrt(Rational(params.gamma * params.gamma * params.kappa).convert_to<double>());
  const double log_lambda = std::log(lambda);

  ref::RsGlincbHistory hist(inst.link, d, inst.q, params.lambda);
  ref::RsGlincbCertifier cert(params);
  NewtonFit fitter(logistic, d, lambda);

  Eigen::MatrixXd V = lambda * Eigen::MatrixXd::Identity(d, d), Vinv = Eigen::MatrixXd::Identity(d, d) / lambda;
  Eigen::MatrixXd H = V, Htau = V;
  Eigen::LLT<Eigen::MatrixXd> llt_h(d), llt_tau(d);
  llt_tau.compute(Htau);
  double eta_h = 0, eta_tau = 0, ld_tau = dd * log_lambda, e_ld_tau = 4 * u * dd * std::fabs(log_lambda) + kTiny;
  bool any_switch = false;
  Eigen::VectorXd theta_o = Eigen::VectorXd::Zero(d), theta_tau = Eigen::VectorXd::Zero(d);
  double err_o = 0, err_tau = 0;
  std::uint32_t o_version = 0;  // |T_o| that theta_o was fitted on
  std::vector<double> Xo, Xe;
  std::vector<int> Ro, Re;
  Xo.reserve(params.T * d);
  Xe.reserve(params.T * d);
  Ro.reserve(params.T);
  Re.reserve(params.T);
  Eigen::VectorXd x(d), y(d), res(d), absMy(d), dx(d);
  std::vector<double> s(K), es(K), root(K), idx(K), eidx(K), sh(K), esh(K);
  std::vector<std::uint32_t> first(K);
  std::vector<bool> kept(K);
  RsGlincbFastTrajectory out;
  out.actions.reserve(params.T);
  out.rewards.reserve(params.T);
  out.explore.reserve(params.T);

  // log det of H (the current one) with its error bound; false when the bound is unusable (η ≥ λ/2).
  auto logdet = [&](double& ld, double& err) {
    llt_h.compute(H);
    const Eigen::MatrixXd& L = llt_h.matrixLLT();
    double fro = 0, sum = 0, abs_sum = 0;
    for (std::uint32_t i = 0; i < d; ++i) {
      for (std::uint32_t j = 0; j <= i; ++j) fro += L(i, j) * L(i, j);
      const double l = std::log(L(i, i));
      sum += l;
      abs_sum += std::fabs(l);
    }
    const double eta = eta_h + gamma_n(dd + 1) * fro * 1.01;
    if (llt_h.info() != Eigen::Success || !(eta < lambda / 2)) return false;
    ld = 2 * sum;
    err = dd * eta / (lambda - eta) + 2 * (dd + 2) * 2 * u * abs_sum + kTiny;
    return true;
  };
  auto fit_o = [&] {
    if (o_version != hist.n_o) {
      err_o = fitter.fit(Xo, Ro, theta_o);
      o_version = hist.n_o;
    }
  };
  auto do_switch = [&](double ld, double e_ld) {
    err_tau = fitter.fit(Xe, Re, theta_tau);
    Htau = H;
    llt_tau.compute(Htau);
    eta_tau = eta_h;
    ld_tau = ld;
    e_ld_tau = e_ld;
    any_switch = true;
  };

  for (std::uint64_t t = 1; t <= params.T; ++t) {
    const std::uint64_t set = inst.set_of_round(t);
    const std::span<const double> arms = env.arm_set(set);
    auto arm = [&](std::uint32_t a) { return Eigen::Map<const Eigen::VectorXd>(&arms[std::size_t{a} * d], d); };
    bool deferred = !v_exact || (options.force_defer_every != 0 && t % options.force_defer_every == 0), fire = false, switched = false, switch_done = false;
    std::uint32_t action = 0;
    for (std::uint32_t a = 0; a < K; ++a) {
      first[a] = a;
      for (std::uint32_t b = 0; b < a; ++b)
        if (std::equal(&arms[std::size_t{a} * d], &arms[std::size_t{a} * d] + d, &arms[std::size_t{b} * d])) {
          first[a] = b;
          break;
        }
    }
    if (!deferred) {  // Criterion I: max_a ‖x_a‖²_{V⁻¹} ≥ 1/(γ²κR²)
      double lo_max = -1, hi_max = -1;
      for (std::uint32_t a = 0; a < K; ++a) {
        x = arm(a);
        y.noalias() = Vinv * x;
        s[a] = std::max(0.0, x.dot(y));
        es[a] = quad_bound(V, x, y, lambda, 0, res, absMy);
        lo_max = std::max(lo_max, s[a] - es[a]);
        hi_max = std::max(hi_max, s[a] + es[a]);
      }
      if (lo_max >= thr_hi)
        fire = true;
      else if (!(hi_max < thr_lo))
        deferred = true;
      if (options.fault_criterion_i) fire = !fire;
    }
    if (!deferred && fire) {  // the exploration argmax of ‖x‖_{V⁻¹}
      std::uint32_t best = 0;
      for (std::uint32_t a = 1; a < K; ++a)
        if (s[a] > s[best]) best = a;
      for (std::uint32_t a = 0; a < K && !deferred; ++a)
        if (first[a] != first[best] && !(s[best] - es[best] > s[a] + es[a])) deferred = true;
      action = best;
    }
    if (!deferred && !fire) {
      // Criterion II: log det H_t − log det H_τ > log 2.
      double ld = 0, e_ld = 0;
      if (!logdet(ld, e_ld)) {
        deferred = true;
      } else {
        const double D = ld - ld_tau - M_LN2;
        const double e = e_ld + e_ld_tau + 4 * u * (std::fabs(ld) + std::fabs(ld_tau) + 1);
        if (D > e)
          switched = true;
        else if (!(D < -e))
          deferred = true;
      }
      if (!deferred && switched) {
        do_switch(ld, e_ld);
        switch_done = true;
      }
      // Elimination with θ̂_o: keep a iff ⟨x_a − x_z, θ̂_o⟩ + γ√κ(‖x_a‖_{V⁻¹} + ‖x_z‖_{V⁻¹}) ≥ 0 for every z.
      std::fill(kept.begin(), kept.end(), true);
      if (!deferred && hist.n_o > 0 && !options.fault_elimination) {
        fit_o();
        for (std::uint32_t a = 0; a < K; ++a) root[a] = std::sqrt(s[a]);
        for (std::uint32_t a = 0; a < K && !deferred; ++a) {
          if (first[a] != a) {
            kept[a] = kept[first[a]];
            continue;
          }
          for (std::uint32_t z = 0; z < K && kept[a] && !deferred; ++z) {
            if (first[z] != z || z == a) continue;
            dx = arm(a) - arm(z);  // exact (dyadic differences)
            const double ip = dx.dot(theta_o), rr = root[a] + root[z];
            const double v = ip + width * rr;
            const double e = dx.norm() * err_o * (1 + gamma_n(dd)) + gamma_n(dd) * dx.cwiseAbs().dot(theta_o.cwiseAbs()) +
                             width * (std::sqrt(es[a]) + std::sqrt(es[z]) + 2 * u * rr) + 4 * u * (width * rr + std::fabs(ip)) +
                             kTiny;
            if (v + e < 0)
              kept[a] = false;
            else if (!(v - e >= 0))
              deferred = true;
          }
        }
      }
      // The UCB argmax over the kept arms.
      if (!deferred) {
        std::uint32_t c = K;
        if (!any_switch) {  // θ̂_τ = 0, H_τ = λI: ordered by ‖x‖² (exact in double here)
          double best = -1;
          for (std::uint32_t a = 0; a < K; ++a) {
            if (!kept[a] || first[a] != a) continue;
            const double n2 = beta == 0 ? 0.0 : arm(a).squaredNorm();
            if (c == K || n2 > best) {
              best = n2;
              c = a;
            }
          }
        } else {
          for (std::uint32_t a = 0; a < K; ++a) {
            if (!kept[a] || first[a] != a) continue;
            x = arm(a);
            y = llt_tau.solve(x);
            sh[a] = std::max(0.0, x.dot(y));
            esh[a] = quad_bound(Htau, x, y, lambda, eta_tau, res, absMy);
            root[a] = std::sqrt(sh[a]);
            idx[a] = x.dot(theta_tau) + beta * root[a];
            if (c == K || idx[a] > idx[c]) c = a;
          }
          for (std::uint32_t a = 0; a < K && !deferred; ++a) {
            if (!kept[a] || first[a] != a || a == c) continue;
            dx = arm(c) - arm(a);
            const double e = dx.norm() * err_tau * (1 + gamma_n(dd)) +
                             gamma_n(dd) * (arm(c).cwiseAbs().dot(theta_tau.cwiseAbs()) +
                                            arm(a).cwiseAbs().dot(theta_tau.cwiseAbs())) +
                             beta * (std::sqrt(esh[c]) + std::sqrt(esh[a]) + 2 * u * (root[c] + root[a])) +
                             4 * u * (std::fabs(idx[c]) + std::fabs(idx[a])) + kTiny;
            if (!(idx[c] - idx[a] > e)) deferred = true;
          }
        }
        if (c == K) deferred = true;  // no arm kept: impossible for the exact test (a control's fault); defer
        action = c;
      }
    }
    if (deferred && (options.defer || !v_exact)) {
      ++out.deferrals;
      const std::span<const std::int64_t> exact_arms(inst.arms.data() + set * K * d, std::size_t{K} * d);
      const ref::RsGlincbDecision dec = cert.decide(hist, exact_arms, K);
      fire = dec.explore;
      switched = dec.switched;
      action = dec.action;
      if (switched && !switch_done) {
        double ld = 0, e_ld = 0;
        if (!logdet(ld, e_ld)) {  // no usable bound: the next Criterion II is deferred (ld_tau's error is infinite)
          ld = 0;
          e_ld = INFINITY;
        }
        do_switch(ld, e_ld);
      }
    }
    ChaCha20Source bits(seed, ref::glm_reward_stream(run, t));
    const int r = env.reward(set, action, bits);
    x = arm(action);
    out.actions.push_back(action);
    out.rewards.push_back(r);
    out.explore.push_back(fire ? 1 : 0);
    if (switched) {
      out.switches.push_back(t);
      for (std::uint32_t j = 0; j < d; ++j) out.theta_tau.push_back(theta_tau[j]);
      out.theta_tau_error.push_back(err_tau);
    }
    if (fire) {  // V, V⁻¹ (Sherman–Morrison), the T_o data
      y.noalias() = Vinv * x;
      const double c = 1 / (1 + x.dot(y));
      V.noalias() += x * x.transpose();
      Vinv.noalias() -= c * y * y.transpose();
      Xo.insert(Xo.end(), x.data(), x.data() + d);
      Ro.push_back(r);
    } else {  // H += μ̇(⟨x, θ̂_o⟩)/e · x xᵀ, with the weight's error
      fit_o();
      const double z = x.dot(theta_o), xn2 = x.squaredNorm();
      const double w = mu_dot_value(logistic, z) / M_E;
      const double dz = std::sqrt(xn2) * err_o + gamma_n(dd) * x.cwiseAbs().dot(theta_o.cwiseAbs());
      const double werr = (kValueError + 0.25 * dz) * 0.37 + 4 * u * w + kTiny;  // 1/e < 0.37, |μ̈| ≤ 1/4
      H.noalias() += w * x * x.transpose();
      eta_h += werr * xn2 + 2 * u * (H.trace() + w * xn2) * dd;
      Xe.insert(Xe.end(), x.data(), x.data() + d);
      Re.push_back(r);
    }
    hist.add(inst.arm(set, action), r, fire, switched);
  }
  out.reward_deferrals = env.deferrals();
  out.pseudo_regret = env.pseudo_regret(out.actions);
  out.pseudo_regret_error = GlmEnvironment::pseudo_regret_error(out.actions.size());
  return out;
}

}  // namespace dpb::fast
