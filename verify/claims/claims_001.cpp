// Claims of seed 001 (Chowdhury & Zhou, "Shuffle Private Linear Contextual Bandits", ICML 2022, arXiv:2202.05567;
// docs/architecture.md §11). None registered yet: add Claim{...} entries here, or in a claims_001_<topic>.cpp of
// your own that is called from all_claims.cpp.
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_001(Registry& registry) { (void)registry; }

}  // namespace dpb::verify
