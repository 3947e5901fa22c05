#include "verify/vectors/gloc003_vectors.hpp"

#include <string>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/gloc.hpp"
#include "reference/learners/gloc.hpp"

#include "verify/vectors/glm_learners003_vectors.hpp"

namespace dpb::verify::vectors {
namespace {

constexpr std::uint64_t kSeed = 20261127;  // glmlearners003's instances

Record run_record(const ref::GlmInstance& i, const ref::GlocParams& p, std::uint64_t run, Impl impl) {
  const ref::GlocConstants k = ref::gloc_constants(p, i);
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  if (impl == Impl::optimized) {
    const fast::GlmEnvironment env(i);
    const fast::GlocFastTrajectory f = fast::gloc(p, env, kSeed, run);
    actions = f.actions;
    rewards = f.rewards;
  } else {
    const ref::GlocTrajectory r = ref::gloc(p, i, kSeed, run);
    actions = r.actions;
    rewards = r.rewards;
  }
  std::string rw;
  for (int r : rewards) rw += r ? '1' : '0';
  const std::string profile(ref::gloc_profile_name(p.profile));
  Json body = {{"instance", glm_instance_id(i)}, {"T", p.T},        {"profile", profile},
               {"lambda", dpb::to_string(k.lambda)}, {"kappa", dpb::to_string(k.kappa)},
               {"delta", dpb::to_string(k.delta)}, {"seed", kSeed}, {"run", run},
               {"actions", actions},                 {"rewards", rw}};
  return make_record("gloc_run",
                     "gloc(T=" + std::to_string(p.T) + ",profile=" + profile + ",run=" + std::to_string(run) + ")on" +
                         glm_instance_id(i),
                     body);
}

}  // namespace

CategoryFile generate_gloc003(Impl impl) {
  CategoryFile file{"gloc003", {header_record("gloc003")}};
  struct Setting {
    ref::Link link;
    ref::GlmGenerator generator;
    std::uint32_t d, K;
    Rational S;
  };
  // glmlearners003's two instances (the same parameters and stream).
  const Setting settings[] = {{ref::Link::logistic, ref::GlmGenerator::authors, 3, 5, Rational(5, 2)},
                              {ref::Link::probit, ref::GlmGenerator::sphere, 2, 4, Rational(3)}};
  for (const Setting& s : settings) {
    const ref::GlmInstance inst = glm_vector_instance(impl, s.link, s.generator, s.d, s.K, s.S);
    file.records.push_back(glm_instance_record(inst));
    for (ref::GlocProfile profile : {ref::GlocProfile::paper, ref::GlocProfile::baseline_code}) {
      ref::GlocParams p;
      p.T = 40;
      p.profile = profile;
      for (std::uint64_t run : {0, 1}) file.records.push_back(run_record(inst, p, run, impl));
    }
  }
  return file;
}

}  // namespace dpb::verify::vectors
