#include "optimized/learners/shuffle_private_linucb.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "optimized/learners/internal/common.hpp"
#include "optimized/protocols/p_amp.hpp"
#include "optimized/protocols/p_vec.hpp"
#include "optimized/protocols/tree_mechanism.hpp"
#include "reference/learners/internal/bareiss.hpp"
#include "reference/privacy/release_law_001.hpp"

namespace dpb::fast {

namespace {

constexpr const char* kFn = "fast::shuffle_private_linucb";
constexpr double kIllConditioned = 0x1p-20;

i128 add(i128 a, i128 b) {
  i128 r;
  if (__builtin_add_overflow(a, b, &r))
    throw std::overflow_error(std::string(kFn) + ": a statistic D·V or D·u overflows 128 bits");
  return r;
}
i128 mul(i128 a, i128 b) {
  i128 r;
  if (__builtin_mul_overflow(a, b, &r))
    throw std::overflow_error(std::string(kFn) + ": a statistic D·V or D·u overflows 128 bits");
  return r;
}
i128 to_i128(const Integer& x) {
  if (bit_length(abs(x)) > 120)
    throw_parameter_error(kFn, "D", "below 2^120 in the optimized build", to_string(x));
  const bool neg = x < 0;
  Integer m = abs(x);
  const i128 hi = static_cast<i128>(to_uint64(Integer(m >> 64)));
  const i128 lo = static_cast<i128>(to_uint64(Integer(m & Integer(~std::uint64_t{0}))));
  const i128 v = (hi << 64) | lo;
  return neg ? -v : v;
}

// The run's fixed 128-bit integers: D, D/2^r and λ·D (each below 2^120, else ParameterError naming D).
struct RunIntegers {
  i128 D = 0, Dr = 0, lambda = 0;
};
RunIntegers run_integers(const ref::LinUcbConfig& cfg) {
  return {to_i128(cfg.D), to_i128(Integer(cfg.D >> cfg.r)), to_i128(cfg.lambda_num())};
}

// The protocols a run builds before its first round (ref::check_linucb_protocols' twin): P_Amp (sdp-amp, ldp) or
// P_Vec (sdp-vec) for the vector and the matrix part, the tree (theorem jdp), the paper-code jdp's node noises.
struct RunProtocols {
  std::optional<PAmp> amp_vec, amp_mat;
  std::optional<PVec> vec_vec, vec_mat;
  std::optional<TreeMechanism> tree;
  std::optional<PAmp> node_vec, node_mat;  // paper-code jdp
};

// P: RunProtocols or LinUcbSetup (the same member names).
template <class P>
void build_protocols(const ref::LinUcbConfig& cfg, P& p) {
  const std::uint32_t d = cfg.d;
  const ref::LabelSet vec_labels = ref::LabelSet::vector(d), mat_labels = ref::LabelSet::symmetric_matrix(d);
  const bool code = cfg.profile == ref::Profile001::PaperCode;
  if (cfg.variant == ref::LinUcbVariant::SdpAmp || cfg.variant == ref::LinUcbVariant::Ldp) {
    const ref::PAmpShuffle sh =
        cfg.variant == ref::LinUcbVariant::SdpAmp ? ref::PAmpShuffle::Permute : ref::PAmpShuffle::None;
    p.amp_vec.emplace(ref::PAmpParams{vec_labels, Integer(cfg.B), cfg.sigma, Integer(cfg.r)}, sh);
    p.amp_mat.emplace(ref::PAmpParams{mat_labels, Integer(cfg.B), cfg.sigma, Integer(cfg.r),
                                      code ? ref::MatrixNoise::Symmetrized : ref::MatrixNoise::UpperTriangle},
                      sh);
  } else if (cfg.variant == ref::LinUcbVariant::SdpVec) {
    ref::PVecParams pv;
    pv.batch = Integer(cfg.B);
    pv.g = cfg.g;
    pv.b = cfg.b;
    pv.delta = cfg.vec_delta;
    pv.range = code ? ref::PVecRange::Delta : ref::PVecRange::TwoDelta;
    pv.labels = vec_labels;
    p.vec_vec.emplace(pv, cfg.r, cfg.vec_noise_path, ref::PVecShuffle::Counts);
    pv.labels = mat_labels;
    p.vec_mat.emplace(pv, cfg.r, cfg.vec_noise_path, ref::PVecShuffle::Counts);
  } else if (cfg.variant == ref::LinUcbVariant::Jdp && !code) {
    p.tree.emplace(ref::TreeParams{ref::LabelSet::symmetric_matrix(d + 1), Integer(cfg.M), cfg.sigma, Integer(cfg.r)});
  } else if (cfg.variant == ref::LinUcbVariant::Jdp) {
    p.node_vec.emplace(ref::PAmpParams{vec_labels, Integer(1), cfg.sigma, Integer(cfg.r)}, ref::PAmpShuffle::None);
    p.node_mat.emplace(ref::PAmpParams{mat_labels, Integer(1), cfg.sigma, Integer(cfg.r), ref::MatrixNoise::Symmetrized},
                       ref::PAmpShuffle::None);
  }
}

// The double broadcast: L̂⁻¹, θ̂, η and |⟨u, θ̂⟩| (header comment).
using DoubleBroadcast = internal::LinUcbDoubleBroadcast;

std::optional<DoubleBroadcast> cholesky(const std::vector<i128>& N, const std::vector<i128>& Du, double D,
                                        std::uint32_t d) {
  std::vector<double> V(std::size_t{d} * d), L(std::size_t{d} * d, 0.0), u(d);
  double nV = 0;
  for (std::size_t k = 0; k < V.size(); ++k) {
    V[k] = static_cast<double>(N[k]) / D;
    nV += V[k] * V[k];
  }
  nV = std::sqrt(nV);
  for (std::uint32_t k = 0; k < d; ++k) u[k] = static_cast<double>(Du[k]) / D;
  for (std::uint32_t j = 0; j < d; ++j) {
    double s = V[std::size_t{j} * d + j];
    for (std::uint32_t k = 0; k < j; ++k) s -= L[std::size_t{j} * d + k] * L[std::size_t{j} * d + k];
    if (!(s > 0)) return std::nullopt;
    const double ljj = std::sqrt(s);
    L[std::size_t{j} * d + j] = ljj;
    for (std::uint32_t i = j + 1; i < d; ++i) {
      double t = V[std::size_t{i} * d + j];
      for (std::uint32_t k = 0; k < j; ++k) t -= L[std::size_t{i} * d + k] * L[std::size_t{j} * d + k];
      L[std::size_t{i} * d + j] = t / ljj;
    }
  }
  DoubleBroadcast b;
  b.Linv.assign(std::size_t{d} * d, 0.0);
  for (std::uint32_t c = 0; c < d; ++c)  // L·X = I, column by column (X lower triangular)
    for (std::uint32_t i = c; i < d; ++i) {
      double s = i == c ? 1.0 : 0.0;
      for (std::uint32_t k = c; k < i; ++k) s -= L[std::size_t{i} * d + k] * b.Linv[std::size_t{k} * d + c];
      b.Linv[std::size_t{i} * d + c] = s / L[std::size_t{i} * d + i];
    }
  double nLi2 = 0;
  for (double x : b.Linv) nLi2 += x * x;
  // θ̂ = L⁻ᵀ L⁻¹ u.
  std::vector<double> y(d, 0.0);
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t k = 0; k <= i; ++k) y[i] += b.Linv[std::size_t{i} * d + k] * u[k];
  b.theta.assign(d, 0.0);
  for (std::uint32_t i = 0; i < d; ++i)
    for (std::uint32_t k = i; k < d; ++k) b.theta[i] += b.Linv[std::size_t{k} * d + i] * y[k];
  for (std::uint32_t i = 0; i < d; ++i) b.u_theta += u[i] * b.theta[i];
  b.u_theta = std::abs(b.u_theta);
  const double c = 64.0 * d * d * 0x1p-53;
  b.eta = 2 * c * nV * 2 * nLi2;
  b.reliable = std::isfinite(b.eta) && b.eta <= kIllConditioned;
  return b;
}

}  // namespace

