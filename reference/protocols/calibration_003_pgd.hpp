// Calibration of seed 003's P_GD (Sarmasarkar 2026, arXiv:2602.00417, App. T, Algorithm 7, Lemma T.2; spec 003 §3.3,
// §6 G1/G2, §9 items 9–11, 20; docs/privacy-003.md "P_GD"), certified. At the optimizer's own budget (ε, δ) ((ε/2, δ/2)
// of Alg. 1, Alg. 2's (ε_o, δ_o)), n users, dimension d, rewards in [0, R], regulariser λ_max/(2n)·‖θ‖² and Θ with
// sup_Θ‖θ‖ <= B (B = S for the S-ball; pgd_theta_norm_bound for an ellipsoid) and diameter D (2S for the ball):
//   L      = R + λ_max·B/n (exact; spec §9 item 9's "true bound")
//   T_it   = ⌊ε²n²/(d·ln³(nd/δ))⌋ (rule log3, Alg. 7 / Sec. 5 / Lemma T.2) or ⌊ε²n²/(d·ln(nd/δ))⌋ (rule log1, Lemma
//            E.4), a certified floor; then max(T_it, min_iterations)
//   η      = 2D/(L√T_it) (step 2d, Alg. 7) or D/(L√T_it) (step d, spec §9 item 9), rounded DOWN to 40 significant
//            bits (a dyadic; Lemma T.2's bound holds for any step, the constant changes by < 2^−39)
//   ε_step = ε/(2√(2T_it ln(1/δ))) rounded down (Alg. 7's, with ln(1/δ); ref::theorem7_per_step_eps_lower_bound;
//            `corrected`: ln((T_it + 1)/δ)),
//   δ_step = δ/(T_it + 1); (g, b) = Eq. 127 at (ε_step, δ_step, n, d) (ref::eq127_g_b; Lemma S.1's range ε_step <= 15)
//   composed (advanced composition, Dwork–Roth Thm 3.20, δ′ = δ/(T_it + 1)): ε_total = ε_step√(2T_it ln(1/δ′)) +
//            T_it ε_step(e^{ε_step} − 1) rounded up, δ_total = T_it δ_step + δ′ = δ exactly
//   tighter valid accountant (Kairouz, Oh, Viswanath 2015, arXiv:1311.0776, the homogeneous composition bound):
//            ε_step√(2T_it ln(1/δ′)) + T_it ε_step·tanh(ε_step/2), with δ_total <= T_it δ_step + δ′, rounded up.
//   Both compose the per-step guarantee (ε_step, δ_step) of Lemma S.1 as the paper states it (Cheu et al. Thm 4.2);
//   the project has no certified per-step profile of P₁ at these sizes (b ~ 10^16), so the per-step input is the
//   lemma's statement, labelled so in the JSON.
// T_it = 0 is a valid result (no release; the call returns θ₀): ε_step, g, b are then absent and the cost is 0.
#pragma once

#include <optional>
#include <string>

#include "reference/core/rational.hpp"
#include "reference/protocols/calibration_001.hpp"

namespace dpb::ref {

enum class PgdIterationsRule { Log3, Log1 };
enum class PgdStepRule { TwoD, D };
// ε_step's logarithm: ln(1/δ) as Alg. 7 prints it (`paper`), or ln(1/δ′) = ln((T_it + 1)/δ), the slack advanced
// composition actually uses (`corrected`, spec 003 §9 item 20): then the first term is exactly ε/2.
enum class PgdStepBudget { Paper, Corrected };

struct CalibrationPgdInput {
  std::optional<Rational> eps, delta;  // the optimizer's own budget: --eps in (0, 15], --delta in (0, 1/2)
  std::optional<Integer> n, d;         // --n users in the call, --d dimension
  Rational R{1};                       // rewards in [0, R], R >= 1
  Rational S{1};                       // the ball's radius (D = 2S, B = S) unless theta_bound/diameter are given
  Rational lambda_max{0};              // λ_max >= 0
  std::optional<Rational> theta_bound, diameter;  // an ellipsoid's certified sup‖θ‖ and diameter bound
  PgdIterationsRule iterations_rule = PgdIterationsRule::Log3;
  PgdStepRule step_rule = PgdStepRule::TwoD;
  PgdStepBudget step_budget = PgdStepBudget::Paper;
  Integer min_iterations{0};           // T_it = max(formula, min_iterations)
};

struct PgdCalibration {
  Rational L, D, B, eta;
  Integer T_it;
  std::optional<Rational> eps_step;  // absent when T_it = 0
  Rational delta_step, delta_prime;
  Integer g{0}, b{0};
  Rational eps_total_upper{0}, eps_total_kov_upper{0}, delta_total{0};
  Calibration001 report;  // every derived quantity, for the JSON
};

// ParameterError ("calibrate: parameter 'NAME' must be …, got VALUE") outside the ranges above.
PgdCalibration calibrate_pgd(const CalibrationPgdInput& in);

// The certified floor of ε²n²/(d·ln^k(nd/δ)) (k = 3 or 1).
Integer pgd_iterations(const Rational& eps, const Rational& delta, const Integer& n, const Integer& d, unsigned k);
// Kairouz–Oh–Viswanath: ε₀√(2k ln(1/δ′)) + kε₀ tanh(ε₀/2), rounded up.
Rational kov_composition_eps_upper_bound(const Rational& eps0, const Integer& k, const Rational& delta_prime);

}  // namespace dpb::ref
