#include "verify/vectors/shuffleglm003_vectors.hpp"

#include <string>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/shuffle_glm.hpp"
#include "reference/learners/shuffle_glm.hpp"

#include "verify/vectors/glm_learners003_vectors.hpp"

namespace dpb::verify::vectors {
namespace {

constexpr std::uint64_t kSeed = 20261127;

std::vector<std::string> strings(const std::vector<Integer>& v) {
  std::vector<std::string> out;
  for (const Integer& x : v) out.push_back(dpb::to_string(x));
  return out;
}
std::vector<std::string> strings(const std::vector<Rational>& v) {
  std::vector<std::string> out;
  for (const Rational& x : v) out.push_back(dpb::to_string(x));
  return out;
}

Record run_record(const ref::GlmInstance& i, const ref::ShuffleGlmParams& p, std::uint64_t run, Impl impl) {
  std::vector<std::uint64_t> schedule;
  std::vector<std::uint32_t> actions, survivors;
  std::vector<int> rewards;
  std::vector<std::string> weights;
  std::vector<std::vector<std::string>> theta, p2_counts;
  std::vector<std::uint64_t> p2_bits, pgd_bits;
  std::uint64_t clipped = 0;
  if (impl == Impl::optimized) {
    const fast::GlmEnvironment env(i);
    const fast::ShuffleGlmFastTrajectory f = fast::shuffle_glm(p, env, kSeed, run);
    schedule = f.schedule;
    actions = f.actions;
    rewards = f.rewards;
    survivors = f.survivors;
    for (std::uint64_t w : f.weights) weights.push_back(std::to_string(w));
    for (const auto& th : f.theta) theta.push_back(strings(th));
    for (const auto& c : f.p2_counts) p2_counts.push_back(strings(c));
    p2_bits = f.p2_bits;
    pgd_bits = f.pgd_bits;
    clipped = f.clipped;
  } else {
    const ref::ShuffleGlmTrajectory r = ref::shuffle_glm(p, i, kSeed, run);
    schedule = r.run.schedule;
    actions = r.run.actions;
    rewards = r.run.rewards;
    survivors = r.run.survivors;
    weights = strings(r.run.weights);
    for (const auto& th : r.run.theta) theta.push_back(strings(th));
    for (const auto& c : r.p2_counts) p2_counts.push_back(strings(c));
    p2_bits = r.p2_bits;
    pgd_bits = r.pgd_bits;
    clipped = r.clipped;
  }
  std::string rw;
  for (int r : rewards) rw += r ? '1' : '0';
  Json body = {{"instance", glm_instance_id(i)}, {"T", p.T}, {"M", ref::shuffle_glm_batches(p)},
               {"eps", dpb::to_string(p.eps)}, {"delta", dpb::to_string(p.delta)},
               {"gamma", dpb::to_string(p.gamma)}, {"kappa", dpb::to_string(p.kappa)},
               {"kappa_star", dpb::to_string(p.kappa_star)}, {"S", dpb::to_string(p.S)},
               {"widths", std::string(ref::glm_widths_name(p.widths))}, {"seed", kSeed}, {"run", run},
               {"schedule", schedule}, {"actions", actions}, {"rewards", rw}, {"survivors", survivors},
               {"weight_bits", ref::shuffle_glm_weight_bits(i.q)}, {"weights", weights}, {"clipped", clipped},
               {"p2_counts", p2_counts}, {"p2_bits", p2_bits}, {"pgd_bits", pgd_bits}, {"theta", theta}};
  return make_record("shuffle_glm_run",
                     "shuffle-glm(T=" + std::to_string(p.T) + ",M=" + std::to_string(ref::shuffle_glm_batches(p)) +
                         ",kappa*=" + dpb::to_string(p.kappa_star) + ",run=" + std::to_string(run) + ")on" +
                         glm_instance_id(i),
                     body);
}

}  // namespace

CategoryFile generate_shuffleglm003(Impl impl) {
  CategoryFile file{"shuffleglm003", {header_record("shuffleglm003")}};
  struct Setting {
    ref::Link link;
    ref::GlmGenerator generator;
    std::uint32_t d, K;
    Rational S, kappa_star;
  };
  const Setting settings[] = {
      {ref::Link::logistic, ref::GlmGenerator::authors, 2, 5, Rational(5, 2), Rational(8)},
      {ref::Link::probit, ref::GlmGenerator::sphere, 2, 4, Rational(2), Rational(4)}};
  for (const Setting& s : settings) {
    const ref::GlmInstance inst = glm_vector_instance(impl, s.link, s.generator, s.d, s.K, s.S, 300);
    file.records.push_back(glm_instance_record(inst));
    ref::ShuffleGlmParams sp;
    sp.T = 300;
    sp.eps = Rational(4);
    sp.kappa_star = s.kappa_star;
    sp.kappa = Rational(16);
    sp.gamma = Rational(64);
    sp.S = s.S;
    for (std::uint64_t run : {0, 1}) file.records.push_back(run_record(inst, sp, run, impl));
  }
  return file;
}

}  // namespace dpb::verify::vectors