std::optional<internal::LinUcbDoubleBroadcast> internal::linucb_double_broadcast(const std::vector<i128>& N,
                                                                                 const std::vector<i128>& Du, double D,
                                                                                 std::uint32_t d) {
  return cholesky(N, Du, D, d);
}

namespace {

// per_round: the paper-code profile's rewards (ref::FixedArms): round t's are the tape's (·, t − 1).
struct FixedArms {
  const ref::LinearInstance& inst;
  const ref::RewardTape& tape;
  bool per_round;
  std::vector<double> gaps;
  std::uint32_t best = 0;
  static constexpr bool fixed = true;
  FixedArms(const ref::LinearInstance& i, const ref::RewardTape& t, bool per_round_rewards)
      : inst(i), tape(t), per_round(per_round_rewards) {
    const std::vector<Rational>& mu = t.means();
    best = static_cast<std::uint32_t>(std::max_element(mu.begin(), mu.end()) - mu.begin());
    for (const Rational& m : mu) gaps.push_back(Rational(mu[best] - m).convert_to<double>());
  }
  const std::int64_t* features(std::uint64_t) const { return inst.features.data(); }
  Rational row_norm_sq() const { return ref::max_row_norm_sq(inst); }
  std::int32_t reward(std::uint64_t t, std::uint32_t a, std::uint64_t pull) const {
    return tape.units(a, per_round ? t - 1 : pull);
  }
  double gap(std::uint64_t, std::uint32_t a) const { return gaps[a]; }
  std::int64_t realized(std::uint64_t t, std::uint32_t a) const {
    return per_round ? std::int64_t{tape.units(best, t - 1)} - tape.units(a, t - 1) : 0;
  }
};

struct TapeContexts {
  const ref::ContextTape& tape;
  std::vector<std::uint32_t> best_arm;  // per round: the lowest arm of the largest exact mean
  std::vector<double> mean;             // per (round, arm), for the regret report
  static constexpr bool fixed = false;
  explicit TapeContexts(const ref::ContextTape& t) : tape(t) {
    best_arm.reserve(t.T);
    mean.reserve(t.T * t.K);
    for (std::uint64_t r = 1; r <= t.T; ++r) {  // 4^q·μ = ⟨x, θ⟩ in 128-bit integers, exactly
      std::uint32_t b = 0;
      i128 mb = 0;
      const std::int64_t* x = t.round(r).data();
      for (std::uint32_t a = 0; a < t.K; ++a, x += t.d) {
        i128 m = 0;
        for (std::uint32_t k = 0; k < t.d; ++k) m += static_cast<i128>(x[k]) * t.theta[k];
        mean.push_back(std::ldexp(static_cast<double>(m), -2 * static_cast<int>(t.q)));
        if (a == 0 || m > mb) { mb = m; b = a; }
      }
      best_arm.push_back(b);
    }
  }
  const std::int64_t* features(std::uint64_t t) const { return tape.round(t).data(); }
  Rational row_norm_sq() const { return Rational(1); }
  std::int32_t reward(std::uint64_t t, std::uint32_t a, std::uint64_t) const { return tape.reward(t, a); }
  double gap(std::uint64_t t, std::uint32_t a) const {
    const double* m = mean.data() + (t - 1) * tape.K;
    return m[best_arm[t - 1]] - m[a];
  }
  std::int64_t realized(std::uint64_t t, std::uint32_t a) const {
    return std::int64_t{tape.reward(t, best_arm[t - 1])} - tape.reward(t, a);
  }
};

template <class Env>
LinUcbTrajectory run_linucb(const LinUcbSetup& setup, const Env& env, NoiseSource noise,
                            const LinUcbOptions& options) {
  const ref::LinUcbConfig& cfg = setup.config();
  const std::uint32_t d = cfg.d, K = cfg.K;
  const unsigned q = cfg.q;
  const std::size_t nv = d, nm = std::size_t{d} * (d + 1) / 2;
  const std::int64_t two_q = std::int64_t{1} << q;
  const RunIntegers ints = run_integers(cfg);
  const i128 D = ints.D;
  const i128 Dr = ints.Dr;
  const double Dd = static_cast<double>(D);
  const std::int64_t* F = env.features(1);

  // Feature doubles (exact: |numerator| <= 2^30) and the keys of identical arms (fixed arms; fresh contexts key
  // every arm by itself: an exact tie between them is then a near tie, deferred, and broken the same way).
  std::vector<double> x(std::size_t{K} * d);
  auto load_features = [&]() {
    for (std::size_t k = 0; k < x.size(); ++k) x[k] = std::ldexp(static_cast<double>(F[k]), -static_cast<int>(q));
  };
  load_features();
  std::vector<std::uint32_t> key(K);
  for (std::uint32_t a = 0; a < K; ++a) {
    key[a] = a;
    if (!Env::fixed) continue;
    for (std::uint32_t b = 0; b < a; ++b)
      if (std::equal(F + std::size_t{a} * d, F + std::size_t{a + 1} * d, F + std::size_t{b} * d)) {
        key[a] = key[b];
        break;
      }
  }

  std::vector<i128> N(std::size_t{d} * d, 0), Du(d, 0);
  const i128 lam = ints.lambda;
  auto reset_lambda = [&]() {
    for (std::uint32_t i = 0; i < d; ++i) N[std::size_t{i} * d + i] = add(N[std::size_t{i} * d + i], lam);
  };
  reset_lambda();
  // Paper-code jdp: the node noises as prefix sums scaled into D (ref: the same draws), the exact sums apart.
  const bool code_jdp = cfg.variant == ref::LinUcbVariant::Jdp && cfg.profile == ref::Profile001::PaperCode;
  std::vector<std::vector<i128>> node_N, node_Du;
  std::vector<i128> exact_N, exact_Du;
  std::uint64_t pd_deferrals = 0;
  // Positive definiteness of N: certified by a reliable double Cholesky, else by the exact pivots (counted).
  auto decide_pd = [&](const std::vector<i128>& M, std::optional<DoubleBroadcast>& fresh) {
    fresh = cholesky(M, Du, Dd, d);
    if (fresh && fresh->reliable) return true;
    ++pd_deferrals;
    std::vector<Integer> e;
    for (i128 v : M) e.push_back(from_i128(v));
    return ref::internal::bareiss_symmetric(e, d).positive_definite;
  };
  bool initial_pd_failure = false;
  if (code_jdp) {
    const PAmp& nv = *setup.node_vec;
    const PAmp& nmx = *setup.node_mat;
    const std::vector<std::int64_t> zv(d, 0), zm(nm, 0);
    node_N.assign(1, std::vector<i128>(std::size_t{d} * d, 0));
    node_Du.assign(1, std::vector<i128>(d, 0));
    for (std::uint32_t j = 0; j < cfg.jdp_nodes; ++j) {
      const PAmpTranscript tv = nv.run(std::span<const std::int64_t>(zv), noise);
      const PAmpTranscript tm = nmx.run(std::span<const std::int64_t>(zm), noise);
      std::vector<i128> Nn = node_N.back(), Dn = node_Du.back();
      const i128 sv = D >> tv.output_grid_bits, sm = D >> tm.output_grid_bits;
      for (std::uint32_t k = 0; k < d; ++k) Dn[k] = add(Dn[k], mul(tv.sum[k], sv));
      std::size_t k = 0;
      for (std::uint32_t i = 0; i < d; ++i)
        for (std::uint32_t jj = i; jj < d; ++jj, ++k) {
          const i128 v = mul(tm.sum[k], sm);
          Nn[std::size_t{i} * d + jj] = add(Nn[std::size_t{i} * d + jj], v);
          if (jj != i) Nn[std::size_t{jj} * d + i] = add(Nn[std::size_t{jj} * d + i], v);
        }
      node_N.push_back(std::move(Nn));
      node_Du.push_back(std::move(Dn));
    }
    exact_N = N;
    exact_Du = Du;
    const std::uint32_t k0 = cfg.jdp_prefix(0);
    for (std::size_t i = 0; i < N.size(); ++i) N[i] = add(N[i], node_N[k0][i]);
    for (std::uint32_t i = 0; i < d; ++i) Du[i] = add(Du[i], node_Du[k0][i]);
  }
  // The current broadcast: its integer matrix (after any PD policy), its double factor, its exact scores (lazy).
  std::vector<i128> bcN = N, bcDu = Du;
  DoubleBroadcast dbl;
  {
    std::optional<DoubleBroadcast> fresh;
    if (!code_jdp || decide_pd(N, fresh)) {
      if (!code_jdp) fresh = cholesky(N, Du, Dd, d);
      if (fresh) {
        dbl = std::move(*fresh);
      } else {  // positive definite, the double Cholesky broke down: every decision deferred
        dbl.reliable = false;
        dbl.theta.assign(d, 0.0);
        dbl.Linv.assign(std::size_t{d} * d, 0.0);
      }
    } else {  // the initial noisy broadcast is not positive definite: λI stays (ref: the same, counted)
      initial_pd_failure = true;
      for (std::size_t i = 0; i < bcN.size(); ++i) bcN[i] = exact_N[i];
      for (std::uint32_t i = 0; i < d; ++i) bcDu[i] = exact_Du[i];
      dbl = *cholesky(bcN, bcDu, Dd, d);
    }
  }
  Rational beta = cfg.beta[0];
  std::optional<ref::ExactScores> exact;

  // The protocols, built once per setup (PAmp and PVec run as const; the tree keeps state: a copy per run).
  const PAmp* amp_vec = setup.amp_vec ? &*setup.amp_vec : nullptr;
  const PAmp* amp_mat = setup.amp_mat ? &*setup.amp_mat : nullptr;
  const PVec* vec_vec = setup.vec_vec ? &*setup.vec_vec : nullptr;
  const PVec* vec_mat = setup.vec_mat ? &*setup.vec_mat : nullptr;
  std::optional<TreeMechanism> tree = setup.tree;

  LinUcbTrajectory out;
  out.pd_failures = initial_pd_failure ? 1 : 0;
  Trajectory& base = out.base;
  if (options.base.record_ledger) {  // the reference's laws (reference/privacy/release_law_001.hpp), the same checks
    if (cfg.profile == ref::Profile001::PaperCode)
      throw_parameter_error("shuffle_private_linucb", "record_ledger",
                            "false in the paper-code profile (no certified release law)", "true");
    ref::Law001 l;
    switch (cfg.variant) {
      case ref::LinUcbVariant::NonPrivate:
        l.law = ref::ReleaseLaw{ref::LawFamily::exact, ref::ObservationUnit::round, Rational(0), Rational(8),
                                Rational(0)};
        break;
      case ref::LinUcbVariant::SdpAmp: l = ref::p_amp_batch_law(cfg.batch_eps, cfg.batch_delta, Integer(cfg.B), cfg.sigma); break;
      case ref::LinUcbVariant::Ldp: l = ref::ldp_message_law(cfg.sigma); break;
      case ref::LinUcbVariant::SdpVec:
        l = ref::p_vec_batch_law(cfg.g, cfg.b, Integer(cfg.B), Integer(d), cfg.batch_delta);
        break;
      case ref::LinUcbVariant::Jdp: l = ref::tree_node_law(cfg.sigma); break;
    }
    base.laws.push_back(l.law);
  }
  // The ledger's coverage (record_ledger), as the reference records it.
  std::uint64_t batch_first = 0;
  std::vector<std::uint64_t> leaf_first, leaf_count;
  std::vector<unsigned> completed_levels;
  base.horizon = cfg.T;
  base.pulls.assign(K, 0);
  if (options.base.record_actions) base.actions.reserve(cfg.T);
  std::vector<std::int64_t> batch_f;  // the users' φ numerators, user-major
  std::vector<std::int32_t> batch_y;
  batch_f.reserve(cfg.B * d);
  batch_y.reserve(cfg.B);
  std::vector<std::int64_t> vvals, mvals;
  vvals.reserve(cfg.B * nv);
  mvals.reserve(cfg.B * nm);
  std::vector<double> value(K), error(K), z(d);
  double beta_d = beta.convert_to<double>();

  auto add_matrix = [&](const i128* upper, i128 scale) {
    std::size_t k = 0;
    for (std::uint32_t i = 0; i < d; ++i)
      for (std::uint32_t j = i; j < d; ++j, ++k) {
        const i128 v = mul(upper[k], scale);
        N[std::size_t{i} * d + j] = add(N[std::size_t{i} * d + j], v);
        if (j != i) N[std::size_t{j} * d + i] = add(N[std::size_t{j} * d + i], v);
      }
  };

  std::uint64_t batch_end = 0;  // t of the aggregation in progress
  auto aggregate = [&]() {
    vvals.clear();
    mvals.clear();
    for (std::size_t u = 0; u < batch_y.size(); ++u) {
      const std::int64_t* f = batch_f.data() + u * d;
      for (std::uint32_t k = 0; k < d; ++k) vvals.push_back(f[k] * batch_y[u] * two_q);
      for (std::uint32_t i = 0; i < d; ++i)
        for (std::uint32_t j = i; j < d; ++j) mvals.push_back(f[i] * f[j]);
    }
    switch (cfg.variant) {
      case ref::LinUcbVariant::NonPrivate: {
        std::vector<i128> sv(nv, 0), sm(nm, 0);
        for (std::size_t u = 0; u < batch_y.size(); ++u) {
          for (std::size_t k = 0; k < nv; ++k) sv[k] += vvals[u * nv + k];
          for (std::size_t k = 0; k < nm; ++k) sm[k] += mvals[u * nm + k];
        }
        for (std::uint32_t k = 0; k < d; ++k) Du[k] = add(Du[k], mul(sv[k], Dr));
        add_matrix(sm.data(), Dr);
        break;
      }
      case ref::LinUcbVariant::SdpAmp:
      case ref::LinUcbVariant::Ldp: {
        const PAmpTranscript tv = amp_vec->run(std::span<const std::int64_t>(vvals), noise);
        const PAmpTranscript tm = amp_mat->run(std::span<const std::int64_t>(mvals), noise);
        const i128 sv = D >> tv.output_grid_bits, sm = D >> tm.output_grid_bits;
        for (std::uint32_t k = 0; k < d; ++k) Du[k] = add(Du[k], mul(tv.sum[k], sv));
        add_matrix(tm.sum.data(), sm);
        break;
      }
      case ref::LinUcbVariant::SdpVec: {
        const PVecTranscript tv = vec_vec->run(std::span<const std::int64_t>(vvals), noise);
        const PVecTranscript tm = vec_mat->run(std::span<const std::int64_t>(mvals), noise);
        const i128 sv = D / tv.output_den, sm = D / tm.output_den;  // D is a multiple of 4g
        for (std::uint32_t k = 0; k < d; ++k) Du[k] = add(Du[k], mul(tv.output_num[k], sv));
        add_matrix(tm.output_num.data(), sm);
        break;
      }
      case ref::LinUcbVariant::Jdp: {
        if (code_jdp) {  // the exact sums; the node noises are added at the broadcast
          for (std::size_t u = 0; u < batch_y.size(); ++u) {
            for (std::uint32_t k = 0; k < d; ++k) exact_Du[k] = add(exact_Du[k], mul(vvals[u * nv + k], Dr));
            std::size_t k = 0;
            for (std::uint32_t i = 0; i < d; ++i)
              for (std::uint32_t j = i; j < d; ++j, ++k) {
                const i128 v = mul(mvals[u * nm + k], Dr);
                exact_N[std::size_t{i} * d + j] = add(exact_N[std::size_t{i} * d + j], v);
                if (j != i) exact_N[std::size_t{j} * d + i] = add(exact_N[std::size_t{j} * d + i], v);
              }
          }
          const std::uint32_t kk = cfg.jdp_prefix(batch_end);
          for (std::size_t i = 0; i < N.size(); ++i) N[i] = add(exact_N[i], node_N[kk][i]);
          for (std::uint32_t i = 0; i < d; ++i) Du[i] = add(exact_Du[i], node_Du[kk][i]);
          break;
        }
        const std::uint32_t D1 = d + 1;
        std::vector<std::int64_t> leaf(std::size_t{D1} * (D1 + 1) / 2, 0), zz(D1);
        for (std::size_t u = 0; u < batch_y.size(); ++u) {
          const std::int64_t* f = batch_f.data() + u * d;
          for (std::uint32_t k = 0; k < d; ++k) zz[k] = f[k];
          zz[d] = batch_y[u] * two_q;
          std::size_t k = 0;
          for (std::uint32_t i = 0; i < D1; ++i)
            for (std::uint32_t j = i; j < D1; ++j, ++k) leaf[k] += zz[i] * zz[j];
        }
        const TreeStep step = tree->add(std::span<const std::int64_t>(leaf), noise);
        completed_levels = step.completed_levels;
        std::fill(N.begin(), N.end(), i128(0));
        reset_lambda();
        std::vector<i128> upper;
        std::size_t k = 0;
        for (std::uint32_t i = 0; i < D1; ++i)
          for (std::uint32_t j = i; j < D1; ++j, ++k) {
            if (j < d) upper.push_back(step.release[k]);
            else if (i < d) Du[i] = mul(step.release[k], Dr);
          }
        add_matrix(upper.data(), Dr);
        break;
      }
    }
  };

  auto to_integers = [](const std::vector<i128>& v) {
    std::vector<Integer> out_v;
    out_v.reserve(v.size());
    for (i128 e : v) out_v.push_back(from_i128(e));
    return out_v;
  };
  // The reference's exact argmax on the exact inputs of the current broadcast.
  auto certified = [&]() -> std::uint32_t {
    if (!exact) {
      auto b = ref::make_broadcast(to_integers(bcN), to_integers(bcDu), cfg.D, d);
      if (!b) throw std::logic_error(std::string(kFn) + ": the broadcast is not positive definite");
      b->beta = beta;
      exact = ref::exact_scores(*b, std::span<const std::int64_t>(F, std::size_t{K} * d), K);
    }
    return ref::exact_argmax(*exact);
  };
  auto compute_indices = [&]() {
    const double inf = std::numeric_limits<double>::infinity();
    for (std::uint32_t a = 0; a < K; ++a) {
      const double* xa = x.data() + std::size_t{a} * d;
      double q = 0, r = 0;
      for (std::uint32_t i = 0; i < d; ++i) {
        q += xa[i] * dbl.theta[i];
        double s = 0;
        for (std::uint32_t k = 0; k <= i; ++k) s += dbl.Linv[std::size_t{i} * d + k] * xa[k];
        r += s * s;
      }
      const double w = beta_d * std::sqrt(r);
      value[a] = q + w;
      error[a] = dbl.reliable ? 4 * dbl.eta * (w + std::sqrt(r * dbl.u_theta)) + 0x1p-45 * (std::abs(q) + w) : inf;
    }
    if (!dbl.reliable) ++out.ill_conditioned;
  };
  compute_indices();

  for (std::uint64_t t = 1; t <= cfg.T; ++t) {
    if (!Env::fixed && t > 1) {  // a fresh context
      F = env.features(t);
      load_features();
      exact.reset();
      compute_indices();
    }
    const std::uint32_t a =
        internal::argmax_deferring(value.data(), error.data(), key.data(), K, t, base, options.base, certified);
    const std::int32_t y = env.reward(t, a, base.pulls[a]);
    ++base.pulls[a];
    if (options.base.record_actions) base.actions.push_back(a);
    base.pseudo_regret += env.gap(t, a);
    out.realized_regret += env.realized(t, a);
    if (batch_y.empty()) batch_first = t;
    batch_f.insert(batch_f.end(), F + std::size_t{a} * d, F + std::size_t{a + 1} * d);
    batch_y.push_back(y);
    if (t % cfg.B != 0) continue;
    const std::uint64_t m = t / cfg.B;
    batch_end = t;
    aggregate();
    if (options.base.record_ledger) {
      if (cfg.variant != ref::LinUcbVariant::Jdp) {
        Release r;
        r.round = t;
        r.index = static_cast<std::uint32_t>(m);
        r.first = batch_first - 1;
        r.count = batch_y.size();
        base.releases.push_back(r);
      } else {
        leaf_first.push_back(batch_first - 1);
        leaf_count.push_back(batch_y.size());
        const std::uint64_t leaves = leaf_first.size();
        for (const unsigned h : completed_levels) {  // node (h, j) completed at leaf `leaves` = (j + 1)·2^h
          const std::uint64_t j = (leaves >> h) - 1, lo = j << h, hi = ((j + 1) << h) - 1;
          Release r;
          r.round = t;
          r.arm = h;
          r.index = static_cast<std::uint32_t>(j);
          r.first = leaf_first[lo];
          r.count = leaf_first[hi] + leaf_count[hi] - leaf_first[lo];
          base.releases.push_back(r);
        }
      }
    }
    batch_f.clear();
    batch_y.clear();
    LinUcbUpdate upd;
    upd.m = m;
    upd.t = t;
    upd.policy_shift = 0;
    std::optional<DoubleBroadcast> fresh;
    const bool pd = decide_pd(N, fresh);  // not certified by the double: the exact pivots decide
    if (pd) {
      bcN = N;
      bcDu = Du;
      if (fresh) {
        dbl = std::move(*fresh);
      } else {  // positive definite but the double Cholesky broke down: every decision deferred
        dbl.reliable = false;
        dbl.theta.assign(d, 0.0);
        dbl.Linv.assign(std::size_t{d} * d, 0.0);
      }
    } else {
      ++out.pd_failures;
      upd.positive_definite = false;
      ref::PolicyResult pr = ref::apply_pd_policy(cfg, to_integers(N), to_integers(Du));
      upd.policy_shift = pr.shift;
      if (pr.broadcast) {
        bcN = N;
        bcDu = Du;
        const i128 s = cfg.pd_policy == ref::PdPolicy::RaiseLambda ? mul(to_i128(pr.shift), lam) : to_i128(pr.shift);
        for (std::uint32_t i = 0; i < d; ++i) bcN[std::size_t{i} * d + i] = add(bcN[std::size_t{i} * d + i], s);
        if (auto f = cholesky(bcN, bcDu, Dd, d)) {
          dbl = std::move(*f);
        } else {
          dbl.reliable = false;
          dbl.theta.assign(d, 0.0);
          dbl.Linv.assign(std::size_t{d} * d, 0.0);
        }
      } else {
        upd.broadcast_changed = false;
      }
    }
    exact.reset();
    beta = cfg.beta[m];
    beta_d = beta.convert_to<double>();
    if (Env::fixed) compute_indices();
    if (options.record_updates) {
      upd.V_num = N;
      upd.u_num = Du;
      upd.theta = dbl.theta;
      out.updates.push_back(std::move(upd));
    }
  }
  out.unaggregated = batch_y.size();
  out.pd_deferrals = pd_deferrals;
  return out;
}

// ParameterError naming `what` (the instance or the context tape) when its sizes are not the setup's.
void check_sizes(const char* what, const ref::LinUcbConfig& cfg, std::uint32_t d, std::uint32_t K, unsigned q) {
  const auto sizes = [](std::uint32_t dd, std::uint32_t KK, unsigned qq) {
    return "d = " + std::to_string(dd) + ", K = " + std::to_string(KK) + ", q = " + std::to_string(qq);
  };
  if (d != cfg.d || K != cfg.K || q != cfg.q)
    throw_parameter_error(kFn, what, sizes(cfg.d, cfg.K, cfg.q) + " (the setup's)", sizes(d, K, q));
}

}  // namespace

