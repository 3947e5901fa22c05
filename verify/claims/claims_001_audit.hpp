// The checker of the claims 001.<mechanism>.audit (claims_001_audit.cpp; docs/audit.md "Seed 001's mechanisms"),
// exposed for the negative controls (tests/verify/claims/seed001_audit_claims_stat_test.cpp): `noise_divisor` k > 1 runs
// the target's leaky twin (noise σ̄/k, or ⌈b/k⌉ noise bits), the claim unchanged.
#pragma once

#include <string>

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify {

Outcome seed001_audit_outcome(const std::string& target, const RunOptions& o, const Rational& noise_divisor);

}  // namespace dpb::verify
