#include "verify/statistical/sampled_sums.hpp"

#include "verify/cluster/cancellation.hpp"

#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "optimized/protocols/noise_sampler.hpp"
#include "reference/bits/chacha20.hpp"
#include "verify/stats/gof.hpp"
#include "verify/stats/holm.hpp"
#include "verify/stats/two_sample.hpp"

namespace dpb::verify::statistical {
namespace {

std::string number_text(double x, const char* fmt = "%.4g") {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, x);
  return buf;
}

// Case index of each record, from the record counts before and after each case.
struct CaseSpan {
  std::size_t begin, end;
};

}  // namespace

stats::GofOptions sum_gof_options() {
  stats::GofOptions o;
  o.binning.min_expected = 20;
  o.binning.max_bins = 50;
  o.tail_levels = {0.99, 0.999};
  return o;
}

std::string describe_law(const ref::NoiseLaw& law) {
  switch (law.kind) {
    case ref::NoiseKind::None: return "none";
    case ref::NoiseKind::PolyaDifference:
      return "polya-diff(r=" + dpb::to_string(law.polya_r) + ", scale=" + dpb::to_string(law.scale) + ")";
    case ref::NoiseKind::Skellam: return "skellam(var=" + dpb::to_string(law.variance) + ")";
    case ref::NoiseKind::DiscreteGaussian: return "dgauss(sigma2=" + dpb::to_string(law.variance) + ")";
    case ref::NoiseKind::DiscreteLaplace: return "dlaplace(scale=" + dpb::to_string(law.scale) + ")";
  }
  return "unknown";
}

std::vector<std::int64_t> draw_sums(const ref::NoiseLaw& per_user, std::uint64_t users, std::uint64_t count,
                                    std::uint64_t seed, std::uint64_t stream) {
  if (per_user.kind == ref::NoiseKind::None) throw std::invalid_argument("draw_sums: the per-user law is none");
  fast::NoiseSampler eta(per_user);
  ChaCha20Source bits(seed, stream);
  std::vector<std::int64_t> out;
  out.reserve(count);
  for (std::uint64_t j = 0; j < count; ++j) {
    if (j % 4096 == 0) poll_cancellation();  // verify --claim-timeout
    std::int64_t sum = 0;
    for (std::uint64_t i = 0; i < users; ++i) sum += eta(bits);
    out.push_back(sum);
  }
  return out;
}

SumCase calibrated_case(ref::Variant variant, const Rational& eps, std::uint64_t n, std::uint64_t horizon) {
  ref::CalibrationInput in;
  in.eps = eps;
  in.n = Integer(n);
  in.horizon = Integer(horizon);
  const ref::Calibration c = ref::calibrate(variant, in);
  SumCase out;
  out.label = std::string(ref::variant_name(variant)) + " ε=" + dpb::to_string(eps) + " n=" + std::to_string(n);
  out.users = n;
  out.per_user = c.per_user_noise;
  out.aggregate = c.aggregate_noise;
  out.origin = "calibrate(" + std::string(ref::variant_name(variant)) + ", eps=" + dpb::to_string(eps) +
               ", n=" + std::to_string(n) + ", T=" + std::to_string(horizon) + "): g=" + dpb::to_string(c.g) +
               ", tau=" + dpb::to_string(c.tau) + ", m=" + dpb::to_string(c.m) + "; " + c.source;
  return out;
}

nlohmann::json battery_tests_json(const stats::Battery& battery) {
  std::vector<double> p;
  for (const auto& r : battery.records()) p.push_back(r.p_value);
  const auto thresholds = stats::holm_thresholds(p, battery.family_alpha());
  const auto rejected = battery.rejected();
  nlohmann::json tests = nlohmann::json::array();
  for (std::size_t i = 0; i < battery.records().size(); ++i) {
    const auto& r = battery.records()[i];
    tests.push_back({{"name", r.name},
                     {"n", r.n},
                     {"bins", r.bins},
                     {"statistic", r.statistic},
                     {"df", r.df},
                     {"p", r.p_value},
                     {"p_text", stats::format_p_value(r.p_value)},
                     {"holm_threshold", thresholds[i]},
                     {"decision", rejected[i] ? "rejected" : "accepted"},
                     {"detail", r.detail}});
  }
  return tests;
}

