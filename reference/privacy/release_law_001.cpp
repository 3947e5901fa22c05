// The release laws of seed 001's learners: see release_law_001.hpp and docs/privacy-001.md §11.
#include "reference/privacy/release_law_001.hpp"

#include <algorithm>
#include <optional>

#include "reference/core/errors.hpp"
#include "reference/privacy/accountants.hpp"
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
  const PVecPrivacyBound bound = pvec_privacy_bound(pvec_batch_input(g, b, B, d, delta / 1000));
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

UserLevel001 compose_user_level_001(std::span<const ReleaseLaw> laws, std::span<const LedgerEntry> entries,
                                    std::uint64_t k, const Rational& delta, UserLevelMode mode) {
  constexpr const char* fn = "compose_user_level_001";
  if (k < 1) throw_parameter_error(fn, "k", ">= 1", std::to_string(k));
  if (entries.empty()) throw_parameter_error(fn, "entries", "non-empty", "no release");
  if (delta <= 0 || delta >= 1) throw_parameter_error(fn, "delta", "in (0, 1)", to_string(delta));
  bool any_approx = false, any_gauss = false;
  for (const LedgerEntry& e : entries) {
    if (e.law >= laws.size()) throw_parameter_error(fn, "entries", "laws in range", std::to_string(e.law));
    const LawFamily f = laws[e.law].family;
    if (f == LawFamily::approx_dp) any_approx = true;
    else if (f == LawFamily::gaussian) any_gauss = true;
    else throw_parameter_error(fn, "laws", "approx_dp or gaussian", std::string(law_family_name(f)));
  }
  if (any_approx && any_gauss) throw_parameter_error(fn, "laws", "one family (approx_dp or gaussian)", "both");
  if (any_approx && mode == UserLevelMode::Rounds)
    throw_parameter_error(fn, "laws", "gaussian in the rounds mode", "approx_dp");
  UserLevel001 r;
  auto mu2_of = [&](const ReleaseLaw& l) { return Rational(l.sensitivity / l.scale); };
  if (mode == UserLevelMode::Batches) {
    // The k worst releases (by ε then δ for approx_dp, by μ² for gaussian), each at most once.
    std::vector<std::pair<std::pair<Rational, Rational>, std::uint64_t>> order;
    for (const LedgerEntry& e : entries) {
      const ReleaseLaw& l = laws[e.law];
      order.push_back({any_approx ? std::pair{l.guarantee, l.scale} : std::pair{mu2_of(l), Rational(0)}, e.release});
    }
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    r.charged = std::min<std::uint64_t>(k, order.size());
    for (std::uint64_t i = 0; i < r.charged; ++i) r.worst.push_back(order[i].second);
    if (any_approx) {
      Rational eps_max = 0, delta_max = 0;
      for (std::uint64_t i = 0; i < r.charged; ++i) {
        eps_max = std::max(eps_max, order[i].first.first);
        delta_max = std::max(delta_max, order[i].first.second);
      }
      const Rational dp = delta / 2;
      r.eps_upper = advanced_composition_eps_upper_bound(eps_max, Integer(r.charged), dp);
      r.delta = Rational(Integer(r.charged)) * delta_max + dp;
      r.conversion = "advanced composition (Dwork-Roth Thm 3.20) of the person's worst " + std::to_string(r.charged) +
                     " batch releases at eps = " + to_string(eps_max) + ", delta' = delta/2";
    } else {
      Rational mu2 = 0;
      for (std::uint64_t i = 0; i < r.charged; ++i) mu2 += order[i].first.first;
      r.gaussian_mu2 = mu2;
      r.eps_upper = gaussian_eps_upper_bound(mu2, delta);
      r.delta = delta;
      r.conversion = "exact Gaussian composition of the person's worst " + std::to_string(r.charged) +
                     " batch releases (mu^2 = sum Delta^2/sigma^2), exact profile at delta";
    }
    return r;
  }
  // Rounds: μ_i² per observation (a difference array over the coverage ranges, exact rationals).
  std::uint64_t horizon = 0;
  for (const LedgerEntry& e : entries) horizon = std::max(horizon, e.first + e.count);
  std::vector<Rational> diff(horizon + 1, Rational(0));
  for (const LedgerEntry& e : entries) {
    const Rational m = mu2_of(laws[e.law]);
    diff[e.first] += m;
    diff[e.first + e.count] -= m;
  }
  std::vector<std::pair<Rational, std::uint64_t>> per;
  Rational run = 0;
  for (std::uint64_t i = 0; i < horizon; ++i) {
    run += diff[i];
    per.emplace_back(run, i);
  }
  std::stable_sort(per.begin(), per.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  r.charged = std::min<std::uint64_t>(k, per.size());
  Rational sum = 0;
  for (std::uint64_t i = 0; i < r.charged; ++i) {
    sum += per[i].first;
    r.worst.push_back(per[i].second);
  }
  const Rational mu2 = Rational(Integer(k)) * sum;
  r.gaussian_mu2 = mu2;
  r.eps_upper = gaussian_eps_upper_bound(mu2, delta);
  r.delta = delta;
  r.conversion = "user-level Gaussian bound over the person's worst " + std::to_string(r.charged) +
                 " rounds: mu^2 = k x the sum of their per-round mu_i^2 (triangle inequality, Cauchy-Schwarz; k = " +
                 std::to_string(k) + "), exact profile at delta";
  return r;
}

}  // namespace dpb::ref
