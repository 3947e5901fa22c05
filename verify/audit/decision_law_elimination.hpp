// The exact law of an elimination learner's audited decision Y (docs/audit.md § Learners: the white-box law of the
// decision), for the hard K = 2 table that prepare_elimination (targets.cpp) builds.
//
// The decisive batch (epoch) releases R_0 (arm 0: all rewards 1, the same law under D and D′) and R_1 (arm 1: one
// reward differs), each an integer numerator over a fixed denominator with independent noise. The learners use
// per-batch estimates, so conditional on no earlier elimination (an event with the same probability under D and D′:
// the earlier batches do not contain the changed reward) the decision is a function of (R_0, R_1) alone. The audited
// view is binary: Y = 1 if arm 1 is eliminated after the decisive batch, else 0. (Arm 0's elimination is not kept
// apart: it needs R_1 − R_0 deep in the noise difference's tail, where the loss ratio approaches the release's e^ε
// at probabilities ~1e-11 or far below — an outcome no audit observes, which would make Y's pure ε the release's.)
// The decision is evaluated with the audited learner itself (a scripted aggregator / the learner's exposed epoch
// test), not re-derived: for fixed R_1 the set {arm 1 eliminated} is an up-set in R_0 (the learners compare
// monotone functions of R_0 and R_1 in correctly rounded double arithmetic, and rounding is monotone), and its
// threshold is non-decreasing in R_1, so one sweep over the windows finds every threshold exactly. P[Y = 1] is then
// Σ_{r1} P[R_1 = r1] · P[R_0 ≥ threshold(r1)], in certified interval arithmetic.
//
// Release laws: the protocol variants' decoded numerator (reference/privacy/view_distribution.hpp: the folded noise
// law of the view, shifted by the encoded total and pushed through the analyzer's decode; rewards 0/1 are encoded
// exactly, no randomized rounding; dist-cdp batches beyond the reference's n <= 64 by repeated squaring of the
// per-user certified pmf, with the same deficit bookkeeping), and the discrete Laplace numerator of central-dlap-se
// and dp-se (closed-form pmf on a window; the mass outside it is a certified bound added to every outcome's upper
// end). Local (ldp-se): the batch noise is a Pólya(n, β) difference; the decision is checked to be {R_0 − R_1 >= c}
// on arm 1's window, so P[Y = 1] is one certified Pólya(2n, β)-difference tail, ± the certified mass of the noises
// leaving the window / the decode range (see local_decision_law in the .cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "optimized/learners/batch_aggregator.hpp"
#include "reference/core/interval.hpp"
#include "reference/core/rational.hpp"
#include "reference/protocols/calibration.hpp"
#include "verify/audit/decision_law.hpp"

namespace dpb::verify::audit {

// The law of one release's integer numerator on the window min_num, …, min_num + prob.size() − 1.
struct ReleaseLaw {
  std::int64_t min_num = 0;
  std::vector<Interval> prob;  // prob[i] ∋ P[num = min_num + i]
  Interval tail;               // certified upper bound of the mass outside the window (0 for exact windows)
  std::string description;
};

// The decisive batch's decision as a function of the two numerators: 0 neither arm eliminated, 1 arm 1, 2 arm 0
// (see the header comment for the monotonicity it must have).
using EliminationDecision = std::function<int(std::int64_t r0, std::int64_t r1)>;

// P_D and P_D′ of Y = 0, 1 (outcomes in that order, conditional = true). R_1's laws under D and D′ must have the
// same window. Throws ParameterError (function elimination_law) on empty or mismatched windows.
DecisionLaw elimination_law(const ReleaseLaw& r0, const ReleaseLaw& r1_d, const ReleaseLaw& r1_d_prime,
                            const EliminationDecision& decide, const std::string& method);

// The decoded numerator (denominator c.g) of a batch of c.n rewards of which `ones` are 1 and the rest 0, for the
// variants whose view is the batch's modular sum (not Local: ParameterError).
ReleaseLaw protocol_release_law(const ref::Calibration& c, std::uint64_t ones, mpfr_prec_t prec = 128);

// center + Lap_Z(scale) on the window [center − w − pad_below, center + w + pad_above], w chosen so that the mass
// outside center ± w is below 2^-100 (the pads let two shifted laws share one window).
ReleaseLaw discrete_laplace_release_law(const Rational& scale, std::int64_t center, std::int64_t pad_below = 0,
                                        std::int64_t pad_above = 0, mpfr_prec_t prec = 128);

// Y of fast::batched_successive_elimination (K = 2, η = 2, confidence p) whose decisive batch is `level`: earlier
// batches release noiseless all-ones sums (so nothing is eliminated), the decisive batch (r0/den, r1/den); the
// confidence radius uses real.concentration. The returned function keeps `real` alive.
EliminationDecision batched_se_decision(std::shared_ptr<const fast::BatchAggregator> real, unsigned level,
                                        const Rational& p, std::int64_t den);

// Y of fast::dp_successive_elimination (K = 2, exact discrete noise, default rule) in epoch `epoch` of length R,
// from the two noisy sums (units 1/unit), by the learner's own epoch test (fast::dp_se_keeps).
EliminationDecision dp_se_decision(unsigned epoch, std::uint64_t R, std::int64_t unit, const Rational& beta,
                                   const Rational& eps);

// Everything for one prepared elimination target (names as in `dpbandit audit --list`).
struct EliminationSetup {
  std::string target;       // dist-dp-se, dist-rdp-se, dist-cdp-se, shuffle-se, cdp-se, ldp-se, central-dlap-se, dp-se
  Rational eps;             // the claimed ε (calibration input)
  std::uint64_t horizon = 0;  // calibration horizon (protocol variants)
  Rational conf;            // p (SE) or β (dp-se)
  unsigned level = 0;       // decisive batch / epoch
  std::uint64_t len = 0;    // its length (pulls per arm)
  std::uint64_t ones_after_change = 0;  // k: arm 1 pays x, then k ones, then zeros in the decisive batch
  std::shared_ptr<const fast::BatchAggregator> aggregator;  // the target's aggregator (SE variants)
  // Neighbour under test (negative controls may change it): ones of arm 1 in the decisive batch under D and D′.
  std::optional<std::uint64_t> ones_d, ones_d_prime;
  std::optional<Rational> noise_eps;  // negative controls only: compute the law for this ε instead of eps
};

// The law, or nullopt with `why` set when it is out of reach (m > max_modulus; Local: when the learner's decision is
// not a constant threshold on R_0 − R_1 over the checked window — then `why` names the first R_1 where it is not).
std::optional<DecisionLaw> elimination_decision_law(const EliminationSetup& s, std::string& why,
                                                    std::uint64_t max_modulus = 20000);

}  // namespace dpb::verify::audit
