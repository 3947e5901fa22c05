// Statistical claim 001.p-amp.shuffled-view: a Monte Carlo estimate, with an exact confidence interval, of the exact
// δ(ε) of P_Amp's shuffled view (Chowdhury & Zhou, ICML 2022, arXiv:2202.05567, Algorithms 2–4, Def. 2.3; issue 17
// "Exact privacy" and its errata "P_Amp's shuffled view"; docs/privacy-001.md §9), checked against the certified
// sandwich that post-processing gives:
//
//   δ_sum(ε) ≤ δ_view(ε) ≤ δ_one(ε)
//
// δ_one: the exact Gaussian profile (Balle & Wang 2018) of user 1's message alone at its shift ‖x₁ − x₁′‖ — the view
// is a post-processing of that message and of the others' messages, which do not depend on user 1; the grid rounding
// is post-processing too. δ_sum: the released sum is a post-processing of the view; its unrounded version is Gaussian
// with shift ‖x₁ − x₁′‖/(c√B), and the rounded sum is within ‖w‖₁·B/2 grid units of it along any unit direction w, so
// the half-space event of the Gaussian optimum, moved by that margin, gives the certified lower bound
// Φ(μ/2 − ε/μ − η) − e^ε Φ(−μ/2 − ε/μ + η), μ = ‖Δ‖/(c√B), η = √L·√B/(2c) (L the number of labels of both parts).
//
// The estimator is exact in law: δ(ε) = E_{Y∼P}[(1 − e^ε/LR(Y))₊], LR = P/P′ the view's likelihood ratio. Each run
// draws the view Y from the implementation (fast::PAmp with the shuffler, bit-identical to the reference), a uniform
// U from the same stream, and records the Bernoulli event U < 1 − e^ε/LR(Y), decided with LR's certified enclosure
// (reference/privacy/p_amp_view.hpp: the closed form when the others share a record, Ryser's permanent for distinct
// others, B ≤ 16), refining U's digits and the precision until certain (no draw of U when LR ≤ e^ε certainly). The
// count of events is then exactly Bin(n, δ_view(ε)), and Clopper–Pearson gives the interval. Labelled a Monte Carlo
// estimate: its bounds hold with the stated confidence, not with certainty.
//
// Verdict: violated if some case's one-sided Clopper–Pearson bound at α/(2·cases) lies outside the sandwich (the
// implementation or its model is wrong); holds otherwise. Negative control: a leaky implementation drawing σ̄/k.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "reference/bits/chacha20.hpp"
#include "reference/privacy/p_amp_view.hpp"
#include "verify/claims/claim.hpp"

namespace dpb::verify::statistical {

// One view: per part, the B messages in the shuffler's order (numerators on 2^−r).
using PAmpObserved = std::vector<std::vector<std::vector<Integer>>>;
using PAmpViewSampler = std::function<PAmpObserved(ChaCha20Source&)>;

// The implementation under test: fast::PAmp per part (one label set of |x₁| labels, upper-triangle noise, Permute)
// at σ̄/noise_divisor, user 1 holding x₁ (dataset D). noise_divisor > 1 is the leaky twin of the tests.
PAmpViewSampler pamp_view_sampler(const ref::PAmpView& view, long noise_divisor = 1);

struct PAmpViewEstimate {
  std::uint64_t runs = 0, events = 0;
  double lower = 0, upper = 1;  // one-sided Clopper–Pearson bounds at the given confidence each
  Rational sum_lower;           // δ_sum(ε), certified (0 when the bound is negative)
  Rational one_upper;           // δ_one(ε), certified
  bool closed_form = true;      // every part's others share one record
  std::uint64_t undrawn = 0;    // runs decided without drawing U (LR ≤ e^ε certainly)
  unsigned max_precision = 0;   // the largest precision a decision needed
};

// Runs `runs` draws of `sampler` on ChaCha20Source(seed, stream); confidence per side (e.g. 1 − 1e-7).
PAmpViewEstimate estimate_pamp_view_delta(const ref::PAmpView& view, const Rational& eps, const PAmpViewSampler& sampler,
                                          std::uint64_t runs, std::uint64_t seed, std::uint64_t stream,
                                          double confidence);

// The claim's checker; `divisor` > 1 runs the leaky twin (tests).
Outcome check_pamp_shuffled_view(const RunOptions& options, long divisor = 1);

}  // namespace dpb::verify::statistical
