// Plain-text renderings for the terminal: the results table of a run and the list of registered claims.
#pragma once

#include <string>
#include <vector>

#include "verify/claims/runner.hpp"

namespace dpb::verify {

// Display width of UTF-8 text (code points; every character in our figures is one column wide).
std::size_t display_width(const std::string& text);

// Columns id, verdict, expected, key figure; a row whose verdict differs from its expectation starts with '!'.
// Ends with a summary line.
std::string format_results_table(const std::vector<ClaimResult>& results, double seconds);

// Columns id, method, expected, statement.
std::string format_claims_list(const std::vector<const Claim*>& claims);

}  // namespace dpb::verify
