#include "verify/certified/prop52_bound.hpp"

#include <cstdio>

#include "reference/learners/mase.hpp"
#include "verify/statistical/seed004_voting.hpp"

namespace dpb::verify::certified {

namespace {

Rational power(const Rational& x, std::uint64_t k) {
  Rational r = 1;
  for (std::uint64_t i = 0; i < k; ++i) r *= x;
  return r;
}

}  // namespace

Outcome check_prop52_bound(const RunOptions& options) {
  const std::uint32_t K = 10;
  const std::uint64_t A = options.suite == Suite::full ? 200 : 64;
  std::vector<Rational> xis = {Rational(0), Rational(1, 20), Rational(1, 10)};
  std::vector<Rational> deltas = {Rational(1, 20), Rational(1, 4)};
  Outcome o;
  nlohmann::json list = nlohmann::json::array();
  bool all_violated = true;
  double smallest_ratio = 0;
  for (const Rational& delta : deltas)
    for (const Rational& xi : xis) {
      const Rational eta = Rational(9, 10);
      const Rational ex = ref::eta_xi(eta, xi, K);
      const std::uint64_t M = ref::smallest_power_below(ex, delta);
      // 1 − I_ξ(α+1, M) = P(Bin(M+α, ξ) ≤ α) = 1 − P(Bin(M+α, ξ) ≥ α+1) (V4, 004.identities).
      Rational best = 0, union_partial = 0;
      std::uint64_t argmin = 0;
      for (std::uint64_t a = 0; a <= A; ++a) {
        const Rational keep = 1 - statistical::binomial_at_least(M + a, a + 1, xi);
        const Rational term = keep * delta * power(ex, a);
        if (a == 0 || term < best) {
          best = term;
          argmin = a;
        }
        union_partial += keep * power(ex, M + a);
      }
      const Rational tail = power(ex, M + A + 1) / (1 - ex);
      const Rational lower = power(ex * (1 - xi), M + 1);  // the first M + 1 agents all fail, unmasked
      const Rational printed_upper = delta * power(ex, A);  // B(ξ) = inf ≤ B_A ≤ δ·η_ξ^A
      const bool violated = lower > printed_upper;
      all_violated &= violated;
      const double ratio = (lower / best).convert_to<double>();
      if (smallest_ratio == 0 || ratio < smallest_ratio) smallest_ratio = ratio;
      list.push_back({{"delta", dpb::to_string(delta)},
                      {"eta", "9/10"},
                      {"xi", dpb::to_string(xi)},
                      {"eta_xi", ex.convert_to<double>()},
                      {"M", M},
                      {"B_A_min_over_alpha_le_A", best.convert_to<double>()},
                      {"argmin_alpha", argmin},
                      {"A", A},
                      {"B_upper_delta_eta_xi_to_A", printed_upper.convert_to<double>()},
                      {"term_alpha_0", ((1 - statistical::binomial_at_least(M, 1, xi)) * delta).convert_to<double>()},
                      {"failure_lower_bound", lower.convert_to<double>()},
                      {"e2_union_form_lower", union_partial.convert_to<double>()},
                      {"e2_union_form_upper", (union_partial + tail).convert_to<double>()}});
    }
  o.verdict = all_violated ? Verdict::violated : Verdict::inconclusive;
  char buf[200];
  std::snprintf(buf, sizeof buf, "B(xi) = inf over alpha = 0 < P(fail) >= (eta_xi(1-xi))^(M+1); min ratio at A: %.3g",
                smallest_ratio);
  o.key_figure = buf;
  o.evidence["points"] = list;
  o.evidence["method"] =
      "exact rationals: B_A = min over alpha <= A of P(Bin(M+alpha, xi) <= alpha)*delta*eta_xi^alpha; every term is at "
      "most delta*eta_xi^alpha, so the printed min over N is the infimum 0 (not attained); the failure probability "
      "of CE with the coin routine at rho = eta_xi and masks xi (strict test, M + 1 votes) is at least "
      "(eta_xi(1 - xi))^(M+1) (the first M + 1 activated agents all fail, votes unmasked)";
  o.evidence["verdict_rule"] = "violated iff at every point the exact failure lower bound exceeds delta*eta_xi^A >= "
                               "B(xi); otherwise inconclusive (a larger A would decide it)";
  return o;
}

}  // namespace dpb::verify::certified
