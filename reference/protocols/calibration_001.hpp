// Calibrations of seed 001's mechanisms (Chowdhury & Zhou, ICML 2022, arXiv:2202.05567; docs/privacy-001.md),
// certified: every ceiling of an irrational expression is decided exactly (refined MPFI enclosures), every range
// condition is decided exactly, every σ is rounded up to the grid 2^−32 (σ̄, the value the samplers use), and every
// derived quantity is reported (as an enclosure when irrational).
//
//   ldp-gauss  Cor. B.3 / Prop. F.1: σ = 4√(2 ln(2.5/δ₀))/ε₀, ε₀ ∈ (0, 1], δ₀ ∈ (0, 1].
//   p-amp      Thm 3.2 / B.1: σ₁ = σ₂ = 4√(2 ln(2.5B/δ) ln(2/δ))/(ε√B), ε ∈ (0, √(ln(2/δ)/B)], δ ∈ (0, 1];
//              ε₀ = ε√(B/ln(2/δ)), δ₀ = δ/B, δ′ = δ/2 and Lemma B.4's (ε̃, δ̃) or "not applicable".
//   p-vec      Thm 3.5 / C.1: p = 1/4, g = max{⌈2√B⌉, d, 4}, b = ⌈24·10⁴ g² ln²(4(d²+1)/δ)/(ε²B)⌉, ε ∈ (0, 15],
//              δ ∈ (0, 1/2); with a main-text constant C: b = ⌈C g² ln²(d²/δ)/(ε²B)⌉.
//   tree       Prop. F.3 (central, Shariff–Sheffet): m = ⌈log₂ N⌉ + 1 levels, leaf sensitivity Δ_z = 2(L² + Y²) = 4
//              (‖triu(zzᵀ − z′z′ᵀ)‖₂ ≤ ‖z‖² + ‖z′‖²), view sensitivity M₀·√m·Δ_z, σ_node = the least σ̄ on the grid
//              2^−32 whose exact Gaussian δ(ε) is certified ≤ δ (bisection), ε ∈ (0, 1], δ ∈ (0, 1).
// Returning users (Thms E.3, E.5; M = ⌈T/B⌉ batches): ε_m = ε/(2√(2M ln(2/δ))) rounded down and δ_m = δ/(2M)
// substituted into B.1 / C.1 as the proofs do (their ranges then apply per batch); ε ≥ 1 refused (Thm E.2); the
// printed closed forms are reported beside.
// Profile `paper-code` (spec 001 §6.3): the authors' code's constants, uncertified (no privacy claim): ldp-gauss
// s = √(ln(2.5/δ))/ε; p-amp s = √(ln(2.5B/δ))/(ε√B); p-vec g = max(2√B, d, 4) (real), b = C·g² ln²(d/δ)/(ε²B)
// (C = 1 by default; numpy truncates b); tree s = √(ln n)·ln(2.5/δ)/ε.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/privacy/seed001.hpp"

namespace dpb::ref {

enum class Profile001 { Theorem, PaperCode };

inline constexpr unsigned kSigmaGridBits = 32;

struct Calibration001Input {
  std::string variant;               // ldp-gauss, p-amp, p-vec, tree, fmt
  Profile001 profile = Profile001::Theorem;
  std::optional<Rational> eps, delta;  // --eps, --delta
  std::optional<Integer> n;            // --n: batch size B (p-amp, p-vec), users n (fmt), horizon n (tree paper-code)
  std::optional<Integer> horizon;      // --horizon: T (returning users), N leaves (tree)
  std::optional<Integer> d;            // --d (p-vec, tree)
  std::optional<Rational> vec_constant;  // --vec-constant (p-vec)
  bool returning = false;              // --returning
  std::optional<Integer> rounds_per_user;  // --rounds-per-user M₀ (tree)
  std::optional<Rational> eps0, delta0, delta_prime;  // fmt (and ldp-gauss: eps0, delta0)
};

// One derived quantity: exact (a rational or an integer) or an enclosure; `note` says what it is.
struct Quantity {
  std::string name;
  std::optional<Rational> exact;
  std::optional<Interval> enclosure;
  std::string note;
  std::optional<bool> flag;       // for yes/no results (applicable, in range)
  std::optional<std::string> text;
};

struct Calibration001 {
  std::string variant, profile, source;
  std::vector<Quantity> quantities;  // in the order they are derived
  const Quantity* find(const std::string& name) const;
};

// ParameterError ("calibrate: parameter 'NAME' must be …, got VALUE") for any input outside the variant's theorem.
Calibration001 calibrate_001(const Calibration001Input& in);

bool is_variant_001(const std::string& variant);

// The pieces, for claims and tests.
struct AmpSigma {
  Interval sigma, eps0;
  Rational sigma_bar;
};
AmpSigma thm32_sigma(const Rational& eps, const Rational& delta, const Integer& B);  // no range check
// ε² B ≤ ln(2/δ), decided exactly.
bool thm32_in_range(const Rational& eps, const Rational& delta, const Integer& B);
// The tree's σ_node (Prop. F.3, 4.3): the least σ̄ on the grid 2^−32 whose exact Gaussian δ(ε) at the view
// sensitivity M₀·√m·4 is certified <= δ (no range check: the exact profile holds for every ε > 0, δ ∈ (0, 1)).
Rational tree_sigma_node(const Rational& eps, const Rational& delta, const Integer& N, const Integer& M0);
// The authors' code's constants (spec 001 §6.3; profile paper-code, no privacy claim), as reals: calibrate_001's
// paper-code branches and the learners' paper-code profile both use these.
RealFn paper_code_ldp_s(const Rational& eps, const Rational& delta);                    // √(ln(2.5/δ))/ε
RealFn paper_code_amp_s(const Rational& eps, const Rational& delta, const Integer& B);   // √(ln(2.5B/δ))/(ε√B)
RealFn paper_code_tree_s(const Rational& eps, const Rational& delta, const Integer& n);  // √(ln n)·ln(2.5/δ)/ε
// g = max(2√B, d, 4) (real) and its exact square; b = C·g²·ln²(d/δ)/(ε²B) (real).
RealFn paper_code_vec_g(const Integer& B, const Integer& d);
Rational paper_code_vec_g_squared(const Integer& B, const Integer& d);
RealFn paper_code_vec_b(const Rational& eps, const Rational& delta, const Integer& B, const Integer& d,
                        const Rational& C);

// Returning users (Thms E.3, E.5): M = ⌈T/B⌉ batches, ε_m = ε/(2√(2M ln(2/δ))) rounded down (Thm E.2, δ′ = δ/2)
// and δ_m = δ/(2M) — the per-batch target `calibrate p-amp|p-vec --returning` substitutes into B.1 / C.1. No range
// check: `composition_in_range` says whether Thm E.2's hypothesis ε < 1 holds (calibrate refuses ε >= 1; the
// learners run and label the point "outside Thm E.x's range: no privacy guarantee"). ParameterError naming n or
// horizon unless 1 <= B <= T.
struct ReturningSplit001 {
  Integer M;
  Rational eps_m, delta_m;
  bool composition_in_range = true;  // ε < 1
};
ReturningSplit001 returning_split_001(const Rational& eps, const Rational& delta, const Integer& B, const Integer& T);

// g and b of Thm C.1 (no range check).
std::pair<Integer, Integer> thm35_g_b(const Rational& eps, const Rational& delta, const Integer& B, const Integer& d);

}  // namespace dpb::ref
