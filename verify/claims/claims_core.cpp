// Claims of our own invariants (id prefix core.). None registered yet: add Claim{...} entries here, or in a
// claims_core_<topic>.cpp of your own that is called from all_claims.cpp.
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_core(Registry& registry) { (void)registry; }

}  // namespace dpb::verify
