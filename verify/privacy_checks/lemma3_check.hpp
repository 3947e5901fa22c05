// Claim 000.lemma3 (Chowdhury & Zhou 2023, arXiv:2206.05772, App. E.2, Lemma 3 =
// Agarwal–Kairouz–Liu 2021 Thm 3.5): for integer α ≥ 2,
//   D_α(Sk(Δ, σ²) ‖ Sk(0, σ²)) ≤ αΔ²/(2σ²) + min(((2α−1)Δ² + 6Δ)/(4σ⁴), 3Δ/(2σ²)),
// checked against the exact divergence on Z, a certified enclosure (reference/privacy/skellam_renyi.hpp: the window
// sum from the certified Skellam pmf plus certified bounds of both tails).
// Verdict per (σ², Δ, α): holds if the enclosure's upper end ≤ the bound, violated if its lower end is above it.
// `sigma_factor` scales σ for the negative control (the bound keeps the unscaled σ²). docs/privacy-000.md §5.3.
#pragma once

#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::privacy_checks {

// Enclosure of D_α(Sk(Δ, σ²) ‖ Sk(0, σ²)) on Z (α integer ≥ 2, Δ ≥ 1, σ² > 0): ref::skellam_renyi_exact.
Interval skellam_renyi_exact(const Rational& sigma2, long Delta, long alpha, mpfr_prec_t prec);

struct Lemma3Grid {
  std::vector<Rational> sigma2;
  std::vector<long> Delta;
  std::vector<long> alpha;
};
Lemma3Grid lemma3_grid(Suite suite);
Outcome check_lemma3(const Lemma3Grid& grid, const Rational& sigma_factor = Rational(1));

}  // namespace dpb::verify::privacy_checks
