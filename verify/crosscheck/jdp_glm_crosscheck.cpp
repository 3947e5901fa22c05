#include "verify/crosscheck/jdp_glm_crosscheck.hpp"

#include <ostream>

#include "reference/core/errors.hpp"

namespace dpb::verify {

namespace {

template <class A, class B>
std::optional<std::size_t> first_difference(const std::vector<A>& a, const std::vector<B>& b) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (!(a[i] == b[i])) return i;
  if (a.size() != b.size()) return std::min(a.size(), b.size());
  return std::nullopt;
}

}  // namespace

GlmRunComparison compare_jdp_glm(const ref::JdpGlmTrajectory& r, const fast::JdpGlmFastTrajectory& f) {
  GlmRunComparison c;
  c.rounds = r.actions.size();
  c.deferrals = f.deferrals;
  c.reward_deferrals = f.reward_deferrals;
  c.refinements = r.refinements;
  c.pgd_deferrals = f.pgd_deferrals;
  c.weight_deferrals = f.weight_deferrals;
  c.not_pd = r.not_pd;
  for (const std::uint8_t e : r.explore) c.explorations += e;
  c.switches = r.switches.size();
  c.count1 = r.count1;
  c.count2 = r.count2;
  c.cutoffs = r.paper ? "k1 = " + to_string(r.paper->count1) + ", k2 = " + to_string(r.paper->count2)
                      : "k1 = " + to_string(r.constants.count1) + ", k2 = " + to_string(r.constants.count2);
  c.deferral_kinds = "Criterion I " + std::to_string(f.criterion_i_deferrals) + ", PD " +
                     std::to_string(f.pd_deferrals) + ", det " + std::to_string(f.det_deferrals) +
                     ", Criterion II " + std::to_string(f.criterion_ii_deferrals) + ", exploitation " +
                     std::to_string(f.exploit_deferrals) +
                     (r.paper ? ", PSD floor " + std::to_string(f.psd_deferrals) + "; exact V leaves " +
                                    std::to_string(f.exact_v_leaves) + ", DP-SGD scalars " +
                                    std::to_string(f.sgd_deferrals) +
                                    (f.sgd_reference_calls ? ", " + std::to_string(f.sgd_reference_calls) +
                                                                 " DP-SGD calls on the reference"
                                                           : "")
                              : "") +
                     (f.tree_reference ? "; trees on the reference sampler" : "") +
                     (f.pgd_reference_calls ? "; " + std::to_string(f.pgd_reference_calls) + " P_GD calls on the reference" : "");
  for (std::uint64_t t = 0; t < r.actions.size() && !c.divergence; ++t)
    if (!same_action_and_reward(c, t, r.actions, f.actions, r.rewards, f.rewards, &r.explore, &f.explore)) break;
  same_length(c, r.actions.size(), f.actions.size());
  if (!c.divergence)
    if (const auto i = first_difference(r.switches, f.switches)) {
      const std::uint64_t round = std::min(*i < r.switches.size() ? r.switches[*i] : UINT64_MAX,
                                           *i < f.switches.size() ? f.switches[*i] : UINT64_MAX);
      c.fail(round, "Criterion II switches differ at round " + std::to_string(round));
    }
  const auto check = [&](bool same, const std::string& what) {
    if (!c.divergence && !same) c.fail(r.actions.size(), what + " differ");
  };
  if (!c.divergence)
    if (const auto i = first_difference(r.weights, f.weights))
      c.fail(r.actions.size(), "the H weights differ at exploitation round " + std::to_string(*i + 1));
  check(r.v_not_pd == f.v_not_pd, "the rounds with a non-PD V");
  check(r.h_not_pd == f.h_not_pd, "the rounds with a non-PD H_tau");
  check(r.not_pd == f.not_pd && r.tau_projected == f.tau_projected, "the non-PD and projection counts");
  check(r.count1 == f.count1 && r.count2 == f.count2, "count1/count2");
  check(r.pgd_iterations == f.pgd_iterations, r.paper ? "the DP-SGD step counts" : "the P_GD iteration counts");
  check(r.sgd_sigma == f.sgd_sigma, "the DP-SGD noise multipliers");
  check(r.psd_checks == f.psd_checks, "the PSD-floor checks");
  check(r.theta_o == f.theta_o, "the theta_o estimates");
  check(r.theta_tau == f.theta_tau, "the theta_tau estimates");
  check(r.release_V == f.release_V && r.release_H == f.release_H, "the trees' last releases");
  check(r.bits_V == f.bits_V && r.bits_H == f.bits_H && r.bits_pgd == f.bits_pgd, "the bits drawn");
  check(r.constants.count1 == f.constants.count1 && r.constants.count2 == f.constants.count2 &&
            r.constants.lambda == f.constants.lambda && r.paper.has_value() == f.paper.has_value() &&
            (!r.paper || (r.paper->count1 == f.paper->count1 && r.paper->count2 == f.paper->count2 &&
                          r.paper->lambda == f.paper->lambda && r.paper->sigma_V == f.paper->sigma_V &&
                          r.paper->sigma_H == f.paper->sigma_H)),
        "the constants");
  overlapping_regrets(c, r.actions.size(), r.pseudo_regret, f.pseudo_regret, f.pseudo_regret_error);
  return c;
}

