// Claims of seed 003 (Sarmasarkar, "Shuffle and Joint Differential Privacy for Generalized Linear Contextual
// Bandits", 2026, arXiv:2602.00417; docs/architecture.md §11). Add Claim{...} entries here, or in a
// claims_003_<topic>.cpp of your own whose register function is called below.
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_003_tree(Registry& registry);  // claims_003_tree.cpp: the matrix trees
void register_claims_003_p2(Registry& registry);    // claims_003_p2.cpp: P₂, the matrix P_Vec (003.v1–v5)
void register_claims_003_glm(Registry& registry);   // claims_003_glm.cpp: 003.f1–f4
void register_claims_003_math(Registry& registry);  // claims_003_math.cpp: schedules, budgets, lemma constants
void register_claims_003_pgd(Registry& registry);   // claims_003_pgd.cpp: P_GD (003.g3, 003.pgd.privacy)
void register_claims_003_learners(Registry& registry);  // claims_003_learners.cpp: jdp-glm's ledger and counters
void register_claims_003_trends(Registry& registry);    // claims_003_trends.cpp: 003-kappa's trends
void register_claims_003_exponents(Registry& registry);  // claims_003_exponents.cpp: Thms 5.1, 6.2 rates

void register_claims_003(Registry& registry) {
  register_claims_003_tree(registry);
  register_claims_003_p2(registry);
  register_claims_003_glm(registry);
  register_claims_003_math(registry);
  register_claims_003_pgd(registry);
  register_claims_003_learners(registry);
  register_claims_003_trends(registry);
  register_claims_003_exponents(registry);
}

}  // namespace dpb::verify
