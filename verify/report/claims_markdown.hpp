// docs/claims.md, generated from the registry (`dpbandit verify --list --format markdown > docs/claims.md`).
// tests/verify/report/claims_markdown_test.cpp fails when the committed file differs from this rendering.
#pragma once

#include <string>
#include <vector>

#include "verify/claims/claim.hpp"

namespace dpb::verify {

inline constexpr const char* kClaimsDocCommand = "build/dpbandit verify --list --format markdown > docs/claims.md";

// One table row per claim: id, statement, source, method, expected verdict, grid.
std::string claims_markdown(const std::vector<const Claim*>& claims);

}  // namespace dpb::verify
