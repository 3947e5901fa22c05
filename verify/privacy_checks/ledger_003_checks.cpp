#include "verify/privacy_checks/ledger_003_checks.hpp"

#include <chrono>

#include "reference/core/errors.hpp"
#include "reference/core/interval.hpp"
#include "reference/environments/glm_instance.hpp"
#include "reference/privacy/ledger.hpp"
#include "reference/protocols/calibration_003_p2.hpp"
#include "reference/protocols/calibration_003_pgd.hpp"
#include "verify/certified/seed003_p2.hpp"
#include "verify/cluster/cancellation.hpp"

namespace dpb::verify::privacy_checks {

namespace {

constexpr const char* kFn = "check_ledger_003";

// The exact rational when it is short (1/100000), else 6 digits rounded up.
std::string decimal(const Rational& x) {
  const std::string exact = dpb::to_string(x);
  return exact.size() <= 12 ? exact : Interval(x, 64).upper_string(6);
}

ref::ShuffleGlmParams glm_params(const Ledger003Options& o) {
  ref::ShuffleGlmParams sp;
  sp.T = o.T;
  sp.M = o.M;
  sp.eps = o.calibration_eps.value_or(o.eps);
  sp.delta = o.delta;
  sp.kappa_star = Rational(4);
  sp.kappa = Rational(16);
  sp.gamma = Rational(64);
  sp.S = Rational(2);
  return sp;
}

}  // namespace

ref::ShuffleGlmTrajectory run_ledger_003(const Ledger003Options& o, std::uint64_t seed) {
  ref::GlmInstanceParams p;
  p.link = ref::Link::probit;
  p.generator = ref::GlmGenerator::sphere;
  p.d = o.d;
  p.K = o.K;
  p.q = 12;
  p.sets = 300;
  p.S = Rational(2);
  p.seed = seed;
  p.stream = 0;
  return ref::shuffle_glm(glm_params(o), ref::make_glm_instance(p), seed, 0);
}

Outcome assess_ledger_003(const ref::ShuffleGlmTrajectory& t, const Ledger003Options& o) {
  const ref::ShuffleGlmParams sp = glm_params(o);
  const Rational e2 = sp.eps / 2, d2 = sp.delta / 2;  // each call's calibrated budget
  const std::vector<std::uint64_t>& schedule = t.run.schedule;
  std::uint64_t users = 0;
  for (std::uint64_t n : schedule) users += n;
  if (users != o.T) throw_parameter_error(kFn, "trajectory", "a schedule of T = " + std::to_string(o.T) + " users",
                                          std::to_string(users));
  // ---- the laws, one per released batch and call, and the entries from the schedule ----
  std::vector<ref::ReleaseLaw> laws;
  std::vector<ref::LedgerEntry> entries;
  nlohmann::json batches = nlohmann::json::array();
  std::uint64_t first = 0;
  for (std::size_t k = 0; k < schedule.size(); ++k) {
    poll_cancellation();
    const Integer n(schedule[k]);
    const bool p2 = k < t.p2_counts.size(), pgd = k < t.pgd_counts.size();
    nlohmann::json row = {{"batch", k + 1}, {"first_user", first}, {"users", schedule[k]}};
    if (p2) {
      const auto [g, b] = ref::eq127_g_b(e2, d2, n, Integer(o.d));
      const certified::P2PrivacyPoint pt =
          certified::p2_privacy_upper(n, g, b, Integer(o.d), e2, d2, Rational(1), true);
      if (!pt.eps_upper) throw_parameter_error(kFn, "delta", "above P2's windows' tail", dpb::to_string(d2));
      laws.push_back(ref::approx_dp_law(*pt.eps_upper, d2));
      entries.push_back(ref::LedgerEntry{static_cast<std::uint32_t>(laws.size() - 1), 0, first, schedule[k], entries.size()});
      row["p2"] = {{"g", dpb::to_string(g)}, {"b", dpb::to_string(b)}, {"eps_upper", decimal(*pt.eps_upper)},
                   {"delta", dpb::to_string(d2)}};
    }
    if (pgd) {
      ref::CalibrationPgdInput ci;
      ci.eps = e2;
      ci.delta = d2;
      ci.n = n;
      ci.d = Integer(o.d);
      ci.S = sp.S;
      ci.lambda_max = Rational(t.lambda_max);
      const ref::PgdCalibration cal = ref::calibrate_pgd(ci);
      laws.push_back(ref::approx_dp_law(cal.eps_total_upper, cal.delta_total));
      entries.push_back(ref::LedgerEntry{static_cast<std::uint32_t>(laws.size() - 1), 0, first, schedule[k], entries.size()});
      row["pgd"] = {{"T_it", dpb::to_string(cal.T_it)}, {"eps_total_upper", decimal(cal.eps_total_upper)},
                    {"delta_total", decimal(cal.delta_total)}};
    }
    batches.push_back(row);
    first += schedule[k];
  }
  const ref::LedgerResult ledger = ref::compose_ledger(laws, entries);
  // ---- unique users (the schedule's batches are disjoint; the last batch released nothing) ----
  const std::uint64_t last = schedule.empty() ? 0 : schedule.back();
  const bool shape_ok = t.p2_counts.size() + 1 == schedule.size() && t.pgd_counts.size() + 1 == schedule.size() &&
                        ledger.max_releases_per_observation <= 2;

  Outcome out;
  if (!ledger.empty && ledger.eps_upper <= o.eps && ledger.delta <= o.delta) {
    out.verdict = Verdict::holds;
    out.key_figure = "ledger (eps, delta) <= (" + decimal(ledger.eps_upper) + ", " + decimal(ledger.delta) +
                     ") within the claim (" + dpb::to_string(o.eps) + ", " + dpb::to_string(o.delta) + ")";
  } else {
    out.verdict = Verdict::inconclusive;
    out.key_figure = "ledger (eps, delta) <= (" + decimal(ledger.eps_upper) + ", " + decimal(ledger.delta) +
                     ") above the claim (" + dpb::to_string(o.eps) + ", " + dpb::to_string(o.delta) +
                     "); no lower bound computed";
  }
  nlohmann::json& ev = out.evidence;
  ev["learner"] = "shuffle-glm";
  ev["profile"] = "scaled";
  ev["eps"] = dpb::to_string(o.eps);
  ev["delta"] = dpb::to_string(o.delta);
  if (o.calibration_eps) ev["calibration_eps"] = dpb::to_string(*o.calibration_eps);
  ev["T"] = o.T;
  ev["d"] = o.d;
  ev["K"] = o.K;
  ev["batches"] = batches;
  ev["users"] = {{"last_batch_unreleased", last},
                 {"max_releases_per_user", ledger.max_releases_per_observation},
                 {"expected", "each user of a released batch in its batch's P2 and P_GD calls only, the last batch's "
                              "in none"},
                 {"as_expected", shape_ok}};
  ev["ledger_eps_upper"] = dpb::to_string(ledger.eps_upper);
  ev["ledger_eps_upper_decimal"] = decimal(ledger.eps_upper);
  ev["ledger_delta"] = dpb::to_string(ledger.delta);
  ev["ledger_delta_decimal"] = decimal(ledger.delta);
  ev["conversion"] = ledger.conversion;
  ev["worst_user"] = ledger.worst_observation;
  ev["laws_basis"] = "P2: P_Vec's certified eps at delta/2 on the matrix instance (claim 003.v4's bound, the clipped "
                     "weight makes ||w x x^T||_F <= Delta exact); P_GD: calibrate_pgd's advanced composition of its "
                     "T_it steps, rounded up (claim 003.pgd.privacy's accountant; it composes Lemma S.1's per-step "
                     "statement for P1)";
  ev["view"] = "every batch's P2 and P_GD shuffled views (Def. 2.4); broadcasts and actions are post-processing";
  if (out.verdict == Verdict::inconclusive)
    ev["inconclusive_because"] = "the ledger's upper bound exceeds the claim and no certified lower bound is computed";
  return out;
}

Outcome check_ledger_003(const RunOptions& run, const Ledger003Options& options) {
  const auto started = std::chrono::steady_clock::now();
  const ref::ShuffleGlmTrajectory t = run_ledger_003(options, run.seed);
  poll_cancellation();
  Outcome out = assess_ledger_003(t, options);
  out.evidence["seed"] = run.seed;
  out.evidence["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace dpb::verify::privacy_checks