Outcome check_sampled_sums(const SumCheck& check, const RunOptions& options) {
  if (check.samples == 0) throw std::invalid_argument("check_sampled_sums: samples must be > 0");
  if (!check.target) throw std::invalid_argument("check_sampled_sums: no target law");
  stats::Battery battery(check.claim_id, check.family_alpha);
  nlohmann::json cases = nlohmann::json::array();
  std::vector<CaseSpan> spans;
  const std::uint64_t N = check.samples;

  for (std::size_t i = 0; i < check.cases.size(); ++i) {
    const SumCase& c = check.cases[i];
    const auto t0 = std::chrono::steady_clock::now();
    SumTarget target = check.target(c);
    const stats::GofPlan plan = stats::plan_goodness_of_fit(*target.law, N, sum_gof_options());
    const ref::NoiseLaw drawn = check.per_user_override ? check.per_user_override(c) : c.per_user;
    const auto sums = draw_sums(drawn, c.users, N, options.seed, check.stream_base + 2 * i);

    const std::size_t first_record = battery.records().size();
    stats::add_goodness_of_fit(battery, c.label, plan, sums);
    nlohmann::json ce = {{"label", c.label},
                         {"origin", c.origin},
                         {"users", c.users},
                         {"per_user", describe_law(c.per_user)},
                         {"target", target.law->describe()},
                         {"bins", plan.binning.size()},
                         {"stream_sums", check.stream_base + 2 * i}};
    if (check.per_user_override) ce["drawn_per_user"] = describe_law(drawn);
    if (check.two_sample && c.aggregate.kind != ref::NoiseKind::None) {
      const auto direct = draw_sums(c.aggregate, 1, N, options.seed, check.stream_base + 2 * i + 1);
      const stats::HomogeneityTest h = stats::homogeneity_test(sums, direct, 20, 50);
      const std::string detail = "per-user sums vs " + std::to_string(N) + " direct draws of " +
                                 describe_law(c.aggregate) + ", " + std::to_string(h.column_lo.size()) + " columns";
      battery.add({c.label + ": two-sample pearson", N, h.column_lo.size(), h.pearson, h.df, h.pearson_p_value,
                   detail});
      battery.add({c.label + ": two-sample g", N, h.column_lo.size(), h.g, h.df, h.g_p_value, detail});
      ce["aggregate"] = describe_law(c.aggregate);
      ce["stream_direct"] = check.stream_base + 2 * i + 1;
      ce["two_sample_columns"] = h.column_lo.size();
    }
    spans.push_back({first_record, battery.records().size()});
    if (!target.evidence.empty()) ce["target_evidence"] = target.evidence;
    ce["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    cases.push_back(std::move(ce));
  }

  nlohmann::json tests = battery_tests_json(battery);
  for (std::size_t i = 0; i < spans.size(); ++i)
    for (std::size_t j = spans[i].begin; j < spans[i].end; ++j) tests[j]["case"] = i;
  const std::size_t rejected = battery.rejected_count();

  Outcome out;
  out.verdict = rejected > 0 ? Verdict::violated : Verdict::holds;
  out.key_figure = std::to_string(battery.records().size()) + " tests, N = " + std::to_string(N) + ": min p " +
                   stats::format_p_value(battery.min_p_value()) + ", " + std::to_string(rejected) +
                   " rejected (Holm, α = " + number_text(check.family_alpha, "%.0e") + ")";
  out.evidence = {{"family_alpha", check.family_alpha},
                  {"holm", "Holm–Bonferroni over every test of every case"},
                  {"samples", N},
                  {"seed", options.seed},
                  {"sampler", "fast::NoiseSampler (the protocol's per-user noise sampler; bit-identical to ref)"},
                  {"cases", std::move(cases)},
                  {"tests", std::move(tests)},
                  {"rejected", rejected},
                  {"min_p", battery.min_p_value()},
                  {"min_p_test", battery.min_p_name()}};
  if (rejected > 0) out.evidence["report"] = battery.report();
  return out;
}

}  // namespace dpb::verify::statistical
