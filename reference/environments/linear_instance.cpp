#include "reference/environments/linear_instance.hpp"

#include <sstream>

#include "reference/bits/chacha20.hpp"
#include "reference/samplers/bernoulli.hpp"

namespace dpb::ref {

namespace internal {

std::vector<std::int64_t> sphere_point(const std::vector<Integer>& g, unsigned q) { return sphere_point(g, q, 2); }

std::vector<std::int64_t> sphere_point(const std::vector<Integer>& g, unsigned q, unsigned m) {
  Integer S = 0;
  for (const auto& x : g) S += x * x;
  const Integer four_q = Integer(1) << (2 * q);
  std::vector<std::int64_t> u;
  for (const auto& x : g) {
    const Integer mag = floor_sqrt(Integer(x * x * four_q / (m * S)));  // ⌊√⌊y⌋⌋ = ⌊√y⌋
    u.push_back(x < 0 ? -to_int64(mag) : to_int64(mag));
  }
  return u;
}

std::int64_t inv_sqrt2_floor(unsigned q) { return to_int64(floor_sqrt(Integer(1) << (2 * q - 1))); }

bool means_in_unit_interval(const LinearInstance& inst) {
  for (const Rational& mu : inst.means())
    if (mu < 0 || mu > 1) return false;
  return true;
}

}  // namespace internal

std::vector<Rational> LinearInstance::means() const {
  std::vector<Rational> mu;
  const Integer den = Integer(1) << (2 * q);
  for (std::uint32_t a = 0; a < K; ++a) {
    Integer s = 0;
    for (std::uint32_t k = 0; k < d; ++k) s += Integer(features[std::size_t{a} * d + k]) * theta[k];
    mu.emplace_back(s, den);
  }
  return mu;
}

Rational LinearInstance::feature(std::uint32_t arm, std::uint32_t k) const {
  return Rational(Integer(features[std::size_t{arm} * d + k]), Integer(1) << q);
}

BanditInstance LinearInstance::bandit() const { return BanditInstance::bernoulli(means()); }

std::string LinearInstance::describe() const {
  std::ostringstream o;
  o << "linear d = " << d << ", K = " << K << ", grid 2^-" << q
    << (authors ? " (seed 001 §6.2, the authors' code)" : " (seed 001 §6.1)");
  if (redraws) o << ", " << redraws << " redraw(s)";
  return o.str();
}

void validate(const LinearInstance& inst, std::string_view function) {
  if (inst.d < 2) throw_parameter_error(function, "d", ">= 2", std::to_string(inst.d));
  if (inst.K == 0) throw_parameter_error(function, "K", ">= 1", "0");
  if (inst.K > (1u << 20)) throw_parameter_error(function, "K", "<= 2^20", std::to_string(inst.K));
  if (inst.q < 1 || inst.q > 30) throw_parameter_error(function, "q", "in [1, 30]", std::to_string(inst.q));
  if (inst.theta.size() != inst.d)
    throw_parameter_error(function, "theta", std::to_string(inst.d) + " coordinates", std::to_string(inst.theta.size()));
  if (inst.features.size() != std::size_t{inst.K} * inst.d)
    throw_parameter_error(function, "features", "K·d = " + std::to_string(std::size_t{inst.K} * inst.d) + " values",
                          std::to_string(inst.features.size()));
  const Integer four_q = Integer(1) << (2 * inst.q);
  auto norm2 = [&](const std::int64_t* x) {
    Integer s = 0;
    for (std::uint32_t k = 0; k < inst.d; ++k) s += Integer(x[k]) * x[k];
    return s;
  };
  if (inst.norm_sq_bound != 1 && inst.norm_sq_bound != 2)
    throw_parameter_error(function, "norm_sq_bound", "1 or 2", std::to_string(inst.norm_sq_bound));
  if (norm2(inst.theta.data()) > four_q) throw_parameter_error(function, "theta", "of norm <= 1", "a larger norm");
  for (std::uint32_t a = 0; a < inst.K; ++a)
    if (norm2(inst.features.data() + std::size_t{a} * inst.d) > four_q * inst.norm_sq_bound)
      throw_parameter_error(function, "features",
                            inst.norm_sq_bound == 1 ? "of norm <= 1 (every arm)" : "of norm <= sqrt(2) (every arm)",
                            "arm " + std::to_string(a));
  if (!internal::means_in_unit_interval(inst))
    throw_parameter_error(function, "theta", "such that every mean <x_a, theta> is in [0, 1]", "a mean outside");
}

Rational ContextTape::mean(std::uint64_t t, std::uint32_t a) const {
  const std::int64_t* x = features.data() + ((t - 1) * K + a) * d;
  Integer s = 0;
  for (std::uint32_t k = 0; k < d; ++k) s += Integer(x[k]) * theta[k];
  return Rational(s, Integer(1) << (2 * q));
}

ContextTape make_context_tape(std::uint32_t d, std::uint32_t K, unsigned q, std::uint64_t T, std::uint64_t seed,
                              std::uint64_t stream) {
  constexpr const char* fn = "make_context_tape";
  if (d < 2) throw_parameter_error(fn, "d", ">= 2", std::to_string(d));
  if (K == 0) throw_parameter_error(fn, "K", ">= 1", "0");
  if (K > (1u << 20)) throw_parameter_error(fn, "K", "<= 2^20", std::to_string(K));
  if (q < 1 || q > 30) throw_parameter_error(fn, "q", "in [1, 30]", std::to_string(q));
  if (T == 0 || T > (std::uint64_t{1} << 24)) throw_parameter_error(fn, "T", "in [1, 2^24]", std::to_string(T));
  if (T * K > (std::uint64_t{1} << 28)) throw_parameter_error(fn, "T", "such that T·K <= 2^28", std::to_string(T));
  ChaCha20Source bits(seed, stream), reward_bits(seed, stream + 1);
  const RoundedNormal normal(Rational(1), Integer(32));
  const std::int64_t last = internal::inv_sqrt2_floor(q);
  auto point = [&](std::vector<std::int64_t>& out) { internal::append_feature_point(normal, bits, d, q, last, out); };
  ContextTape tape;
  tape.d = d;
  tape.K = K;
  tape.q = q;
  tape.T = T;
  point(tape.theta);
  tape.features.reserve(T * K * d);
  tape.rewards.reserve(T * K);
  const Integer den = Integer(1) << (2 * q);
  for (std::uint64_t t = 1; t <= T; ++t)
    for (std::uint32_t a = 0; a < K; ++a)
      for (;;) {
        point(tape.features);
        const std::int64_t* x = tape.features.data() + tape.features.size() - d;
        Integer s = 0;
        for (std::uint32_t k = 0; k < d; ++k) s += Integer(x[k]) * tape.theta[k];
        if (s >= 0 && s <= den) break;
        tape.features.resize(tape.features.size() - d);
        ++tape.redraws;
      }
  for (std::uint64_t t = 1; t <= T; ++t)
    for (std::uint32_t a = 0; a < K; ++a)
      tape.rewards.push_back(Bernoulli(tape.mean(t, a))(reward_bits) ? 1 : 0);
  return tape;
}

}  // namespace dpb::ref
