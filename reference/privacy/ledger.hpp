// The privacy ledger (issue 11 §3): the privacy loss of a learner's *whole output*, composed per observation.
//
// Input: the laws of the releases (release_law.hpp) and, per release, the observations it covers (one contiguous
// range of one stream: an arm's pull indices, or the round indices of a full-information learner). For every
// observation the ledger composes the releases that contain it:
//   * pure (discrete Laplace Δ/t, Report-Noisy-Max 2Δ/t per RNM call, protocol batches with a pure guarantee):
//     the exact Rational sum — the basic composition theorem, valid for adaptive composition;
//   * otherwise (Skellam releases, zCDP protocol batches, mixed with pure ones): Rényi composition on an integer α
//     grid (Skellam: Lemma 3, exact; ρ-zCDP: αρ; pure ε: pure_to_rdp_upper_bound), converted to (ε, δ) at the
//     caller's δ by seed 000's Lemma 10 (= Canonne–Kamath–Steinke 2020, Prop. 12), rounded up.
// The whole-output ε is the maximum over observations. The result names the worst observation, the releases
// that compose to it and the most releases any observation enters. docs/privacy-000.md "Ledger" gives the proofs:
// why the sum is an upper bound under adaptivity, when it is also the exact ε of the joint view (a lower bound),
// and the loss of a selection release.
//
// Exactness: pure results are exact rationals; converted results are upper bounds (`*_upper`).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/privacy/accountants.hpp"
#include "reference/privacy/release_law.hpp"
#include "reference/protocols/calibration.hpp"