void check_linucb_run(const ref::LinUcbConfig& cfg) {
  (void)run_integers(cfg);
  RunProtocols protocols;
  build_protocols(cfg, protocols);
}

LinUcbTrajectory shuffle_private_linucb(const ref::LinUcbParams& params, const ref::LinearInstance& inst,
                                        const ref::RewardTape& tape, NoiseSource noise,
                                        const LinUcbOptions& options) {
  ref::validate(inst, kFn);
  const LinUcbSetup setup(ref::configure_linucb(params, inst.d, inst.K, inst.q, ref::max_row_norm_sq(inst)));
  return shuffle_private_linucb(setup, inst, tape, noise, options);
}

LinUcbTrajectory shuffle_private_linucb(const LinUcbSetup& setup, const ref::LinearInstance& inst,
                                        const ref::RewardTape& tape, NoiseSource noise,
                                        const LinUcbOptions& options) {
  ref::validate(inst, kFn);
  const ref::LinUcbConfig& cfg = setup.config();
  check_sizes("instance", cfg, inst.d, inst.K, inst.q);
  const bool paper_code = cfg.profile == ref::Profile001::PaperCode;
  const Rational L2 = ref::max_row_norm_sq(inst);
  if (paper_code ? L2 != cfg.row_norm_sq : L2 > 1)
    throw_parameter_error(kFn, "instance",
                          paper_code ? "largest |x_a|^2 = " + to_string(cfg.row_norm_sq) + " (the setup's width L^2)"
                                     : std::string("largest |x_a|^2 <= 1 (the theorem profile)"),
                          to_string(L2));
  if (tape.arms() != inst.K)
    throw_parameter_error(kFn, "tape", std::to_string(inst.K) + " arms", std::to_string(tape.arms()));
  if (tape.length() < cfg.T)
    throw_parameter_error(kFn, "tape", "at least T = " + std::to_string(cfg.T) + " rewards per arm",
                          std::to_string(tape.length()));
  if (tape.grid() != 1) throw_parameter_error(kFn, "tape", "Bernoulli rewards (grid 1)", std::to_string(tape.grid()));
  return run_linucb(setup, FixedArms(inst, tape, paper_code), noise, options);
}

LinUcbTrajectory shuffle_private_linucb(const ref::LinUcbParams& params, const ref::ContextTape& tape,
                                        NoiseSource noise, const LinUcbOptions& options) {
  const LinUcbSetup setup(ref::configure_linucb(params, tape.d, tape.K, tape.q));
  return shuffle_private_linucb(setup, tape, noise, options);
}

LinUcbSetup::LinUcbSetup(ref::LinUcbConfig config) : cfg_(std::move(config)) {
  // The protocols (the same as the reference's; one instance per part, the tree over (φ, y)), built once.
  build_protocols(cfg_, *this);
}

LinUcbTrajectory shuffle_private_linucb(const LinUcbSetup& setup, const ref::ContextTape& tape, NoiseSource noise,
                                        const LinUcbOptions& options) {
  const ref::LinUcbConfig& cfg = setup.config();
  check_sizes("tape", cfg, tape.d, tape.K, tape.q);
  if (tape.T < cfg.T)
    throw_parameter_error(kFn, "tape", "at least T = " + std::to_string(cfg.T) + " rounds", std::to_string(tape.T));
  return run_linucb(setup, TapeContexts(tape), noise, options);
}


}  // namespace dpb::fast
