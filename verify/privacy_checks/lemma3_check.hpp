// Claim 000.lemma3 (Chowdhury & Zhou 2023, arXiv:2206.05772, App. E.2, Lemma 3 =
// Agarwal–Kairouz–Liu 2021 Thm 3.5): for integer α ≥ 2,
//   D_α(Sk(Δ, σ²) ‖ Sk(0, σ²)) ≤ αΔ²/(2σ²) + min(((2α−1)Δ² + 6Δ)/(4σ⁴), 3Δ/(2σ²)),
// checked against the exact divergence on Z, as a certified enclosure:
//   window |x| ≤ W: Σ p(x−Δ)^α p(x)^{1−α} from the certified Skellam pmf (reference/pmf/skellam.hpp);
//   right tail x > W: p(x−Δ)/p(x) ≤ (1 + 2x/σ²)^Δ for x ≥ Δ (Amos 1974: I_{ν+1}(z)/I_ν(z) ≥ z/(ν+1+√((ν+1)²+z²))
//     ≥ z/(2(ν+1)+z), ν ≥ 0) and p(x) ≤ (σ²/2)^x/x! (I_x(z) ≤ (z/2)^x I_0(z)/x!), so each term is at most
//     t(x) = (σ²/2)^x/x! (1 + 2x/σ²)^{αΔ}, whose ratio t(x+1)/t(x) ≤ σ²/(2(x+1)) (1 + 2/(σ²+2x))^{αΔ} decreases in x;
//     W is chosen so that this ratio is ≤ 1/2 at x = W + 1, and the tail is ≤ 2 t(W+1) (with x! ≥ (x/e)^x);
//   left tail x < −W: there p(x−Δ) ≤ p(x) (the law is unimodal and symmetric), so each term is ≤ p(x) and the tail
//     is ≤ P[X ≥ W+1] (certified upper_tail).
// Verdict per (σ², Δ, α): holds if the enclosure's upper end ≤ the bound, violated if its lower end is above it.
// `sigma_factor` scales σ for the negative control (the bound keeps the unscaled σ²). docs/privacy-000.md §5.3.
#pragma once

#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::privacy_checks {

// Enclosure of D_α(Sk(Δ, σ²) ‖ Sk(0, σ²)) on Z (α integer ≥ 2, Δ ≥ 1, σ² > 0).
Interval skellam_renyi_exact(const Rational& sigma2, long Delta, long alpha, mpfr_prec_t prec);

struct Lemma3Grid {
  std::vector<Rational> sigma2;
  std::vector<long> Delta;
  std::vector<long> alpha;
};
Lemma3Grid lemma3_grid(Suite suite);
Outcome check_lemma3(const Lemma3Grid& grid, const Rational& sigma_factor = Rational(1));

}  // namespace dpb::verify::privacy_checks
