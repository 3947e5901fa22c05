// Returning users (seed 000 App. I): the checkers of 000.v19, 000.remark8, 000.app-i.rdp-gain and the
// 000.<learner>.returning.ledger claims. See the header and docs/privacy-000.md §4.2.
#include "verify/privacy_checks/returning_checks.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>

#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/learners/batched_successive_elimination.hpp"
#include "reference/learners/returning_se.hpp"
#include "reference/learners/protocol_aggregator.hpp"
#include "reference/learners/release_schedule.hpp"
#include "reference/privacy/accountants.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/privacy/returning_users.hpp"
#include "verify/certified/common.hpp"
#include "verify/cluster/cancellation.hpp"

namespace dpb::verify::privacy_checks {

using dpb::to_string;
using dpb::verify::to_string;

namespace {

constexpr mpfr_prec_t P = ref::kAccountantPrecision;

std::string decimal(const Rational& x) { return Interval(x, 64).upper_string(6); }

Verdict verdict_of(bool all_hold, bool any_violated) {
  return any_violated ? Verdict::violated : all_hold ? Verdict::holds : Verdict::inconclusive;
}

// √(2k log(1/δ′)) ε + k ε (e^ε − 1): Dwork–Roth Thm 3.20, enclosed.
Interval thm320(const Rational& eps, const Integer& k, const Rational& delta_prime) {
  const Interval e(eps, P);
  const Interval kk(k, P);
  return (kk.mul(2) * (-Interval(delta_prime, P).log())).sqrt() * e + kk * e * e.expm1();
}

std::vector<Rational> decimals(std::initializer_list<long> exponents) {
  std::vector<Rational> v;
  for (long e : exponents) v.push_back(Rational(1) / Rational(pow(Integer(10), static_cast<unsigned long>(e))));
  return v;
}

}  // namespace

Outcome check_v19(Suite suite) {
  const auto started = std::chrono::steady_clock::now();
  std::vector<Rational> eps = {Rational(1, 100), Rational(1, 10), Rational(1, 2), Rational(9, 10)};
  std::vector<Rational> deltas = decimals({3, 5, 8});
  std::vector<long> Bs = {1, 2, 10, 100, 10000, 1000000};
  if (suite == Suite::full) {
    eps.push_back(Rational(2));
    eps.push_back(Rational(4));
    deltas = decimals({2, 3, 5, 8, 12});
    Bs.push_back(100000000);
  }
  bool all_hold = true, any_violated = false;
  nlohmann::json rows = nlohmann::json::array();
  Rational worst_slack;  // the largest upper/ε
  bool first = true;
  for (const Rational& e : eps)
    for (const Rational& d : deltas)
      for (long b : Bs) {
        poll_cancellation();
        const Integer B(b);
        const ref::ReturningUsersBudget r = ref::returning_users_budget(e, d, B);
        const bool delta_ok = Rational(B) * r.delta_batch + r.delta_prime == d && r.delta_total == d;
        const Interval total = thm320(r.eps_batch, B, r.delta_prime);
        const bool holds = delta_ok && total.upper() <= e && r.eps_total_upper <= e;
        const bool violated = !delta_ok || total.lower() > e;
        all_hold &= holds;
        any_violated |= violated;
        const Rational ratio = total.upper() / e;
        if (first || ratio > worst_slack) worst_slack = ratio;
        first = false;
        if (rows.size() < 200)
          rows.push_back({{"eps", to_string(e)},
                          {"delta", to_string(d)},
                          {"B", b},
                          {"eps_i", certified::lower_text(r.eps_batch, 8)},
                          {"delta_i", to_string(r.delta_batch)},
                          {"delta_prime", to_string(r.delta_prime)},
                          {"B_delta_i_plus_delta_prime_equals_delta", delta_ok},
                          {"thm_3_20_total", certified::enclosure_json(total)},
                          {"verdict", std::string(to_string(verdict_of(holds, violated)))}});
      }
  Outcome out;
  out.verdict = verdict_of(all_hold, any_violated);
  out.key_figure = "B delta_i + delta' = delta exactly; Thm 3.20 total <= " + decimal(worst_slack) + " eps at worst";
  out.evidence = {{"points", rows},
                  {"rule", "holds iff at every point B delta_i + delta' = delta (exact) and the Thm 3.20 total's upper "
                           "end <= eps; violated iff the identity fails or a lower end > eps"},
                  {"eps_i", "Theorem 7 (Dwork-Roth Cor. 3.21) eps/(2 sqrt(2B log(1/delta'))), rounded down; delta_i = "
                            "delta/(2B), delta' = delta/2"},
                  {"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()}};
  return out;
}

Outcome check_remark8(Suite suite) {
  const auto started = std::chrono::steady_clock::now();
  std::vector<Rational> eps_b = {Rational(1, 100), Rational(1, 10), Rational(1, 2)};
  std::vector<long> Bs = {1, 10, 1000};
  std::vector<Rational> deltas = decimals({5});
  if (suite == Suite::full) {
    Bs.push_back(100000);
    deltas = decimals({3, 5, 9});
  }
  const Integer n(100), T(10000);
  bool all_hold = true, any_violated = false;
  Rational best_gain;  // the smallest closed/numerical ratio (upper ends over lower ends, conservative)
  bool first = true;
  nlohmann::json rows = nlohmann::json::array();
  for (ref::Variant v : {ref::Variant::DistRDP, ref::Variant::DistCDP})
    for (const Rational& e : eps_b) {
      ref::CalibrationInput in;
      in.eps = e;
      in.n = n;
      in.horizon = T;
      const ref::Calibration batch = ref::calibrate(v, in);
      const ref::ReleaseLaw law = ref::protocol_release_law(batch);
      for (const Rational& d : deltas)
        for (long b : Bs) {
          poll_cancellation();
          const Integer B(b);
          const ref::ComposedRdp num = ref::compose_batch_rdp(batch, B, d);
          // (a) advanced composition: the batch's ε at δ/(2B) (Lemma 10, one batch), δ′ = δ/2: total δ.
          const Rational x = ref::compose_batch_rdp(batch, Integer(1), d / (2 * Rational(B))).eps.upper();
          const Interval adv = thm320(x, B, d / 2);
          nlohmann::json closed = {{"advanced_composition", certified::enclosure_json(adv)},
                                   {"batch_eps_at_delta_over_2B", certified::upper_text(x, 8)}};
          bool holds = num.eps.upper() <= adv.lower();
          bool violated = num.eps.lower() > adv.upper();
          Rational gain = adv.lower() / num.eps.upper();
          if (v == ref::Variant::DistCDP) {
            // (b) Bun–Steinke on Bρ: Bρ + 2√(Bρ log(1/δ)).
            const Interval rho(Rational(B) * law.guarantee, P);
            const Interval bs = rho + (rho * (-Interval(d, P).log())).sqrt().mul(2);
            closed["bun_steinke"] = certified::enclosure_json(bs);
            holds &= num.eps.upper() <= bs.lower();
            violated |= num.eps.lower() > bs.upper();
            gain = std::min(gain, bs.lower() / num.eps.upper());
          }
          all_hold &= holds;
          any_violated |= violated;
          if (first || gain < best_gain) best_gain = gain;
          first = false;
          rows.push_back({{"variant", std::string(ref::variant_name(v))},
                          {"eps_batch", to_string(e)},
                          {"g", to_string(batch.g)},
                          {"B", b},
                          {"delta", to_string(d)},
                          {"numerical", certified::enclosure_json(num.eps)},
                          {"numerical_alpha", to_string(num.alpha)},
                          {"closed_forms", closed},
                          {"verdict", std::string(to_string(verdict_of(holds, violated)))}});
        }
    }
  Outcome out;
  out.verdict = verdict_of(all_hold, any_violated);
  out.key_figure = "numerical accountant <= closed forms everywhere; smallest closed/numerical ratio " +
                   certified::lower_text(best_gain, 4);
  out.evidence = {
      {"points", rows},
      {"numerical", "B-fold composition of the batch's Renyi curve (dist-rdp: Lemma 3 with Delta = g, sigma^2 = "
                    "g^2/eps^2, integer alpha 2..4096; dist-cdp: alpha*rho, rho = eps_hat^2/2 of Lemma 4, real alpha "
                    "grid), Lemma 10 at delta, rounded up"},
      {"closed_forms", "App. I: advanced composition (Dwork-Roth Thm 3.20) of the batch's (eps at delta/(2B), "
                       "delta/(2B)) with delta' = delta/2 (total delta); dist-cdp also Bun-Steinke B rho + 2 sqrt(B rho "
                       "log(1/delta)). Dist-rdp has no zCDP closed form (Lemma 3 is not of the form alpha*rho)"},
      {"setup", "n = 100, T = 10^4, s = 1"},
      {"rule", "holds iff the numerical upper end <= every closed form's lower end at every point; violated iff a "
               "numerical lower end > a closed form's upper end"},
      {"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()}};
  return out;
}

Outcome check_rdp_gain(Suite suite) {
  const auto started = std::chrono::steady_clock::now();
  std::vector<ref::Variant> variants = {ref::Variant::DistCDP};
  std::vector<Rational> eps = {Rational(1, 2)};
  std::vector<Rational> deltas = decimals({3, 9});
  std::vector<long> Bs = {10, 1000};
  if (suite == Suite::full) {
    variants.push_back(ref::Variant::DistRDP);
    eps.push_back(Rational(9, 10));
    deltas = decimals({3, 6, 9});
    Bs = {1, 10, 100, 1000};
  }
  struct Point {
    Rational key;  // B/δ
    Rational r;    // variance ratio
    Interval q;    // r / log(B/δ)
  };
  bool no_gain = false, decreasing = false;
  std::optional<Rational> q_lo_min, q_hi_max, q_hi_min, q_lo_max;
  nlohmann::json rows = nlohmann::json::array();
  for (ref::Variant v : variants)
    for (const Rational& e : eps) {
      std::vector<Point> series;
      for (const Rational& d : deltas)
        for (long b : Bs) {
          poll_cancellation();
          ref::ReturningInput in;
          in.base.eps = e;
          in.base.n = Integer(1000);
          in.base.horizon = Integer(1000000);
          in.B = Integer(b);
          in.delta = d;
          in.route = ref::ReturningRoute::Approx;
          const ref::ReturningCalibration a = ref::calibrate_returning(v, in);
          in.route = ref::ReturningRoute::Rdp;
          const ref::ReturningCalibration r = ref::calibrate_returning(v, in);
          const Rational ratio = *a.variance_reward_units / *r.variance_reward_units;
          const Interval ell = Interval(Rational(b) / d, P).log();
          const Interval q = Interval(ratio, P) / ell;
          series.push_back({Rational(b) / d, ratio, q});
          no_gain |= ratio <= 1;
          if (!q_lo_min || q.lower() < *q_lo_min) q_lo_min = q.lower();
          if (!q_hi_max || q.upper() > *q_hi_max) q_hi_max = q.upper();
          if (!q_hi_min || q.upper() < *q_hi_min) q_hi_min = q.upper();
          if (!q_lo_max || q.lower() > *q_lo_max) q_lo_max = q.lower();
          rows.push_back({{"variant", std::string(ref::variant_name(v))},
                          {"eps", to_string(e)},
                          {"delta", to_string(d)},
                          {"B", b},
                          {"eps_batch_approx_route", to_string(a.eps_param)},
                          {"eps_batch_rdp_route", to_string(r.eps_param)},
                          {"variance_approx_route", decimal(*a.variance_reward_units)},
                          {"variance_rdp_route", decimal(*r.variance_reward_units)},
                          {"variance_ratio", decimal(ratio)},
                          {"log_B_over_delta", certified::enclosure_json(ell)},
                          {"ratio_over_log_B_over_delta", certified::enclosure_json(q)}});
        }
      std::sort(series.begin(), series.end(), [](const Point& x, const Point& y) { return x.key < y.key; });
      for (std::size_t i = 1; i < series.size(); ++i)
        if (series[i].key > series[i - 1].key && series[i].r < series[i - 1].r) decreasing = true;
    }
  const Rational spread_upper = *q_hi_max / *q_lo_min;  // certified upper bound of max q / min q
  const Rational spread_lower = *q_lo_max / *q_hi_min;  // certified lower bound
  Outcome out;
  if (!no_gain && !decreasing && spread_upper <= 2) out.verdict = Verdict::holds;
  else if (no_gain || decreasing || spread_lower > 4) out.verdict = Verdict::violated;
  else out.verdict = Verdict::inconclusive;
  out.key_figure = "variance ratio / log(B/delta) in [" + certified::lower_text(*q_lo_min, 3) + ", " +
                   certified::upper_text(*q_hi_max, 3) + "] (spread <= " + certified::upper_text(spread_upper, 3) + ")";
  out.evidence = {
      {"points", rows},
      {"claimed", "App. I: the RDP route saves a factor log(B/delta) in per-batch variance (order claim)"},
      {"computed", "per-batch variance in reward units 1/eps_b^2 of each route's calibration (calibrate_returning: "
                   "approx = the largest theorem eps whose one batch is (eps_i, delta_i)-DP by Lemma 10; rdp = the "
                   "largest whose B-fold Renyi composition is (eps, delta)-DP); ratio exact"},
      {"rule", "a shape claim: holds iff the ratio exceeds 1 everywhere, does not decrease as B/delta grows within a "
               "(variant, eps) series, and ratio/log(B/delta) varies by a factor <= 2 over the grid (certified); "
               "violated iff some ratio <= 1, the ratio decreases while B/delta grows, or the factor is certifiably "
               "> 4; otherwise inconclusive"},
      {"spread_upper", decimal(spread_upper)},
      {"setup", "n = 1000, T = 10^6, s = 1"},
      {"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()}};
  return out;
}

const std::vector<std::string>& returning_ledger_learners() {
  static const std::vector<std::string> names = {"dist-dp-se", "dist-rdp-se", "dist-cdp-se"};
  return names;
}

Outcome check_returning_ledger(const std::string& learner, const ReturningLedgerOptions& o) {
  const auto started = std::chrono::steady_clock::now();
  constexpr const char* fn = "check_returning_ledger";
  ref::Variant v;
  if (learner == "dist-dp-se") v = ref::Variant::DistDP;
  else if (learner == "dist-rdp-se") v = ref::Variant::DistRDP;
  else if (learner == "dist-cdp-se") v = ref::Variant::DistCDP;
  else throw_parameter_error(fn, "learner", "one of dist-dp-se, dist-rdp-se, dist-cdp-se", learner);
  const ref::ReturningRoute route = v == ref::Variant::DistDP ? ref::ReturningRoute::Pure : ref::ReturningRoute::Rdp;
  const std::uint64_t T = o.horizon;
  const std::uint64_t charged = o.ledger_B != 0 ? o.ledger_B : o.B;

  // The learner's per-batch ε (the smallest of the route's over the schedule's batch sizes) and its user-level
  // ledger: the same functions the learners use in simulate and crosscheck (reference/learners/returning_se.hpp).
  ref::ProtocolAggregatorParams base;
  base.variant = v;
  base.eps = o.eps;
  base.horizon = Integer(static_cast<unsigned long>(T));
  ref::ReturningSetting setting;
  setting.B = o.B;
  setting.route = route;
  if (route == ref::ReturningRoute::Rdp) setting.delta = o.delta;
  const ref::ReturningSeCalibration cal = ref::calibrate_returning_se(base, Rational(2), T, setting);
  nlohmann::json per_size = nlohmann::json::array();
  for (const auto& [n, e] : cal.per_size) per_size.push_back({{"n", n}, {"eps_batch", to_string(e)}});
  const std::optional<Rational> eps_b = cal.eps_batch;
  const ref::ReturningSeLedger ledger = ref::returning_se_ledger(base, Rational(2), T, cal, charged);
  const ref::ReleaseSchedule& schedule = ledger.schedule;
  const ref::LedgerResult& l = ledger.result;

  Outcome out;
  // Certified upper bound ≤ the claim: holds. Above it, no certified lower bound of the joint view is computed for
  // the Rényi routes, and for the pure route the sum is exact (discrete Laplace, docs/privacy-000.md "Ledger").
  if (l.eps_upper <= o.eps) out.verdict = Verdict::holds;
  else if (l.pure) out.verdict = Verdict::violated;
  else out.verdict = Verdict::inconclusive;
  out.key_figure = "user-level ledger eps <= " + decimal(l.eps_upper) + (l.eps_upper <= o.eps ? " <= " : " > ") +
                   "claim " + to_string(o.eps) + " (B = " + std::to_string(charged) + ", route " +
                   std::string(ref::returning_route_name(route)) + ")";
  out.evidence = {{"learner", learner},
                  {"route", std::string(ref::returning_route_name(route))},
                  {"eps", to_string(o.eps)},
                  {"delta", route == ref::ReturningRoute::Rdp ? to_string(o.delta) : std::string("0")},
                  {"B_calibrated", o.B},
                  {"B_charged", charged},
                  {"horizon", T},
                  {"arms", 2},
                  {"relation", "returning-users (user level): a user in at most B batches, once per batch, possibly "
                               "across runs of the schedule (relations.hpp returning_users)"},
                  {"eps_batch_per_size", per_size},
                  {"eps_batch_used", to_string(*eps_b)},
                  {"releases_in_schedule", schedule.entries.size()},
                  {"ledger_eps_upper", to_string(l.eps_upper)},
                  {"ledger_eps_upper_decimal", decimal(l.eps_upper)},
                  {"conversion", l.conversion},
                  {"worst_releases", l.worst_releases.size() > 20
                                         ? std::vector<std::uint64_t>(l.worst_releases.begin(),
                                                                      l.worst_releases.begin() + 20)
                                         : l.worst_releases},
                  {"rule", "holds iff the user-level ledger eps (certified upper bound: the worst B batches composed) "
                           "<= eps; above it violated for the pure route (the sum is exact), else inconclusive"},
                  {"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()}};
  return out;
}

}  // namespace dpb::verify::privacy_checks
