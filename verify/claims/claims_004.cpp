// Claims of seed 004 (Rio, Barlier, Colin & Soare, "Multi-Agent Best Arm Identification with Private
// Communications", ICML 2023, PMLR 202; docs/architecture.md §11). None registered yet: add Claim{...} entries here,
// or in a claims_004_<topic>.cpp of your own that is called from all_claims.cpp.
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_004(Registry& registry) { (void)registry; }

}  // namespace dpb::verify
