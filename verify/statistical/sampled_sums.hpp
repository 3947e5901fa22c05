// The engine of the statistical claims on aggregate noise (issue 3, item 4; method `statistical`): draw the sum
// Σ_{i=1}^n η_i of n per-user noises exactly as the protocol draws them, and test the sums
//   - against the certified law the claim says they follow (verify/stats/gof.hpp: exact support check, Pearson χ²
//     and G on bins with expected counts ≥ 20 and at most 50 bins, exact binomial tests of the 0.99 and 0.999
//     tails), and
//   - when the protocol has a direct sampler of the aggregate law, against an equal number of its draws (two-sample
//     χ² and G tests of homogeneity, verify/stats/two_sample.hpp).
// All tests of a claim (every case) form one family, decided by Holm–Bonferroni at family_alpha (1e-6), so no test
// is rejected at a per-test level above 1e-6 and a correct claim is reported violated with probability ≤ 1e-6.
// Verdict: violated when Holm rejects any test, holds otherwise.
//
// The protocol's own code path: per-user noise is drawn by fast::NoiseSampler (optimized/protocols/noise_sampler.hpp)
// from the ref::NoiseLaw that R uses (reference/protocols/calibration.hpp), i.e. the same sampler objects as
// fast::LocalRandomizer, and the direct aggregate by the same class from the calibration's aggregate law. The
// optimized samplers are bit-identical to the reference ones (crosschecks), so this is the reference's law too.
//
// Seeds: case i draws its per-user sums from ChaCha20Source(seed, stream_base + 2i) and its direct aggregate from
// ChaCha20Source(seed, stream_base + 2i + 1); seed is RunOptions::seed.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reference/pmf/distribution.hpp"
#include "reference/protocols/calibration.hpp"
#include "verify/claims/claim.hpp"
#include "verify/stats/battery.hpp"
#include "verify/stats/gof.hpp"

namespace dpb::verify::statistical {

inline constexpr double kFamilyAlpha = 1e-6;

struct SumCase {
  std::string label;              // "n=8, t=4"
  std::uint64_t users = 1;        // n
  ref::NoiseLaw per_user;         // the law of each η_i (as R draws it)
  ref::NoiseLaw aggregate;        // the law of Σ η_i when the protocol samples it directly; kind None: no such sampler
  std::string origin = "grid";    // "grid", or the calibrate(...) call the laws come from
};

// The certified law the sums are tested against, and any evidence about it (e.g. its distance to another law).
struct SumTarget {
  std::unique_ptr<ref::CertifiedDistribution> law;
  nlohmann::json evidence = nlohmann::json::object();
};

struct SumCheck {
  std::string claim_id;           // for the battery's title
  std::vector<SumCase> cases;
  std::uint64_t samples = 0;      // sums drawn per case (and direct draws, when there is a direct sampler)
  double family_alpha = kFamilyAlpha;
  std::uint64_t stream_base = 0;  // see Seeds above
  std::function<SumTarget(const SumCase&)> target;
  // Negative controls only: the per-user law actually drawn, given the case (empty: the case's own law).
  std::function<ref::NoiseLaw(const SumCase&)> per_user_override;
  // Whether to run the two-sample test against the direct aggregate sampler (when the case has one).
  bool two_sample = true;
};

// A case whose laws are the protocol's own: ref::calibrate(variant, {eps, n, horizon}) gives per_user (R's η_i) and
// aggregate (the calibration's law of Σ η_i). Label "<variant> ε=<eps> n=<n>", origin "calibrate(...): g=…, …".
SumCase calibrated_case(ref::Variant variant, const Rational& eps, std::uint64_t n, std::uint64_t horizon);

// Draws, tests and decides. Evidence: {"family_alpha", "holm", "samples", "seed", "cases": [{label, origin, users,
// per_user, drawn (when overridden), target, aggregate, bins, seconds, target evidence}], "tests": [{name, case, n,
// bins, statistic, df, p, holm_threshold, decision}], "rejected", "min_p", "min_p_test"}.
Outcome check_sampled_sums(const SumCheck& check, const RunOptions& options);

// Σ_{i=1}^{users} η_i, `count` times, η_i drawn by fast::NoiseSampler(per_user) from ChaCha20Source(seed, stream).
std::vector<std::int64_t> draw_sums(const ref::NoiseLaw& per_user, std::uint64_t users, std::uint64_t count,
                                    std::uint64_t seed, std::uint64_t stream);

// The goodness-of-fit options of every case: min expected count 20, at most 50 bins, tails 0.99 and 0.999.
stats::GofOptions sum_gof_options();

// "polya-diff(r=1/8, scale=4)", "skellam(var=9/8)", "dgauss(sigma2=2)", "dlaplace(scale=4)", "none".
std::string describe_law(const ref::NoiseLaw& law);

// The records of a decided battery as JSON: one object per test with name, n, bins, statistic, df, p (text and
// number), holm_threshold and decision ("rejected" / "accepted").
nlohmann::json battery_tests_json(const stats::Battery& battery);

}  // namespace dpb::verify::statistical
