// Golden vectors (e) `accountants` (docs/vectors.md §10): the privacy accountants of reference/privacy/accountants.hpp
// (pure DP → RDP, RDP → (ε,δ) standard and seed 000 Lemma 10, zCDP → (ε,δ) Canonne–Kamath–Steinke, advanced
// composition / Theorem 7, returning users) and the exact pure ε of a few small views (reference/privacy/
// privacy_profile.hpp). Values are decimals rounded in the accountant's safe direction. Reference only (both
// builds regenerate them with it).
#pragma once

#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

CategoryFile generate_accountants();

}  // namespace dpb::verify::vectors
