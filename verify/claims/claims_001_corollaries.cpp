// Seed 001's corollaries (issue 18, errata "Corollaries"): the batch size each picks, substituted into the theorem it
// invokes, gives the stated rate — exact exponent arithmetic (verify/certified/seed001_corollaries.hpp), the signs the
// text extraction lost restored (spec 001 §9 item 14). Negative controls: tests/verify/certified/seed001_corollaries_test.cpp.
#include "verify/certified/seed001_corollaries.hpp"
#include "verify/claims/registry.hpp"

namespace dpb::verify {

void register_claims_001_corollaries(Registry& registry) {
  using namespace certified;
  struct Text {
    const char* id;
    const char* statement;
    const char* where;
  };
  const Text texts[] = {
      {"3.3", "Corollary 3.3: with B = O(T^{3/5}), Thm 3.2's regret is Õ(T^{3/5} log^{1/2}(T/δ)/√ε)", "Cor. 3.3"},
      {"b2",
       "Corollary B.2: with B = O(d^{−1/5}ε^{−2/5}T^{3/5} log^{1/5}(T/δ) log^{1/5}(2/δ)), Thm B.1's regret is "
       "Õ(d^{4/5}T^{3/5}ε^{−2/5} log^{1/5}(T/δ) log^{1/5}(2/δ)), and P_Amp is O(ε₀, δ₀)-LDP with ε₀ = "
       "O(ε^{4/5}T^{3/10}d^{−1/10} log^{1/10}(T/δ) log^{−2/5}(2/δ)), δ₀ = δ/B",
       "App. B, Cor. B.2"},
      {"c2",
       "Corollary C.2: with B = O(d^{−1/5}ε^{−2/5}T^{3/5} log^{2/5}(d²/δ)), Thm C.1's regret is "
       "Õ(d^{4/5}T^{3/5}ε^{−2/5} log^{2/5}(d²/δ)), and P_Vec is O(ε₀, δ)-LDP with ε₀ = ε√B = "
       "O(ε^{4/5}T^{3/10}d^{−1/10} log^{1/5}(d²/δ))",
       "App. C, Cor. C.2"},
      {"remark3.6", "Remark 3.6: with B = O(T^{3/5}), Thm 3.5's regret is Õ(T^{3/5} log^{1/2}(d²/δ)/√ε)", "Remark 3.6"},
      {"e4",
       "Corollary E.4: with B = O(d^{−1/6}ε^{−1/3}T^{2/3} log^{1/2}(T/δ)), Thm E.3's regret (returning users, P_Amp) "
       "is O(d^{5/6}T^{2/3}ε^{−1/3} log^{1/2}(T/δ))",
       "App. E, Cor. E.4"},
      {"e6",
       "Corollary E.6: with B = O(d^{−1/6}ε^{−1/3}T^{2/3} log^{1/2}(Td²/δ)), Thm E.5's regret (returning users, P_Vec) "
       "is Õ(d^{5/6}T^{2/3}ε^{−1/3} log^{1/2}(d²T/δ))",
       "App. E, Cor. E.6"},
  };
  for (const Corollary& c : seed001_corollaries()) {
    const Text* t = nullptr;
    for (const Text& x : texts)
      if (c.id == x.id) t = &x;
    const std::string id = c.id == "remark3.6" ? "001.remark-3.6" : "001.cor-" + c.id;
    registry.add(Claim{id, t->statement, {"001", t->where, c.theorem + "; spec 001 §5, §9 item 14"}, Method::certified,
                       "exponents of d, ε, T and the stated logarithms (log T, log(T/α) hidden by Õ), exact",
                       Verdict::holds, [c](const RunOptions&) { return check_corollary(c); }});
  }
}

}  // namespace dpb::verify
