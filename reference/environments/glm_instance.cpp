#include "reference/environments/glm_instance.hpp"

#include <sstream>

#include "reference/bits/chacha20.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/environments/linear_instance.hpp"
#include "reference/samplers/rounded_normal.hpp"

namespace dpb::ref {

namespace {

void check_sizes(std::uint32_t d, std::uint32_t K, unsigned q, std::uint64_t sets, const Rational& S,
                 std::string_view fn) {
  if (d < 1 || d > kGlmMaxDim) throw_parameter_error(fn, "d", "in [1, 64]", std::to_string(d));
  if (K < 1 || K > kGlmMaxArms) throw_parameter_error(fn, "K", "in [1, 2^16]", std::to_string(K));
  if (q < 1 || q > kGlmMaxGridBits) throw_parameter_error(fn, "q", "in [1, 20]", std::to_string(q));
  if (sets < 1 || sets > kGlmMaxSets) throw_parameter_error(fn, "sets", "in [1, 2^24]", std::to_string(sets));
  if (sets * K * d > kGlmMaxCoordinates)
    throw_parameter_error(fn, "sets", "such that sets·K·d <= 2^25", std::to_string(sets));
  if (S <= 0 || S > kGlmMaxS) throw_parameter_error(fn, "S", "in (0, 64]", to_string(S));
}

// θ*'s numerators from a nonzero direction u (integers): sign(u_i)·⌊√(u_i²·S²·4^q/‖u‖²)⌋.
std::vector<std::int64_t> scale_to_radius(const std::vector<Integer>& u, const Rational& S, unsigned q) {
  Integer norm2 = 0;
  for (const Integer& x : u) norm2 += x * x;
  const Rational s2 = S * S;
  const Integer four_q = Integer(1) << (2 * q);
  std::vector<std::int64_t> out;
  for (const Integer& x : u) {
    // ⌊√y⌋ = ⌊√⌊y⌋⌋ for y ≥ 0.
    const Integer mag = floor_sqrt(floor(Rational(Rational(Integer(x * x * four_q), norm2) * s2)));
    out.push_back(x < 0 ? -to_int64(mag) : to_int64(mag));
  }
  return out;
}

// ⌊n^{1/k}⌋ for n ≥ 0 (GMP's mpz_root truncates).
Integer floor_root(const Integer& n, unsigned long k) {
  Integer r;
  mpz_root(r.backend().data(), n.backend().data(), k);
  return r;
}

}  // namespace

std::string_view generator_name(GlmGenerator generator) {
  return generator == GlmGenerator::authors ? "authors" : "sphere";
}

GlmGenerator parse_glm_generator(std::string_view name) {
  if (name == "authors") return GlmGenerator::authors;
  if (name == "sphere") return GlmGenerator::sphere;
  throw_parameter_error("parse_glm_generator", "generator", "authors or sphere", std::string(name));
}

Rational GlmInstance::z(std::uint64_t set, std::uint32_t a) const {
  return Rational(Integer(z_num[set * K + a]), Integer(1) << (2 * q));
}

std::vector<Rational> GlmInstance::context(std::uint64_t set, std::uint32_t a) const {
  std::vector<Rational> x;
  for (std::int64_t c : arm(set, a)) x.emplace_back(Integer(c), Integer(1) << q);
  return x;
}

std::vector<Rational> GlmInstance::theta_exact() const {
  std::vector<Rational> x;
  for (std::int64_t c : theta) x.emplace_back(Integer(c), Integer(1) << q);
  return x;
}

std::uint32_t GlmInstance::best_arm(std::uint64_t set) const {
  std::uint32_t best = 0;
  for (std::uint32_t a = 1; a < K; ++a)
    if (z_num[set * K + a] > z_num[set * K + best]) best = a;
  return best;
}

void GlmInstance::finish() {
  // |Σ x_i θ_i| ≤ Σ |x_i||θ_i| ≤ ‖x‖‖θ‖·4^q ≤ 64·2^40 (Cauchy–Schwarz on the absolute values): no partial sum
  // overflows int64 once validate() has checked the norms.
  z_num.assign(sets * K, 0);
  for (std::uint64_t i = 0; i < sets * K; ++i) {
    std::int64_t s = 0;
    for (std::uint32_t k = 0; k < d; ++k) s += arms[i * d + k] * theta[k];
    z_num[i] = s;
  }
}

std::string GlmInstance::describe() const {
  std::ostringstream o;
  o << "glm " << link_name(link) << " d = " << d << ", K = " << K << ", S = " << to_string(S) << ", " << sets
    << " arm set(s), grid 2^-" << q << ", generator " << generator_name(generator)
    << (generator == GlmGenerator::authors ? " (normalised cube, spec 003 §7.2)" : " (uniform on the sphere)");
  return o.str();
}

void validate(GlmInstance& inst, std::string_view fn) {
  check_sizes(inst.d, inst.K, inst.q, inst.sets, inst.S, fn);
  if (inst.theta.size() != inst.d)
    throw_parameter_error(fn, "theta", std::to_string(inst.d) + " coordinates", std::to_string(inst.theta.size()));
  if (inst.arms.size() != inst.sets * inst.K * inst.d)
    throw_parameter_error(fn, "arms", "sets·K·d = " + std::to_string(inst.sets * inst.K * inst.d) + " values",
                          std::to_string(inst.arms.size()));
  const std::int64_t one = std::int64_t{1} << inst.q;
  const Integer four_q = Integer(1) << (2 * inst.q);
  // ‖θ‖² ≤ S²: Σ θ_i² ≤ S²·4^q, exactly.
  Integer t2 = 0;
  for (std::int64_t c : inst.theta) {
    if (c > 64 * one || c < -64 * one) throw_parameter_error(fn, "theta", "of norm <= S", "a coordinate above 64");
    t2 += Integer(c) * c;
  }
  if (Rational(t2) > inst.S * inst.S * Rational(four_q))
    throw_parameter_error(fn, "theta", "of norm <= S = " + to_string(inst.S), "a larger norm");
  for (std::uint64_t i = 0; i < inst.sets * inst.K; ++i) {
    std::int64_t n2 = 0;  // each |c| ≤ 2^q ≤ 2^20 is checked first, so n2 ≤ 64·2^40
    for (std::uint32_t k = 0; k < inst.d; ++k) {
      const std::int64_t c = inst.arms[i * inst.d + k];
      if (c > one || c < -one)
        throw_parameter_error(fn, "arms", "in the unit ball", "set " + std::to_string(i / inst.K) + " arm " +
                                                                  std::to_string(i % inst.K));
      n2 += c * c;
    }
    if (Integer(n2) > four_q)
      throw_parameter_error(fn, "arms", "in the unit ball",
                            "set " + std::to_string(i / inst.K) + " arm " + std::to_string(i % inst.K));
  }
  inst.finish();
}

namespace internal {

void check_glm_params(const GlmInstanceParams& p, std::string_view fn) { check_sizes(p.d, p.K, p.q, p.sets, p.S, fn); }

namespace {

template <BitSource B>
std::vector<std::int64_t> draw_theta(const GlmInstanceParams& p, B& bits) {
  std::vector<Integer> u(p.d);
  if (p.generator == GlmGenerator::authors) {
    const std::uint64_t span = (std::uint64_t{1} << 33) + 1, half = std::uint64_t{1} << 32;
    for (bool nonzero = false; !nonzero;) {
      for (auto& x : u) {
        x = Integer(uniform_below_u64(bits, span)) - Integer(half);
        nonzero = nonzero || x != 0;
      }
    }
  } else {
    const RoundedNormal normal(Rational(1), Integer(32));
    u = nonzero_normals(normal, bits, p.d);
  }
  return scale_to_radius(u, p.S, p.q);
}

}  // namespace

std::vector<std::int64_t> draw_glm_theta(const GlmInstanceParams& p, ChaCha20Source& bits) { return draw_theta(p, bits); }
std::vector<std::int64_t> draw_glm_theta(const GlmInstanceParams& p, TapeSource& bits) { return draw_theta(p, bits); }

std::int64_t ball_coordinate(const Integer& g, const Integer& norm2, std::uint64_t k, unsigned q, unsigned d) {
  // ⌊|g|·2^q·U^{1/d}/‖g‖⌋ = ⌊(g^{2d}·4^{qd}·k²/(2^128·‖g‖^{2d}))^{1/(2d)}⌋, U = k/2^64.
  const Integer num = boost::multiprecision::pow(Integer(g * g), d) * (Integer(1) << (2 * q * d)) * Integer(k) *
                      Integer(k);
  const Integer den = (Integer(1) << 128) * boost::multiprecision::pow(norm2, d);
  const std::int64_t m = to_int64(floor_root(Integer(num / den), 2 * d));
  return g < 0 ? -m : m;
}

}  // namespace internal

GlmInstance make_glm_instance(const GlmInstanceParams& p) {
  internal::check_glm_params(p, "make_glm_instance");
  ChaCha20Source bits(p.seed, p.stream);
  GlmInstance inst;
  inst.link = p.link;
  inst.generator = p.generator;
  inst.d = p.d;
  inst.K = p.K;
  inst.q = p.q;
  inst.sets = p.sets;
  inst.S = p.S;
  inst.seed = p.seed;
  inst.stream = p.stream;
  inst.theta = internal::draw_glm_theta(p, bits);
  const RoundedNormal normal(Rational(1), Integer(32));
  inst.arms.reserve(p.sets * p.K * p.d);
  for (std::uint64_t i = 0; i < p.sets * p.K; ++i) {
    const std::vector<Integer> g = internal::nonzero_normals(normal, bits, p.d);
    const std::uint64_t k = bits.next_bits(64);
    Integer n2 = 0;
    for (const Integer& x : g) n2 += x * x;
    for (const Integer& x : g) inst.arms.push_back(internal::ball_coordinate(x, n2, k, p.q, p.d));
  }
  inst.finish();
  return inst;
}

KappaEnclosure glm_instance_kappa(const GlmInstance& inst, mpfr_prec_t prec) {
  std::int64_t far = inst.z_num.at(0), near = far;
  auto mag = [](std::int64_t v) { return v < 0 ? -v : v; };
  for (std::int64_t v : inst.z_num) {
    if (mag(v) > mag(far)) far = v;
    if (mag(v) < mag(near)) near = v;
  }
  const Integer den = Integer(1) << (2 * inst.q);
  const Rational zf(Integer(far), den), zn(Integer(near), den);
  const Interval one(1L, prec);
  return {one / mu_dot_enclosure(inst.link, zf, prec), one / mu_dot_enclosure(inst.link, zn, prec), zf, zn};
}

std::uint64_t glm_reward_stream(std::uint64_t run, std::uint64_t t) {
  if (run >= (std::uint64_t{1} << 23)) throw_parameter_error("glm_reward_stream", "run", "< 2^23", std::to_string(run));
  if (t < 1 || t >= (std::uint64_t{1} << 39))
    throw_parameter_error("glm_reward_stream", "t", "in [1, 2^39)", std::to_string(t));
  return (std::uint64_t{1} << 40) * (run + 1) + t;
}

std::uint64_t glm_instance_stream(std::uint64_t run) {
  if (run >= (std::uint64_t{1} << 23))
    throw_parameter_error("glm_instance_stream", "run", "< 2^23", std::to_string(run));
  return (std::uint64_t{1} << 40) * (run + 1);
}

Interval glm_pseudo_regret(const GlmInstance& inst, std::span<const std::uint32_t> actions, mpfr_prec_t prec) {
  Interval sum(0L, prec);
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::uint64_t set = inst.set_of_round(i + 1);
    if (actions[i] >= inst.K)
      throw_parameter_error("glm_pseudo_regret", "actions", "< K = " + std::to_string(inst.K),
                            std::to_string(actions[i]));
    const std::uint32_t best = inst.best_arm(set);
    if (inst.z_num[set * inst.K + actions[i]] == inst.z_num[set * inst.K + best]) continue;
    sum += mu_enclosure(inst.link, inst.z(set, best), prec) - mu_enclosure(inst.link, inst.z(set, actions[i]), prec);
  }
  return sum;
}

}  // namespace dpb::ref
