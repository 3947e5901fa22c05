#include "verify/certified/seed001_corollaries.hpp"

#include <algorithm>

namespace dpb::verify::certified {

Monomial::Monomial(std::initializer_list<std::pair<const std::string, Rational>> e) : exponent(e) {}

Monomial Monomial::operator*(const Monomial& o) const {
  Monomial r = *this;
  for (const auto& [s, a] : o.exponent) r.exponent[s] += a;
  return r;
}

Monomial Monomial::operator/(const Monomial& o) const { return *this * o.pow(Rational(-1)); }

Monomial Monomial::pow(const Rational& a) const {
  Monomial r;
  for (const auto& [s, e] : exponent) r.exponent[s] = e * a;
  return r;
}

Rational Monomial::of(const std::string& symbol) const {
  const auto it = exponent.find(symbol);
  return it == exponent.end() ? Rational(0) : it->second;
}

std::string Monomial::text() const {
  std::string out;
  for (const auto& [s, e] : exponent) {
    if (e == 0) continue;
    if (!out.empty()) out += " ";
    out += s + (e == 1 ? "" : "^(" + dpb::to_string(e) + ")");
  }
  return out.empty() ? "1" : out;
}

namespace {

// Symbols: d, eps, T; L_T = log(T/δ), L_2 = log(2/δ), L_d = log(d²/δ), L_dT = log(d²T/δ); logT, logTa = log(T/α).
Monomial sym(const std::string& s, const Rational& a = Rational(1)) { return Monomial{{s, a}}; }

// Thm B.1 (P_Amp, unique users; the appendix form, spec 001 §9 item 15): dB log T + L_B^{1/4} L_2^{1/4}
// ε^{−1/2} B^{−1/4} d^{3/4} T^{3/4} √log T log(T/α), with log(B/δ) ≤ log(T/δ) = L_T (B ≤ T).
std::vector<Monomial> thm_b1(const Monomial& B) {
  return {sym("d") * B * sym("logT"),
          sym("L_T", Rational(1, 4)) * sym("L_2", Rational(1, 4)) * sym("eps", Rational(-1, 2)) * B.pow(Rational(-1, 4)) *
              sym("d", Rational(3, 4)) * sym("T", Rational(3, 4)) * sym("logT", Rational(1, 2)) * sym("logTa")};
}
// Thm C.1 (P_Vec): dB log T + L_d^{1/2} ε^{−1/2} B^{−1/4} d^{3/4} T^{3/4} √log T log(T/α).
std::vector<Monomial> thm_c1(const Monomial& B) {
  return {sym("d") * B * sym("logT"),
          sym("L_d", Rational(1, 2)) * sym("eps", Rational(-1, 2)) * B.pow(Rational(-1, 4)) * sym("d", Rational(3, 4)) *
              sym("T", Rational(3, 4)) * sym("logT", Rational(1, 2)) * sym("logTa")};
}
// Thm E.3 (P_Amp, returning users): dB + (T/√(εB)) d^{3/4} log^{3/4}(T/δ).
std::vector<Monomial> thm_e3(const Monomial& B) {
  return {sym("d") * B, sym("T") * sym("eps", Rational(-1, 2)) * B.pow(Rational(-1, 2)) * sym("d", Rational(3, 4)) *
                            sym("L_T", Rational(3, 4))};
}
// Thm E.5 (P_Vec, returning users): dB + (T/√(εB)) d^{3/4} log^{3/4}(d²M/δ), log(d²M/δ) ≤ log(d²T/δ) = L_dT.
std::vector<Monomial> thm_e5(const Monomial& B) {
  return {sym("d") * B, sym("T") * sym("eps", Rational(-1, 2)) * B.pow(Rational(-1, 2)) * sym("d", Rational(3, 4)) *
                            sym("L_dT", Rational(3, 4))};
}

}  // namespace

std::vector<Corollary> seed001_corollaries() {
  const Rational q(1, 5);
  std::vector<Corollary> out;
  {
    Corollary c{"3.3", "Thm 3.2 / B.1 (P_Amp)", sym("T", Rational(3, 5)), thm_b1,
                sym("T", Rational(3, 5)) * sym("L_T", Rational(1, 2)) * sym("eps", Rational(-1, 2)),
                {"logT", "logTa", "d"}, {}, ""};
    // Thm 3.2 needs ε ≤ √(log(2/δ)/B): ε ≤ L_2^{1/2} T^{−3/10}
    c.range_note = "Thm 3.2 needs eps <= sqrt(log(2/delta)/B) = log^{1/2}(2/delta) T^(-3/10): the corollary speaks "
                   "about the theorem only for eps shrinking like T^(-3/10)";
    out.push_back(c);
  }
  {
    const Monomial B = sym("d", -q) * sym("eps", Rational(-2, 5)) * sym("T", Rational(3, 5)) * sym("L_T", q) * sym("L_2", q);
    Corollary c{"b2", "Thm B.1 (P_Amp)", B, thm_b1,
                sym("d", Rational(4, 5)) * sym("T", Rational(3, 5)) * sym("eps", Rational(-2, 5)) * sym("L_T", q) * sym("L_2", q),
                {"logT", "logTa"}, {}, ""};
    // Remark 3.4: (ε√(B/log(2/δ)), δ/B)-LDP
    c.derived.push_back({"ldp_eps0", {sym("eps") * B.pow(Rational(1, 2)) * sym("L_2", Rational(-1, 2)),
                                      sym("eps", Rational(4, 5)) * sym("T", Rational(3, 10)) * sym("d", Rational(-1, 10)) *
                                          sym("L_T", Rational(1, 10)) * sym("L_2", Rational(-2, 5))}});
    c.derived.push_back({"ldp_delta0_over_delta", {B.pow(Rational(-1)),
                                                   sym("d", q) * sym("T", Rational(-3, 5)) * sym("eps", Rational(2, 5)) *
                                                       sym("L_T", -q) * sym("L_2", -q)}});
    c.range_note = "Thm B.1 needs eps <= sqrt(log(2/delta)/B), i.e. eps^(8/5) <= d^(1/5) T^(-3/5) L_T^(-1/5) L_2^(4/5): "
                   "eps = O(T^(-3/8)) up to d and logs";
    out.push_back(c);
  }
  {
    const Monomial B = sym("d", -q) * sym("eps", Rational(-2, 5)) * sym("T", Rational(3, 5)) * sym("L_d", Rational(2, 5));
    Corollary c{"c2", "Thm C.1 (P_Vec)", B, thm_c1,
                sym("d", Rational(4, 5)) * sym("T", Rational(3, 5)) * sym("eps", Rational(-2, 5)) * sym("L_d", Rational(2, 5)),
                {"logT", "logTa"}, {}, ""};
    // Remark 3.7: (ε√B, δ)-LDP
    c.derived.push_back({"ldp_eps0", {sym("eps") * B.pow(Rational(1, 2)),
                                      sym("eps", Rational(4, 5)) * sym("T", Rational(3, 10)) * sym("d", Rational(-1, 10)) *
                                          sym("L_d", Rational(1, 5))}});
    c.range_note = "Thm C.1 needs eps <= 15, delta < 1/2 and B <= T: every eps >= d^(-1/2) T^(-1) L_d up to constants";
    out.push_back(c);
  }
  {
    Corollary c{"remark3.6", "Thm 3.5 / C.1 (P_Vec)", sym("T", Rational(3, 5)), thm_c1,
                sym("T", Rational(3, 5)) * sym("L_d", Rational(1, 2)) * sym("eps", Rational(-1, 2)),
                {"logT", "logTa", "d"}, {}, "Thm 3.5 needs eps <= 15 only: the rate holds for a wide range of eps"};
    out.push_back(c);
  }
  {
    const Monomial B = sym("d", Rational(-1, 6)) * sym("eps", Rational(-1, 3)) * sym("T", Rational(2, 3)) * sym("L_T", Rational(1, 2));
    Corollary c{"e4", "Thm E.3 (P_Amp, returning users)", B, thm_e3,
                sym("d", Rational(5, 6)) * sym("T", Rational(2, 3)) * sym("eps", Rational(-1, 3)) * sym("L_T", Rational(1, 2)),
                {}, {}, ""};
    c.range_note = "Thm E.3 needs eps <= 2 sqrt(2T) log(2/delta)/B (reconstructed), i.e. eps^(2/3) <= T^(-1/6) up to d "
                   "and logs: eps = O(T^(-1/4))";
    out.push_back(c);
  }
  {
    const Monomial B = sym("d", Rational(-1, 6)) * sym("eps", Rational(-1, 3)) * sym("T", Rational(2, 3)) * sym("L_dT", Rational(1, 2));
    Corollary c{"e6", "Thm E.5 (P_Vec, returning users)", B, thm_e5,
                sym("d", Rational(5, 6)) * sym("T", Rational(2, 3)) * sym("eps", Rational(-1, 3)) * sym("L_dT", Rational(1, 2)),
                {}, {}, "Thm E.5 needs eps <= 15, delta < 1/2: no eps range beyond that"};
    out.push_back(c);
  }
  return out;
}

namespace {

// The logarithms are ordered: log(2/δ) ≤ log(T/δ) (T ≥ 2), log(2/δ) ≤ log(d²/δ) (d ≥ 2), both ≤ log(d²T/δ). A positive
// power of a smaller one is bounded by the same power of a larger one: move it up (to a larger symbol with a negative
// exponent first), so that "every exponent ≤ 0" decides boundedness of a ratio of logarithms.
Monomial push_logs_up(Monomial r) {
  const auto move = [&](const std::string& from, const std::vector<std::string>& to) {
    const Rational e = r.of(from);
    if (e <= 0) return;
    std::string target = to.front();
    for (const std::string& t : to)
      if (r.of(t) < 0) {
        target = t;
        break;
      }
    r.exponent[from] = 0;
    r.exponent[target] += e;
  };
  move("L_2", {"L_T", "L_d"});
  move("L_T", {"L_dT"});
  move("L_d", {"L_dT"});
  return r;
}

}  // namespace

Outcome check_corollary(const Corollary& c) {
  Outcome o;
  nlohmann::json terms = nlohmann::json::array(), derived = nlohmann::json::array(), failures = nlohmann::json::array();
  const auto hidden = [&](const std::string& s) { return std::find(c.hidden.begin(), c.hidden.end(), s) != c.hidden.end(); };
  bool balanced = true;
  for (const Monomial& t : c.terms(c.B)) {
    const Monomial r = t / c.rate;
    bool bounded = true;
    bool equal = true;
    for (const auto& [s, e] : r.exponent)
      if (e != 0 && !hidden(s)) equal = false;
    for (const auto& [s, e] : push_logs_up(r).exponent) {
      if (hidden(s)) continue;
      // ε <= 1 in every theorem's range: a positive power of ε is bounded; every other symbol grows
      if (s == "eps" ? e < 0 : e > 0) bounded = false;
    }
    balanced = balanced && equal;
    terms.push_back({{"term", t.text()}, {"term_over_rate", r.text()}, {"bounded", bounded}});
    if (!bounded) failures.push_back("term " + t.text() + " exceeds the rate by " + r.text());
  }
  for (const auto& [name, pair] : c.derived) {
    const bool same = (pair.first / pair.second).text() == "1";
    derived.push_back({{"name", name}, {"computed", pair.first.text()}, {"stated", pair.second.text()}, {"equal", same}});
    if (!same) failures.push_back(name + ": computed " + pair.first.text() + ", stated " + pair.second.text());
  }
  // B within the theorem's B ∈ [T] asymptotically: 0 <= T-exponent <= 1
  const Rational bt = c.B.of("T");
  if (bt < 0 || bt > 1) failures.push_back("B = " + c.B.text() + " is not in [1, T] as T grows");
  o.verdict = failures.empty() ? Verdict::holds : Verdict::violated;
  o.key_figure = failures.empty() ? std::string("B = ") + c.B.text() + " gives " + c.rate.text() +
                                        (balanced ? " (terms balanced)" : "")
                                  : failures[0].get<std::string>();
  o.evidence = {{"method", "exact exponent arithmetic on monomials (rational exponents; constants and the hidden "
                           "symbols dropped)"},
                {"theorem", c.theorem},
                {"B", c.B.text()},
                {"rate", c.rate.text()},
                {"hidden", c.hidden},
                {"terms", terms},
                {"derived", derived},
                {"theorem_range_at_B", c.range_note},
                {"failures", failures}};
  return o;
}

}  // namespace dpb::verify::certified
