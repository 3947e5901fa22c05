// Claims of seed 003 (Sarmasarkar, "Shuffle and Joint Differential Privacy for Generalized Linear Contextual
// Bandits", 2026, arXiv:2602.00417; docs/architecture.md §11). Add Claim{...} entries here, or in a
// claims_003_<topic>.cpp of your own called from register_claims_003 below.
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_003_glm(Registry& registry);  // claims_003_glm.cpp: 003.f1–f4

void register_claims_003(Registry& registry) { register_claims_003_glm(registry); }

}  // namespace dpb::verify
