#include "verify/vectors/ecolog003_vectors.hpp"

#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/ecolog.hpp"
#include "reference/learners/ecolog.hpp"

#include "verify/vectors/glm_learners003_vectors.hpp"

namespace dpb::verify::vectors {
namespace {

constexpr std::uint64_t kSeed = 20261127;  // glmlearners003's seed
constexpr std::uint64_t kT = 40;

std::int64_t small(const Integer& v) {
  if (v > Integer(std::numeric_limits<std::int64_t>::max()) || v < Integer(std::numeric_limits<std::int64_t>::min()))
    throw std::logic_error("ecolog003: a grid numerator beyond 64 bits");
  return v.convert_to<std::int64_t>();
}

std::vector<std::int64_t> small(const std::vector<Integer>& v) {
  std::vector<std::int64_t> out;
  for (const Integer& x : v) out.push_back(small(x));
  return out;
}

Record run_record(const ref::GlmInstance& i, const ref::EcologParams& p, std::uint64_t run, Impl impl) {
  const ref::EcologConstants k = ref::ecolog_constants(p, i);
  std::vector<std::uint32_t> actions;
  std::vector<int> rewards;
  std::vector<std::int64_t> z, weights, theta;
  if (impl == Impl::optimized) {
    const fast::GlmEnvironment env(i);
    const fast::EcologFastTrajectory f = fast::ecolog(p, env, kSeed, run);
    actions = f.actions;
    rewards = f.rewards;
    z = f.z;
    weights = f.weights;
    theta = f.theta;
  } else {
    const ref::EcologTrajectory r = ref::ecolog(p, i, kSeed, run);
    actions = r.actions;
    rewards = r.rewards;
    z = small(r.z);
    weights = small(r.weights);
    theta = small(r.theta);
  }
  std::string rw;
  for (int r : rewards) rw += r ? '1' : '0';
  const std::string profile(ref::ecolog_profile_name(p.profile));
  Json body = {{"instance", glm_instance_id(i)},
               {"T", p.T},
               {"profile", profile},
               {"lambda", dpb::to_string(k.lambda)},
               {"delta", dpb::to_string(k.delta)},
               {"grid_bits", ref::kEcologGridBits},
               {"seed", kSeed},
               {"run", run},
               {"actions", actions},
               {"rewards", rw},
               {"z", z},
               {"weights", weights},
               {"theta", theta}};
  return make_record("ecolog_run",
                     "ecolog(T=" + std::to_string(p.T) + ",profile=" + profile + ",lambda=" + dpb::to_string(k.lambda) +
                         ",delta=" + dpb::to_string(k.delta) + ",run=" + std::to_string(run) + ")on" +
                         glm_instance_id(i),
                     body);
}

}  // namespace

CategoryFile generate_ecolog003(Impl impl) {
  CategoryFile file{"ecolog003", {header_record("ecolog003")}};
  struct Setting {
    ref::GlmGenerator generator;
    std::uint32_t d, K;
    Rational S;
    std::optional<Rational> lambda;  // absent: the code's λ = 1
    Rational delta;
  };
  // ECOLog is logistic only: glmlearners003's logistic instance with the code's constants (λ = 1, δ = 1/50), and a
  // logistic `sphere` instance in d = 2 with λ = 2, δ = 1/10 (so that both enter the radius the checker recomputes).
  const Setting settings[] = {{ref::GlmGenerator::authors, 3, 5, Rational(5, 2), std::nullopt, Rational(1, 50)},
                              {ref::GlmGenerator::sphere, 2, 4, Rational(3), Rational(2), Rational(1, 10)}};
  for (const Setting& s : settings) {
    const ref::GlmInstance inst = glm_vector_instance(impl, ref::Link::logistic, s.generator, s.d, s.K, s.S);
    file.records.push_back(glm_instance_record(inst));
    for (ref::EcologProfile profile : {ref::EcologProfile::paper, ref::EcologProfile::baseline_code}) {
      ref::EcologParams p;
      p.T = kT;
      p.profile = profile;
      p.lambda = s.lambda;
      p.delta = s.delta;
      for (std::uint64_t run : {0, 1}) file.records.push_back(run_record(inst, p, run, impl));
    }
  }
  return file;
}

}  // namespace dpb::verify::vectors
