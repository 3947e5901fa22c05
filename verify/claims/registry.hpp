// The claims registry: the ordered list of every claim `dpbandit verify` knows.
//
// How a claim gets in (explicit registration; no static initialisers, which a static library drops when nothing
// references their object file):
//   1. a registration file verify/claims/claims_<seed>[_<topic>].cpp defines
//        void register_claims_<seed>[_<topic>](Registry& registry) { registry.add(Claim{...}); ... }
//      in namespace dpb::verify;
//   2. one line in the list of verify/claims/all_claims.cpp calls it.
// Registry::add refuses malformed ids, duplicates and claims without a statement, source, grid or checker, so a
// mistake fails the first test or run that builds the registry.
#pragma once

#include <string_view>
#include <vector>

#include "verify/claims/claim.hpp"

namespace dpb::verify {

// `<seed>.<label>`: seed 000–004 or `core`; label of [a-z0-9], with single '.', '_' or '-' between parts.
bool is_well_formed_claim_id(std::string_view id);

// fnmatch(3) glob on ids: '*', '?', '[...]'. "000.*" matches every claim of seed 000; "*.fact1" every fact1.
bool glob_matches(std::string_view pattern, std::string_view id);

class Registry {
 public:
  // Throws std::invalid_argument naming the claim when the id is malformed or taken, or a field is missing.
  // Returns the stored claim, e.g. to set an optional field: registry.add(Claim{...}).expected_full = ...; the
  // reference is valid until the next add.
  Claim& add(Claim claim);

  const std::vector<Claim>& claims() const { return claims_; }
  std::size_t size() const { return claims_.size(); }
  const Claim* find(std::string_view id) const;
  // Claims whose id matches the glob, in registration order (empty when none does).
  std::vector<const Claim*> match(std::string_view pattern) const;

 private:
  std::vector<Claim> claims_;
};

}  // namespace dpb::verify
