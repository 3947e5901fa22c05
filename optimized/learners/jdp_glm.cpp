#include "optimized/learners/jdp_glm.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "optimized/internal/chacha20_block.hpp"
#include "optimized/internal/wide_int.hpp"
#include "optimized/learners/internal/jdp_common.hpp"
#include "optimized/learners/internal/jdp_small.hpp"
#include "optimized/protocols/p_gd.hpp"
#include "optimized/protocols/tree_mechanism.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/interval.hpp"
#include "reference/protocols/labels.hpp"
#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::fast {

using namespace jdp_detail;

JdpGlmFastTrajectory jdp_glm(const ref::JdpGlmParams& params, const GlmEnvironment& env, std::uint64_t seed,
                             std::uint64_t run, const JdpGlmFastOptions& options) {
  if (params.profile == ref::JdpProfile::PaperCode) {
    if (options.constants)
      throw_parameter_error("fast::jdp_glm", "profile", "theorem with the theorem's constants", "paper-code");
    return jdp_glm_paper_code(params, env, seed, run, options);
  }
  if (options.paper_constants)
    throw_parameter_error("fast::jdp_glm", "profile", "paper-code with the paper-code constants", "theorem");
  namespace J = ref::jdp_internal;
  const ref::GlmInstance& inst = env.instance();
  const std::uint32_t d = inst.d, K = inst.K;
  const unsigned q = inst.q;
  const double dd = d;
  const bool logistic = inst.link == ref::Link::logistic;
  JdpGlmFastTrajectory out;
  check_glm_audit_hooks(options.reward_tape, options.noise_divisor, params.T, "fast::jdp_glm");
  out.constants = options.constants ? *options.constants : ref::jdp_glm_constants(params, inst.link, d, q);
  const ref::JdpGlmConstants& k = out.constants;
  out.link_label = logistic ? "logistic" : "probit (outside Def. 4.1 (F1))";
  const unsigned r = k.grid_bits;
  const ref::LabelSet labels = ref::LabelSet::symmetric_matrix(d);
  const std::size_t L = labels.size();
  std::vector<std::uint32_t> li(L), lj(L);
  for (std::size_t l = 0; l < L; ++l) {
    li[l] = labels.at(l).i;
    lj[l] = labels.at(l).j;
  }
  ref::TreeParams tv;
  tv.labels = labels;
  tv.leaves = Integer(params.T);
  tv.grid_bits = Integer(r);
  tv.symmetrisation = ref::Symmetrisation::Half;
  ref::TreeParams th = tv;
  tv.sigma = k.sigma_V;
  th.sigma = k.sigma_H;
  if (options.noise_divisor != 1) {  // the audits' leaky twin
    tv.sigma = leaky_tree_sigma(tv.sigma, options.noise_divisor);
    th.sigma = leaky_tree_sigma(th.sigma, options.noise_divisor);
  }
  Tree treeV(tv), treeH(th);
  out.tree_reference = treeV.on_reference() || treeH.on_reference();
  ChaCha20Source streamV(seed, ref::jdp_glm_stream(run, 0)), streamH(seed, ref::jdp_glm_stream(run, 1));
  CountingSource bitsV(streamV), bitsH(streamH);

  if (k.lambda > Integer(1) << 52) throw std::logic_error("fast::jdp_glm: lambda beyond 2^52");
  const double lambda = k.lambda.convert_to<double>();  // exact
  const std::uint64_t cut1 = k.count1 > Integer(UINT64_MAX) ? UINT64_MAX : k.count1.convert_to<std::uint64_t>();
  const std::uint64_t cut2 = k.count2 > Integer(UINT64_MAX) ? UINT64_MAX : k.count2.convert_to<std::uint64_t>();
  const Integer wcap_i = floor(Rational(Integer(Integer(1) << ref::kJdpWeightBits)) / params.kappa_star);
  const std::uint64_t wcap = wcap_i.convert_to<std::uint64_t>();
  const double thr = k.threshold.convert_to<double>(), thr_hi = thr * (1 + 4 * u), thr_lo = thr * (1 - 4 * u);
  const Rational width2 = k.gamma * k.gamma * params.kappa;
  const double width = std::sqrt(width2.convert_to<double>()), e_width = 4 * u * width;
  const double beta = k.beta.convert_to<double>(), e_beta = 2 * u * beta;
  const double ln2_hi = M_LN2 * (1 + 2 * u), ln2_lo = M_LN2 * (1 - 2 * u);
  const double scale_r = std::ldexp(1.0, -static_cast<int>(r));

  Released V, H, Htau;
  for (Released* m : {&V, &H, &Htau}) {
    m->rel.assign(L, 0);
    m->data.assign(L, 0);
    m->M = lambda * Eigen::MatrixXd::Identity(d, d);
    m->mu = lambda;
  }
  // M̂ and μ from the release (see the header).
  const auto refresh = [&](Released& m) {
    double nf2 = 0;
    m.M.setZero();
    for (std::size_t l = 0; l < L; ++l) {
      const double v = static_cast<double>(m.rel[l]) * scale_r;
      m.M(li[l], lj[l]) = v;
      m.M(lj[l], li[l]) = v;
      const double n = static_cast<double>(m.rel[l] - m.data[l]) * scale_r;
      nf2 += (li[l] == lj[l] ? 1.0 : 2.0) * n * n;
    }
    for (std::uint32_t j = 0; j < d; ++j) m.M(j, j) += lambda;
    m.mu = lambda - std::sqrt(nf2) * (1 + gamma_n(static_cast<double>(L) + 8)) - kTiny;
    m.empty = false;
  };
  const auto exact_matrix = [&](const Released& m) {
    std::vector<Integer> rel;
    if (!m.empty)
      for (const i128 v : m.rel) rel.push_back(from_i128(v));
    return J::matrix(rel, d, k.lambda, r);
  };
  // Cholesky factors of V̂, Ĥ and Ĥ_τ (optimized/learners/internal/jdp_small.hpp: no allocation per round).
  SmallChol cV, cH, cTau;
  cTau.compute(Htau);
  Eigen::VectorXd x(d), dx(d), theta_o_d = Eigen::VectorXd::Zero(d), theta_tau_d = Eigen::VectorXd::Zero(d);

  DetMax D, Dtau;
  Rational lambda_d = 1;
  for (std::uint32_t j = 0; j < d; ++j) lambda_d *= Rational(k.lambda);
  for (DetMax* m : {&D, &Dtau}) {
    m->rel.assign(L, 0);
    log_interval(lambda_d, m->lo, m->hi);
    m->exact = lambda_d;
  }
  const auto exact_of = [&](DetMax& m) -> const Rational& {
    if (!m.exact) {
      std::vector<Integer> rel;
      for (const i128 v : m.rel) rel.push_back(from_i128(v));
      m.exact = J::det(J::matrix(rel, d, k.lambda, r), d);
    }
    return *m.exact;
  };
  const auto take = [&](DetMax& m, double lo, double hi, std::optional<Rational> exact) {
    m.lo = lo;
    m.hi = hi;
    m.initial = false;
    std::copy(H.rel.begin(), H.rel.end(), m.rel.begin());
    m.exact = std::move(exact);
  };

  bool htau_pd = true;
  bool tau_trivial = true;  // θ̂_τ = 0 and H_τ = λI exactly: the UCB index orders arms by ‖x‖² (exact)
  std::optional<std::vector<Rational>> htau_exact;  // H_τ's rationals (deferrals)
  std::vector<Rational> theta_o(d, Rational(0)), theta_tau(d, Rational(0));
  bool theta_o_zero = true, theta_tau_zero = true;  // θ̂_o = 0, θ̂_τ = 0 exactly
  // The data of T_o and of the other rounds, compactly; P_GD's records are built at the calls.
  std::vector<std::uint64_t> set_o, set_x;
  std::vector<std::uint32_t> act_o, act_x;
  std::vector<int> rew_o, rew_x;
  for (auto* v : {&set_o, &set_x}) v->reserve(params.T);
  for (auto* v : {&act_o, &act_x}) v->reserve(params.T);
  for (auto* v : {&rew_o, &rew_x}) v->reserve(params.T);
  std::vector<ref::PgdDatum> data_o, data_x;
  std::uint64_t calls = 0;
  const double eps_o_d = k.eps_o.convert_to<double>(), delta_o_d = k.delta_o.convert_to<double>();
  const ref::PgdDomain ball_domain = ref::PgdDomain::ball(params.S);  // built once (θ̂_o's every call)
  bool ball_validated = false;
  // P_GD's estimate; nullopt: θ = 0 without a call (T_it = 0, below), which the caller applies without a copy.
  const auto run_pgd = [&](std::vector<ref::PgdDatum>& data, const std::vector<std::uint64_t>& sets,
                           const std::vector<std::uint32_t>& acts, const std::vector<int>& rews,
                           const ref::PgdDomain& dom, const Rational& eps,
                           const Rational& delta) -> std::optional<std::vector<Rational>> {
    const auto t0 = std::chrono::steady_clock::now();
    // T_it = ⌊ε²n²/(d ln³(nd/δ))⌋ (calibrate_pgd's default rule): when a double bound puts the quotient below 1/2
    // (its rounding error is below 10^−12 relative), T_it = 0 and the call returns θ₀ = 0 (the ball) without reading
    // a bit — after one full ball call has passed the reference's n-independent validation (S on the grid, …).
    if (dom.kind == ref::PgdDomainKind::Ball && ball_validated) {
      // ε_o, δ_o (the only ball calls' arguments) converted once.
      const bool own = &eps == &k.eps_o && &delta == &k.delta_o;
      const double n = static_cast<double>(sets.size()), e = own ? eps_o_d : eps.convert_to<double>(),
                   dl = own ? delta_o_d : delta.convert_to<double>();
      const double lg = std::log(n * dd / dl);
      if (dl > 0 && std::isfinite(lg) && lg > 1e-3 && e * e * n * n / (dd * lg * lg * lg) < 0.5) {
        ++calls;
        out.pgd_iterations.emplace_back(0);
        out.pgd_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return std::nullopt;
      }
    }
    const bool ball = dom.kind == ref::PgdDomainKind::Ball;
    for (std::size_t i = data.size(); i < sets.size(); ++i)
      data.push_back(ref::PgdDatum{Rational(rews[i]), inst.context(sets[i], acts[i])});
    Integer it;
    const ref::PgdParams gp = J::pgd_params(params, k, inst.link, q, d, data.size(), ref::PgdDomain(dom), eps, delta, &it);
    ChaCha20Source stream(seed, ref::jdp_glm_stream(run, 2 + calls));
    CountingSource bits(stream);
    ++calls;
    out.pgd_iterations.push_back(it);
    std::optional<PGd> pgd;
    try {
      pgd.emplace(gp, data.size(), d);
    } catch (const ParameterError& e) {  // fast::PGd's double range: the reference's P_GD (same bits)
      if (std::string_view(e.what()).find("fast::PGd") == std::string_view::npos) throw;
    }
    std::vector<Rational> theta;
    if (pgd) {
      theta = pgd->run(std::span<const ref::PgdDatum>(data), bits).theta_bar;
      out.pgd_deferrals += pgd->deferrals();
    } else {
      ++out.pgd_reference_calls;
      theta = ref::PGd(gp, data.size(), d).run(std::span<const ref::PgdDatum>(data), bits).theta_bar;
    }
    out.bits_pgd += bits.count();
    if (ball) ball_validated = true;
    out.pgd_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return theta;
  };
  const auto to_double = [&](const std::vector<Rational>& th, Eigen::VectorXd& v) {
    for (std::uint32_t j = 0; j < d; ++j) v[j] = th[j].convert_to<double>();
  };
  // θ ← P_GD's estimate (nullopt: 0; nothing to do when θ is 0 already) and its double image.
  const auto assign = [&](std::vector<Rational>& th, bool& zero, std::optional<std::vector<Rational>>&& est,
                          Eigen::VectorXd& v) {
    if (est) {
      th = std::move(*est);
      zero = std::all_of(th.begin(), th.end(), [](const Rational& x) { return x == 0; });
      to_double(th, v);
    } else if (!zero) {
      for (Rational& x : th) x = 0;
      zero = true;
      v.setZero();
    }
  };

  out.actions.reserve(params.T);
  out.rewards.reserve(params.T);
  out.explore.reserve(params.T);
  std::vector<std::uint64_t> weights;
  weights.reserve(params.T);
  std::vector<double> s(K), es(K), root(K), idx(K), sh(K), esh(K), xnorm(K);
  std::vector<PretestArm> pre(K);
  std::vector<RowTerms> row(K);
  std::vector<double> ys(std::size_t{K} * d);  // small_quad_batch's scratch
  std::vector<std::uint32_t> first(K);
  std::vector<bool> kept(K);
  std::vector<std::int64_t> leafV(L), leafH(L);
  std::optional<J::CriterionI> ci_exact;

  for (std::uint64_t t = 1; t <= params.T; ++t) {
    const std::uint64_t set = inst.set_of_round(t);
    const std::span<const double> arms = env.arm_set(set);
    const std::span<const std::int64_t> exact_arms(inst.arms.data() + set * K * d, std::size_t{K} * d);
    auto arm = [&](std::uint32_t a) { return Eigen::Map<const Eigen::VectorXd>(&arms[std::size_t{a} * d], d); };
    const bool forced = options.force_defer_every != 0 && t % options.force_defer_every == 0;
    bool deferred_round = false;
    ci_exact.reset();
    const auto exact_ci = [&]() -> const J::CriterionI& {
      if (!ci_exact) ci_exact = J::criterion_i(k, exact_arms, K, d, q, exact_matrix(V));
      return *ci_exact;
    };
    for (std::uint32_t a = 0; a < K; ++a) {
      first[a] = a;
      for (std::uint32_t b = 0; b < a; ++b)
        if (std::equal(&arms[std::size_t{a} * d], &arms[std::size_t{a} * d] + d, &arms[std::size_t{b} * d])) {
          first[a] = b;
          break;
        }
    }
    // s[a] ≈ ‖x_a‖²_{V⁻¹} with bounds es[a] — the argmax of s certified, or nullopt.
    const auto certified_argmax_s = [&]() -> std::optional<std::uint32_t> {
      std::uint32_t best = 0;
      for (std::uint32_t a = 1; a < K; ++a)
        if (s[a] > s[best]) best = a;
      for (std::uint32_t a = 0; a < K; ++a)
        if (first[a] != first[best] && !(s[best] - es[best] > s[a] + es[a])) return std::nullopt;
      return best;
    };

    // Criterion I (line 2) on V_t.
    bool explore = false, exact_round = forced;
    std::uint32_t action = 0;
    for (std::uint32_t a = 0; a < K; ++a) xnorm[a] = small_norm(&arms[std::size_t{a} * d], d);
    if (!exact_round && V.mu > 0) {
      cV.compute(V);
      if (!cV.ok) {
        exact_round = true;
      } else {
        double lo_max = -1, hi_max = -1;
        small_quad_batch(cV, arms.data(), K, xnorm.data(), s.data(), es.data(), ys.data());
        for (std::uint32_t a = 0; a < K; ++a) {
          lo_max = std::max(lo_max, s[a] - es[a]);
          hi_max = std::max(hi_max, s[a] + es[a]);
        }
        if (lo_max >= thr_hi)
          explore = true;
        else if (!(hi_max < thr_lo))
          exact_round = true;
        if (!exact_round && options.fault_criterion_i) explore = !explore;
        if (!exact_round && explore) {
          if (const auto b = certified_argmax_s())
            action = *b;
          else
            exact_round = true;
        }
      }
    } else {
      exact_round = true;
      if (!forced) ++out.pd_deferrals;
    }
    if (exact_round) {
      ++out.criterion_i_deferrals;
      deferred_round = true;
      const J::CriterionI& c = exact_ci();
      explore = c.explore;
      action = c.action;
      if (!c.v_pd) {
        ++out.not_pd;
        out.v_not_pd.push_back(t);
      }
    }

    // D = max(D, det H_t) at every round.
    {
      double lo = 0, hi = 0;
      bool bounded = false;
      if (!forced && H.mu > 0) {
        cH.compute(H);
        bounded = small_logdet(cH, lo, hi);
      }
      if (bounded) {
        if (lo > D.hi) {
          take(D, lo, hi, std::nullopt);
        } else if (hi >= D.lo) {  // a near tie for the maximum: exact
          ++out.det_deferrals;
          deferred_round = true;
          const Rational dt = J::det(exact_matrix(H), d);
          if (dt > exact_of(D)) take(D, lo, hi, dt);
        }
      } else {
        if (!forced) ++out.det_deferrals;
        deferred_round = true;
        const Rational dt = J::det(exact_matrix(H), d);
        if (dt > exact_of(D)) {
          double l2 = 0, h2 = 0;
          log_interval(dt, l2, h2);
          take(D, l2, h2, dt);
        }
      }
    }

    bool switched = false;
    if (!explore) {
      // Criterion II (line 7): D > 2·D_τ and count2 < cutoff.
      if (out.count2 < cut2) {
        const double slack = 4 * u * (std::fabs(D.hi) + std::fabs(Dtau.hi) + 1);
        const double diff_lo = D.lo - Dtau.hi - slack, diff_hi = D.hi - Dtau.lo + slack;
        if (!forced && diff_lo > ln2_hi) {
          switched = !options.fault_criterion_ii;
        } else if (!forced && diff_hi < ln2_lo) {
          switched = options.fault_criterion_ii;
        } else {
          if (!forced) ++out.criterion_ii_deferrals;
          deferred_round = true;
          switched = exact_of(D) > 2 * exact_of(Dtau);
        }
      }
      if (switched) {
        ++out.count2;
        Dtau.lo = D.lo;
        Dtau.hi = D.hi;
        Dtau.initial = D.initial;
        std::copy(D.rel.begin(), D.rel.end(), Dtau.rel.begin());
        Dtau.exact = D.exact;
        std::copy(H.rel.begin(), H.rel.end(), Htau.rel.begin());
        std::copy(H.data.begin(), H.data.end(), Htau.data.begin());
        Htau.M = H.M;
        Htau.mu = H.mu;
        Htau.empty = H.empty;
        htau_exact.reset();
        cTau.compute(Htau);
        if (Htau.mu > 0 && cTau.ok) {
          htau_pd = true;
        } else {
          ++out.pd_deferrals;
          deferred_round = true;
          htau_exact = exact_matrix(Htau);
          std::vector<std::vector<Rational>> Ht(d, std::vector<Rational>(d));
          for (std::uint32_t i = 0; i < d; ++i)
            for (std::uint32_t j = 0; j < d; ++j) Ht[i][j] = (*htau_exact)[i * d + j];
          htau_pd = ref::positive_definite(Ht);
        }
        if (set_x.empty()) {
          theta_tau = theta_o;
        } else {  // (θ_τ's double image and zero flag are set below, after the clip)
          const std::vector<Rational> Vx = exact_matrix(V);
          std::vector<std::vector<Rational>> Vr(d, std::vector<Rational>(d));
          for (std::uint32_t i = 0; i < d; ++i)
            for (std::uint32_t j = 0; j < d; ++j) Vr[i][j] = Vx[i * d + j];
          assign(theta_tau, theta_tau_zero,
                 run_pgd(data_x, set_x, act_x, rew_x, ref::PgdDomain::ellipsoid(theta_o, Vr, width2), k.eps_tau,
                         k.delta_tau),
                 theta_tau_d);
        }
        if (J::clip_tau(theta_tau, params.S, inst.link, q, d)) ++out.tau_projected;
        theta_tau_zero = std::all_of(theta_tau.begin(), theta_tau.end(), [](const Rational& v) { return v == 0; });
        tau_trivial = std::all_of(Htau.rel.begin(), Htau.rel.end(), [](i128 v) { return v == 0; }) &&
                      std::all_of(theta_tau.begin(), theta_tau.end(), [](const Rational& v) { return v == 0; });
        out.theta_tau.push_back(theta_tau);
        to_double(theta_tau, theta_tau_d);
      }

      // Lines 9–10 (or, H_τ not PD, the Criterion-I argmax of s).
      bool done = false;
      if (!exact_round) {
        if (!htau_pd) {
          if (const auto b = certified_argmax_s()) {
            action = *b;
            done = true;
          }
        } else {
          bool open = false;
          std::fill(kept.begin(), kept.end(), true);
          // The pre-tests' per-arm terms; β's two smallest over the distinct arms (the row test's min over z != a).
          double beta1 = INFINITY, beta2 = INFINITY;
          std::uint32_t arg1 = K;
          for (std::uint32_t a = 0; a < K; ++a) {
            root[a] = std::sqrt(s[a]);
            pre[a] = pretest_arm(&arms[std::size_t{a} * d], theta_o_d.data(), d, root[a], es[a]);
            row[a] = row_terms(pre[a], width, e_width, dd);
            if (first[a] != a) continue;
            if (row[a].beta < beta1) {
              beta2 = beta1;
              beta1 = row[a].beta;
              arg1 = a;
            } else if (row[a].beta < beta2) {
              beta2 = row[a].beta;
            }
          }
          for (std::uint32_t a = 0; a < K && !open; ++a) {
            if (first[a] != a) {
              kept[a] = kept[first[a]];
              continue;
            }
            // The row test (jdp_small.hpp): every pair (a, z) passes the full test, so the loop below would keep a.
            if (!options.no_elimination_pretest && row_passes(row[a].alpha, arg1 == a ? beta2 : beta1)) {
              ++out.elimination_rows_decided;
              continue;
            }
            for (std::uint32_t z = 0; z < K && kept[a] && !open; ++z) {
              if (first[z] != z || z == a) continue;
              // The pre-test (the header, "elimination pre-test") decides only where the full test decides the same.
              int verdict = 0;
              if (!options.no_elimination_pretest) {
                verdict = elimination_pretest(pre[a], pre[z], width, e_width, dd);
                if (verdict != 0) {
                  ++out.elimination_pretest_decided;
                  if (verdict < 0) ++out.elimination_pretest_eliminated;
                } else {
                  ++out.elimination_pretest_open;
                }
              }
              if (verdict == 0) {
                dx = arm(a) - arm(z);  // exact (dyadic differences)
                verdict = elimination_test(dx, theta_o_d, root[a], root[z], es[a], es[z], width, e_width, dd);
              }
              if (verdict < 0)
                kept[a] = false;
              else if (verdict == 0)
                open = true;
            }
          }
          std::uint32_t c = K;
          if (!open && tau_trivial) {  // ref::internal::norm_argmax on the exact numerators
            std::int64_t best = -1;
            for (std::uint32_t a = 0; a < K; ++a) {
              if (!kept[a] || first[a] != a) continue;
              std::int64_t n2 = 0;
              for (std::uint32_t i = 0; i < d; ++i) n2 += exact_arms[std::size_t{a} * d + i] * exact_arms[std::size_t{a} * d + i];
              if (beta == 0) n2 = 0;
              if (c == K || n2 > best) {
                best = n2;
                c = a;
              }
            }
            if (c == K) open = true;
          } else if (!open) {
            for (std::uint32_t a = 0; a < K; ++a) {
              if (!kept[a] || first[a] != a) continue;
              x = arm(a);
              esh[a] = small_quad(cTau, &arms[std::size_t{a} * d], xnorm[a], sh[a]);
              root[a] = std::sqrt(sh[a]);
              idx[a] = x.dot(theta_tau_d) + beta * root[a];
              if (c == K || idx[a] > idx[c]) c = a;
            }
            if (c == K) open = true;
            for (std::uint32_t a = 0; a < K && !open; ++a) {
              if (!kept[a] || first[a] != a || a == c) continue;
              const double e = (2 * u * (1 + gamma_n(dd)) + gamma_n(dd)) *
                                   (arm(c).cwiseAbs().dot(theta_tau_d.cwiseAbs()) +
                                    arm(a).cwiseAbs().dot(theta_tau_d.cwiseAbs())) +
                               beta * (std::sqrt(esh[c]) + std::sqrt(esh[a]) + 2 * u * (root[c] + root[a])) +
                               e_beta * (root[c] + root[a]) + 4 * u * (std::fabs(idx[c]) + std::fabs(idx[a])) + kTiny;
              if (!(idx[c] - idx[a] > e)) open = true;
            }
          }
          if (!open) {
            action = c;
            done = true;
          }
        }
      }
      if (!done) {
        if (!forced) ++out.exploit_deferrals;
        deferred_round = true;
        if (!htau_exact) htau_exact = exact_matrix(Htau);
        const J::Exploit ex =
            J::exploit(k, params.kappa, exact_arms, K, d, q, exact_ci().s, theta_o, theta_tau, *htau_exact, t);
        action = ex.action;
      }
      if (!htau_pd) {  // the round counts as Criterion I, no elimination
        explore = true;
        ++out.not_pd;
        out.h_not_pd.push_back(t);
      }
    }

    ChaCha20BlockSource rbits(seed, ref::glm_reward_stream(run, t));  // ChaCha20Source's bits, no OpenSSL context
    const int reward = options.reward_tape.empty() ? env.reward(set, action, rbits) : options.reward_tape[t - 1];
    const std::span<const std::int64_t> f = inst.arm(set, action);
    if (explore) {
      for (std::size_t l = 0; l < L; ++l) {
        leafV[l] = (f[li[l]] * f[lj[l]]) << ref::kJdpWeightBits;  // |f| <= 2^q, q <= 15: below 2^62
        leafH[l] = 0;
      }
    } else {
      // w = ⌊μ̇(⟨x, θ̂_o⟩)/e·2^32⌋ ∧ wcap
      x = arm(action);
      const double z = x.dot(theta_o_d);
      const double ez = (2 * u * (1 + gamma_n(dd)) + gamma_n(dd)) * x.cwiseAbs().dot(theta_o_d.cwiseAbs());
      const double v = mu_dot_value(logistic, z) / M_E * 0x1p32;
      const double err = ((kValueError + 0.25 * ez) / M_E + 4 * u * std::fabs(v) * 0x1p-32) * 0x1p32 * 2 + kTiny;
      const double a = std::floor(v - err), b = std::floor(v + err);
      std::uint64_t w = 0;
      if (!forced && a >= static_cast<double>(wcap)) {
        w = wcap;
      } else if (!forced && a == b && a >= 0) {
        w = std::min<std::uint64_t>(static_cast<std::uint64_t>(a), wcap);
      } else {
        if (!forced) ++out.weight_deferrals;
        deferred_round = true;
        w = J::weight(inst.link, f, q, theta_o, wcap_i).convert_to<std::uint64_t>();
      }
      weights.push_back(w);
      for (std::size_t l = 0; l < L; ++l) {
        leafV[l] = 0;
        leafH[l] = f[li[l]] * f[lj[l]] * static_cast<std::int64_t>(w);  // <= 2^30·2^32/κ*, κ* >= 2.5
      }
    }
    treeV.add(leafV, bitsV, V.rel);
    treeH.add(leafH, bitsH, H.rel);
    for (std::size_t l = 0; l < L; ++l) {
      V.data[l] += leafV[l];
      H.data[l] += leafH[l];
    }
    refresh(V);
    refresh(H);
    if (explore) {
      set_o.push_back(set);
      act_o.push_back(action);
      rew_o.push_back(reward);
      if (out.count1 < cut1) {
        assign(theta_o, theta_o_zero, run_pgd(data_o, set_o, act_o, rew_o, ball_domain, k.eps_o, k.delta_o),
               theta_o_d);
        out.theta_o.push_back(theta_o);
        ++out.count1;
      }
    } else {
      set_x.push_back(set);
      act_x.push_back(action);
      rew_x.push_back(reward);
    }
    out.actions.push_back(action);
    out.rewards.push_back(reward);
    out.explore.push_back(explore ? 1 : 0);
    if (switched) out.switches.push_back(t);
    if (deferred_round) ++out.deferrals;
  }
  for (const std::uint64_t w : weights) out.weights.emplace_back(w);
  for (const i128 v : V.rel) out.release_V.push_back(from_i128(v));
  for (const i128 v : H.rel) out.release_H.push_back(from_i128(v));
  out.bits_V = bitsV.count();
  out.bits_H = bitsH.count();
  out.reward_deferrals = env.deferrals();
  out.pseudo_regret = env.pseudo_regret(out.actions);
  out.pseudo_regret_error = GlmEnvironment::pseudo_regret_error(out.actions.size());
  return out;
}

}  // namespace dpb::fast
