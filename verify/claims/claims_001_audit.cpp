// Seed 001's mechanisms checked by audit (method `audit`; verify/audit/targets_001.hpp, docs/audit.md "Seed 001's
// mechanisms"): gauss-ldp, p-amp, p-vec, tree at ε = 1/2, δ = 10⁻⁵ (their targets' defaults). Verdict rule (errata,
// issue 13, with the certified bound in the ledger's role): `violated` iff the audit's ε_lb exceeds the claimed ε;
// `holds` iff not violated, the audit shows no MODEL-MISMATCH, and a certified upper bound of the view's ε(δ) over
// the whole relation is within the claim (the target's details.certified_upper_bound: the exact Gaussian profile at
// the relation's sensitivity bound, or P_Vec's certified bound of docs/privacy-001.md §6); otherwise `inconclusive`.
#include <cstdio>
#include <string>

#include "reference/core/rational.hpp"
#include "verify/audit/targets.hpp"
#include "verify/claims/claims_001_audit.hpp"
#include "verify/claims/registry.hpp"

namespace dpb::verify {

Outcome seed001_audit_outcome(const std::string& target, const RunOptions& o, const Rational& noise_divisor) {
  audit::TargetOptions t;  // ε = 1/2, δ = 10⁻⁵, the targets' default sizes
  t.noise_divisor = noise_divisor;
  audit::AuditSettings s;
  s.confidence = 1 - o.alpha;
  const bool quick = o.suite == Suite::quick;
  audit::NeighbourSearch search;
  search.pairs = quick ? 6 : 16;
  search.keep = 2;
  search.screen_samples = quick ? 500 : 10000;
  const audit::AuditResult r = audit::audit_target(target, t, quick ? 4000 : 100000, o.seed, s, search);
  Outcome out;
  const std::string v = audit::to_string(r.verdict);
  const bool certified = r.details.contains("certified_upper_bound") &&
                         r.details["certified_upper_bound"].value("within_claim", false);
  char buf[240];
  if (r.verdict == audit::AuditVerdict::violation) {
    out.verdict = Verdict::violated;
    std::snprintf(buf, sizeof buf, "eps_lb %.3g > claimed %.3g (VIOLATION)", r.eps_lb, r.eps_claimed);
  } else if (certified && r.verdict != audit::AuditVerdict::model_mismatch) {
    out.verdict = Verdict::holds;
    std::snprintf(buf, sizeof buf, "certified upper bound within the claim; eps_lb %.3g, eps_exact %.3g (%s)", r.eps_lb,
                  r.eps_exact.value_or(-1), v.c_str());
  } else {
    out.verdict = Verdict::inconclusive;
    std::snprintf(buf, sizeof buf, "eps_lb %.3g <= claimed %.3g (%s): not refuted", r.eps_lb, r.eps_claimed,
                  v.c_str());
    out.evidence["inconclusive_because"] =
        r.verdict == audit::AuditVerdict::model_mismatch
            ? "MODEL-MISMATCH: the implementation leaks more than its white-box model"
            : "no certified upper bound within the claim";
  }
  out.key_figure = buf;
  out.evidence.update(audit::to_json(r));
  out.evidence["alpha"] = o.alpha;
  out.evidence["verdict_rule"] =
      "violated iff eps_lb > claimed eps; holds iff not violated, no MODEL-MISMATCH, and the certified upper bound of "
      "the view's eps(delta) over the whole relation (details.certified_upper_bound) is within the claim; otherwise "
      "inconclusive";
  return out;
}

namespace {

void add(Registry& registry, const std::string& target, const std::string& statement, Source source) {
  Claim& c = registry.add(in_family(
      "audits-001",
      Claim{"001." + target + ".audit", statement, std::move(source), Method::audit,
            "target " + target +
                " at eps = 1/2, delta = 1e-5 and its default size (docs/audit.md); replace-one search over one user's "
                "(phi, y) on a dyadic grid; quick: 6 pairs screened at 500 runs per side, 2 kept at 4000; full: 16 at "
                "10^4, 2 kept at 10^5; confidence 1 - the claim's alpha",
            Verdict::holds, [target](const RunOptions& o) { return seed001_audit_outcome(target, o, Rational(1)); }}));
  c.version = 1;
}

}  // namespace

void register_claims_001_audit(Registry& registry) {
  add(registry, "gauss-ldp",
      "The LDP Gaussian randomizer at sigma = 4 sqrt(2 ln(2.5/delta0))/eps0 (rounded up) is (eps0, delta0)-LDP: "
      "audited on one message (d = 2)",
      {"001", "App. F, App. B", "Cor. B.3, Prop. F.1"});
  add(registry, "p-amp",
      "P_Amp at Thm 3.2's sigma is (eps, delta)-SDP: audited on the shuffler's whole output of a batch (B = 3, d = 2)",
      {"001", "§3.2, App. B.1", "Thm 3.2 / B.1"});
  add(registry, "p-vec",
      "P_Vec at Thm 3.5's (g, b) is (eps, delta)-SDP: audited on the per-label counts of a batch (B = 4, d = 2, vector "
      "part)",
      {"001", "§3.3, App. C.1", "Thm 3.5 / C.1"});
  add(registry, "tree",
      "The tree mechanism at its calibrated sigma_node is (eps, delta)-DP: audited on all released prefixes (N = 4 "
      "leaves)",
      {"001", "App. F", "Prop. F.3"});
}

}  // namespace dpb::verify
