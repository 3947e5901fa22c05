#include "reference/learners/b_glincb.hpp"

#include "reference/core/errors.hpp"
#include "reference/learners/internal/bareiss.hpp"

namespace dpb::ref {

namespace {

constexpr const char* kFn = "b_glincb";

Rational pow2(unsigned k) { return Rational(Integer(Integer(1) << k)); }

// ⟨f, θ⟩·2^−q, exact.
Rational dot(const std::int64_t* f, const std::vector<Rational>& theta, unsigned q) {
  Rational acc = 0;
  for (std::size_t i = 0; i < theta.size(); ++i)
    if (f[i] != 0) acc += Rational(f[i]) * theta[i];
  return acc / pow2(q);
}

}  // namespace

std::string_view glm_widths_name(GlmWidths w) { return w == GlmWidths::paper ? "paper" : "sqrt-kappa"; }

GlmWidths parse_glm_widths(std::string_view name) {
  if (name == "paper") return GlmWidths::paper;
  if (name == "sqrt-kappa") return GlmWidths::sqrt_kappa;
  throw_parameter_error(kFn, "widths", "paper or sqrt-kappa", std::string(name));
}

void validate_b_glincb(const BGlincbParams& p, unsigned q) {
  if (p.T < 4 || p.T > (std::uint64_t{1} << 24)) throw_parameter_error(kFn, "T", "in [4, 2^24]", std::to_string(p.T));
  const std::uint32_t M = b_glincb_batches(p);
  if (M < 2 || M > 8)
    throw_parameter_error(kFn, "M", "in [2, 8] (M < 2 has no batch after the warm-up)", std::to_string(M));
  if (q > 16) throw_parameter_error(kFn, "q", "<= 16", std::to_string(q));
  if (p.lambda <= 0 || p.lambda > 1 << 20) throw_parameter_error(kFn, "lambda", "in (0, 2^20]", to_string(p.lambda));
  if (denominator(Rational(p.lambda * pow2(kGlmWeightBits))) != 1)
    throw_parameter_error(kFn, "lambda", "a multiple of 2^-32", to_string(p.lambda));
  if (p.gamma < 0 || p.gamma > 1 << 20) throw_parameter_error(kFn, "gamma", "in [0, 2^20]", to_string(p.gamma));
  if (p.kappa < 1 || p.kappa > pow2(40)) throw_parameter_error(kFn, "kappa", "in [1, 2^40]", to_string(p.kappa));
  if (p.S <= 0 || p.S > 64) throw_parameter_error(kFn, "S", "in (0, 64]", to_string(p.S));
  for (const auto& [v, name] : {std::pair{&p.gamma, "gamma"}, {&p.kappa, "kappa"}, {&p.S, "S"}})
    require_reasonable_size(*v, kFn, name);
}

std::uint32_t b_glincb_batches(const BGlincbParams& p) {
  if (p.M != 0) return p.M;
  // ⌊log₂ log₂ T⌋ = ⌊log₂ ⌊log₂ T⌋⌋ (for T ≥ 4)
  unsigned l = 0;
  for (std::uint64_t v = p.T; v > 1; v >>= 1) ++l;
  unsigned ll = 0;
  for (unsigned v = l; v > 1; v >>= 1) ++ll;
  return ll;
}

Integer ceil_rational_power(const Integer& T, const Rational& e) {
  if (T < 1 || e <= 0) throw_parameter_error("ceil_rational_power", "T, e", ">= 1, > 0", to_string(T) + ", " + to_string(e));
  const unsigned num = numerator(e).convert_to<unsigned>(), den = denominator(e).convert_to<unsigned>();
  const Integer target = boost::multiprecision::pow(T, num);
  // the integer den-th root (floor) by GMP, then one up unless exact
  Integer r;
  mpz_root(r.backend().data(), target.backend().data(), den);
  if (boost::multiprecision::pow(r, den) < target) ++r;
  return r;
}

std::vector<std::uint64_t> b_glincb_schedule(std::uint64_t T, std::uint32_t M) {
  const Rational a = 1 / (2 * (1 - 1 / pow2(M - 1)));  // α = T^a (Eq. 6)
  std::vector<Rational> expo{a * Rational(2, 3)};        // B_1 = α^{2/3}
  for (std::uint32_t k = 2; k <= M; ++k) expo.push_back(a * (2 - Rational(4) / pow2(k)));  // α^{2−2^{2−k}}
  std::vector<std::uint64_t> out;
  std::uint64_t used = 0;
  for (const Rational& e : expo) {
    if (used >= T) break;
    const Integer b = ceil_rational_power(Integer(T), e);
    const std::uint64_t n = b >= Integer(T - used) ? T - used : b.convert_to<std::uint64_t>();
    out.push_back(n);
    used += n;
  }
  if (used < T) out.back() += T - used;  // unreachable: B_M = T
  return out;
}

std::uint64_t glm_design_stream(std::uint64_t run, std::uint64_t t) {
  return glm_reward_stream(run, t) + (std::uint64_t{1} << 39);
}

void GlmBatchEstimate::finish(std::uint32_t d) {
  if (!try_finish(d)) throw std::logic_error("b_glincb: a batch matrix is not positive definite");
}

bool GlmBatchEstimate::try_finish(std::uint32_t d) {
  const internal::BareissResult br = internal::bareiss_symmetric(N, d);
  usable = br.positive_definite;
  if (usable) {
    det = br.det;
    adj = br.adj;
  }
  return usable;
}

Rational GlmBatchEstimate::s(const std::int64_t* f, std::uint32_t d, unsigned q) const {
  Integer acc = 0;
  for (std::uint32_t i = 0; i < d; ++i) {
    if (f[i] == 0) continue;
    Integer row = 0;
    for (std::uint32_t j = 0; j < d; ++j)
      if (f[j] != 0) row += adj[i * d + j] * f[j];
    acc += row * f[i];
  }
  // M = N/(den·2^shift): M⁻¹ = den·2^shift·adj/det; x = f·2^−q
  return Rational(acc * den) * pow2(shift) / (Rational(det) * pow2(2 * q));
}

bool glm_eliminates(const GlmBatchEstimate& e, const std::int64_t* fx, const std::int64_t* fy, const Rational& s_x,
                    const Rational& s_y, std::uint32_t d, unsigned q) {
  Rational D = 0;
  for (std::uint32_t i = 0; i < d; ++i)
    if (fy[i] != fx[i]) D += Rational(fy[i] - fx[i]) * e.theta[i];
  D /= pow2(q);
  if (D <= 0) return false;
  if (e.width2 == 0) return true;
  const Rational E = D * D / e.width2 - s_x - s_y;
  return E > 0 && E * E > 4 * s_x * s_y;
}

std::vector<std::uint32_t> glm_survivors(const GlmBroadcast& b, std::span<const std::int64_t> arms, std::uint32_t K) {
  const std::uint32_t d = b.d;
  std::vector<std::uint32_t> active(K);
  for (std::uint32_t a = 0; a < K; ++a) active[a] = a;
  for (const GlmBatchEstimate& e : b.estimates) {
    if (!e.usable) continue;
    std::vector<Rational> s(active.size());
    for (std::size_t i = 0; i < active.size(); ++i) s[i] = e.s(&arms[std::size_t{active[i]} * d], d, b.q);
    std::vector<std::uint32_t> kept;
    for (std::size_t i = 0; i < active.size(); ++i) {
      const std::int64_t* fx = &arms[std::size_t{active[i]} * d];
      bool out = false;
      for (std::size_t j = 0; j < active.size() && !out; ++j)
        if (j != i) out = glm_eliminates(e, fx, &arms[std::size_t{active[j]} * d], s[i], s[j], d, b.q);
      if (!out) kept.push_back(active[i]);
    }
    active = std::move(kept);  // never empty: the arm of largest LCB survives
  }
  return active;
}

CertifiedReal glm_scale(const GlmBroadcast& b, const std::int64_t* f) {
  const GlmBatchEstimate& v = b.estimates.front();
  const Rational z = dot(f, v.theta, b.q);
  const Rational cap = 2 * b.S;
  const Rational a2 = v.usable ? b.beta_width2 * v.s(f, b.d, b.q) : cap * cap;  // (γ√κ‖x‖_{V⁻¹})²; unusable V: cap
  const Link link = b.link;
  if (a2 == 0) return mu_dot(link, z);                     // β = 1
  if (a2 >= cap * cap)                                     // β = e^{2S}
    return CertifiedReal([=](mpfr_prec_t p) { return mu_dot_enclosure(link, z, p) / Interval(cap, p).exp(); });
  return CertifiedReal([=](mpfr_prec_t p) { return mu_dot_enclosure(link, z, p) / Interval(a2, p).sqrt().exp(); });
}

ArmSet glm_arm_set(std::span<const std::int64_t> arms, std::uint32_t d, unsigned q,
                   const std::vector<std::uint32_t>& which) {
  ArmSet out;
  for (std::uint32_t a : which) {
    Vec x(d);
    for (std::uint32_t i = 0; i < d; ++i) x[i] = Rational(arms[std::size_t{a} * d + i]) / pow2(q);
    out.push_back(std::move(x));
  }
  return out;
}

Integer glm_weight(const CertifiedReal& c, unsigned bits) { return floor_scaled(c, pow2(bits)); }

std::vector<Rational> glm_rounded_mle(const GlmData& data, unsigned* refinements) {
  std::vector<Rational> center(data.d, Rational(0));
  const Rational scale = pow2(kGlmThetaBits);
  for (mpfr_prec_t p = kGlmStartPrecision; p <= kGlmPrecisionCap; p *= 2) {
    const MleBox box = certified_mle(data, center, p);
    center = box.center;
    std::vector<Rational> out(data.d);
    bool decided = true;
    for (std::uint32_t j = 0; j < data.d && decided; ++j) {
      const Integer lo = floor(Rational(box.theta[j].lower() * scale + Rational(1, 2)));
      const Integer hi = floor(Rational(box.theta[j].upper() * scale + Rational(1, 2)));
      decided = lo == hi;
      out[j] = Rational(lo) / scale;
    }
    if (decided) return out;
    if (refinements) ++*refinements;
    p = std::max(p, box.prec);
  }
  throw GlmUndecided("b_glincb: the rounding of the MLE is still open at " + std::to_string(kGlmPrecisionCap) + " bits");
}

BGlincbTrajectory b_glincb(const BGlincbParams& params, const GlmInstance& inst, std::uint64_t seed, std::uint64_t run,
                           RoundHook on_round) {
  validate_b_glincb(params, inst.q);
  const std::uint32_t d = inst.d, K = inst.K, M = b_glincb_batches(params);
  BGlincbTrajectory out;
  out.schedule = b_glincb_schedule(params.T, M);
  GlmBroadcast b;
  b.link = inst.link;
  b.d = d;
  b.q = inst.q;
  b.S = params.S;
  b.beta_width2 = params.gamma * params.gamma * params.kappa;
  std::vector<std::uint32_t> all(K);
  for (std::uint32_t a = 0; a < K; ++a) all[a] = a;
  std::uint64_t t = 0;
  for (std::size_t k = 0; k < out.schedule.size(); ++k) {
    GlmData data;
    data.link = inst.link;
    data.d = d;
    data.q = inst.q;
    data.lambda = params.lambda;
    GlmBatchEstimate e;
    e.shift = 2 * inst.q + (k == 0 ? 0 : kGlmWeightBits);
    e.N.assign(std::size_t{d} * d, Integer(0));
    const Integer l = numerator(Rational(params.lambda * pow2(e.shift)));
    for (std::uint32_t j = 0; j < d; ++j) e.N[j * d + j] = l;
    for (std::uint64_t n = 0; n < out.schedule[k]; ++n) {
      ++t;
      const std::uint64_t set = inst.set_of_round(t);
      const std::span<const std::int64_t> arms(inst.arms.data() + set * K * d, std::size_t{K} * d);
      ChaCha20Source dbits(seed, glm_design_stream(run, t));
      std::uint32_t action = 0, survivors = K;
      Integer w = Integer(Integer(1) << kGlmWeightBits);
      if (k == 0) {
        action = static_cast<std::uint32_t>(sample_design(g_optimal_design(glm_arm_set(arms, d, inst.q, all)), dbits));
      } else {
        const std::vector<std::uint32_t> active = glm_survivors(b, arms, K);
        std::vector<CertifiedReal> c;
        for (std::uint32_t a : active) c.push_back(glm_scale(b, &arms[std::size_t{a} * d]));
        const GOptimalDesign design = g_optimal_design_scaled(glm_arm_set(arms, d, inst.q, active), c);
        const std::size_t i = sample_design(design, dbits);
        action = active[i];
        survivors = static_cast<std::uint32_t>(active.size());
        w = glm_weight(c[i]);
      }
      ChaCha20Source rbits(seed, glm_reward_stream(run, t));
      const int r = glm_reward(inst, set, action, rbits);
      on_round(t);
      const std::span<const std::int64_t> f = inst.arm(set, action);
      data.x.insert(data.x.end(), f.begin(), f.end());
      data.r.push_back(r);
      for (std::uint32_t i = 0; i < d; ++i)
        for (std::uint32_t j = 0; j < d; ++j) e.N[i * d + j] += (k == 0 ? Integer(1) : w) * f[i] * f[j];
      out.actions.push_back(action);
      out.rewards.push_back(r);
      out.survivors.push_back(survivors);
      out.weights.push_back(w);
    }
    if (k + 1 == out.schedule.size()) break;  // the last batch's estimate is never used
    unsigned refinements = 0;
    e.theta = glm_rounded_mle(data, &refinements);
    out.refinements += refinements;
    e.width2 = (k == 0 || params.widths == GlmWidths::sqrt_kappa) ? b.beta_width2 : params.gamma * params.gamma;
    e.finish(d);
    out.theta.push_back(e.theta);
    b.estimates.push_back(std::move(e));
  }
  out.pseudo_regret = glm_pseudo_regret(inst, out.actions, 128);
  return out;
}

}  // namespace dpb::ref
