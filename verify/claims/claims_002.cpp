// Claims of seed 002 (/work/shared/spec/002-*.md). None registered yet: add Claim{...} entries here, or in a
// claims_002_<topic>.cpp of your own that is called from all_claims.cpp.
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_002(Registry& registry) { (void)registry; }

}  // namespace dpb::verify
