// The release laws of seed 001's learners: see release_law_001.hpp and docs/privacy-001.md §11.
#include "reference/privacy/release_law_001.hpp"

#include <optional>

#include "reference/core/errors.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/privacy/p_vec_privacy.hpp"
#include "reference/protocols/calibration_001.hpp"

namespace dpb::ref {

Law001 ldp_message_law(const Rational& sigma_bar) {
  require_positive(sigma_bar, "ldp_message_law", "sigma_bar");
  return {gaussian_law(sigma_bar * sigma_bar, Rational(8)),
          "one R_Amp message: Gaussian, sigma_bar = " + to_string(sigma_bar) +
              ", joint l2 sensitivity 2 sqrt 2 of (phi y, triu phi phi^T) (Cor. B.3, 001.amp.ldp)"};
}

Law001 p_amp_batch_law(const Rational& eps, const Rational& delta, const Integer& B, const Rational& sigma_bar) {
  constexpr const char* fn = "p_amp_batch_law";
  require_positive(sigma_bar, fn, "sigma_bar");
  if (thm32_in_range(eps, delta, B)) {
    Calibration001Input in;
    in.variant = "p-amp";
    in.eps = eps;
    in.delta = delta;
    in.n = B;
    const Calibration001 cal = calibrate_001(in);
    const Quantity* applicable = cal.find("fmt_applicable");
    if (applicable && applicable->flag && *applicable->flag) {
      const Rational e = *cal.find("eps_tilde_upper")->exact, d = *cal.find("delta_tilde_upper")->exact;
      return {approx_dp_law(e, d),
              "the shuffled view of the batch: Lemma B.4 (FMT 2021 Thm 3.8) at eps0 = eps sqrt(B/ln(2/delta)), "
              "delta0 = delta/B, delta' = delta/2 (calibrate p-amp's eps_tilde_upper, delta_tilde_upper; 001.thm3.2."
              "privacy)"};
    }
  }
  Law001 one = ldp_message_law(sigma_bar);
  one.how = "Lemma B.4 does not apply (precondition or Thm 3.2's range fails): the one message's Gaussian, of which "
            "the shuffled view is a post-processing; " + one.how;
  return one;
}

Law001 p_vec_batch_law(const Integer& g, const Integer& b, const Integer& B, const Integer& d, const Rational& delta) {
  constexpr const char* fn = "p_vec_batch_law";
  require_positive(g, fn, "g");
  require_positive(B, fn, "B");
  require_positive(d, fn, "d");
  if (delta <= 0 || delta >= 1) throw_parameter_error(fn, "delta", "in (0, 1)", to_string(delta));
  PVecPrivacyInput in;
  in.noise_trials = B * b;
  in.p = Rational(1, 4);
  in.max_units = g;  // r = 2Δ
  in.instances = pvec_instances(d, g, true);
  in.tail_budget = delta / 1000;
  const PVecPrivacyBound bound = pvec_privacy_bound(in);
  const std::optional<Rational> e = pvec_eps_upper_bound(bound, delta);
  if (!e) throw_parameter_error(fn, "delta", "above the windows' tail " + to_string(bound.tail), to_string(delta));
  return {approx_dp_law(*e, delta),
          "the batch's per-label counts (both instances jointly): P_Vec's certified eps at delta (truncated Renyi "
          "moments, joint l2-constrained worst change, Mironov's conversion at delta - tail; 001.thm3.5.privacy)"};
}

Law001 tree_node_law(const Rational& sigma_node) {
  require_positive(sigma_node, "tree_node_law", "sigma_node");
  return {gaussian_law(sigma_node * sigma_node, Rational(16)),
          "one tree node: Gaussian, sigma_node = " + to_string(sigma_node) +
              ", l2 sensitivity Delta_z = 4 of the leaf's Gram of z = (phi, y) (Prop. F.3, 001.tree.privacy)"};
}

}  // namespace dpb::ref
