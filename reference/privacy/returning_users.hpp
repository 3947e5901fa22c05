// Returning users (seed 000 App. I, Assumption 2): a user takes part in at most B batches (possibly across several
// T-round runs), at most once per batch. The per-batch calibration of a seed-000 variant such that the B batches a
// user enters compose to a target (ε, δ), by one of three routes (docs/privacy-000.md §4.2 "Returning users"):
//
//   approx  every variant. App. I's per-batch (ε_i, δ_i) = (ε/(2√(2B log(1/δ′))), δ/(2B)), δ′ = δ/2 (Theorem 7 =
//           Dwork–Roth Cor. 3.21), and then the exact Dwork–Roth Thm 3.20 expression √(2B log(1/δ′)) ε_i +
//           B ε_i (e^{ε_i} − 1) checked ≤ ε with upward rounding (Cor. 3.21 assumes ε < 1; the check does not);
//           refused (naming eps) when it fails. The batch then has to be (ε_i, δ_i)-DP: pure variants are calibrated
//           at ε_i; dist-rdp and dist-cdp at the largest theorem ε (found by bisection) whose one-batch Rényi curve,
//           converted at δ_i by Lemma 10, is ≤ ε_i.
//   rdp     dist-rdp, dist-cdp. The B-fold composition of the batch's Rényi curve (the ledger's curve,
//           release_rdp_curve(protocol_release_law(batch)): Lemma 3 with Δ = g, σ² = g²/ε² for Skellam; α·ρ with ρ =
//           ½ε̂² of Lemma 4 for the sum of discrete Gaussians), on rdp_grid_for's α grid, converted at δ by
//           Lemma 10 (§5.9), rounded up; the theorem ε is the largest found by bisection whose total is ≤ ε.
//   pure    dist-dp, shuffle, central, local (Remark 9, basic composition): each batch at ε/B, total B·(ε/B) = ε.
//
// The bisection keeps a certified point: every returned calibration was checked at its own parameters (the
// predicate is not exactly monotone in ε because g = ⌈sε√n⌉ jumps; the result is valid, possibly not the largest).
// The theorem ε is finally rounded down to 6 significant decimal digits when that point still passes the check.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reference/core/rational.hpp"
#include "reference/privacy/accountants.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/protocols/calibration.hpp"

namespace dpb::ref {

enum class ReturningRoute { Approx, Rdp, Pure };

// "approx", "rdp", "pure".
std::string_view returning_route_name(ReturningRoute r);
// ParameterError (function `function`, parameter "route") for an unknown name.
ReturningRoute parse_returning_route(std::string_view name, std::string_view function = "parse_returning_route");
// approx: every variant; rdp: dist-rdp, dist-cdp; pure: dist-dp, shuffle, central, local.
bool returning_route_applies(Variant v, ReturningRoute r);

// B ≤ 2^40: the bound of every count the CLI takes (--n, --horizon). B may exceed T (Assumption 2 counts batches over
// several runs). At B = 2^40 the pure route's per-batch ε is 2^−40·ε, whose noise scale g/ε_b still gives m ≤ 2^62
// for T ≤ 2^40 at ε ≥ 2^−2 (τ ≈ (g/ε_b) log(2T)); beyond that the modulus limit refuses (naming eps).
inline const Integer kMaxReturningBatches = Integer(1) << 40;

struct ReturningInput {
  CalibrationInput base;          // base.eps: the TOTAL ε over B batches; n, horizon, s, p, c as for one batch
  Integer B;                      // batches per user, 1 ≤ B ≤ kMaxReturningBatches
  ReturningRoute route = ReturningRoute::Approx;
  std::optional<Rational> delta;  // approx, rdp: the total δ ∈ (0, 1); pure: absent
};

struct ReturningCalibration {
  Variant variant{};
  ReturningRoute route{};
  Integer B;
  Rational eps_target;
  Rational delta_target;  // 0 for pure

  std::optional<ReturningUsersBudget> budget;  // approx: ε_i, δ_i, δ′, the Thm 3.20 total, Bδ_i + δ′
  // The guarantee each batch must give: approx (ε_i, δ_i); pure (ε/B, 0); rdp: none (the curve is composed).
  std::optional<Rational> batch_eps_required, batch_delta_required;
  // What the calibrated batch gives: pure variants their exact pure ε; dist-rdp/cdp on the approx route the Lemma 10
  // conversion of the one-batch curve at δ_i (upper bound, ≤ ε_i).
  std::optional<Rational> batch_eps_certified;

  Rational eps_param;  // the theorem's ε the batch is calibrated at
  Calibration batch;   // calibrate(variant, base with eps = eps_param)
  // The batch's noise: Skellam / discrete Gaussian: the aggregate variance g²/ε_b² (per user: /n); Pólya difference
  // and discrete Laplace: the scale g/ε_b of the aggregate Lap_Z (shuffle: g/ε′_b). In reward units (divided by g²):
  // 1/ε_b² exactly for dist-rdp and dist-cdp.
  std::optional<Rational> variance_reward_units;  // dist-rdp, dist-cdp

