// Certified checkers of seed 003's P_GD claims (Sarmasarkar 2026, arXiv:2602.00417, App. T, Algorithm 7; spec 003 §6
// G3, §3.3 privacy, §3.4 / Lemma I.6; registered in verify/claims/claims_003_pgd.cpp; docs/protocol-003.md "P_GD",
// docs/privacy-003.md "P_GD"). Each checker takes what it checks as a parameter, so that
// tests/verify/certified/seed003_pgd_test.cpp can hand it a deliberately wrong twin, which it must reject.
#pragma once

#include <functional>
#include <vector>

#include "reference/protocols/calibration_003_pgd.hpp"
#include "reference/protocols/p_gd.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

// ---- 003.g3: every iterate θ_t (t <= T_it) and θ̄ lie in Θ, decided exactly, for P_GD runs on a grid of settings
// (ball S ∈ {1/2, 2}, a diagonal and a correlated ellipsoid; links logistic and probit; steps large enough that the
// projection is active; several seeds); plus the iterate rule alone on a lattice of points outside each Θ. `make`
// builds the optimizer under test from (params, n, d) (the real one: ref::PGd without faults). Violated with the
// first point found outside; the evidence counts runs, iterates, projections and shrink steps. ----
using PgdFactory = std::function<ref::PGd(const ref::PgdParams& params, std::size_t n, std::size_t d)>;
Outcome check_g3(const PgdFactory& make);

// ---- 003.pgd.privacy: the composed budget of P_GD against the paper's targets, relative to Lemma S.1's per-step
// guarantee (the per-step (ε_step, δ_step) is the lemma's statement, labelled; docs/privacy-003.md). For each
// setting the checker recomputes advanced composition from the calibration's (ε_step, δ_step, T_it) itself
// (δ′ = δ_opt/(T_it + 1); MPFI, both ends):
//   Alg. 1: (ε_opt, δ_opt) = (ε/2, δ/2): ε_total <= ε/2 and T_it δ_step + δ′ <= δ/2;
//   Alg. 2: c calls at (ε_o, δ_o) = (ε/(6√(2c ln(4/δ))), δ/(6c)) (ε_o rounded down), each call composed as above,
//           then advanced composition over the c calls with δ′ = δ/6: <= (ε/3, δ/3). A call with T_it = 0 releases
//           nothing (ε = 0).
// Verdict (errata "Privacy verdicts"): holds when every certified upper bound is within its target; otherwise
// inconclusive — an accountant above the target is not a privacy violation (no lower bound on the mechanism's loss
// is computed); the evidence says at which points even the accountant's lower end is above. The evidence also
// reports the same grid under `--step-budget corrected` (ln((T_it+1)/δ) in ε_step). `calibrate` is the calibration
// under test (ref::calibrate_pgd, step budget taken from its input).
struct PgdPrivacyGrid {
  std::vector<Rational> alg1_eps, alg1_delta;
  std::vector<long> alg1_n, alg1_d;
  std::vector<Rational> alg2_eps, alg2_delta;
  std::vector<long> alg2_calls, alg2_n;
};
// The registered grid: Alg. 1 ε ∈ {1/2, 1, 4} × δ ∈ {10⁻², 10⁻⁵} × n ∈ {10³, 10⁵, 10⁷} × d ∈ {1, 3, 10};
// Alg. 2 ε ∈ {1, 4} × δ ∈ {10⁻², 10⁻⁵} × c ∈ {1, 10, 100} × n ∈ {10⁴, 10⁶}, d = 3.
PgdPrivacyGrid pgd_privacy_grid();
using PgdCalibrator = std::function<ref::PgdCalibration(const ref::CalibrationPgdInput&)>;
Outcome check_pgd_privacy(const PgdCalibrator& calibrate, const PgdPrivacyGrid& grid = pgd_privacy_grid());

}  // namespace dpb::verify::certified