namespace dpb::ref {

// One release as the ledger sees it.
struct LedgerEntry {
  std::uint32_t law = 0;     // index into the laws
  std::uint32_t stream = 0;  // the arm (ObservationUnit::arm_pull); 0 for rounds
  std::uint64_t first = 0;   // the observations [first, first + count) of the stream
  std::uint64_t count = 0;
  std::uint64_t release = 0;  // the release's position in the trajectory (or schedule)
};

// The entries of a trajectory's releases (ref::Release or fast::Release: fields round, arm, index, first, count,
// law). The releases of one Report-Noisy-Max call (same law, round and index) become one entry.
template <class Release>
std::vector<LedgerEntry> ledger_entries(std::span<const Release> releases, std::span<const ReleaseLaw> laws) {
  std::vector<LedgerEntry> out;
  out.reserve(releases.size());
  for (std::size_t i = 0; i < releases.size(); ++i) {
    const Release& r = releases[i];
    const ReleaseLaw& law = laws[r.law];
    if (law.family == LawFamily::report_noisy_max && i > 0) {
      const Release& p = releases[i - 1];
      if (p.law == r.law && p.round == r.round && p.index == r.index) continue;  // same RNM call
    }
    out.push_back(LedgerEntry{r.law, law.unit == ObservationUnit::round ? 0u : r.arm, r.first, r.count, i});
  }
  return out;
}

// The canonical text of a ledger (laws, then entries), compared byte for byte across builds.
std::string ledger_text(std::span<const ReleaseLaw> laws, std::span<const LedgerEntry> entries);

// The pure ε of one release (discrete_laplace: Δ/t; report_noisy_max: 2Δ/t; protocol_pure: the guarantee);
// ParameterError for the other families.
Rational pure_loss(const ReleaseLaw& law);
bool is_pure(LawFamily f);

// The integer α grid of the Rényi path (Lemma 3 holds for integer α): 2..64, then 96, 128, …, 4096.
const std::vector<Rational>& ledger_alpha_grid();
// The RDP curve of one release on that grid (upper bounds; exact for skellam and zCDP).
RdpCurve release_rdp_curve(const ReleaseLaw& law);

struct LedgerOptions {
  std::optional<Rational> delta;  // needed when a law is not pure: the claim's δ
};

struct LedgerResult {
  bool empty = true;       // no release at all (ε = 0)
  bool unbounded = false;  // an observation enters a release without noise (ε = ∞)
  bool pure = true;        // every release is pure-ε
  Rational eps_pure;       // pure: the maximum over observations of the exact sum
  Rational eps_upper;      // the whole-output ε (pure: = eps_pure; else (ε, δ) by Lemma 10, rounded up)
  Rational delta;          // 0 when pure
  std::string conversion;  // "pure (exact sum)" or "Renyi composition, Lemma 10 (CKS 2020 Prop. 12), delta = …"
  std::uint32_t worst_stream = 0;
  std::uint64_t worst_observation = 0;
  std::vector<std::uint64_t> worst_releases;  // positions (LedgerEntry::release) of the releases containing it
  std::uint64_t max_releases_per_observation = 0;
  std::uint64_t observations_compared = 0;  // distinct coverage segments examined
  std::optional<Rational> gaussian_mu2;     // the largest μ² of an observation entering Gaussian releases only
};

// Throws ParameterError naming `laws`, `entries` or `delta` for an entry whose law is out of range, a law converted
// at δ (not pure, not approx_dp) without δ, δ outside (0, 1), or an approx_dp law composed with a Rényi-only law.
// Non-pure compositions (per observation): Gaussian releases only — exact (one Gaussian of μ² = Σ Δ²/σ²), ε at δ
// from the exact profile; with approx_dp — basic composition (Σε, Σδ); otherwise Rényi as above. The result's
// (eps_upper, delta) is the maximum of each over the observations.
LedgerResult compose_ledger(std::span<const ReleaseLaw> laws, std::span<const LedgerEntry> entries,
                            const LedgerOptions& options = {});

// The law of one batch release R_a(b) of seed 000's protocol, calibrated by `c` (docs/privacy-000.md "Ledger"):
//   dist-dp: Σ η ~ Lap_Z(g/ε), Δ = g (Theorem 1);  central: the analyzer's Lap_Z(g/ε), Δ = g (Theorem 5);
//   local: each user's own message x̂_i + Lap_Z(g/ε), Δ = g (Theorem 6, local model);
//   shuffle: protocol_pure with ε = 2ε̃ + ε′ (Theorem 3's chain, ε′ = ε/2 noise, 000.thm3.privacy);
//   dist-rdp: Σ η ~ Sk(0, g²/ε²), Δ = g (Lemma 3 per batch);
//   dist-cdp: protocol_zcdp with ρ = ½ε̂², ε̂ = min(√(ε² + ξ/2), ε + ξ) of Lemma 4 for this batch (per-user σ² =
//     g²/(nε²), ξ = 10 Σ_{k=1}^{n−1} e^{−2π²σ²k/(k+1)}, the sum's tail past k = 256 bounded by its largest term),
//     rounded up.
ReleaseLaw protocol_release_law(const Calibration& c);
// ξ of Lemma 4 / Theorem 4 (10 Σ_{k=1}^{K} e^{−2π²σ²k/(k+1)}) enclosed for any K: exact terms up to k = 256, the
// rest between (K − 256)·e^{−2π²σ²} and (K − 256)·e^{−2π²σ²·257/258} (the terms decrease in k).
Interval xi_enclosure(const Rational& sigma2, const Integer& K);

// The Gaussian mechanism of μ² = (Δ/σ)² (Balle–Wang 2018, Thm 8; seed001.hpp's gaussian_delta, 256 bits):
// the least ε on the grid 2^−24 whose certified δ(ε) is ≤ δ (an upper bound of the exact ε(δ)); and δ(ε)'s
// certified upper and lower ends.
Rational gaussian_eps_upper_bound(const Rational& mu2, const Rational& delta);
Rational gaussian_delta_upper_at(const Rational& mu2, const Rational& eps);
Rational gaussian_delta_lower_at(const Rational& mu2, const Rational& eps);

// min over the curve's α of Lemma 10's ε(α) + log(1/(αδ))/(α−1) + log(1 − 1/α), enclosed (lower end: a lower
// bound of that minimum; upper end: what rdp_to_dp_lemma10_upper_bound returns).
Interval rdp_to_dp_lemma10_enclosure(const RdpCurve& curve, const Rational& delta);

}  // namespace dpb::ref
