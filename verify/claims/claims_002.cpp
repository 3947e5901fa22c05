// Claims of seed 002 (Hu, Huang & Mehta, "Near-Optimal Algorithms for Private Online Learning in a Stochastic
// Environment", arXiv:2102.07929; docs/architecture.md §11). Its claims so far are registered by topic, in
// claims_learners.cpp, claims_audit.cpp and claims_experiments.cpp; none here yet: add Claim{...} entries here, or in
// a claims_002_<topic>.cpp of your own that is called from all_claims.cpp.
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_002(Registry& registry) { (void)registry; }

}  // namespace dpb::verify
