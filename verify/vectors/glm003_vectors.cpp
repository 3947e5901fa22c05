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
#include "reference/protocols/calibration_003_glm.hpp"
#include "verify/protocol_checks/calibration_001_json.hpp"
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

// The learners' calibrations (`calibrate shuffle-glm|jdp-glm`, reference/protocols/calibration_003_glm.hpp): the CLI
// arguments and the JSON the command prints.
Record learner_calibration_record(const std::string& args) {
  std::vector<std::string> w;
  for (std::size_t i = 0; i < args.size();) {
    const std::size_t j = args.find(' ', i);
    w.push_back(args.substr(i, j == std::string::npos ? std::string::npos : j - i));
    if (j == std::string::npos) break;
    i = j + 1;
  }
  ref::CalibrationGlmInput in;
  in.variant = w.at(0);
  for (std::size_t i = 1; i + 1 < w.size(); i += 2) {
    const std::string& k = w[i];
    const std::string& v = w[i + 1];
    if (k == "--eps") in.eps = parse_rational(v, "vectors", "eps");
    else if (k == "--delta") in.delta = parse_rational(v, "vectors", "delta");
    else if (k == "--horizon") in.horizon = parse_integer(v, "vectors", "horizon");
    else if (k == "--d") in.d = parse_integer(v, "vectors", "d");
    else if (k == "--kappa") in.kappa = parse_rational(v, "vectors", "kappa");
    else if (k == "--kappa-star") in.kappa_star = parse_rational(v, "vectors", "kappa-star");
    else if (k == "--theta-norm") in.theta_norm = parse_rational(v, "vectors", "theta-norm");
    else if (k == "--batches") in.batches = parse_integer(v, "vectors", "batches");
    else if (k == "--link") in.link = v;
    else if (k == "--profile") in.profile = v == "paper-code" ? ref::Profile003::PaperCode : ref::Profile003::Theorem;
    else throw std::logic_error("learner_calibration_record: unexpected flag " + k);
  }
  Json body;
  body["args"] = args;
  body["result"] = Json::parse(to_json(ref::calibrate_glm003(in)).dump());
  return make_record("calibration003glm", "calibrate " + args, body);
}

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
  for (const char* args :
       {"shuffle-glm --eps 1 --delta 1/100 --horizon 1000000 --d 3 --kappa 20 --kappa-star 4 --theta-norm 2 --batches 3",
        "shuffle-glm --eps 1 --delta 1/100 --horizon 10000 --d 3 --kappa 20 --kappa-star 4 --theta-norm 2",
        "jdp-glm --eps 4 --delta 1/50 --horizon 5000 --d 3 --kappa 56 --kappa-star 4 --theta-norm 5/2 --link probit "
        "--profile theorem",
        "jdp-glm --eps 4 --delta 1/50 --horizon 5000 --d 3 --kappa 20 --kappa-star 4 --theta-norm 2 --profile paper-code",
        "jdp-glm --eps 2 --delta 1/50 --horizon 1000000 --d 5 --kappa 200 --kappa-star 4 --theta-norm 3 --profile "
        "paper-code"})
    file.records.push_back(learner_calibration_record(args));
  return file;
}

}  // namespace dpb::verify::vectors
