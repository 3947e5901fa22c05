// Claims of seed 003 (/work/shared/spec/003-*.md). None registered yet: add Claim{...} entries here, or in a
// claims_003_<topic>.cpp of your own that is called from all_claims.cpp.
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_003(Registry& registry) { (void)registry; }

}  // namespace dpb::verify
