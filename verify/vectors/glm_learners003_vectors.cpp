#include "verify/vectors/glm_learners003_vectors.hpp"

#include <string>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/glm_ucb.hpp"
#include "reference/learners/glm_ucb.hpp"

namespace dpb::verify::vectors {
namespace {

constexpr std::uint64_t kSeed = 20261127;

struct Setting {
  ref::Link link;
  ref::GlmGenerator generator;
  std::uint32_t d, K;
  Rational S;
};

std::string instance_id(const ref::GlmInstance& i) {
  return std::string(ref::link_name(i.link)) + "/" + std::string(ref::generator_name(i.generator)) +
         "(d=" + std::to_string(i.d) + ",K=" + std::to_string(i.K) + ",sets=" + std::to_string(i.sets) +
         ",S=" + dpb::to_string(i.S) + ")@" + std::to_string(i.seed) + "/" + std::to_string(i.stream);
}

std::string floor_inverse_mu_dot(ref::Link link, const Rational& z) {
  const ref::CertifiedReal k([link, z](mpfr_prec_t p) { return Interval(1L, p) / ref::mu_dot_enclosure(link, z, p); });
  return dpb::to_string(ref::floor_scaled(k, Rational(Integer(Integer(1) << 32))));
}

Record instance_record(const ref::GlmInstance& i) {
  const ref::KappaEnclosure k = ref::glm_instance_kappa(i, 64);
  Json body = {{"link", std::string(ref::link_name(i.link))},
               {"generator", std::string(ref::generator_name(i.generator))},
               {"d", i.d}, {"K", i.K}, {"q", i.q}, {"sets", i.sets}, {"S", dpb::to_string(i.S)},
               {"seed", i.seed}, {"stream", i.stream}, {"theta", i.theta}, {"arms", i.arms},
               {"kappa_2p32", floor_inverse_mu_dot(i.link, k.z_far)},
               {"kappa_star_2p32", floor_inverse_mu_dot(i.link, k.z_near)}};
  return make_record("glm_instance", instance_id(i), body);
}

Record run_record(const ref::GlmInstance& i, std::uint64_t T, std::uint64_t run, Impl impl) {
  ref::GlmUcbParams p;
  p.T = T;
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  if (impl == Impl::optimized) {
    const fast::GlmEnvironment env(i);
    const fast::GlmUcbFastTrajectory f = fast::glm_ucb(p, env, kSeed, run);
    actions = f.actions;
    rewards = f.rewards;
  } else {
    const ref::GlmUcbTrajectory r = ref::glm_ucb(p, i, kSeed, run);
    actions = r.actions;
    rewards = r.rewards;
  }
  std::string rw;
  for (int r : rewards) rw += r ? '1' : '0';
  Json body = {{"instance", instance_id(i)}, {"T", T}, {"lambda", dpb::to_string(p.lambda)},
               {"rho", ref::glm_ucb_rho_name(p)}, {"seed", kSeed}, {"run", run}, {"actions", actions},
               {"rewards", rw}};
  return make_record("glm_ucb_run", "glm-ucb(T=" + std::to_string(T) + ",run=" + std::to_string(run) + ")on" +
                                        instance_id(i),
                     body);
}

}  // namespace

std::string glm_instance_id(const ref::GlmInstance& instance) { return instance_id(instance); }
Record glm_instance_record(const ref::GlmInstance& instance) { return instance_record(instance); }

ref::GlmInstance glm_vector_instance(Impl impl, ref::Link link, ref::GlmGenerator generator, std::uint32_t d,
                                     std::uint32_t K, const Rational& S, std::uint64_t sets, unsigned q) {
  ref::GlmInstanceParams p;
  p.link = link;
  p.generator = generator;
  p.d = d;
  p.K = K;
  p.q = q;
  p.sets = sets;
  p.S = S;
  p.seed = kSeed;
  p.stream = 0;
  return impl == Impl::optimized ? fast::make_glm_instance(p).instance : ref::make_glm_instance(p);
}

CategoryFile generate_glm_learners003(Impl impl) {
  CategoryFile file{"glmlearners003", {header_record("glmlearners003")}};
  const Setting settings[] = {{ref::Link::logistic, ref::GlmGenerator::authors, 3, 5, Rational(5, 2)},
                              {ref::Link::probit, ref::GlmGenerator::sphere, 2, 4, Rational(3)}};
  for (const Setting& s : settings) {
    const ref::GlmInstance inst = glm_vector_instance(impl, s.link, s.generator, s.d, s.K, s.S);
    file.records.push_back(instance_record(inst));
    for (std::uint64_t run : {0, 1}) file.records.push_back(run_record(inst, 30, run, impl));
  }
  return file;
}

}  // namespace dpb::verify::vectors
