// P_Amp's shuffled view (Chowdhury & Zhou, ICML 2022, arXiv:2202.05567, App. B.1, Algorithms 2–4; Def. 2.3: the
// SDP view is the shuffler's output S∘Rⁿ), its exact likelihood ratio for a neighbour pair with the other users
// known. docs/privacy-001.md §9.
//
// Setting. One batch of B users; user 1 holds x₁ (dataset D) or x₁′ (D′), the B − 1 others hold known records. Each
// part (the vector φy, the matrix triu(φφᵀ)) is one P_Amp instance: every user's message is its label values plus
// i.i.d. rounded Gaussians K = round(c·X) (c = σ̄·2^r, grid units, reference/samplers/rounded_normal.hpp), and the
// part's B messages are released under their own uniform permutation. The view Y is, per part, the list of B
// messages in the shuffler's order.
//
// Likelihood. P_D(Y) = Π_parts (1/B!)·perm[p_{x_i}(Y_j)]_{i,j}, p_x(y) = Π_k pmf(y_k − x_k), pmf(n) = P[K = n]. The
// ratio P_D(Y)/P_D′(Y) is computed as follows (everything certified):
//   - pmf(n) = (1/c)·φ(n/c)·κ(n) with κ(n) ∈ [e^{−1/(8c²)}, cosh(|n|/(2c²))] (write the integral of φ over the cell
//     [(n − ½)/c, (n + ½)/c] around its midpoint m: φ(m)·∫_{−w}^{w} cosh(mt)e^{−t²/2}dt, w = 1/(2c)). So an entry is
//     C_j·exp(t_ij)·(a factor in [κ_lo, κ_hi]), t_ij = (m_j − ‖Y_j − x_i‖²)/(2c²) ≤ 0 (m_j the column minimum of the
//     squared distances over every row of D and D′, so C_j is common to both permanents and cancels), κ_lo =
//     e^{−L/(8c²)}, κ_hi = e^{max‖Y_j − x_i‖²/(8c⁴)} (cosh z ≤ e^{z²/2}). Each permanent term is a product of B entries,
//     hence the ratio of the Gaussian-kernel permanents times a factor in [(κ_lo/κ_hi)^B, (κ_hi/κ_lo)^B]
//     per part encloses the exact ratio of the implemented (rounded) view.
//   - Others sharing one record x₀ (errata to issue 17): perm = (B − 1)!·Π_l a_{x₀,l}·Σ_j a_{x,j}/a_{x₀,j}, so the ratio
//     is Σ_j e^{s_j(x₁)} ÷ Σ_j e^{s_j(x₁′)}, s_j(z) = (‖Y_j − x₀‖² − ‖Y_j − z‖²)/(2c²): O(B) exponentials.
//   - Arbitrary others: Ryser's formula perm(A) = (−1)^B Σ_{S ⊆ [B]} (−1)^{|S|} Π_i Σ_{j∈S} a_ij over a Gray code
//     (H. J. Ryser, Combinatorial Mathematics, 1963), in MPFI: O(2^B·B) operations, B ≤ 16. The alternating sum
//     cancels; the caller refines the precision until its decision is certain.
#pragma once

#include <cstddef>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"

namespace dpb::ref {

struct PAmpViewPart {
  std::vector<Integer> x1, x1p;              // user 1's label values on D and D′ (numerators on the grid 2^−r)
  std::vector<std::vector<Integer>> others;  // the B − 1 other users' label values (known)
};

struct PAmpView {
  Rational sigma{1};       // σ̄
  unsigned grid_bits = 0;  // r (≤ 62)
  std::vector<PAmpViewPart> parts;
};

inline constexpr std::size_t kRyserMaxBatch = 16;

// ParameterError (naming PAmpView) unless σ̄ > 0, r ≤ 62, at least one part, every part with the same B (≥ 1, ≤ 2^24
// when the others share a record, ≤ 16 otherwise) and |x₁| = |x₁′| = |each other's row| ≥ 1.
void validate(const PAmpView& view);
std::size_t pamp_view_batch(const PAmpView& view);
// Whether the part's other users all hold one record (the closed form applies).
bool others_share_record(const PAmpViewPart& part);

// Ryser's permanent of a square matrix of enclosures (1 ≤ n ≤ 16), at precision prec.
Interval permanent_ryser(const std::vector<std::vector<Interval>>& a, mpfr_prec_t prec);

// observed[part][j] = the j-th message of the part in the shuffler's order (label numerators on 2^−r).
// An enclosure of P_D(Y)/P_D′(Y) at precision prec (closed form where the others share a record, Ryser otherwise;
// `force_ryser` uses Ryser everywhere — a cross-check of the two). The enclosure may be wide (or unbounded when
// Ryser's cancellation leaves a denominator not certainly positive): refine prec until the decision is made.
Interval pamp_view_likelihood_ratio(const PAmpView& view, const std::vector<std::vector<std::vector<Integer>>>& observed,
                                    mpfr_prec_t prec, bool force_ryser = false);

// ‖x₁ − x₁′‖₂² over all parts (grid units): the squared shift of user 1's messages.
Integer pamp_view_shift2(const PAmpView& view);

}  // namespace dpb::ref
