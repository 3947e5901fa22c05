#include "verify/vectors/glm003_vectors.hpp"

#include <cstdint>
#include <string>
#include <vector>

#include "optimized/glm/g_optimal_design.hpp"
#include "optimized/glm/link.hpp"
#include "reference/bits/bit_source.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/glm/g_optimal_design.hpp"
#include "reference/glm/link.hpp"
#include "verify/certified/seed003_glm.hpp"

namespace dpb::verify::vectors {
namespace {

constexpr std::uint64_t kSeed = 20261121;
constexpr std::uint64_t kStreamBase = 5000;

const ref::Link kLinks[] = {ref::Link::logistic, ref::Link::probit};

// z values: exact ones (0), small and large, on the grid 2^−10 (the fast build's Dyadic(num, 10)).
const std::int64_t kZNum[] = {0, 1, -1, 512, -512, 1024, -2560, 3072, 4095};

std::string floor_text(const ref::CertifiedReal& x, unsigned k) {
  return dpb::to_string(ref::floor_scaled(x, Rational(Integer(Integer(1) << k))));
}

Record value_record(ref::Link link, std::int64_t num, Impl impl) {
  const Rational z(Integer(num), Integer(1024));
  const std::string zt = dpb::to_string(z);
  const fast::Glm fast(link);
  const fast::Dyadic zd(num, 10), x(-3, 2);
  // The gradient entry (μ(z) − r)·x_j with x_j = −3/4 and ⟨x,θ⟩ = z (θ_j = −4z/3).
  Json grad = Json::array();
  for (int r : {0, 1}) {
    grad.push_back(impl == Impl::optimized
                       ? std::to_string(fast.floor_gradient(zd, r, x, 52))
                       : floor_text(ref::gradient(link, {Rational(z * Rational(-4, 3))}, {Rational(-3, 4)}, Rational(r))[0], 52));
  }
  Json body = {{"link", std::string(ref::link_name(link))},
               {"z", zt},
               {"mu", floor_text(ref::mu(link, z), 64)},
               {"mu_dot", floor_text(ref::mu_dot(link, z), 64)},
               {"mu_dot_2p52", impl == Impl::optimized ? std::to_string(fast.floor_mu_dot(zd, 52))
                                                       : floor_text(ref::mu_dot(link, z), 52)},
               {"mu_ddot", floor_text(ref::mu_ddot(link, z), 64)},
               {"b", floor_text(ref::b(link, z), 64)},
               {"grad_2p52", grad}};
  return make_record("glm_value", std::string(ref::link_name(link)) + "(z=" + zt + ")", body);
}

Record reward_record(ref::Link link, std::int64_t num, std::uint64_t stream, Impl impl) {
  const Rational z(Integer(num), Integer(1024));
  ChaCha20Source src(kSeed, stream);
  CountingSource bits(src);
  const fast::Glm fast(link);
  const fast::Dyadic zd(num, 10);
  std::string draws;
  for (int i = 0; i < 64; ++i)
    draws += (impl == Impl::optimized ? fast.sample_reward(zd, bits) : ref::sample_reward(link, z, bits)) ? '1' : '0';
  const std::string zt = dpb::to_string(z);
  Json body = {{"link", std::string(ref::link_name(link))}, {"z", zt}, {"seed", kSeed}, {"stream", stream},
               {"rewards", draws}, {"bits", bits.count()}};
  return make_record("glm_rewards", std::string(ref::link_name(link)) + "(z=" + zt + ")@" + std::to_string(kSeed) +
                                        "/" + std::to_string(stream),
                     body);
}

Record design_record(std::uint64_t arm_seed, std::size_t K, std::size_t d, std::uint64_t stream, Impl impl) {
  const ref::ArmSet arms = certified::generated_arms(arm_seed, 0, K, d);
  const ref::GOptimalDesign design = impl == Impl::optimized ? fast::g_optimal_design(arms) : ref::g_optimal_design(arms);
  ChaCha20Source src(kSeed, stream);
  CountingSource bits(src);
  Json draws = Json::array();
  for (int i = 0; i < 16; ++i) draws.push_back(ref::sample_design(design, bits));
  Json a = Json::array(), counts = Json::array();
  for (const auto& x : arms) {
    Json row = Json::array();
    for (const auto& v : x) row.push_back(dpb::to_string(v));
    a.push_back(row);
  }
  for (const auto& n : design.counts) counts.push_back(dpb::to_string(n));
  Json body = {{"arm_seed", arm_seed}, {"K", K}, {"d", d}, {"arms", a}, {"weight_bits", design.bits},
               {"counts", counts}, {"max_leverage", dpb::to_string(design.max_leverage)},
               {"solver_iterations", design.solver_iterations}, {"seed", kSeed}, {"stream", stream},
               {"draws", draws}, {"bits", bits.count()}};
  return make_record("g_design",
                     "g_design(arm_seed=" + std::to_string(arm_seed) + ",K=" + std::to_string(K) + ",d=" +
                         std::to_string(d) + ")@" + std::to_string(kSeed) + "/" + std::to_string(stream),
                     body);
}

}  // namespace

CategoryFile generate_glm003(Impl impl) {
  CategoryFile file{"glm003", {header_record("glm003")}};
  for (ref::Link link : kLinks)
    for (std::int64_t num : kZNum) file.records.push_back(value_record(link, num, impl));
  std::uint64_t stream = kStreamBase;
  for (ref::Link link : kLinks)
    for (std::int64_t num : kZNum) file.records.push_back(reward_record(link, num, stream++, impl));
  file.records.push_back(design_record(4001, 6, 2, stream++, impl));
  file.records.push_back(design_record(4005, 20, 3, stream++, impl));
  file.records.push_back(design_record(4009, 20, 5, stream++, impl));
  return file;
}

}  // namespace dpb::verify::vectors
