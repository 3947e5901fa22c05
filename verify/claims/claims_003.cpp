// Claims of seed 003 (Sarmasarkar, "Shuffle and Joint Differential Privacy for Generalized Linear Contextual
// Bandits", 2026, arXiv:2602.00417; docs/architecture.md §11). None registered yet: add Claim{...} entries here, or
// in a claims_003_<topic>.cpp of your own that is called from all_claims.cpp.
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_003_math(Registry& registry);  // verify/claims/claims_003_math.cpp

void register_claims_003(Registry& registry) { register_claims_003_math(registry); }

}  // namespace dpb::verify
