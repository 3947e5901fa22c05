// The one list of registration functions. To add claims: write verify/claims/claims_<seed>[_<topic>].cpp that
// defines `void register_claims_<seed>[_<topic>](Registry&)` in namespace dpb::verify, declare it below and call it
// in make_all_claims(). (Explicit calls, because a static library drops self-registering object files that nothing
// references.) Then regenerate docs/claims.md: `build/dpbandit verify --list --format markdown > docs/claims.md`.
#include "verify/claims/all_claims.hpp"

namespace dpb::verify {

void register_claims_core(Registry& registry);
void register_claims_core_vectors(Registry& registry);
void register_claims_000(Registry& registry);
void register_claims_000_statistical(Registry& registry);
void register_claims_000_protocol(Registry& registry);
void register_claims_000_privacy(Registry& registry);
void register_claims_001(Registry& registry);
void register_claims_002(Registry& registry);
void register_claims_003(Registry& registry);
void register_claims_004(Registry& registry);
void register_claims_audit(Registry& registry);
void register_claims_learners(Registry& registry);
void register_claims_experiments(Registry& registry);

Registry make_all_claims() {
  Registry registry;
  register_claims_core(registry);
  register_claims_core_vectors(registry);
  register_claims_000(registry);
  register_claims_000_statistical(registry);
  register_claims_000_protocol(registry);
  register_claims_000_privacy(registry);
  register_claims_001(registry);
  register_claims_002(registry);
  register_claims_003(registry);
  register_claims_004(registry);
  register_claims_audit(registry);
  register_claims_learners(registry);
  register_claims_experiments(registry);
  return registry;
}

const Registry& all_claims() {
  static const Registry registry = make_all_claims();
  return registry;
}

}  // namespace dpb::verify