  Rational eps_total_upper;  // approx: Thm 3.20 total (rounded up); rdp: Lemma 10 of the B-fold curve; pure: B·ε_b
  Rational delta_total;      // approx: Bδ_i + δ′ = δ exactly; rdp: δ; pure: 0
  std::optional<Rational> alpha;  // rdp: an α attaining the minimum of Lemma 10
  std::string method;             // one line
};

// ParameterError naming the parameter (CLI names: "returning-batches", "route", "delta", "eps", or calibrate's own)
// for B outside [1, 2^40], a route the variant does not have, δ missing/outside (0, 1) on approx and rdp or given on
// pure, a Thm 3.20 total above ε, or no theorem ε in (0, 2^20] that meets the route's target.
ReturningCalibration calibrate_returning(Variant variant, const ReturningInput& input);

// Lemma 10 (§5.9) on a fixed α grid at a fixed δ: the corrections log(1/(αδ))/(α−1) + log(1 − 1/α) enclosed once.
struct ComposedRdp {
  Interval eps;    // enclosure of min over the grid of value(α) + correction(α), both ends clamped at 0
  Rational alpha;  // the α of the smallest upper end
};
class Lemma10Grid {
 public:
  // ParameterError unless δ ∈ (0, 1), the grid non-empty, every α > 1.
  Lemma10Grid(std::vector<Rational> alphas, const Rational& delta);
  const std::vector<Rational>& alphas() const { return alphas_; }
  const Rational& delta() const { return delta_; }
  // values[i] is an upper bound of the curve at alphas()[i] (same size).
  ComposedRdp minimum(const std::vector<Rational>& values) const;

 private:
  std::vector<Rational> alphas_;
  Rational delta_;
  std::vector<Interval> correction_;
};

// The α grids of this module: the accountant's real grid α − 1 = 2^{j/16} (j ≤ 224) extended by 2^{j/8} up to 2^40,
// and the ledger's integer grid extended by a += ⌊a/11⌋ from 4096 up to 2^40 (tiny per-batch ρ put the optimal α far
// beyond the ledger's 3687 and the accountant's 2^14 + 1; every α > 1 — integer for Lemma 3 — is a valid point).
const std::vector<Rational>& returning_real_alpha_grid();
const std::vector<Rational>& returning_integer_alpha_grid();
// The grid for a law's curve: the real grid for protocol_zcdp (α·ρ holds at every real α > 1), the integer grid
// otherwise (Lemma 3 needs integer α). The curve's values on a grid (release_rdp_curve's formulas).
const std::vector<Rational>& rdp_grid_for(const ReleaseLaw& law);
std::vector<Rational> rdp_values(const ReleaseLaw& law, const std::vector<Rational>& alphas);

// The B-fold composition of `batch`'s Rényi curve (protocol_release_law(batch) on rdp_grid_for), converted at δ by
// Lemma 10.
ComposedRdp compose_batch_rdp(const Calibration& batch, const Integer& B, const Rational& delta);
// The same on a prepared grid (its δ), for repeated calls.
ComposedRdp compose_batch_rdp(const Calibration& batch, const Integer& B, const Lemma10Grid& grid);

// The rdp route of dist-rdp with the EXACT Skellam curve (issue 22; docs/privacy-000.md §4.2): the calibrated batch's
// D_α(Sk(g, σ²) ‖ Sk(0, σ²)) on Z (ref::SkellamRenyiExact; the modular view is a post-processing of it), composed
// B-fold and converted by Lemma 10 at δ, minimised over up to `max_alphas` integer α of
// returning_integer_alpha_grid() within [α*/8, 8α*] (α* the Lemma-3 optimum r.alpha) — a minimum over a subset is
// still an upper bound. Reported beside the Lemma-3 total (which calibrate_returning keeps: the exact curve is too slow
// inside its bisection), never replacing it. `computed` false (with `note`) for another variant or route, or when no
// α's window fits kSkellamRenyiMaxWindow (σ² or αg too large).
struct ExactSkellamTotal {
  bool computed = false;
  Rational eps_upper;        // Lemma 10 of the B-fold exact curve, upper end
  Rational alpha;            // the α attaining it
  std::size_t alphas_evaluated = 0;
  std::string note;
};
ExactSkellamTotal exact_skellam_rdp_total(const ReturningCalibration& r, std::size_t max_alphas = 16);

// User-level composition for returning users (App. I, Assumption 2; relations.hpp returning_users): a user
// contributes at most one observation to a release and enters at most B releases, possibly in several runs of the
// same schedule (one release charged up to ⌈B/|entries|⌉ times). The ledger charges a user's worst B releases:
//   pure laws only: the exact sum of the B largest pure ε (with that repetition);
//   otherwise: per α the sum of the B largest curve values (an upper bound for every choice of B releases — the
//     composition adds curves), converted at options.delta by Lemma 10 on the common grid (the real grid when every
//     law is protocol_zcdp, else the integer grid).
// ParameterError naming `B` (< 1), `entries` (empty, law out of range), `delta` (missing for a non-pure law), `laws`
// (a family without a Rényi curve: exact, approx_dp).
LedgerResult compose_returning_user(std::span<const ReleaseLaw> laws, std::span<const LedgerEntry> entries,
                                    std::uint64_t B, const LedgerOptions& options = {});

}  // namespace dpb::ref
