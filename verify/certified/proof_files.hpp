// Z3 proof files as a checker (method `proof`): every proofs/<prefix>*.smt2 runs through Z3 in process, and its first
// answer is compared with the file's "; expect: sat|unsat" line. holds iff every file answers as expected (lemmas
// unsat, mutants and witnesses sat); violated if one answers the other way; inconclusive on `unknown`, a missing
// expectation, or no file at all. Used by 000.decode.proofs, 004.eta-xi.z3 and 004.votes.proofs.
#pragma once

#include <string>

#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

Outcome check_proof_files(const std::string& prefix);

}  // namespace dpb::verify::certified
