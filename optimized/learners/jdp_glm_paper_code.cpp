// jdp-glm, profile `paper-code`, optimized build: the twin of reference/learners/jdp_glm_paper_code.cpp (what the
// seed-003 authors' code runs for Private-GLM; Sarmasarkar 2026, arXiv:2602.00417, Sec. 8, Remark A.1; spec 003 §7.3).
// Same constants (ref::jdp_glm_paper_constants), streams, tree bits and releases, DP-SGD calls (σ, steps, bits,
// estimates), PSD checks, Criterion I/II events, H weights and actions as the reference.
//
// Trees: fast::TreeMechanism::add_release when fast::RoundedNormal::wide admits σ·2^r (c <= 2^100; else the
// reference's tree, same bits: `tree_reference`). DP-SGD: fast::DpSgd with the reference's σ (calibrate_dp_sgd_sigma);
// a call whose noise fast::RoundedNormal::wide refuses (σ·C/b with numerator or denominator past int64, or
// σ·C/b·2^32 > 2^100) runs on the reference's DpSgd from a fresh copy of its stream (`sgd_reference_calls`).
// Per round, in double (Eigen) with a certified bound, as the theorem twin (optimized/learners/jdp_glm.hpp):
//   * PSD floor: λ_min(M) >= μ = λ − ‖Noise‖_F − n_V·d·2^−r, Noise = release − Σ leaves (exact in 128 bits); the V
//     leaves are truncated rank-one matrices, each within d·2^−r of a PSD one in Frobenius norm (n_V of them), the
//     H leaves w·xxᵀ are PSD exactly. μ > 10⁻¹²(1 + 10⁻⁶) certifies the floor (psd_checks); otherwise the
//     reference's exact test (psd_deferrals), which throws JdpPsdProjectionBinds as the reference does.
//   * Criterion I and its argmax: ‖x‖²_{V⁻¹} with the Cholesky-solve bound against the exact threshold.
//   * The V leaf xxᵀ/(1 + s) truncated toward 0 onto 2^−r needs s to ~2^−42 relative: always the exact s of the
//     reference's criterion_i (exact_v_leaves; exploration rounds are few: V's λ is large).
//   * D = max det H_t over the exploitation rounds and P (largest det H at a switch) as log-intervals with the
//     release attaining them; a near tie, or D >= 2P undecided, is decided on exact determinants (det_deferrals,
//     criterion_ii_deferrals). Once count2 reaches its cutoff D is no longer read and not computed. Later commit
//     (params.code_version): Criterion II is the reference's exact PSD-dominance test on every exploitation round
//     before the cutoff (each counted in criterion_ii_deferrals); the DP-SGD settings and σ are the reference's.
//   * Elimination with θ̂_w (width γ√κ) and the UCB argmax ⟨x, c⟩ + β‖x‖_{H_τ⁻¹}, c = (θ̂_w + θ̂_τ)/2: the theorem
//     twin's bounds plus the conversion of θ̂_w, c to double; undecided → ref::jdp_internal::exploit_paper_code
//     (exploit_deferrals). c = 0 and H_τ = λI exactly: ‖x‖² on the exact numerators.
//   * The H weight ⌊μ̇(⟨x, θ̂_w⟩)/e·2^32⌋ (no clip): double with μ̇'s error (kValueError) and |μ̈| <= 1/4; a floor
//     within the bound, or |z| > 60, is the reference's weight_paper_code (weight_deferrals).
// `deferrals` counts rounds with any decision by the reference (the exact V leaves are not counted there).
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "optimized/glm/link.hpp"
#include "optimized/internal/wide_int.hpp"
#include "optimized/learners/internal/dp_sgd_code.hpp"
#include "optimized/learners/internal/jdp_common.hpp"
#include "optimized/learners/jdp_glm.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/learners/internal/dp_sgd_code.hpp"
#include "reference/protocols/labels.hpp"

