// Every registered claim, in the order of the list in all_claims.cpp (core first, then seeds 000 … 004).
#pragma once

#include "verify/claims/registry.hpp"

namespace dpb::verify {

// Builds a fresh registry by calling every registration function (throws std::invalid_argument on a bad claim).
Registry make_all_claims();
// The registry built once per process.
const Registry& all_claims();

}  // namespace dpb::verify
