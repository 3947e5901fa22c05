// Conformance mode of `dpbandit audit external --mechanism p-vec-matrix` (seed 003's P₂, the matrix P_Vec;
// docs/audit.md "External implementations: conformance"; errata "Conformance mode"): does someone else's P₂ follow
// the declared law? Inputs:
//   params   JSON {"n", "d", "g", "b", "p", "Delta"} (decimal numbers or "a/b" strings; optional "range": "2delta"
//            (default) or "delta"): the declared calibration;
//   inputs   n lines, each one user's upper triangle (d(d+1)/2 numbers, row-major), ‖X‖_F <= Δ (checked exactly);
//   outputs  one analyzer output a line: the d(d+1)/2 upper-triangle entries, or all d² entries (then the matrix must
//            be exactly symmetric).
// Under the declared law each output entry is o = (r/g)(C − p·b·n) − n·Δ with C = Σ_u x̂_u + Bin(n·b, p), x̂_u =
// ⌊(x_u + Δ)g/r⌋ + Bernoulli(frac): C is an integer in [0, n·ℓ] (checked per output, to 10⁻³ of a count unit for
// decimal rounding) and a sum of n(b + 1) independent terms of range 1, so by Hoeffding the mean of m outputs has
// P(|C̄ − E C| >= t) <= 2 exp(−2 m t²/(n(b + 1))) — an exact (conservative) p-value per label, E C = Σ_u (x_u + Δ)g/r
// + p·b·n exactly. Holm across the labels at α = 1 − confidence. MODEL-MISMATCH when a deterministic check fails or
// a test rejects; else NO-MISMATCH-DETECTED with the smallest deviation of a label's mean the tests would have
// detected: (r/g)·√(n(b + 1) ln(2L/α)/(2m)) in output units.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reference/protocols/p2.hpp"

namespace dpb::verify::audit {

struct PVecMatrixConformance {
  std::string verdict;  // "MODEL-MISMATCH" or "NO-MISMATCH-DETECTED"
  std::string reason;   // the first deterministic failure, or the rejected tests
  std::uint64_t outputs = 0;
  double smallest_detectable_deviation = 0;  // report-only, output units
  nlohmann::json evidence;
};

// Reads the declared parameters (ParameterError naming `params` and the field).
ref::P2Params read_p_vec_matrix_params(const std::string& path);

// From the files (ParameterError naming params, inputs or d (the outputs file) for unreadable or malformed files).
PVecMatrixConformance conformance_p_vec_matrix(const std::string& params_path, const std::string& inputs_path,
                                               const std::string& outputs_path, double confidence);

// The same on parsed data (for tests): outputs as rows of numbers.
PVecMatrixConformance conformance_p_vec_matrix(const ref::P2Params& params,
                                               const std::vector<std::vector<Rational>>& inputs,
                                               const std::vector<std::vector<Rational>>& outputs, double confidence);

// `--mechanism p-vec` (seed 001's P_Vec, Alg. 5–7, vector labels; docs/audit.md "Conformance: P_Amp and P_Vec"):
// params JSON {"n", "d", "g", "b", "p", "Delta"} (optional "range": "2delta" | "delta"; p 1/4 or 1/2), inputs n lines
// of d values in [−Δ, Δ] (the users' φy, or any label values), outputs one analyzer output (d numbers) a line. The
// same tests as above (integer counts, Hoeffding on each label's mean) plus, per label, Pearson's X² of the counts
// against their exact law Σ_u x̂_u + Bin(n·b, p) (count_gof in the .cpp), all under Holm.
ref::PVecParams read_p_vec_params(const std::string& path);
PVecMatrixConformance conformance_p_vec(const std::string& params_path, const std::string& inputs_path,
                                        const std::string& outputs_path, double confidence);
PVecMatrixConformance conformance_p_vec(const ref::PVecParams& params, const std::vector<std::vector<Rational>>& inputs,
                                        const std::vector<std::vector<Rational>>& outputs, double confidence);

}  // namespace dpb::verify::audit
