#include "verify/vectors/rs_glincb003_vectors.hpp"

#include <string>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/rs_glincb.hpp"
#include "reference/learners/rs_glincb.hpp"

#include "verify/vectors/glm_learners003_vectors.hpp"

namespace dpb::verify::vectors {
namespace {

constexpr std::uint64_t kSeed = 20261127;  // glmlearners003's instances

Record run_record(const ref::GlmInstance& i, const ref::RsGlincbParams& p, std::uint64_t run, Impl impl) {
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<std::uint8_t> explore;
  std::vector<std::uint64_t> switches;
  if (impl == Impl::optimized) {
    const fast::GlmEnvironment env(i);
    const fast::RsGlincbFastTrajectory f = fast::rs_glincb(p, env, kSeed, run);
    actions = f.actions;
    rewards = f.rewards;
    explore = f.explore;
    switches = f.switches;
  } else {
    const ref::RsGlincbTrajectory r = ref::rs_glincb(p, i, kSeed, run);
    actions = r.actions;
    rewards = r.rewards;
    explore = r.explore;
    switches = r.switches;
  }
  std::string rw, ex;
  for (int r : rewards) rw += r ? '1' : '0';
  for (std::uint8_t e : explore) ex += e ? '1' : '0';
  Json body = {{"instance", glm_instance_id(i)}, {"T", p.T}, {"lambda", dpb::to_string(p.lambda)},
               {"gamma", dpb::to_string(p.gamma)}, {"kappa", dpb::to_string(p.kappa)},
               {"beta", dpb::to_string(p.beta)}, {"seed", kSeed}, {"run", run}, {"actions", actions},
               {"explore", ex}, {"switches", switches}, {"rewards", rw}};
  return make_record("rs_glincb_run",
                     "rs-glincb(T=" + std::to_string(p.T) + ",gamma=" + dpb::to_string(p.gamma) + ",run=" +
                         std::to_string(run) + ")on" + glm_instance_id(i),
                     body);
}

}  // namespace

CategoryFile generate_rs_glincb003(Impl impl) {
  CategoryFile file{"rsglincb003", {header_record("rsglincb003")}};
  struct Setting {
    ref::Link link;
    ref::GlmGenerator generator;
    std::uint32_t d, K;
    Rational S;
  };
  const Setting settings[] = {{ref::Link::logistic, ref::GlmGenerator::authors, 3, 5, Rational(5, 2)},
                              {ref::Link::probit, ref::GlmGenerator::sphere, 2, 4, Rational(3)}};
  for (const Setting& s : settings) {
    const ref::GlmInstance inst = glm_vector_instance(impl, s.link, s.generator, s.d, s.K, s.S);
    file.records.push_back(glm_instance_record(inst));
    // γ = 1, κ = 4: threshold 1/4, Criterion I fires in the first rounds; γ = ½, κ = 4: threshold 1 (never: switches).
    for (const Rational& gamma : {Rational(1), Rational(1, 2)}) {
      ref::RsGlincbParams p;
      p.T = 40;
      p.gamma = gamma;
      p.kappa = Rational(4);
      p.beta = Rational(1, 2);
      for (std::uint64_t run : {0, 1}) file.records.push_back(run_record(inst, p, run, impl));
    }
  }
  return file;
}

}  // namespace dpb::verify::vectors
