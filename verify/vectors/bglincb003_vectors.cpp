#include "verify/vectors/bglincb003_vectors.hpp"

#include <string>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/b_glincb.hpp"
#include "reference/learners/b_glincb.hpp"

#include "verify/vectors/glm_learners003_vectors.hpp"

namespace dpb::verify::vectors {
namespace {

constexpr std::uint64_t kSeed = 20261127;

Record run_record(const ref::GlmInstance& i, const ref::BGlincbParams& p, std::uint64_t run, Impl impl) {
  std::vector<std::uint64_t> schedule;
  std::vector<std::uint32_t> actions, survivors;
  std::vector<int> rewards;
  std::vector<std::string> weights;
  std::vector<std::vector<std::string>> theta;
  const auto numerators = [&](const std::vector<std::vector<Rational>>& th) {
    for (const auto& v : th) {
      std::vector<std::string> row;
      for (const Rational& x : v)
        row.push_back(dpb::to_string(numerator(Rational(x * Rational(Integer(Integer(1) << ref::kGlmThetaBits))))));
      theta.push_back(row);
    }
  };
  if (impl == Impl::optimized) {
    const fast::GlmEnvironment env(i);
    const fast::BGlincbFastTrajectory f = fast::b_glincb(p, env, kSeed, run);
    schedule = f.schedule;
    actions = f.actions;
    rewards = f.rewards;
    survivors = f.survivors;
    for (std::uint64_t w : f.weights) weights.push_back(std::to_string(w));
    numerators(f.theta);
  } else {
    const ref::BGlincbTrajectory r = ref::b_glincb(p, i, kSeed, run);
    schedule = r.schedule;
    actions = r.actions;
    rewards = r.rewards;
    survivors = r.survivors;
    for (const Integer& w : r.weights) weights.push_back(dpb::to_string(w));
    numerators(r.theta);
  }
  std::string rw;
  for (int r : rewards) rw += r ? '1' : '0';
  Json body = {{"instance", glm_instance_id(i)}, {"T", p.T}, {"M", ref::b_glincb_batches(p)},
               {"lambda", dpb::to_string(p.lambda)}, {"gamma", dpb::to_string(p.gamma)},
               {"kappa", dpb::to_string(p.kappa)}, {"S", dpb::to_string(p.S)},
               {"widths", std::string(ref::glm_widths_name(p.widths))}, {"seed", kSeed}, {"run", run},
               {"schedule", schedule}, {"actions", actions}, {"rewards", rw}, {"survivors", survivors},
               {"weights_2p32", weights}, {"theta_2p24", theta}};
  return make_record("b_glincb_run",
                     "b-glincb(T=" + std::to_string(p.T) + ",M=" + std::to_string(ref::b_glincb_batches(p)) +
                         ",widths=" + std::string(ref::glm_widths_name(p.widths)) + ",run=" + std::to_string(run) +
                         ")on" + glm_instance_id(i),
                     body);
}

}  // namespace

CategoryFile generate_bglincb003(Impl impl) {
  CategoryFile file{"bglincb003", {header_record("bglincb003")}};
  struct Setting {
    ref::Link link;
    ref::GlmGenerator generator;
    std::uint32_t d, K, M;
    Rational S, gamma, kappa;
    ref::GlmWidths widths;
  };
  const Setting settings[] = {
      {ref::Link::logistic, ref::GlmGenerator::authors, 3, 6, 3, Rational(5, 2), Rational(1, 4), Rational(8),
       ref::GlmWidths::paper},
      {ref::Link::probit, ref::GlmGenerator::sphere, 2, 5, 2, Rational(3), Rational(1, 2), Rational(4),
       ref::GlmWidths::sqrt_kappa}};
  for (const Setting& s : settings) {
    const ref::GlmInstance inst = glm_vector_instance(impl, s.link, s.generator, s.d, s.K, s.S, 80);
    file.records.push_back(glm_instance_record(inst));
    ref::BGlincbParams bp;
    bp.T = 80;
    bp.M = s.M;
    bp.gamma = s.gamma;
    bp.kappa = s.kappa;
    bp.S = s.S;
    bp.widths = s.widths;
    for (std::uint64_t run : {0, 1}) file.records.push_back(run_record(inst, bp, run, impl));
  }
  return file;
}

}  // namespace dpb::verify::vectors
