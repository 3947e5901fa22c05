#include "optimized/learners/shuffle_private_linucb.hpp"

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "optimized/learners/internal/common.hpp"
#include "optimized/protocols/p_amp.hpp"
#include "optimized/protocols/p_vec.hpp"
#include "optimized/protocols/tree_mechanism.hpp"

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

// The double broadcast: L̂⁻¹, θ̂, η and |⟨u, θ̂⟩| (header comment).
struct DoubleBroadcast {
  std::vector<double> Linv, theta;
  double eta = 0, u_theta = 0;
  bool reliable = false;
};

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

LinUcbTrajectory shuffle_private_linucb(const ref::LinUcbParams& params, const ref::LinearInstance& inst,
                                        const ref::RewardTape& tape, NoiseSource noise,
                                        const LinUcbOptions& options) {
  ref::validate(inst, kFn);
  const ref::LinUcbConfig cfg = ref::configure_linucb(params, inst.d, inst.K, inst.q);
  if (tape.arms() != inst.K)
    throw_parameter_error(kFn, "tape", std::to_string(inst.K) + " arms", std::to_string(tape.arms()));
  if (tape.length() < cfg.T)
    throw_parameter_error(kFn, "tape", "at least T = " + std::to_string(cfg.T) + " rewards per arm",
                          std::to_string(tape.length()));
  if (tape.grid() != 1) throw_parameter_error(kFn, "tape", "Bernoulli rewards (grid 1)", std::to_string(tape.grid()));
  const std::uint32_t d = inst.d, K = inst.K;
  const std::size_t nv = d, nm = std::size_t{d} * (d + 1) / 2;
  const std::int64_t two_q = std::int64_t{1} << inst.q;
  const i128 D = to_i128(cfg.D);
  const i128 Dr = to_i128(Integer(cfg.D >> cfg.r));
  const double Dd = static_cast<double>(D);
  const std::int64_t* F = inst.features.data();

  // Feature doubles (exact: |numerator| <= 2^30) and the keys of identical arms.
  std::vector<double> x(std::size_t{K} * d);
  for (std::size_t k = 0; k < x.size(); ++k) x[k] = std::ldexp(static_cast<double>(F[k]), -static_cast<int>(inst.q));
  std::vector<std::uint32_t> key(K);
  for (std::uint32_t a = 0; a < K; ++a) {
    key[a] = a;
    for (std::uint32_t b = 0; b < a; ++b)
      if (std::equal(F + std::size_t{a} * d, F + std::size_t{a + 1} * d, F + std::size_t{b} * d)) {
        key[a] = key[b];
        break;
      }
  }

  std::vector<i128> N(std::size_t{d} * d, 0), Du(d, 0);
  const i128 lam = to_i128(cfg.lambda_num());
  auto reset_lambda = [&]() {
    for (std::uint32_t i = 0; i < d; ++i) N[std::size_t{i} * d + i] = add(N[std::size_t{i} * d + i], lam);
  };
  reset_lambda();
  // The current broadcast: its integer matrix (after any PD policy), its double factor, its exact scores (lazy).
  std::vector<i128> bcN = N, bcDu = Du;
  DoubleBroadcast dbl = *cholesky(bcN, bcDu, Dd, d);
  Rational beta = cfg.beta[0];
  std::optional<ref::ExactScores> exact;

  std::optional<PAmp> amp_vec, amp_mat;
  std::optional<PVec> vec_vec, vec_mat;
  std::optional<TreeMechanism> tree;
  const ref::LabelSet vec_labels = ref::LabelSet::vector(d), mat_labels = ref::LabelSet::symmetric_matrix(d);
  if (cfg.variant == ref::LinUcbVariant::SdpAmp || cfg.variant == ref::LinUcbVariant::Ldp) {
    const ref::PAmpShuffle sh =
        cfg.variant == ref::LinUcbVariant::SdpAmp ? ref::PAmpShuffle::Permute : ref::PAmpShuffle::None;
    amp_vec.emplace(ref::PAmpParams{vec_labels, Integer(cfg.B), cfg.sigma, Integer(cfg.r)}, sh);
    amp_mat.emplace(ref::PAmpParams{mat_labels, Integer(cfg.B), cfg.sigma, Integer(cfg.r)}, sh);
  } else if (cfg.variant == ref::LinUcbVariant::SdpVec) {
    ref::PVecParams pv;
    pv.batch = Integer(cfg.B);
    pv.g = cfg.g;
    pv.b = cfg.b;
    pv.labels = vec_labels;
    vec_vec.emplace(pv, cfg.r, cfg.vec_noise_path, ref::PVecShuffle::Counts);
    pv.labels = mat_labels;
    vec_mat.emplace(pv, cfg.r, cfg.vec_noise_path, ref::PVecShuffle::Counts);
  } else if (cfg.variant == ref::LinUcbVariant::Jdp) {
    tree.emplace(ref::TreeParams{ref::LabelSet::symmetric_matrix(d + 1), Integer(cfg.M), cfg.sigma, Integer(cfg.r)});
  }

  LinUcbTrajectory out;
  Trajectory& base = out.base;
  base.horizon = cfg.T;
  base.pulls.assign(K, 0);
  if (options.base.record_actions) base.actions.reserve(cfg.T);
  std::vector<std::uint32_t> batch_arm;
  std::vector<std::int32_t> batch_y;
  batch_arm.reserve(cfg.B);
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

  auto aggregate = [&]() {
    vvals.clear();
    mvals.clear();
    for (std::size_t u = 0; u < batch_arm.size(); ++u) {
      const std::int64_t* f = F + std::size_t{batch_arm[u]} * d;
      for (std::uint32_t k = 0; k < d; ++k) vvals.push_back(f[k] * batch_y[u] * two_q);
      for (std::uint32_t i = 0; i < d; ++i)
        for (std::uint32_t j = i; j < d; ++j) mvals.push_back(f[i] * f[j]);
    }
    switch (cfg.variant) {
      case ref::LinUcbVariant::NonPrivate: {
        std::vector<i128> sv(nv, 0), sm(nm, 0);
        for (std::size_t u = 0; u < batch_arm.size(); ++u) {
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
        for (std::uint32_t k = 0; k < d; ++k) Du[k] = add(Du[k], mul(tv.sum[k], Dr));
        add_matrix(tm.sum.data(), Dr);
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
        const std::uint32_t D1 = d + 1;
        std::vector<std::int64_t> leaf(std::size_t{D1} * (D1 + 1) / 2, 0), zz(D1);
        for (std::size_t u = 0; u < batch_arm.size(); ++u) {
          const std::int64_t* f = F + std::size_t{batch_arm[u]} * d;
          for (std::uint32_t k = 0; k < d; ++k) zz[k] = f[k];
          zz[d] = batch_y[u] * two_q;
          std::size_t k = 0;
          for (std::uint32_t i = 0; i < D1; ++i)
            for (std::uint32_t j = i; j < D1; ++j, ++k) leaf[k] += zz[i] * zz[j];
        }
        const TreeStep step = tree->add(std::span<const std::int64_t>(leaf), noise);
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
      exact = ref::exact_scores(*b, inst.features, K);
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
    const std::uint32_t a =
        internal::argmax_deferring(value.data(), error.data(), key.data(), K, t, base, options.base, certified);
    const std::int32_t y = tape.units(a, base.pulls[a]);
    ++base.pulls[a];
    if (options.base.record_actions) base.actions.push_back(a);
    batch_arm.push_back(a);
    batch_y.push_back(y);
    if (t % cfg.B != 0) continue;
    const std::uint64_t m = t / cfg.B;
    aggregate();
    batch_arm.clear();
    batch_y.clear();
    LinUcbUpdate upd;
    upd.m = m;
    upd.t = t;
    upd.policy_shift = 0;
    std::optional<DoubleBroadcast> fresh = cholesky(N, Du, Dd, d);
    bool pd = fresh && fresh->reliable;
    if (!pd) {  // not certified by the double: the exact pivots decide
      ++out.pd_deferrals;
      pd = ref::internal::bareiss_symmetric(to_integers(N), d).positive_definite;
    }
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
    compute_indices();
    if (options.record_updates) {
      upd.V_num = N;
      upd.u_num = Du;
      upd.theta = dbl.theta;
      out.updates.push_back(std::move(upd));
    }
  }
  out.unaggregated = batch_arm.size();
  base.pseudo_regret = pseudo_regret(internal::means_of(tape), base.pulls);
  return out;
}

}  // namespace dpb::fast
