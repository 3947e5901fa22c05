// Conformance mode of `dpbandit audit external --mechanism tree` (docs/audit.md, "Conformance: the tree
// mechanism"; errata "Conformance mode"): another implementation's releases of the binary-tree mechanism (seed 001's
// tree, seed 003's matrix trees: Sarmasarkar 2026, arXiv:2602.00417, Sec. 6, Lemma I.4, App. P) for declared inputs,
// tested against the exact law.
//
// Inputs: --params FILE, JSON {"T", "dim", "sigma", "symmetrisation": "none"|"half"|"root2"} (σ the std of Z′;
// none: i.i.d. N(0, σ²) per entry and dim = the vector length; half/root2: a dim×dim symmetric matrix given as its
// upper triangle row by row, entry variances c_e·σ² with c_e = 1, ½ (half) or 2, 1 (root2) on and off the
// diagonal); --inputs FILE, T lines, one leaf per line (L numbers: dim, or dim(dim+1)/2); --d FILE, one run per line
// (T prefixes in order, T·L numbers). Numbers are decimals separated by spaces. Prefixes are raw (no λI, no
// projection).
//
// Law: prefix_t = S_t + Σ_{node ∈ cover(t)} z_node (cover: the dyadic nodes of t's set bits), nodes independent,
// z_node,e ~ N(0, c_e σ²). Tests, per prefix t and entry e, over the R runs: (1) the mean, z = Σ(x − S)/√(R·v),
// v = c_e σ²·popcount(t) (exact normal); (2) the variance, Σ(x − S)²/v ~ χ²_R (exact, two-sided); (3) for t with
// ≥ 2 cover nodes, the innovation (x_t − S_t) − (x_{t'} − S_{t'}), t′ = t without its lowest set bit, which under
// the law is the new node's noise alone, N(0, c_e σ²), independent of the earlier prefix: Σ innovation²/(c_e σ²)
// ~ χ²_R (this tests the covariance of prefixes sharing nodes: Var(x_t − x_t′) = v_t + v_t′ − 2 Cov). Holm across
// all tests at α = 1 − confidence. MODEL-MISMATCH names the most significant deviation; otherwise
// NO-MISMATCH-DETECTED with the smallest deviation detectable with probability ≥ ½ at the strictest Holm level
// α/#tests: a variance factor outside [r_lo, r_hi] on one prefix, or a mean shift of z/√R prefix standard deviations.
//
// Bad input (ParameterError naming params, inputs or d): unreadable files, a wrong count of numbers on a line, a
// number that is not a finite decimal, T·L > 10⁶, fewer than 20 runs.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "reference/protocols/tree_mechanism.hpp"

namespace dpb::verify::audit {

struct TreeLawParams {
  std::uint64_t T = 1;
  std::uint32_t dim = 1;
  double sigma = 1;
  ref::Symmetrisation symmetrisation = ref::Symmetrisation::None;
  std::size_t labels() const;
};

TreeLawParams read_tree_params(const std::string& path);

struct TreeConformanceResult {
  bool mismatch = false;
  std::uint64_t runs = 0;
  std::size_t tests = 0;
  double alpha = 0.05;
  std::string deviation;  // the most significant test (always filled: the closest call when no mismatch)
  double variance_ratio_low = 0, variance_ratio_high = 0, mean_shift_sd = 0;  // detectable deviations
  nlohmann::json details = nlohmann::json::object();
  std::string mechanism = "tree";  // "tree" or "p-amp"
};

TreeConformanceResult audit_tree_conformance(const std::string& params_path, const std::string& inputs_path,
                                             const std::string& outputs_path, double confidence);

// `--mechanism p-amp` (seed 001's P_Amp, Alg. 2–4; docs/audit.md "Conformance: P_Amp and P_Vec"), on the same tests:
// --params JSON {"B", "d", "sigma", "part": "vector"|"matrix"} (σ the per-user noise std; matrix: the upper triangle,
// d(d+1)/2 entries, each N(0, σ²) as the paper's symmetric noise), --inputs B lines of the users' label values
// (L numbers: d, or d(d+1)/2), --d one run per line: the analyzer's sum (L numbers) or the shuffled messages (B·L
// numbers, summed per entry). Law: the sum is Σ_u v_u + N(0, Bσ²) per entry, i.i.d. — the one-leaf tree with
// σ√B — so the tests are the tree's (mean, variance) plus, per entry, Pearson's X² goodness of fit of the
// standardised deviations over 10 equiprobable bins of N(0, 1) (df 9), all under Holm.
TreeConformanceResult audit_p_amp_conformance(const std::string& params_path, const std::string& inputs_path,
                                              const std::string& outputs_path, double confidence);

std::string summary_line(const TreeConformanceResult& r);
nlohmann::json to_json(const TreeConformanceResult& r);

}  // namespace dpb::verify::audit
