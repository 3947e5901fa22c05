#include "optimized/learners/shuffle_glm.hpp"

#include <map>
#include <optional>

#include "optimized/glm/g_optimal_design.hpp"
#include "optimized/protocols/p2.hpp"
#include "optimized/protocols/p_gd.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/protocols/calibration_003_p2.hpp"
#include "reference/protocols/calibration_003_pgd.hpp"
#include "reference/protocols/p2.hpp"

namespace dpb::fast {

namespace {

Rational pow2(unsigned k) { return Rational(Integer(Integer(1) << k)); }

// P₂ on machine integers when fast::PVec's bounds admit the call, else the reference's (nullopt: refused).
std::optional<P2> fast_p2(const ref::P2Params& pp, unsigned grid_bits) {
  try {
    return P2(pp, grid_bits);
  } catch (const ParameterError& e) {
    if (std::string_view(e.what()).find("fast::PVec") == std::string_view::npos) throw;  // the reference's refusal
    return std::nullopt;
  }
}

}  // namespace

ShuffleGlmFastTrajectory shuffle_glm(const ref::ShuffleGlmParams& params, const GlmEnvironment& env,
                                     std::uint64_t seed, std::uint64_t run, const ShuffleGlmFastOptions& options) {
  const ref::GlmInstance& inst = env.instance();
  ref::validate_shuffle_glm(params, inst.link, inst.q);
  check_glm_audit_hooks(options.reward_tape, options.noise_divisor, params.T, "fast::shuffle_glm");
  const std::uint32_t d = inst.d, K = inst.K, M = ref::shuffle_glm_batches(params);
  const unsigned wb = ref::shuffle_glm_weight_bits(inst.q);
  const Integer w_cap = floor(pow2(wb) / params.kappa_star);
  ShuffleGlmFastTrajectory out;
  out.schedule = ref::shuffle_glm_schedule(params.T, M);
  std::tie(out.lambda, out.lambda_max) = ref::shuffle_glm_lambdas(params, d);
  const Rational e2 = params.eps / 2, d2 = params.delta / 2;
  ref::GlmBroadcast b;
  b.link = inst.link;
  b.d = d;
  b.q = inst.q;
  b.S = params.S;
  b.beta_width2 = params.gamma * params.gamma * params.kappa;
  std::vector<std::uint32_t> all(K);
  for (std::uint32_t a = 0; a < K; ++a) all[a] = a;
  const std::size_t labels = std::size_t{d} * (d + 1) / 2;
  std::map<std::vector<std::int64_t>, ref::GOptimalDesign> warmup_designs;
  std::uint64_t t = 0;
  for (std::size_t k = 0; k < out.schedule.size(); ++k) {
    const bool last = k + 1 == out.schedule.size();
    const unsigned grid = k == 0 ? 2 * inst.q : wb + 2 * inst.q;  // = 62
    std::vector<std::int64_t> values;  // the users' R₂ inputs on 2^−grid, user-major (upper triangles)
    std::vector<ref::PgdDatum> data;
    if (!last) {
      values.reserve(out.schedule[k] * labels);
      data.reserve(out.schedule[k]);
    }
    for (std::uint64_t n = 0; n < out.schedule[k]; ++n) {
      ++t;
      const std::uint64_t set = inst.set_of_round(t);
      const std::span<const std::int64_t> arms(inst.arms.data() + set * K * d, std::size_t{K} * d);
      ChaCha20Source dbits(seed, ref::glm_design_stream(run, t));
      std::uint32_t action = 0, survivors = K;
      std::uint64_t w = std::uint64_t{1} << wb;
      if (k == 0) {
        // The warm-up design is a function of the arm set alone: computed once per distinct set in the run (an
        // instance repeating its sets — the audits' probes — pays for it once; the same design, bit for bit).
        std::vector<std::int64_t> key(arms.begin(), arms.end());
        auto it = warmup_designs.find(key);
        if (it == warmup_designs.end())
          it = warmup_designs.emplace(std::move(key), fast::g_optimal_design(ref::glm_arm_set(arms, d, inst.q, all)))
                   .first;
        action = static_cast<std::uint32_t>(ref::sample_design(it->second, dbits));
      } else {
        ++out.exact_rounds;
        const std::vector<std::uint32_t> active = ref::glm_survivors(b, arms, K);
        std::vector<ref::CertifiedReal> c;
        for (std::uint32_t a : active) c.push_back(ref::glm_scale(b, &arms[std::size_t{a} * d]));
        const std::size_t i =
            ref::sample_design(fast::g_optimal_design_scaled(ref::glm_arm_set(arms, d, inst.q, active), c), dbits);
        action = active[i];
        survivors = static_cast<std::uint32_t>(active.size());
        Integer wi = ref::glm_weight(c[i], wb);
        if (wi > w_cap) {
          wi = w_cap;
          ++out.clipped;
        }
        w = to_uint64(wi);  // <= 2^w/κ* < 2^62
        if (options.fault_weight_grid) w &= ~std::uint64_t{3};
      }
      ChaCha20Source rbits(seed, ref::glm_reward_stream(run, t));
      const int r = options.reward_tape.empty() ? env.reward(set, action, rbits) : options.reward_tape[t - 1];
      if (!last) {
        // w·f_i·f_j on 2^−(w+2q) (k >= 2) or f_i·f_j on 2^−2q: |w·f_i·f_j| <= (2^w/κ*)·2^2q <= 2^62 / 4 fits int64
        // (|f| <= 2^q: ‖x‖ <= 1) — the product is formed in 128 bits and checked.
        const std::span<const std::int64_t> f = inst.arm(set, action);
        for (std::uint32_t i = 0; i < d; ++i)
          for (std::uint32_t j = i; j < d; ++j) {
            const i128 v = static_cast<i128>(f[i]) * f[j] * static_cast<i128>(k == 0 ? 1 : w);
            if (v > INT64_MAX || v < -INT64_MAX)
              throw std::logic_error("fast::shuffle_glm: a message entry does not fit 64 bits");
            values.push_back(static_cast<std::int64_t>(v));
          }
        data.push_back(ref::PgdDatum{Rational(r), inst.context(set, action)});
      }
      out.actions.push_back(action);
      out.rewards.push_back(r);
      out.survivors.push_back(survivors);
      out.weights.push_back(w);
    }
    if (last) break;  // the last batch releases nothing
    const Integer n(out.schedule[k]);
    ref::P2Params pp;
    pp.d = d;
    pp.n = n;
    std::tie(pp.g, pp.b) = ref::eq127_g_b(e2, d2, n, Integer(d));
    if (options.noise_divisor != 1) pp.b = (pp.b + options.noise_divisor - 1) / options.noise_divisor;
    pp.delta = k == 0 ? Rational(1) : 1 / params.kappa_star;
    ChaCha20Source pstream(seed, ref::shuffle_glm_release_stream(run, k));
    CountingSource pbits(pstream);
    ref::P2Transcript rel;
    if (const std::optional<P2> fp = fast_p2(pp, grid)) {
      rel = fp->run(std::span<const std::int64_t>(values), pbits).to_reference();
    } else {
      ++out.p2_deferrals;
      const Rational scale = 1 / pow2(grid);
      std::vector<std::vector<Rational>> triu(out.schedule[k]);
      for (std::size_t i = 0; i < triu.size(); ++i)
        for (std::size_t l = 0; l < labels; ++l) triu[i].push_back(Rational(Integer(values[i * labels + l])) * scale);
      rel = ref::P2(pp).run(std::span<const std::vector<Rational>>(triu), pbits);
    }
    out.p2_counts.push_back(rel.vec.counts);
    out.released.push_back(rel.matrix);
    out.p2_bits.push_back(pbits.count());
    ref::GlmBatchEstimate e;
    Integer den = 1;
    for (const Rational& v : rel.matrix) den = boost::multiprecision::lcm(den, denominator(v));
    e.den = den;
    e.N.resize(std::size_t{d} * d);
    for (std::uint32_t i = 0; i < d * d; ++i) e.N[i] = numerator(Rational(rel.matrix[i] * Rational(den)));
    for (std::uint32_t j = 0; j < d; ++j) e.N[j * d + j] += out.lambda * den;
    out.positive_definite.push_back(e.try_finish(d));
    if (!e.usable) ++out.not_pd;
    ref::CalibrationPgdInput ci;
    ci.eps = e2;
    ci.delta = d2;
    ci.n = n;
    ci.d = Integer(d);
    ci.S = params.S;
    ci.lambda_max = Rational(out.lambda_max);
    const ref::PgdCalibration cal = ref::calibrate_pgd(ci);
    ref::PgdParams gp;
    gp.link = inst.link;
    gp.q = inst.q;
    gp.reg = Rational(out.lambda_max) / Rational(n);
    gp.domain = ref::PgdDomain::ball(params.S);
    gp.iterations = cal.T_it;
    gp.eta = cal.eta;
    gp.L = cal.L;
    gp.theta_bound = params.S;
    gp.g = cal.g == 0 ? Integer(4) : cal.g;
    gp.b = cal.b;
    if (options.noise_divisor != 1) gp.b = (gp.b + options.noise_divisor - 1) / options.noise_divisor;
    ChaCha20Source gstream(seed, ref::shuffle_glm_release_stream(run, k) + 1);
    CountingSource gbits(gstream);
    const PGd pgd(gp, out.schedule[k], d);
    const ref::PgdResult res = pgd.run(std::span<const ref::PgdDatum>(data), gbits);
    out.pgd_deferrals += pgd.deferrals();
    out.pgd_counts.push_back(res.counts);
    out.pgd_bits.push_back(gbits.count());
    out.pgd_iterations.push_back(cal.T_it);
    e.theta = res.theta_bar;
    const bool wide = k == 0 || params.widths == ref::GlmWidths::sqrt_kappa;
    e.width2 = wide ? b.beta_width2 : params.gamma * params.gamma;
    if (k == 0 && options.fault_warmup_width) e.width2 = params.gamma * params.gamma;
    out.theta.push_back(e.theta);
    b.estimates.push_back(std::move(e));
  }
  out.reward_deferrals = env.deferrals();
  out.pseudo_regret = env.pseudo_regret(out.actions);
  out.pseudo_regret_error = GlmEnvironment::pseudo_regret_error(out.actions.size());
  return out;
}

}  // namespace dpb::fast
