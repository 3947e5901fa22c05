// Certified checkers of P_Vec's privacy claims (seed 001: Thm 3.5 / C.1, Remark 3.7, Cors C.2–C.3; issue 17;
// docs/privacy-001.md §6). The upper bounds come from reference/privacy/p_vec_privacy.hpp (truncated Rényi moments
// of the joint, ℓ₂-constrained worst change of one user); the lower bounds from an exact single-label hockey stick.
// Each checker takes the calibration under test so that tests/verify/certified/seed001_pvec_privacy_test.cpp can
// hand it an under-calibrated twin, which must not hold (and, far enough below, must be violated).
#pragma once

#include <functional>
#include <optional>
#include <utility>

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

// (ε, δ, B, d) → (g, b): the calibration under test (Thm 3.5's is ref::thm35_g_b).
using PVecCalibrationFn = std::function<std::pair<Integer, Integer>(const Rational& eps, const Rational& delta,
                                                                    const Integer& B, const Integer& d)>;

// The largest noise n = B·b at which the exact lower bound below is computed (its window has ~40σ + shift terms).
inline const Integer kPVecLowerBoundMaxTrials = Integer(1) << 20;

// A certified lower bound of δ(ε) for the neighbour pair that moves one label by `shift` units and nothing else
// (r = 2Δ: φ = e₁, y = −1 against y′ = +1 moves the vector label 1 from t = 0 to t = g; φφᵀ does not change):
// Bin(n, p) against Bin(n, p) + shift, the larger of the two directions, the hockey stick summed on a window of
// certified pmf values (omitted terms are ≥ 0). nullopt when n > kPVecLowerBoundMaxTrials.
std::optional<Rational> pvec_shift_delta_lower_bound(const Integer& n, const Rational& p, const Integer& shift,
                                                     const Rational& eps);

// ---- 001.thm3.5.privacy: P_Vec at the calibration's (g, b) is (ε, δ)-SDP (shuffled view = per-label counts, the
// B users' noise Bin(B·b, ¼) per label): certified upper bound ε̃ at δ and δ̃ at ε for r = 2Δ (r = Δ with 2g + b bits
// reported beside); a point holds when ε̃ ≤ ε, is violated when the exact lower bound exceeds δ at ε. ----
Outcome check_thm35_privacy(const PVecCalibrationFn& calibration, Suite suite);

// ---- 001.vec.ldp: one user's messages (n = b) at Thm 3.5's (g, b) are (ε√B, δ)-LDP (Remark 3.7, Cor. C.2), and at
// Cor. C.3's calibration (B = 1: g = max{d, 4}) (ε₀, δ₀)-LDP. ----
Outcome check_vec_ldp(const PVecCalibrationFn& calibration, Suite suite);

}  // namespace dpb::verify::certified