namespace dpb::fast {

using namespace jdp_detail;

JdpGlmFastTrajectory jdp_glm_paper_code(const ref::JdpGlmParams& params, const GlmEnvironment& env,
                                        std::uint64_t seed, std::uint64_t run, const JdpGlmFastOptions& options) {
  namespace J = ref::jdp_internal;
  namespace RI = ref::internal;
  const ref::GlmInstance& inst = env.instance();
  const std::uint32_t d = inst.d, K = inst.K;
  const unsigned q = inst.q;
  const double dd = d;
  const bool logistic = inst.link == ref::Link::logistic;
  JdpGlmFastTrajectory out;
  check_glm_audit_hooks(options.reward_tape, options.noise_divisor, params.T, "fast::jdp_glm");
  out.paper = options.paper_constants ? *options.paper_constants : ref::jdp_glm_paper_constants(params, inst.link, d, q);
  const ref::JdpGlmPaperConstants& k = *out.paper;
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
  if (options.noise_divisor != 1) {  // the audits' leaky twin (every DP-SGD call too, below)
    tv.sigma = leaky_tree_sigma(tv.sigma, options.noise_divisor);
    th.sigma = leaky_tree_sigma(th.sigma, options.noise_divisor);
  }
  Tree treeV(tv), treeH(th);
  out.tree_reference = treeV.on_reference() || treeH.on_reference();
  ChaCha20Source streamV(seed, ref::jdp_glm_stream(run, 0)), streamH(seed, ref::jdp_glm_stream(run, 1));
  CountingSource bitsV(streamV), bitsH(streamH);
  ref::JdpGlmConstants ck;  // criterion_i reads the threshold and the grid only
  ck.threshold = k.threshold;
  ck.grid_bits = r;

  // λ is on 2^−32 (rounded up by the constants): exact in double below 2^20
  const Integer lambda_num = numerator(Rational(k.lambda * Rational(Integer(Integer(1) << 32))));
  if (k.lambda >= Rational(1 << 20) || lambda_num >= (Integer(1) << 52))
    throw std::logic_error("fast::jdp_glm paper-code: lambda beyond 2^20");
  const double lambda = std::ldexp(lambda_num.convert_to<double>(), -32);
  const auto cut = [](const Integer& c) { return c > Integer(UINT64_MAX) ? UINT64_MAX : c.convert_to<std::uint64_t>(); };
  const std::uint64_t cut1 = cut(k.count1), cut2 = cut(k.count2);
  const double thr = k.threshold.convert_to<double>(), thr_hi = thr * (1 + 4 * u), thr_lo = thr * (1 - 4 * u);
  const Rational width2 = k.gamma * k.gamma * params.kappa;
  const double width = std::sqrt(width2.convert_to<double>()), e_width = 4 * u * width;
  const double beta = k.beta.convert_to<double>(), e_beta = 2 * u * beta;
  const double ln2_hi = M_LN2 * (1 + 2 * u), ln2_lo = M_LN2 * (1 - 2 * u);
  const double scale_r = std::ldexp(1.0, -static_cast<int>(r));
  const double psd_floor = 1e-12 * (1 + 1e-6);  // above 10⁻¹² despite the decimal's rounding

  Released V, H, Htau;
  for (Released* m : {&V, &H, &Htau}) {
    m->rel.assign(L, 0);
    m->data.assign(L, 0);
    m->M = lambda * Eigen::MatrixXd::Identity(d, d);
    m->mu = lambda;
  }
  std::uint64_t v_leaves = 0;  // truncated V leaves so far
  const auto refresh = [&](Released& m, double extra) {
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
    m.mu = lambda - (std::sqrt(nf2) + extra) * (1 + gamma_n(static_cast<double>(L) + 8)) - kTiny;
    m.empty = false;
  };
  const auto exact_matrix = [&](const Released& m) {
    std::vector<Integer> rel;
    if (!m.empty)
      for (const i128 v : m.rel) rel.push_back(from_i128(v));
    return J::matrix_rational(rel, d, k.lambda, r);
  };
  Eigen::LLT<Eigen::MatrixXd> lltV(d), lltH(d), lltTau(d);
  lltTau.compute(Htau.M);
  Eigen::VectorXd x(d), y(d), res(d), absMy(d), dx(d), theta_w_d = Eigen::VectorXd::Zero(d),
      centre_d = Eigen::VectorXd::Zero(d);
  const auto quad = [&](const Released& m, const Eigen::LLT<Eigen::MatrixXd>& llt, double& s) {
    return quad_form(m, llt, x, y, res, absMy, s);
  };

  // D (running max of det H over exploitation rounds), P (largest det H at a switch), the round's det H: each a
  // log-interval with the release attaining it (exact determinant on demand).
  DetMax D, P, cur;
  Rational lambda_d = 1;
  for (std::uint32_t j = 0; j < d; ++j) lambda_d *= k.lambda;
  for (DetMax* m : {&D, &P, &cur}) {
    m->rel.assign(L, 0);
    log_interval(lambda_d, m->lo, m->hi);
    m->exact = lambda_d;
  }
  const auto exact_of = [&](DetMax& m) -> const Rational& {
    if (!m.exact) {
      std::vector<Integer> rel;
      for (const i128 v : m.rel) rel.push_back(from_i128(v));
      m.exact = J::det(J::matrix_rational(rel, d, k.lambda, r), d);
    }
    return *m.exact;
  };
  bool deferred_round = false;
  // m = max(m, cur): decided on the intervals, a near tie on exact determinants (det_deferrals).
  const auto raise_max = [&](DetMax& m, bool forced) {
    if (!forced && cur.lo > m.hi) {
      m = cur;
    } else if (forced || cur.hi >= m.lo) {
      if (!forced) ++out.det_deferrals;
      deferred_round = true;
      if (exact_of(cur) > exact_of(m)) m = cur;
    }
  };

  std::vector<Rational> theta_w(d, Rational(0)), theta_tau(d, Rational(0)), centre(d, Rational(0));
  bool centre_zero = true;
  double theta_w_abs_err = 0, centre_abs_err = 0;  // max |double − exact| of the coordinates
  const auto set_double = [&](const std::vector<Rational>& th, Eigen::VectorXd& v, double& err) {
    err = 0;
    for (std::uint32_t j = 0; j < d; ++j) {
      v[j] = th[j].convert_to<double>();
      err = std::max(err, 2 * u * std::fabs(v[j]));  // round to nearest: |v − θ| <= u|θ| <= 2u|v|
    }
  };
  const auto update_centre = [&] {
    centre_zero = true;
    for (std::uint32_t j = 0; j < d; ++j) {
      centre[j] = (theta_w[j] + theta_tau[j]) / 2;
      centre_zero = centre_zero && centre[j] == 0;
    }
    set_double(centre, centre_d, centre_abs_err);
  };
  std::optional<std::vector<Rational>> htau_exact;
  bool htau_zero = true;  // H_τ = λI exactly

  std::vector<RI::DpSgdSample> data_o, data_all;
  data_all.reserve(params.T);
  std::uint64_t calls = 0;
  const auto run_sgd = [&](const std::vector<RI::DpSgdSample>& data, const Rational& eps, const Rational& delta) {
    J::check_sgd_floor(k.version, eps, delta, params.eps);
    const Rational sigma = J::sgd_sigma(k.version, eps, delta, data.size()) / Rational(options.noise_divisor);
    const RI::DpSgdSettings settings = J::sgd_settings(k.version, eps);
    const std::uint64_t stream_id = ref::jdp_glm_stream(run, 2 + calls);
    ++calls;
    RI::DpSgdResult res;
    bool done = false;
    {
      ChaCha20Source stream(seed, stream_id);
      CountingSource bits(stream);
      try {
        const DpSgd sgd(inst.link, q, d, sigma, settings);
        res = sgd.run(data, centre, bits);
        out.sgd_deferrals += sgd.deferrals();
        out.bits_pgd += bits.count();
        done = true;
      } catch (const ParameterError& e) {  // fast::RoundedNormal's or fast::DpSgd's range: the reference's DpSgd
        if (std::string_view(e.what()).find("fast::") == std::string_view::npos) throw;
      }
    }
    if (!done) {
      ++out.sgd_reference_calls;
      ChaCha20Source stream(seed, stream_id);
      CountingSource bits(stream);
      res = RI::DpSgd(inst.link, q, d, sigma, settings).run(data, centre, bits);
      out.bits_pgd += bits.count();
    }
    out.pgd_iterations.push_back(Integer(res.steps));
    out.sgd_sigma.push_back(sigma);
    return std::move(res.theta);
  };
  const auto psd = [&](const Released& m, const char* name, std::uint64_t t, bool forced) {
    if (!forced && m.mu > psd_floor) {
      ++out.psd_checks;
      return;
    }
    if (!forced) ++out.psd_deferrals;
    deferred_round = true;
    if (!J::above_psd_floor(exact_matrix(m), d))
      throw ref::JdpPsdProjectionBinds(std::string("jdp_glm paper-code: round ") + std::to_string(t) +
                                       ": the noisy " + name +
                                       " has an eigenvalue <= 1e-12, where the code's PSD projection changes it");
    ++out.psd_checks;
  };

  out.actions.reserve(params.T);
  out.rewards.reserve(params.T);
  out.explore.reserve(params.T);
  std::vector<std::uint64_t> weights;
  weights.reserve(params.T);
  std::vector<double> s(K), es(K), root(K), idx(K), sh(K), esh(K);
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
    deferred_round = false;
    ci_exact.reset();
    const auto exact_ci = [&]() -> const J::CriterionI& {
      if (!ci_exact) ci_exact = J::criterion_i(ck, exact_arms, K, d, q, exact_matrix(V));
      return *ci_exact;
    };
    psd(V, "V", t, forced);
    psd(H, "H", t, forced);
    for (std::uint32_t a = 0; a < K; ++a) {
      first[a] = a;
      for (std::uint32_t b = 0; b < a; ++b)
        if (std::equal(&arms[std::size_t{a} * d], &arms[std::size_t{a} * d] + d, &arms[std::size_t{b} * d])) {
          first[a] = b;
          break;
        }
    }
    const auto certified_argmax_s = [&]() -> std::optional<std::uint32_t> {
      std::uint32_t best = 0;
      for (std::uint32_t a = 1; a < K; ++a)
        if (s[a] > s[best]) best = a;
      for (std::uint32_t a = 0; a < K; ++a)
        if (first[a] != first[best] && !(s[best] - es[best] > s[a] + es[a])) return std::nullopt;
      return best;
    };

    // Criterion I on V_t.
    bool explore = false, exact_round = forced;
    std::uint32_t action = 0;
    if (!exact_round && V.mu > 0) {
      lltV.compute(V.M);
      if (lltV.info() != Eigen::Success) {
        exact_round = true;
      } else {
        double lo_max = -1, hi_max = -1;
        for (std::uint32_t a = 0; a < K; ++a) {
          x = arm(a);
          es[a] = quad(V, lltV, s[a]);
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
    }
    if (exact_round) {
      if (!forced) ++out.criterion_i_deferrals;
      deferred_round = true;
      const J::CriterionI& c = exact_ci();
      explore = c.explore;
      action = c.action;
    }

    bool switched = false;
    if (!explore) {
      if (k.version == ref::JdpCodeVersion::Later) {
        if (out.count2 < cut2) {  // later commit: PSD dominance, decided exactly by the reference's test
          ++out.criterion_ii_deferrals;
          deferred_round = true;
          if (!htau_exact) htau_exact = exact_matrix(Htau);
          switched = J::criterion_ii_later(*htau_exact, exact_matrix(H), d) != options.fault_criterion_ii;
        }
      } else if (out.count2 < cut2) {  // D = max(D, det H_t); Criterion II (first commit): D >= 2P
        std::copy(H.rel.begin(), H.rel.end(), cur.rel.begin());
        cur.initial = false;
        cur.exact.reset();
        double lo = 0, hi = 0;
        if (!forced && logdet_interval(H, lltH, lo, hi)) {
          cur.lo = lo;
          cur.hi = hi;
        } else {
          if (!forced) ++out.det_deferrals;
          deferred_round = true;
          log_interval(exact_of(cur), cur.lo, cur.hi);
        }
        raise_max(D, forced);
        const double slack = 4 * u * (std::fabs(D.hi) + std::fabs(P.hi) + 1);
        const double diff_lo = D.lo - P.hi - slack, diff_hi = D.hi - P.lo + slack;
        if (!forced && diff_lo > ln2_hi) {
          switched = !options.fault_criterion_ii;
        } else if (!forced && diff_hi < ln2_lo) {
          switched = options.fault_criterion_ii;
        } else {
          if (!forced) ++out.criterion_ii_deferrals;
          deferred_round = true;
          switched = exact_of(D) >= 2 * exact_of(P);
        }
      }
      if (switched) {
        ++out.count2;
        Htau = H;
        htau_exact.reset();
        htau_zero = std::all_of(Htau.rel.begin(), Htau.rel.end(), [](i128 v) { return v == 0; });
        lltTau.compute(Htau.M);
        if (k.version != ref::JdpCodeVersion::Later) raise_max(P, forced);
        if (!data_all.empty()) {
          theta_tau = run_sgd(data_all, k.eps_tau, k.delta_tau);
          update_centre();
        }
        out.theta_tau.push_back(theta_tau);
      }

      // elimination with θ̂_w and V, then the UCB argmax with c and H_τ
      bool done = false;
      if (!exact_round && Htau.mu > 0 && lltTau.info() == Eigen::Success) {
        bool open = false;
        std::fill(kept.begin(), kept.end(), true);
        for (std::uint32_t a = 0; a < K; ++a) root[a] = std::sqrt(s[a]);
        for (std::uint32_t a = 0; a < K && !open; ++a) {
          if (first[a] != a) {
            kept[a] = kept[first[a]];
            continue;
          }
          for (std::uint32_t z = 0; z < K && kept[a] && !open; ++z) {
            if (first[z] != z || z == a) continue;
            dx = arm(a) - arm(z);  // exact (dyadic differences)
            const double ip = dx.dot(theta_w_d), rr = root[a] + root[z];
            const double v = ip + width * rr;
            const double e = 2 * u * dx.cwiseAbs().dot(theta_w_d.cwiseAbs()) * (1 + gamma_n(dd)) +
                             gamma_n(dd) * dx.cwiseAbs().dot(theta_w_d.cwiseAbs()) +
                             dx.cwiseAbs().sum() * theta_w_abs_err * (1 + gamma_n(dd)) +
                             width * (std::sqrt(es[a]) + std::sqrt(es[z]) + 2 * u * rr) + e_width * rr +
                             4 * u * (width * rr + std::fabs(ip)) + kTiny;
            if (v + e < 0)
              kept[a] = false;
            else if (!(v - e >= 0))
              open = true;
          }
        }
        std::uint32_t c = K;
        if (!open && centre_zero && htau_zero) {  // ref::internal::norm_argmax on the exact numerators
          std::int64_t best = -1;
          for (std::uint32_t a = 0; a < K; ++a) {
            if (!kept[a] || first[a] != a) continue;
            std::int64_t n2 = 0;
            for (std::uint32_t i = 0; i < d; ++i)
              n2 += exact_arms[std::size_t{a} * d + i] * exact_arms[std::size_t{a} * d + i];
            if (k.beta == 0) n2 = 0;
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
            esh[a] = quad(Htau, lltTau, sh[a]);
            root[a] = std::sqrt(sh[a]);
            idx[a] = x.dot(centre_d) + beta * root[a];
            if (c == K || idx[a] > idx[c]) c = a;
          }
          if (c == K) open = true;
          for (std::uint32_t a = 0; a < K && !open; ++a) {
            if (!kept[a] || first[a] != a || a == c) continue;
            const double e = (2 * u * (1 + gamma_n(dd)) + gamma_n(dd)) *
                                 (arm(c).cwiseAbs().dot(centre_d.cwiseAbs()) +
                                  arm(a).cwiseAbs().dot(centre_d.cwiseAbs())) +
                             (arm(c).cwiseAbs().sum() + arm(a).cwiseAbs().sum()) * centre_abs_err *
                                 (1 + gamma_n(dd)) +
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
      if (!done) {
        if (!forced) ++out.exploit_deferrals;
        deferred_round = true;
        if (!htau_exact) htau_exact = exact_matrix(Htau);
        std::uint64_t refinements = 0;
        action = J::exploit_paper_code(k, params.kappa, exact_arms, K, d, q, exact_ci().s, theta_w, centre,
                                       *htau_exact, t, refinements);
      }
    }

    ChaCha20Source rbits(seed, ref::glm_reward_stream(run, t));
    const int reward = options.reward_tape.empty() ? env.reward(set, action, rbits) : options.reward_tape[t - 1];
    const std::span<const std::int64_t> f = inst.arm(set, action);
    if (explore) {
      // xxᵀ/(1 + s) on 2^−r from the exact s
      ++out.exact_v_leaves;
      const std::vector<Integer> lv = J::scaled_v_leaf(f, q, exact_ci().s[action], r);
      for (std::size_t l = 0; l < L; ++l) {
        leafV[l] = lv[l].convert_to<std::int64_t>();  // |f_i f_j|·2^(r−2q) <= 2^62
        leafH[l] = 0;
      }
      ++v_leaves;
    } else {
      // w = ⌊μ̇(⟨x, θ̂_w⟩)/e·2^32⌋, not clipped
      x = arm(action);
      const double z = x.dot(theta_w_d);
      const double ez = (2 * u * (1 + gamma_n(dd)) + gamma_n(dd)) * x.cwiseAbs().dot(theta_w_d.cwiseAbs()) +
                        x.cwiseAbs().sum() * theta_w_abs_err * (1 + gamma_n(dd));
      const double v = mu_dot_value(logistic, z) / M_E * 0x1p32;
      const double err = ((kValueError + 0.25 * ez) / M_E + 4 * u * std::fabs(v) * 0x1p-32) * 0x1p32 * 2 + kTiny;
      const double a = std::floor(v - err), b = std::floor(v + err);
      std::uint64_t w = 0;
      if (!forced && std::fabs(z) <= 60 && a == b && a >= 0) {
        w = static_cast<std::uint64_t>(a);
      } else if (!forced && std::fabs(z) <= 60 && b == 0) {  // the exact value is in [0, 1)
        w = 0;
      } else {
        if (!forced) ++out.weight_deferrals;
        deferred_round = true;
        w = J::weight_paper_code(inst.link, f, q, theta_w).convert_to<std::uint64_t>();
      }
      weights.push_back(w);
      for (std::size_t l = 0; l < L; ++l) {
        leafV[l] = 0;
        leafH[l] = f[li[l]] * f[lj[l]] * static_cast<std::int64_t>(w);  // <= 2^30·2^32/(4e)
      }
    }
    treeV.add(leafV, bitsV, V.rel);
    treeH.add(leafH, bitsH, H.rel);
    for (std::size_t l = 0; l < L; ++l) {
      V.data[l] += leafV[l];
      H.data[l] += leafH[l];
    }
    refresh(V, static_cast<double>(v_leaves) * dd * scale_r);
    refresh(H, 0);
    data_all.push_back(RI::DpSgdSample{reward, std::vector<std::int64_t>(f.begin(), f.end())});
    if (explore) {
      data_o.push_back(data_all.back());
      if (out.count1 < cut1) {
        theta_w = run_sgd(data_o, k.eps_o, k.delta_o);
        set_double(theta_w, theta_w_d, theta_w_abs_err);
        update_centre();
        out.theta_o.push_back(theta_w);
        ++out.count1;
      }
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
