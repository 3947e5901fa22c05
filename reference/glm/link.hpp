// The GLM layer of seed 003 (Sarmasarkar 2026, arXiv:2602.00417): the two links, their derivatives, the log-partition
// b, the loss ℓ = b(⟨x,θ⟩) − r⟨x,θ⟩ and its gradient (μ(⟨x,θ⟩) − r)·x, all as CertifiedReal values of the exact
// z = ⟨x,θ⟩ (a rational: contexts and parameters live on dyadic grids), and exact Bernoulli(μ(z)) rewards.
//   logistic (Def. 4.1, Sec. 4): b(z) = ln(1 + e^z), μ = 1/(1 + e^{−z}), μ̇ = μ(1 − μ), μ̈ = μ̇(1 − 2μ);
//   probit (the experiments, Sec. 8; spec 003 §2.1): μ = Φ, μ̇ = φ, μ̈ = −zφ, and the quasi-likelihood
//     b(z) = zΦ(z) + φ(z) − φ(0), whose derivative is Φ, so the loss has gradient (Φ − r)x as the authors' code uses.
// Exact values (flagged so that every decision on them is exact): μ(0) = ½ (both links), μ̇(0) = ¼, μ̈(0) = 0,
// b(0) = 0 (probit), a gradient entry with x_j = 0, or with μ(z) exact and equal to r. Every other value is an
// irrational enclosure (for logistic e^z is transcendental for rational z ≠ 0, Lindemann; for probit irrationality is
// not known and the precision cap of certified_real.hpp applies). docs/protocol-003.md "GLM layer and exact rewards".
// Claims: 003.f1 (self-concordance), 003.f2 (Lemma G.2), via verify/certified/seed003_glm.*.
#pragma once

#include <string_view>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/glm/certified_real.hpp"

namespace dpb::ref {

enum class Link { logistic, probit };

// |z| ≤ 4096 (contexts give |z| ≤ ‖θ‖ ≤ S): beyond, probit's e^{−z²/2} would leave MPFR's exponent range. Every
// function below refuses a larger |z| (ParameterError naming `z`), and check_parameter refuses S > 4096.
inline constexpr long kGlmMaxAbsZ = 4096;

std::string_view link_name(Link link);
// "logistic" or "probit"; otherwise ParameterError naming `link`.
Link parse_link(std::string_view name);

// Enclosures of the link's functions at the exact z (used by CertifiedReal and by the checkers).
Interval mu_enclosure(Link link, const Rational& z, mpfr_prec_t prec);
Interval mu_dot_enclosure(Link link, const Rational& z, mpfr_prec_t prec);
Interval mu_ddot_enclosure(Link link, const Rational& z, mpfr_prec_t prec);
Interval b_enclosure(Link link, const Rational& z, mpfr_prec_t prec);
// sup_z μ̇(z) = μ̇(0): ¼ (logistic), 1/√(2π) (probit).
Interval mu_dot_sup_enclosure(Link link, mpfr_prec_t prec);

CertifiedReal mu(Link link, const Rational& z);
CertifiedReal mu_dot(Link link, const Rational& z);
CertifiedReal mu_ddot(Link link, const Rational& z);
CertifiedReal b(Link link, const Rational& z);

// Exact inner product of two equal-length rational vectors (ParameterError on a length mismatch).
Rational inner(const std::vector<Rational>& x, const std::vector<Rational>& theta);

// ℓ(θ; x, r) = b(⟨x,θ⟩) − r⟨x,θ⟩ and ∇_θ ℓ = (μ(⟨x,θ⟩) − r)·x (one entry per coordinate).
CertifiedReal loss(Link link, const std::vector<Rational>& theta, const std::vector<Rational>& x, const Rational& r);
std::vector<CertifiedReal> gradient(Link link, const std::vector<Rational>& theta, const std::vector<Rational>& x,
                                    const Rational& r);

// The reward r ∈ {0, 1} ~ Bernoulli(μ(z)) (R = 1 for both links), drawn by bernoulli() of certified_real.hpp.
template <BitSource B>
int sample_reward(Link link, const Rational& z, B& bits) {
  return bernoulli(mu(link, z), bits) ? 1 : 0;
}

// Validation at the boundary (ParameterError naming the parameter and the value):
//   a context x ∈ 2^−q·Z^d with ‖x‖₂ ≤ 1 (exact), d ≥ 1; a parameter θ ∈ 2^−q·Z^d with ‖θ‖₂ ≤ S, S > 0.
void check_context(const std::vector<Rational>& x, unsigned q, std::string_view function);
void check_parameter(const std::vector<Rational>& theta, const Rational& S, unsigned q, std::string_view function);
// κ* ≥ 1/sup μ̇: 4 (logistic), √(2π) (probit), decided exactly (κ*² ≥ 2π by a certified comparison with π).
void check_kappa_star(Link link, const Rational& kappa_star, std::string_view function,
                      std::string_view parameter = "kappa_star");

}  // namespace dpb::ref
