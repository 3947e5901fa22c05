// The one list of registration functions. To add claims: write verify/claims/claims_<seed>[_<topic>].cpp that
// defines `void register_claims_<seed>[_<topic>](Registry&)` in namespace dpb::verify, declare it below and call it
// in make_all_claims(). (Explicit calls, because a static library drops self-registering object files that nothing
// references.) Then regenerate docs/claims.md: `build/dpbandit verify --list --format markdown > docs/claims.md`.
#include "verify/claims/all_claims.hpp"

namespace dpb::verify {

void register_claims_core(Registry& registry);
void register_claims_core_vectors(Registry& registry);
void register_claims_000(Registry& registry);
void register_claims_000_statistical(Registry& registry);
void register_claims_000_protocol(Registry& registry);
void register_claims_000_privacy(Registry& registry);
void register_claims_000_returning(Registry& registry);
void register_claims_001(Registry& registry);
void register_claims_002(Registry& registry);
void register_claims_003(Registry& registry);
void register_claims_004_trends(Registry& registry);
void register_claims_004(Registry& registry);
void register_claims_audit(Registry& registry);
void register_claims_001_audit(Registry& registry);
void register_claims_ledger(Registry& registry);
void register_claims_learners(Registry& registry);
void register_claims_experiments(Registry& registry);

Registry make_all_claims() {
  Registry registry;
  // Multiplicity families (docs/statistics.md, "Families"): each claim that tests hypotheses belongs to one, and its
  // α is the family's α divided by the family's size (Bonferroni), whatever `verify --only` selects.
  registry.add_family({"sampled-laws", 1e-6,
                       "sampled noise laws against their certified pmfs (goodness of fit, homogeneity)"});
  registry.add_family({"learner-statistics", 1e-6, "statistical statements about the learners' runs"});
  registry.add_family({"failure-probabilities", 1e-6,
                       "seed 004's failure probabilities against delta (Clopper-Pearson, Bonferroni over the grid)"});
  registry.add_family({"eta-privacy-audits", 1e-6,
                       "seed 004's (eps, eta)-privacy adversary audits: wins against 1 - eta (Clopper-Pearson, "
                       "Bonferroni over the grid's settings, watched agents and adversaries)"});
  registry.add_family({"audits", 1e-3,
                       "black-box privacy audits of the learners: each can only refute (a false `violated` has "
                       "probability at most α); 1e-3 rather than 1e-6 so that 5000 runs per side still resolve ε "
                       "(docs/statistics.md lists the exception)"});
  registry.add_family({"audits-001", 1e-6,
                       "audits of seed 001's mechanisms (gauss-ldp, p-amp, p-vec, tree): a false `violated` or a false "
                       "MODEL-MISMATCH has probability at most alpha"});
  registry.add_family({"trends", 0.05,
                       "trends of the papers' figures (sign tests on simulated runs): findings about the papers' "
                       "experiments, not correctness checks of dpbandit (docs/statistics.md lists the exception)"});
  registry.add_family({"tree-norm-003", 1e-6, "seed 003's operator-norm tail of the matrix trees' noise (claim T5)"});
  registry.add_family({"pgd-excess-003", 1e-6,
                       "seed 003's P_GD excess empirical risk against Lemma T.2 and its 1/(eps n) scaling (claim G2)"});
  registry.add_family({"switching-003", 1e-6,
                       "seed 003's black-box lower bound on the switching set's privacy (Lemma 6.1, part (b))"});
  registry.add_family({"counters-003", 1e-6,
                       "seed 003's w.h.p. lemmas counted on jdp-glm's trajectories (Clopper-Pearson against each "
                       "lemma's failure probability)"});
  registry.add_family({"trends-003", 0.05,
                       "seed 003's regret-shape trends on 003-kappa (paired one-sided sign tests per adjacent S, Holm): "
                       "findings about the paper's experiments (docs/statistics.md lists the exception)"});
  registry.add_family({"trends-001", 1e-3,
                       "seed 001's figure trends (paired one-sided sign tests per adjacent pair, Holm; errata to "
                       "issue 18: 1e-3): findings about the paper's experiments (docs/statistics.md lists the "
                       "exception)"});
  registry.add_family({"exponents-001", 1e-3,
                       "seed 001's fitted regret exponents (errata to issue 18: OLS on log-log over the T grid, exact "
                       "Student-t intervals at the claim's alpha): findings about the paper's rates at feasible T "
                       "(docs/statistics.md lists the exception)"});
  registry.add_family({"exponents-003", 1e-3,
                       "seed 003's fitted regret exponents (Thms 5.1, 6.2; the fit and rule of exponents-001): findings "
                       "about the paper's rates at feasible T (docs/statistics.md lists the exception)"});
  registry.add_family({"trends-004", 0.05,
                       "seed 004's figure trends (paired one-sided sign tests, Holm; issue 16: family-wise 0.05): "
                       "findings about the paper's experiments (docs/statistics.md lists the exception)"});
  register_claims_core(registry);
  register_claims_core_vectors(registry);
  register_claims_000(registry);
  register_claims_000_statistical(registry);
  register_claims_000_protocol(registry);
  register_claims_000_privacy(registry);
  register_claims_000_returning(registry);
  register_claims_001(registry);
  register_claims_002(registry);
  register_claims_003(registry);
  register_claims_004_trends(registry);
  register_claims_004(registry);
  register_claims_audit(registry);
  register_claims_001_audit(registry);
  register_claims_ledger(registry);
  register_claims_learners(registry);
  register_claims_experiments(registry);
  return registry;
}

const Registry& all_claims() {
  static const Registry registry = make_all_claims();
  return registry;
}

}  // namespace dpb::verify