std::string jdp_glm_constants_text(const ref::JdpGlmConstants& k) {
  return "lambda = " + to_string(k.lambda) + ", lambda_max = " + to_string(k.lambda_max) + ", gamma = " +
         to_string(k.gamma) + ", beta = " + to_string(k.beta) + ", threshold = " + to_string(k.threshold) +
         ", k1 = " + to_string(k.count1) + ", k2 = " + to_string(k.count2) + ", sigma_V = " + to_string(k.sigma_V) +
         ", sigma_H = " + to_string(k.sigma_H) + ", zeta = " + to_string(k.zeta);
}

std::string jdp_glm_paper_constants_text(const ref::JdpGlmPaperConstants& k) {
  return "lambda = " + to_string(k.lambda) + ", gamma = " + to_string(k.gamma) + ", beta = " + to_string(k.beta) +
         ", threshold = " + to_string(k.threshold) + ", k1 = " + to_string(k.count1) + ", k2 = " +
         to_string(k.count2) + ", sigma_V = " + to_string(k.sigma_V) + ", sigma_H = " + to_string(k.sigma_H) +
         ", zeta = " + to_string(k.zeta) + ", theta_w call (eps, delta) = (" + to_string(k.eps_o) + ", " +
         to_string(k.delta_o) + "), theta_tau call = (" + to_string(k.eps_tau) + ", " + to_string(k.delta_tau) + ")";
}

void print_jdp_glm_header(const GlmCrosscheckReport& rep, std::ostream& out) {
  const ref::JdpGlmParams& p = rep.config.jdp;
  if (p.profile == ref::JdpProfile::PaperCode) {
    const ref::JdpGlmPaperConstants k =
        ref::jdp_glm_paper_constants(p, rep.instance.link, rep.instance.d, rep.instance.q);
    out << ", paper-code profile ("
        << (p.code_version == ref::JdpCodeVersion::Later ? "later" : "first") << " commit), eps = " << to_string(p.eps) << ", delta = " << to_string(p.delta)
        << ", kappa = " << to_string(p.kappa) << ", kappa* = " << to_string(p.kappa_star) << ", S = "
        << to_string(p.S) << "\n  constants: " << jdp_glm_paper_constants_text(k)
        << (rep.instance.link == ref::Link::probit ? " (probit: outside Def. 4.1 (F1))" : "") << "\n";
    return;
  }
  const ref::JdpGlmConstants k = ref::jdp_glm_constants(p, rep.instance.link, rep.instance.d, rep.instance.q);
  out << ", theorem profile, eps = " << to_string(p.eps) << ", delta = " << to_string(p.delta)
      << ", kappa = " << to_string(p.kappa) << ", kappa* = " << to_string(p.kappa_star) << ", S = " << to_string(p.S)
      << ", C = " << to_string(p.beta_constant) << ", c = " << to_string(p.gamma_constant) << "\n  constants: "
      << jdp_glm_constants_text(k) << (rep.instance.link == ref::Link::probit ? " (probit: outside Def. 4.1 (F1))" : "")
      << "\n";
}

}  // namespace dpb::verify
