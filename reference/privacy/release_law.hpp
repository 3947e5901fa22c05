// The noise law of one release, as a learner records it for the privacy ledger (reference/privacy/ledger.hpp;
// issue 11 §3, docs/privacy-000.md "Ledger"). Both builds' learners record the same laws (LearnerOptions::
// record_ledger, off by default), so that their ledgers are byte-identical (ledger_text).
//
// A release is an integer Y = S + N released to the decision maker, S an integer statistic of the observations it
// covers (Release::arm/first/count: per-arm pull indices, or round indices for full-information learners), N the
// noise. `sensitivity` is Δ = the largest change of S when one observation is replaced under the paper's relation
// (for a sum of rewards on the grid 1/(G·q): Δ = G·q). Everything is exact (no floating point).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "reference/core/rational.hpp"

namespace dpb::ref {

enum class LawFamily : std::uint8_t {
  exact,              // no noise (a non-private release): ε = ∞ unless Δ = 0
  discrete_laplace,   // N ~ Lap_Z(scale): pure ε = Δ/scale (Fact 3 / Def 4 of seed 000)
  report_noisy_max,   // one coordinate of a Report-Noisy-Max: N ~ Lap_Z(scale) per coordinate, only the argmax
                      // is output; the releases of one RNM call share Release::round and Release::index and count
                      // once: pure ε = 2Δ/scale under a relation that moves coordinates in both directions
                      // (docs/privacy-000.md "Ledger", selection releases)
  skellam,            // N ~ Sk(0, scale) (scale = variance): RDP, Lemma 3 at integer α
  protocol_pure,      // a protocol batch whose calibrated guarantee is pure ε = `guarantee` (shuffle: Theorem 3)
  protocol_zcdp,      // a protocol batch whose calibrated guarantee is ρ-zCDP, ρ = `guarantee` (an upper bound)
  // Seed 001 (reference/privacy/release_law_001.hpp; docs/privacy-001.md §11 "Ledgers of seed 001"):
  gaussian,           // a Gaussian mechanism (rounding to a grid is post-processing): `scale` = σ² per coordinate,
                      // `sensitivity` = Δ², the SQUARED ℓ₂ sensitivity of the whole released vector (exact
                      // rationals; Δ = 2√2 is irrational). RDP α·Δ²/(2σ²) at every α > 1; releases composed by the
                      // exact Gaussian composition μ² = Σ Δ²/σ² (Dong, Roth, Su 2019, Cor. 3.3)
  approx_dp,          // a release with a certified (ε, δ) guarantee and no curve: ε = `guarantee`, δ = `scale`
                      // (P_Amp's Lemma B.4, P_Vec's certified bound); composed by the basic theorem (Σε, Σδ)
};

// What one observation is: one pull of one arm (bandit feedback: the user of that round, whose observed reward is
// the pulled arm's), or one round's whole reward vector (full information / DTOL).
enum class ObservationUnit : std::uint8_t { arm_pull, round };

struct ReleaseLaw {
  LawFamily family = LawFamily::exact;
  ObservationUnit unit = ObservationUnit::arm_pull;
  Rational scale;        // discrete_laplace, report_noisy_max: t of Lap_Z(t); skellam, gaussian: the variance;
                         // approx_dp: δ (upper bound)
  Rational sensitivity;  // Δ, in the released integer's units (gaussian: Δ², the squared ℓ₂ sensitivity)
  Rational guarantee;    // protocol_pure: ε; protocol_zcdp: ρ (upper bound); approx_dp: ε (upper bound)
  friend bool operator==(const ReleaseLaw&, const ReleaseLaw&) = default;
};

std::string_view law_family_name(LawFamily f);
std::string_view observation_unit_name(ObservationUnit u);
// "discrete_laplace arm_pull scale=… sensitivity=… guarantee=…" (exact rationals), the ledger text's law line.
std::string describe(const ReleaseLaw& law);

// Convenience constructors.
ReleaseLaw laplace_law(const Rational& scale, const Rational& sensitivity,
                       ObservationUnit unit = ObservationUnit::arm_pull);
ReleaseLaw report_noisy_max_law(const Rational& scale, const Rational& sensitivity);  // unit = round
// ParameterError (naming the function's variance / sensitivity_sq / eps / delta) unless variance > 0,
// sensitivity_sq >= 0, eps >= 0, delta in [0, 1).
ReleaseLaw gaussian_law(const Rational& variance, const Rational& sensitivity_sq,
                        ObservationUnit unit = ObservationUnit::round);
ReleaseLaw approx_dp_law(const Rational& eps, const Rational& delta, ObservationUnit unit = ObservationUnit::round);

}  // namespace dpb::ref
