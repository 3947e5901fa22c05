#include "verify/stats/gof.hpp"

#include <sstream>
#include <stdexcept>

#include "verify/stats/binomial_tests.hpp"
#include "verify/stats/chi_squared.hpp"

namespace dpb::verify::stats {
namespace {

std::optional<std::int64_t> as_int64(const std::optional<Integer>& x) {
  if (!x) return std::nullopt;
  if (!fits_int64(*x)) throw std::invalid_argument("plan_goodness_of_fit: support bound does not fit in int64");
  return to_int64(*x);
}

// Bin mass of an alternative law (midpoint; planning only).
double bin_mass(const ref::CertifiedDistribution& law, const Bin& b, mpfr_prec_t prec) {
  auto cdf = [&](std::int64_t k) { return law.cdf(Integer(k), prec).midpoint_for_report(); };
  auto upper = [&](std::int64_t k) { return law.upper_tail(Integer(k), prec).midpoint_for_report(); };
  if (b.lo == kMinusInfinity && b.hi == kPlusInfinity) return 1.0;
  if (b.lo == kMinusInfinity) return cdf(b.hi);
  if (b.hi == kPlusInfinity) return upper(b.lo);
  const double below = cdf(b.lo - 1);
  return below <= 0.5 ? cdf(b.hi) - below : upper(b.lo) - upper(b.hi + 1);
}

}  // namespace

GofPlan plan_goodness_of_fit(const ref::CertifiedDistribution& law, std::uint64_t n, const GofOptions& options) {
  GofPlan plan{law.describe(), n, as_int64(law.support_min()), as_int64(law.support_max()),
               bin_distribution(law, n, options.binning), {}};
  for (double level : options.tail_levels)
    for (auto side : {TailEvent::Side::kLower, TailEvent::Side::kUpper})
      if (auto e = tail_event(law, side, level, options.binning.prec)) plan.tails.push_back(*e);
  return plan;
}

void add_goodness_of_fit(Battery& battery, const std::string& label, const GofPlan& plan,
                         std::span<const std::int64_t> samples) {
  if (samples.size() != plan.n)
    throw std::invalid_argument("add_goodness_of_fit: the plan is for " + std::to_string(plan.n) + " samples, got " +
                                std::to_string(samples.size()));
  const std::uint64_t n = plan.n;

  std::uint64_t outside = 0;
  for (auto x : samples)
    if ((plan.support_min && x < *plan.support_min) || (plan.support_max && x > *plan.support_max)) ++outside;
  battery.add({label + ": support", n, 0, static_cast<double>(outside), 0, outside > 0 ? 0.0 : 1.0,
               std::to_string(outside) + " samples outside the support of " + plan.law});

  const auto counts = plan.binning.count(samples);
  const auto probs = plan.binning.probabilities();
  const std::string bins_detail =
      "bins " + plan.binning.bins().front().describe() + " .. " + plan.binning.bins().back().describe() +
      ", min expected " + std::to_string(static_cast<long long>(plan.binning.min_expected(n)));
  const GofStatistic x2 = pearson_statistic(counts, probs);
  battery.add({label + ": pearson", n, plan.binning.size(), x2.value, x2.df, x2.p_value, bins_detail});
  const GofStatistic g = g_statistic(counts, probs);
  battery.add({label + ": g", n, plan.binning.size(), g.value, g.df, g.p_value, bins_detail});

  for (const auto& e : plan.tails) {
    std::uint64_t k = 0;
    for (auto x : samples) k += e.contains(x) ? 1 : 0;
    const BinomialTest t = binomial_test(k, n, e.p);
    std::ostringstream detail;
    detail << e.describe() << ": observed " << k << ", expected " << static_cast<double>(n) * e.p.midpoint();
    std::ostringstream name;
    name << label << ": " << (e.side == TailEvent::Side::kUpper ? "upper" : "lower") << " tail " << e.level;
    battery.add({name.str(), n, 0, static_cast<double>(k), 0, t.p_value, detail.str()});
  }
}

PowerPrediction predict_pearson_power(const GofPlan& plan, const ref::CertifiedDistribution& alternative,
                                      double alpha, mpfr_prec_t prec) {
  std::vector<double> p, q;
  for (const auto& b : plan.binning.bins()) {
    p.push_back(b.p.midpoint());
    q.push_back(bin_mass(alternative, b, prec));
  }
  const double df = static_cast<double>(p.size() - 1);
  PowerPrediction r;
  r.noncentrality = pearson_noncentrality(p, q, static_cast<double>(plan.n));
  r.critical_value = chi_squared_critical_value(df, alpha);
  r.power = chi_squared_power(df, r.noncentrality, alpha);
  return r;
}

}  // namespace dpb::verify::stats
