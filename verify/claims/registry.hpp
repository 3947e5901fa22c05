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

#include <string>
#include <string_view>
#include <vector>

#include "verify/claims/claim.hpp"

namespace dpb::verify {

// `<seed>.<label>`: seed 000–004 or `core`; label of [a-z0-9], with single '.', '_' or '-' between parts.
bool is_well_formed_claim_id(std::string_view id);

// fnmatch(3) glob on ids: '*', '?', '[...]'. "000.*" matches every claim of seed 000; "*.fact1" every fact1.
bool glob_matches(std::string_view pattern, std::string_view id);

// The claim with its multiplicity family set: registry.add(in_family("audits", Claim{...})).
inline Claim in_family(std::string family, Claim claim) {
  claim.family = std::move(family);
  return claim;
}

class Registry {
 public:
  // Throws std::invalid_argument naming the claim when the id is malformed or taken, or a field is missing.
  // Returns the stored claim, e.g. to set an optional field: registry.add(Claim{...}).expected_full = ...; the
  // reference is valid until the next add.
  Claim& add(Claim claim);

  // A multiplicity family: claims with `family == name` share the family-wise level `alpha` (Bonferroni: each
  // claim's α is alpha / the family's size, recomputed as claims join). Declare a family before its first claim.
  // Throws std::invalid_argument for a taken name, an empty description or alpha outside (0, 1).
  struct Family {
    std::string name;
    double alpha = 0;
    std::string description;
  };
  void add_family(Family family);
  const std::vector<Family>& families() const { return families_; }
  const Family* find_family(std::string_view name) const;
  std::size_t family_size(std::string_view name) const;

  const std::vector<Claim>& claims() const { return claims_; }
  std::size_t size() const { return claims_.size(); }
  const Claim* find(std::string_view id) const;
  Claim* find(std::string_view id);  // to set optional fields after registration (not alpha: the registry's)
  // Claims whose id matches the glob, in registration order (empty when none does).
  std::vector<const Claim*> match(std::string_view pattern) const;

 private:
  std::vector<Claim> claims_;
  std::vector<Family> families_;
};

}  // namespace dpb::verify
