// Claims of seed 004 (/work/shared/spec/004-*.md). None registered yet: add Claim{...} entries here, or in a
// claims_004_<topic>.cpp of your own that is called from all_claims.cpp.
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_004(Registry& registry) { (void)registry; }

}  // namespace dpb::verify
