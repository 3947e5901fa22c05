// Exact calibration of the template protocol P = (R, S, A) for every variant of seed 000.
//
// Spec: seed 000 (Chowdhury & Zhou, ICLR 2023, arXiv:2206.05772; docs/architecture.md §11), the instantiations of
// its template protocol: Theorem 1 (Dist-DP, Pólya), Theorem 2 (Dist-RDP, Skellam), Theorem 3 (pure DP via
// shuffling, with the noise at ε′ = ε/2 that docs/protocol-000.md explains), Theorem 4 (Dist-CDP, discrete
// Gaussian), Theorem 5 (central, Algorithms 2–3), Theorem 6 (local, Algorithms 4–5; Lemma 5's constant c).
// Claims carried: 000.comm-bits (bits per message), 000.accuracy (the τ that the tail checks test).
// docs/protocol-000.md gives every formula with its source and the choices the paper leaves open.
//
// Symbols as in the paper: eps = ε, n = batch size l(b), g = precision, tau = τ, m = modulus, s = scaling factor,
// p = accuracy failure probability, L = log(2/p) (natural log).
//
// Every ceiling of a real expression is computed exactly: g = ⌈q√n⌉ with q rational by integer square roots, and
// τ = ⌈(irrational)⌉ by a certified interval enclosure (MPFI) refined until both ends have the same ceiling.
// Nothing passes through a double.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "reference/core/rational.hpp"

namespace dpb::ref {

enum class Variant {
  DistDP,   // Theorem 1: SecAgg + per-user Pólya difference, pure DP
  DistRDP,  // Theorem 2: SecAgg + per-user Skellam, RDP
  DistCDP,  // Theorem 4: SecAgg + per-user discrete Gaussian, concentrated DP
  Shuffle,  // Theorem 3: relaxed SecAgg by shuffling + per-user Pólya difference at ε′ = ε/2, pure DP
  Central,  // Theorem 5: no local noise; the analyzer adds Lap_Z(g/ε)
  Local,    // Theorem 6: per-user Lap_Z(g/ε), local pure DP
};

// "dist-dp", "dist-rdp", "dist-cdp", "shuffle", "central", "local".
std::string_view variant_name(Variant v);
// Throws ParameterError (function `function`, parameter "variant") for an unknown name.
Variant parse_variant(std::string_view name, std::string_view function = "parse_variant");

// The law of one user's noise η_i in R (or of the analyzer's noise, for Central).
enum class NoiseKind {
  None,
  PolyaDifference,   // γ⁺ − γ⁻, γ^± i.i.d. Pólya(r, β), β = e^{−1/scale}
  Skellam,           // Sk(0, variance)
  DiscreteGaussian,  // N_Z(0, variance)
  DiscreteLaplace,   // Lap_Z(scale), β = e^{−1/scale}
};
std::string_view noise_kind_name(NoiseKind k);

struct NoiseLaw {
  NoiseKind kind = NoiseKind::None;
  Rational polya_r;   // PolyaDifference only
  Rational scale;     // PolyaDifference, DiscreteLaplace: β = e^{−1/scale}
  Rational variance;  // Skellam, DiscreteGaussian
};

struct CalibrationInput {
  Rational eps;                  // ε > 0 (the theorem's privacy parameter)
  Integer n;                     // batch size, 1 <= n <= horizon
  Integer horizon;               // T >= 1; the default p is 1/T (so T >= 2 when p is not given)
  std::optional<Rational> s;     // scaling factor >= 1 (DistRDP, DistCDP only; default 1)
  std::optional<Rational> p;     // accuracy failure probability in (0, 1); default 1/T
  std::optional<Rational> c;     // Lemma 5's constant (Local only); default default_lemma5_c()
};

// Default of Lemma 5's constant c (Local variant): ref::lemma5_constant() = 159421/100000, a rational just above
// the smallest constant valid for every scale, c∞ = (1 − e^{−1/2})^{−1/2} ≈ 1.5942 (reference/privacy/
// lemma5_constant.hpp, claim 000.lemma5). Lemma 5 is stated for Lap_Z(1/ε) at every ε > 0, so it covers the
// per-user Lap_Z(g/ε) here. docs/protocol-000.md also proves the simpler constant c = 2 valid (a cross-check).
Rational default_lemma5_c();

// The optimized build holds residues, sums and thresholds in 64-bit integers; accumulation adds two residues < m
// and then subtracts m once, so 2m − 2 must fit in int64 with room to spare: m <= 2^62 (proofs/000.*-bv64).
inline const Integer kMaxModulus = Integer(1) << 62;

struct Calibration {
  Variant variant{};
  // Inputs, exactly as used.
  Rational eps;
  Integer n;
  Integer horizon;
  Rational s{1};             // 1 for variants without a scaling factor
  Rational p;                // target failure probability of the decode (accuracy) event
  std::optional<Rational> c; // Local only
  // The ε that calibrates the noise: eps, except Shuffle where it is ε′ = ε/2.
  Rational eps_noise;
  // Shuffle only (Theorem 3): ε̃ = ε/4 (relaxed-SecAgg security), q̃ = p′ = p/2.
  std::optional<Rational> eps_tilde, q_tilde, p_prime;

  Integer g;          // precision
  Integer tau;        // accuracy parameter τ
  Integer m;          // modulus n·g + 2τ + 1
  Integer threshold;  // n·g + τ: the analyzer corrects underflow when ŷ > threshold
  unsigned bits_per_message = 0;  // ⌈log₂ m⌉

  NoiseLaw per_user_noise;  // η_i in R
  NoiseLaw analyzer_noise;  // Central only: η in A (Algorithm 3)
  NoiseLaw aggregate_noise; // the exact law of Σ_i η_i (kind None when it has no closed form, i.e. DistCDP)

  // The theorem's bound on P[the decoded sum differs from Σx̂/g by more than τ/g], i.e. P[|Σ_i η_i| > τ]
  // (for Shuffle q̃ + p′, which equals p). Local: holds given that c is a valid Lemma 5 constant.
  Rational failure_probability;
  std::string source;  // "seed 000, Theorem 1" etc.
};

// Computes the calibration, or throws ParameterError naming the offending parameter and its value:
// eps <= 0, eps outside the theorem's range, n < 1, n > horizon, horizon < 1, s < 1 (or s given to a variant
// without one), p outside (0, 1), c <= 0 (or c given to a variant other than Local), m > 2^62.
Calibration calibrate(Variant variant, const CalibrationInput& input);

// ⌈q·√n⌉ for rational q >= 0 and integer n >= 0, exactly (integer square root of ⌊q²n⌋).
Integer ceil_rational_times_sqrt(const Rational& q, const Integer& n);

}  // namespace dpb::ref
