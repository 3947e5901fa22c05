// The corollaries of seed 001 (Chowdhury and Zhou's shuffle-private linear contextual bandits, arXiv:2202.05567 as
// reconstructed in the project's spec 001 §5; issue 18, errata "Corollaries"): each picks a batch size B and
// substitutes it into a theorem's regret bound. A bound and a B are monomials in the problem's quantities with
// rational exponents — d, ε, T and the logarithms log(T/δ), log(2/δ), log(d²/δ), log(d²T/δ) as symbols, log T and
// log(T/α) hidden by Õ — so the corollary is checked exactly: after substitution every term of the theorem's bound,
// divided by the stated rate, must be bounded (exponent ≤ 0 in T, d and the logs — a smaller log's positive power
// moved onto a larger one: log(2/δ) ≤ log(T/δ), log(d²/δ) ≤ log(d²T/δ); ≥ 0 in ε, which the theorems keep ≤ 1), and the corollary's derived privacy parameters (LDP ε₀, δ₀) must be the stated monomials. The
// minus signs the text extraction lost are restored (spec 001 §9 item 14). The theorem's own range condition at the
// chosen B is reported as the ε-range on which the corollary is a statement about the theorem.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::certified {

// x₁^{a₁}·x₂^{a₂}·… with rational exponents (a missing symbol has exponent 0); constants are dropped (O(·)).
struct Monomial {
  std::map<std::string, Rational> exponent;
  Monomial() = default;
  Monomial(std::initializer_list<std::pair<const std::string, Rational>> e);
  Monomial operator*(const Monomial& o) const;
  Monomial operator/(const Monomial& o) const;
  Monomial pow(const Rational& a) const;
  Rational of(const std::string& symbol) const;
  std::string text() const;  // "d^(4/5) eps^(-2/5) T^(3/5) ..."
};

struct Corollary {
  std::string id, theorem;
  Monomial B;                                       // the corollary's batch size
  std::function<std::vector<Monomial>(const Monomial& B)> terms;  // the theorem's bound at B, term by term
  Monomial rate;                                    // the stated regret
  std::vector<std::string> hidden;                  // symbols Õ (or the statement) drops: log T, log(T/α), d, …
  std::vector<std::pair<std::string, std::pair<Monomial, Monomial>>> derived;  // (name, (computed, stated))
  std::string range_note;                           // the theorem's condition at this B, in words
};

// The five corollaries of the issue and Remark 3.6, with the restored signs.
std::vector<Corollary> seed001_corollaries();
Outcome check_corollary(const Corollary& c);

}  // namespace dpb::verify::certified
