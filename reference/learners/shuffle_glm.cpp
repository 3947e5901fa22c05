#include "reference/learners/shuffle_glm.hpp"

#include "reference/core/errors.hpp"
#include "reference/protocols/calibration_003_p2.hpp"
#include "reference/protocols/calibration_003_pgd.hpp"
#include "reference/protocols/p2.hpp"

namespace dpb::ref {

namespace {

constexpr const char* kFn = "shuffle_glm";

Rational pow2(unsigned k) { return Rational(Integer(Integer(1) << k)); }

// The least n >= 0 with n^root >= target (target >= 0).
Integer ceil_root(const Integer& target, unsigned root) {
  Integer r;
  mpz_root(r.backend().data(), target.backend().data(), root);
  if (boost::multiprecision::pow(r, root) < target) ++r;
  return r;
}

}  // namespace

void validate_shuffle_glm(const ShuffleGlmParams& p, Link link, unsigned q) {
  if (p.T < 16 || p.T > (std::uint64_t{1} << 24)) throw_parameter_error(kFn, "T", "in [16, 2^24]", std::to_string(p.T));
  const std::uint32_t M = shuffle_glm_batches(p);
  if (M < 2 || M > 8) throw_parameter_error(kFn, "M", "in [2, 8] (M < 2 has no batch after the warm-up)", std::to_string(M));
  if (q < 1 || q > 15) throw_parameter_error(kFn, "q", "in [1, 15] (P2's message grid 2^-(62-2q))", std::to_string(q));
  if (p.eps <= 0 || p.eps >= 5) throw_parameter_error(kFn, "eps", "in (0, 5) (Thm 5.1)", to_string(p.eps));
  if (p.delta <= 0 || p.delta >= Rational(1, 2))
    throw_parameter_error(kFn, "delta", "in (0, 1/2) (Lemma S.1)", to_string(p.delta));
  if (p.gamma < 0 || p.gamma > 1 << 20) throw_parameter_error(kFn, "gamma", "in [0, 2^20]", to_string(p.gamma));
  if (p.S <= 0 || p.S > 64) throw_parameter_error(kFn, "S", "in (0, 64]", to_string(p.S));
  for (const auto& [v, name] : {std::pair{&p.eps, "eps"}, {&p.delta, "delta"}, {&p.kappa, "kappa"},
                                {&p.kappa_star, "kappa_star"}, {&p.S, "S"}, {&p.gamma, "gamma"}})
    require_reasonable_size(*v, kFn, name);
  if (p.kappa_star > 1000000) throw_parameter_error(kFn, "kappa_star", "<= 10^6", to_string(p.kappa_star));
  check_kappa_star(link, p.kappa_star, kFn, "kappa_star");
  if (p.kappa < p.kappa_star || p.kappa > pow2(40))
    throw_parameter_error(kFn, "kappa", "in [kappa*, 2^40]", to_string(p.kappa));
}

std::uint32_t shuffle_glm_batches(const ShuffleGlmParams& p) {
  BGlincbParams b;
  b.T = p.T;
  b.M = p.M;
  return b_glincb_batches(b);
}

std::vector<std::uint64_t> shuffle_glm_schedule(std::uint64_t T, std::uint32_t M) {
  std::vector<std::uint64_t> out = b_glincb_schedule(T, M);  // B₂.. as Eq. 6–7; B₁ replaced below
  const Rational a = 1 / (2 * (1 - 1 / pow2(M - 1)));        // α = T^a, a = p/q
  const unsigned p = numerator(a).convert_to<unsigned>(), q = denominator(a).convert_to<unsigned>();
  // B₁ = ⌈(c·α)^{2/3}⌉: the least n with n^{3q} >= c^{2q}·T^{2p}
  const Integer target = boost::multiprecision::pow(Integer(kShuffleGlmWarmupFactor), 2 * q) *
                         boost::multiprecision::pow(Integer(T), 2 * p);
  const Integer b1 = ceil_root(target, 3 * q);
  std::vector<std::uint64_t> sizes;
  std::uint64_t used = 0;
  std::vector<Integer> want{b1};
  for (std::uint32_t k = 2; k <= M; ++k) want.push_back(ceil_rational_power(Integer(T), a * (2 - Rational(4) / pow2(k))));
  for (const Integer& b : want) {
    if (used >= T) break;
    const std::uint64_t n = b >= Integer(T - used) ? T - used : b.convert_to<std::uint64_t>();
    sizes.push_back(n);
    used += n;
  }
  (void)out;
  return sizes;
}

std::pair<Integer, Integer> shuffle_glm_lambdas(const ShuffleGlmParams& p, std::uint32_t d) {
  const Rational e2 = p.eps / 2, d2 = p.delta / 2;
  const std::uint32_t M = shuffle_glm_batches(p);
  constexpr mpfr_prec_t prec = 128;
  const Interval sigma = v3_proxy_bound(e2, d2, Integer(d), Rational(2), prec).sqrt();  // σ̃ of V's release (Δ = 1)
  const Interval spread = Interval(Rational(d), prec).sqrt() +
                          Interval(Rational(2 * d * M) * Rational(Integer(p.T)) / p.delta, prec).log().sqrt().mul(6);
  const Interval lambda = Interval(Rational(Integer(p.T)), prec).log().mul(20 * d) + sigma * spread;
  const Interval lambda_max = lambda + sigma * spread;
  return {ceil(lambda.upper()), ceil(lambda_max.upper())};
}

std::uint64_t shuffle_glm_release_stream(std::uint64_t run, std::uint64_t batch) {
  return glm_instance_stream(run) + (std::uint64_t{1} << 39) + (std::uint64_t{1} << 38) + 2 * batch;
}

unsigned shuffle_glm_weight_bits(unsigned q) { return 62 - 2 * q; }

ShuffleGlmTrajectory shuffle_glm(const ShuffleGlmParams& params, const GlmInstance& inst, std::uint64_t seed,
                                 std::uint64_t run, RoundHook on_round) {
  validate_shuffle_glm(params, inst.link, inst.q);
  const std::uint32_t d = inst.d, K = inst.K, M = shuffle_glm_batches(params);
  const unsigned wb = shuffle_glm_weight_bits(inst.q);
  const Integer w_cap = floor(pow2(wb) / params.kappa_star);
  ShuffleGlmTrajectory out;
  BGlincbTrajectory& tr = out.run;
  tr.schedule = shuffle_glm_schedule(params.T, M);
  std::tie(out.lambda, out.lambda_max) = shuffle_glm_lambdas(params, d);
  const Rational e2 = params.eps / 2, d2 = params.delta / 2;
  GlmBroadcast b;
  b.link = inst.link;
  b.d = d;
  b.q = inst.q;
  b.S = params.S;
  b.beta_width2 = params.gamma * params.gamma * params.kappa;
  std::vector<std::uint32_t> all(K);
  for (std::uint32_t a = 0; a < K; ++a) all[a] = a;
  std::uint64_t t = 0;
  for (std::size_t k = 0; k < tr.schedule.size(); ++k) {
    std::vector<std::vector<Rational>> triu;  // the users' R₂ inputs
    std::vector<PgdDatum> data;               // the users' P_GD data
    for (std::uint64_t n = 0; n < tr.schedule[k]; ++n) {
      ++t;
      const std::uint64_t set = inst.set_of_round(t);
      const std::span<const std::int64_t> arms(inst.arms.data() + set * K * d, std::size_t{K} * d);
      ChaCha20Source dbits(seed, glm_design_stream(run, t));
      std::uint32_t action = 0, survivors = K;
      Integer w = Integer(Integer(1) << wb);
      if (k == 0) {
        action = static_cast<std::uint32_t>(sample_design(g_optimal_design(glm_arm_set(arms, d, inst.q, all)), dbits));
      } else {
        const std::vector<std::uint32_t> active = glm_survivors(b, arms, K);
        std::vector<CertifiedReal> c;
        for (std::uint32_t a : active) c.push_back(glm_scale(b, &arms[std::size_t{a} * d]));
        const std::size_t i = sample_design(g_optimal_design_scaled(glm_arm_set(arms, d, inst.q, active), c), dbits);
        action = active[i];
        survivors = static_cast<std::uint32_t>(active.size());
        w = glm_weight(c[i], wb);
        if (w > w_cap) {
          w = w_cap;
          ++out.clipped;
        }
      }
      ChaCha20Source rbits(seed, glm_reward_stream(run, t));
      const int r = glm_reward(inst, set, action, rbits);
      on_round(t);
      const std::vector<Rational> x = inst.context(set, action);
      triu.push_back(p2_rank_one_triu(x, k == 0 ? Rational(1) : Rational(w) / pow2(wb)));
      data.push_back(PgdDatum{Rational(r), x});
      tr.actions.push_back(action);
      tr.rewards.push_back(r);
      tr.survivors.push_back(survivors);
      tr.weights.push_back(w);
    }
    if (k + 1 == tr.schedule.size()) break;  // the last batch releases nothing
    const Integer n(tr.schedule[k]);
    // line 6/16: the P₂ release and λI
    P2Params pp;
    pp.d = d;
    pp.n = n;
    std::tie(pp.g, pp.b) = eq127_g_b(e2, d2, n, Integer(d));
    pp.delta = k == 0 ? Rational(1) : 1 / params.kappa_star;
    ChaCha20Source pstream(seed, shuffle_glm_release_stream(run, k));
    CountingSource pbits(pstream);
    const P2Transcript rel = P2(pp).run(triu, pbits);
    out.p2_counts.push_back(rel.vec.counts);
    out.released.push_back(rel.matrix);
    out.p2_bits.push_back(pbits.count());
    GlmBatchEstimate e;
    Integer den = 1;
    for (const Rational& v : rel.matrix) den = boost::multiprecision::lcm(den, denominator(v));
    e.den = den;
    e.N.resize(std::size_t{d} * d);
    for (std::uint32_t i = 0; i < d * d; ++i) e.N[i] = numerator(Rational(rel.matrix[i] * Rational(den)));
    for (std::uint32_t j = 0; j < d; ++j) e.N[j * d + j] += out.lambda * den;
    out.positive_definite.push_back(e.try_finish(d));
    if (!e.usable) ++out.not_pd;
    // line 7/17: P_GD
    CalibrationPgdInput ci;
    ci.eps = e2;
    ci.delta = d2;
    ci.n = n;
    ci.d = Integer(d);
    ci.S = params.S;
    ci.lambda_max = Rational(out.lambda_max);
    const PgdCalibration cal = calibrate_pgd(ci);
    PgdParams gp;
    gp.link = inst.link;
    gp.q = inst.q;
    gp.reg = Rational(out.lambda_max) / Rational(n);
    gp.domain = PgdDomain::ball(params.S);
    gp.iterations = cal.T_it;
    gp.eta = cal.eta;
    gp.L = cal.L;
    gp.theta_bound = params.S;
    gp.g = cal.g == 0 ? Integer(4) : cal.g;
    gp.b = cal.b;
    ChaCha20Source gstream(seed, shuffle_glm_release_stream(run, k) + 1);
    CountingSource gbits(gstream);
    const PgdResult res = PGd(gp, tr.schedule[k], d).run(data, gbits);
    out.pgd_counts.push_back(res.counts);
    out.pgd_bits.push_back(gbits.count());
    out.pgd_iterations.push_back(cal.T_it);
    e.theta = res.theta_bar;
    e.width2 = (k == 0 || params.widths == GlmWidths::sqrt_kappa) ? b.beta_width2 : params.gamma * params.gamma;
    tr.theta.push_back(e.theta);
    b.estimates.push_back(std::move(e));
  }
  tr.pseudo_regret = glm_pseudo_regret(inst, tr.actions, 128);
  return out;
}

}  // namespace dpb::ref
