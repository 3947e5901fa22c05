#include "verify/vectors/jdp_glm003_vectors.hpp"

#include <optional>
#include <string>

#include "optimized/environments/glm_instance.hpp"
#include "optimized/learners/jdp_glm.hpp"
#include "reference/learners/jdp_glm.hpp"
#include "verify/vectors/glm_learners003_vectors.hpp"

namespace dpb::verify::vectors {
namespace {

constexpr std::uint64_t kSeed = 20261127;  // glmlearners003's instances

template <class Tr>
Json trajectory_fields(const Tr& tr) {
  std::string rw, ex;
  for (int r : tr.rewards) rw += r ? '1' : '0';
  for (std::uint8_t e : tr.explore) ex += e ? '1' : '0';
  const auto strings = [](const auto& v) {
    Json a = Json::array();
    for (const auto& x : v) a.push_back(dpb::to_string(x));
    return a;
  };
  Json theta_o = Json::array(), theta_tau = Json::array();
  for (const auto& th : tr.theta_o) theta_o.push_back(strings(th));
  for (const auto& th : tr.theta_tau) theta_tau.push_back(strings(th));
  const ref::JdpGlmConstants& k = tr.constants;
  Json constants = {{"lambda", dpb::to_string(k.lambda)},       {"lambda_max", dpb::to_string(k.lambda_max)},
                    {"gamma", dpb::to_string(k.gamma)},         {"beta", dpb::to_string(k.beta)},
                    {"threshold", dpb::to_string(k.threshold)}, {"k1", dpb::to_string(k.count1)},
                    {"k2", dpb::to_string(k.count2)},           {"sigma_V", dpb::to_string(k.sigma_V)},
                    {"sigma_H", dpb::to_string(k.sigma_H)},     {"zeta", dpb::to_string(k.zeta)},
                    {"eps_o", dpb::to_string(k.eps_o)},         {"delta_o", dpb::to_string(k.delta_o)},
                    {"eps_tau", dpb::to_string(k.eps_tau)},     {"delta_tau", dpb::to_string(k.delta_tau)},
                    {"grid_bits", k.grid_bits}};
  return {{"constants", constants},
          {"actions", tr.actions},
          {"explore", ex},
          {"rewards", rw},
          {"switches", tr.switches},
          {"weights", strings(tr.weights)},
          {"v_not_pd", tr.v_not_pd},
          {"h_not_pd", tr.h_not_pd},
          {"count1", tr.count1},
          {"count2", tr.count2},
          {"not_pd", tr.not_pd},
          {"tau_projected", tr.tau_projected},
          {"pgd_iterations", strings(tr.pgd_iterations)},
          {"theta_o", theta_o},
          {"theta_tau", theta_tau},
          {"release_V", strings(tr.release_V)},
          {"release_H", strings(tr.release_H)},
          {"bits_V", tr.bits_V},
          {"bits_H", tr.bits_H},
          {"bits_pgd", tr.bits_pgd}};
}

Record run_record(const ref::GlmInstance& i, const ref::JdpGlmParams& p, std::uint64_t run, Impl impl) {
  Json fields;
  if (impl == Impl::optimized) {
    const fast::GlmEnvironment env(i);
    fields = trajectory_fields(fast::jdp_glm(p, env, kSeed, run));
  } else {
    fields = trajectory_fields(ref::jdp_glm(p, i, kSeed, run));
  }
  Json body = {{"instance", glm_instance_id(i)},
               {"T", p.T},
               {"eps", dpb::to_string(p.eps)},
               {"delta", dpb::to_string(p.delta)},
               {"kappa", dpb::to_string(p.kappa)},
               {"kappa_star", dpb::to_string(p.kappa_star)},
               {"S", dpb::to_string(p.S)},
               {"beta_constant", dpb::to_string(p.beta_constant)},
               {"gamma_constant", dpb::to_string(p.gamma_constant)},
               {"lambda_override", p.lambda_override ? Json(dpb::to_string(*p.lambda_override)) : Json(nullptr)},
               {"seed", kSeed},
               {"run", run}};
  for (auto it = fields.begin(); it != fields.end(); ++it) body[it.key()] = it.value();
  return make_record("jdp_glm_run",
                     "jdp-glm(T=" + std::to_string(p.T) + ",eps=" + dpb::to_string(p.eps) + ",c=" +
                         dpb::to_string(p.gamma_constant) +
                         (p.lambda_override ? ",lambda=" + dpb::to_string(*p.lambda_override) : std::string()) +
                         ",run=" + std::to_string(run) + ")on" + glm_instance_id(i),
                     body);
}

}  // namespace

CategoryFile generate_jdp_glm003(Impl impl) {
  CategoryFile file{"jdpglm003", {header_record("jdpglm003")}};
  struct Setting {
    ref::Link link;
    ref::GlmGenerator generator;
    std::uint32_t d, K;
    Rational S;
  };
  const Setting settings[] = {{ref::Link::logistic, ref::GlmGenerator::authors, 3, 4, Rational(2)},
                              {ref::Link::probit, ref::GlmGenerator::sphere, 3, 5, Rational(3, 2)}};
  for (const Setting& s : settings) {
    // q = 4: the trees' grid 2^-40: fast::TreeMechanism in the optimized build
    const ref::GlmInstance inst = glm_vector_instance(impl, s.link, s.generator, s.d, s.K, s.S, 24, 4);
    file.records.push_back(glm_instance_record(inst));
    ref::JdpGlmParams base;
    base.T = 24;
    base.eps = Rational(1);
    base.delta = Rational(1, 100);
    base.kappa = Rational(64);
    base.kappa_star = Rational(4);
    base.S = Rational(1);
    // (a) the theorem's constants: Criterion I at every round; (b) c = 10^-6: exploitation, no switch; (c) the test
    // knob λ = 1 with ε = 15: non-PD V and H_τ rounds and Criterion II switches.
    ref::JdpGlmParams a = base, b = base, c = base;
    b.gamma_constant = c.gamma_constant = Rational(1, 1000000);
    c.eps = Rational(15);
    c.lambda_override = Integer(1);
    file.records.push_back(run_record(inst, a, 0, impl));
    file.records.push_back(run_record(inst, b, 0, impl));
    for (std::uint64_t run : {0, 1}) file.records.push_back(run_record(inst, c, run, impl));
  }
  return file;
}

}  // namespace dpb::verify::vectors
