// The exact Rényi divergence of the Skellam law against its shift (Chowdhury & Zhou 2023, arXiv:2206.05772, App.
// E.2; docs/privacy-000.md §5.3): D_α(Sk(Δ, σ²) ‖ Sk(0, σ²)) on Z for integer α ≥ 2, Δ ≥ 1, σ² > 0, as a certified
// enclosure (upper end rounded up):
//   window |x| ≤ W: Σ p(x−Δ)^α p(x)^{1−α} from the certified Skellam pmf (reference/pmf/skellam.hpp);
//   right tail x > W: p(x−Δ)/p(x) ≤ (1 + 2x/σ²)^Δ for x ≥ Δ (Amos 1974: I_{ν+1}(z)/I_ν(z) ≥ z/(ν+1+√((ν+1)²+z²))
//     ≥ z/(2(ν+1)+z), ν ≥ 0) and p(x) ≤ (σ²/2)^x/x! (I_x(z) ≤ (z/2)^x I_0(z)/x!), so each term is at most
//     t(x) = (σ²/2)^x/x! (1 + 2x/σ²)^{αΔ}, whose ratio t(x+1)/t(x) ≤ σ²/(2(x+1)) (1 + 2/(σ²+2x))^{αΔ} decreases in x;
//     W is chosen so that this ratio is ≤ 1/2 at x = W + 1, and the tail is ≤ 2 t(W+1) (with x! ≥ (x/e)^x);
//   left tail x < −W: there p(x−Δ) ≤ p(x) (the law is unimodal and symmetric), so each term is ≤ p(x) and the tail
//     is ≤ P[X ≥ W+1] (certified upper_tail).
// The window W grows with σ² (≥ 3σ²) and with αΔ; past kSkellamRenyiMaxWindow the divergence is not computed
// (nullopt from try_divergence; divergence() throws std::runtime_error). The pmf table is shared across (Δ, α).
// Used by claim 000.lemma3 (verify/privacy_checks/lemma3_check.*) and by the rdp route of returning users
// (exact_skellam_rdp_total, reference/privacy/returning_users.hpp).
#pragma once

#include <optional>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/pmf/skellam.hpp"

namespace dpb::ref {

inline constexpr long kSkellamRenyiMaxWindow = 40000;

class SkellamRenyiExact {
 public:
  explicit SkellamRenyiExact(const Rational& sigma2);  // ParameterError unless σ² > 0
  // ParameterError naming Delta (< 1) or alpha (< 2); nullopt when the window would exceed kSkellamRenyiMaxWindow.
  std::optional<Interval> try_divergence(long Delta, long alpha, mpfr_prec_t prec);
  Interval divergence(long Delta, long alpha, mpfr_prec_t prec);  // std::runtime_error past the window limit

 private:
  const Interval& pmf_at(long k, mpfr_prec_t prec);
  Rational sigma2_;
  SkellamPmf sk_;
  std::vector<Interval> p_;  // P[X = k], k = 0, 1, … (symmetric law)
};

// A one-off divergence (no shared table).
Interval skellam_renyi_exact(const Rational& sigma2, long Delta, long alpha, mpfr_prec_t prec);

}  // namespace dpb::ref
