#include "verify/statistical/seed004_sampled.hpp"

#include <algorithm>
#include <stdexcept>
#include <cmath>

#include "optimized/learners/mase.hpp"
#include "reference/learners/agent_law.hpp"
#include "reference/learners/mase.hpp"
#include "reference/learners/dp_se_epoch.hpp"
#include "reference/pmf/registry.hpp"
#include "reference/samplers/binomial_split.hpp"
#include "verify/stats/battery.hpp"
#include "verify/stats/binomial_tests.hpp"
#include "verify/stats/gof.hpp"
#include "verify/stats/holm.hpp"

namespace dpb::verify::statistical {

namespace {

stats::ProbabilityEnclosure exact(const Rational& p) {
  const double d = p.convert_to<double>();
  return {std::nextafter(d, 0.0), std::nextafter(d, 1.0)};
}

}  // namespace

Outcome test_masks(const std::vector<std::vector<bool>>& masks, const Rational& xi, double family_alpha) {
  std::uint64_t n = 0, sent = 0, pairs = 0, both = 0;
  for (const auto& m : masks) {
    for (bool b : m) {
      ++n;
      sent += b;
    }
    for (std::size_t i = 0; i + 1 < m.size(); i += 2) {
      ++pairs;
      both += !m[i] && !m[i + 1];
    }
  }
  const stats::BinomialTest freq = stats::binomial_test(sent, n, exact(1 - xi));
  const stats::BinomialTest pair = stats::binomial_test(both, pairs, exact(xi * xi));
  const std::vector<double> p{freq.p_value, pair.p_value};
  const std::vector<bool> reject = stats::holm_reject(p, family_alpha);
  Outcome o;
  o.verdict = (n == 0 || pairs == 0) ? Verdict::inconclusive
                                     : (reject[0] || reject[1] ? Verdict::violated : Verdict::holds);
  char buf[200];
  std::snprintf(buf, sizeof buf, "%llu masks, ν = 1: %llu (p = %.3g); %llu pairs both dropped: %llu (p = %.3g)",
                static_cast<unsigned long long>(n), static_cast<unsigned long long>(sent), freq.p_value,
                static_cast<unsigned long long>(pairs), static_cast<unsigned long long>(both), pair.p_value);
  o.key_figure = buf;
  o.evidence["masks"] = n;
  o.evidence["sent"] = sent;
  o.evidence["p_value_frequency"] = freq.p_value;
  o.evidence["pairs"] = pairs;
  o.evidence["pairs_both_dropped"] = both;
  o.evidence["p_value_pairs"] = pair.p_value;
  o.evidence["xi"] = dpb::to_string(xi);
  o.evidence["family_alpha"] = family_alpha;
  return o;
}

Outcome test_agent_laws(const std::vector<AgentLawCase>& cases, double family_alpha) {
  std::vector<double> p;
  Outcome o;
  o.evidence["family_alpha"] = family_alpha;
  for (const auto& c : cases) {
    const stats::GofStatistic g = stats::pearson_statistic(c.counts, c.p);
    p.push_back(g.p_value);
    std::uint64_t n = 0;
    for (auto x : c.counts) n += x;
    o.evidence["tests"].push_back({{"name", c.name}, {"draws", n}, {"statistic", g.conservative}, {"df", g.df},
                                   {"p_value", g.p_value}});
  }
  const std::vector<bool> reject = stats::holm_reject(p, family_alpha);
  bool any = false;
  for (bool r : reject) any |= r;
  o.verdict = cases.empty() ? Verdict::inconclusive : (any ? Verdict::violated : Verdict::holds);
  double min_p = 1;
  for (double x : p) min_p = std::min(min_p, x);
  char buf[120];
  std::snprintf(buf, sizeof buf, "%zu χ² tests, smallest p = %.3g (Holm at %.0e)", cases.size(), min_p, family_alpha);
  o.key_figure = buf;
  return o;
}

std::vector<stats::ProbabilityEnclosure> agent_law_probabilities(std::uint32_t N, const Rational& gamma,
                                                                 const Rational& offset) {
  std::vector<stats::ProbabilityEnclosure> p;
  if (gamma == 0) {
    for (std::uint32_t n = 0; n < N; ++n) p.push_back(exact(Rational(1, N)));
    return p;
  }
  const ref::PowerAgentLaw law(N, gamma, offset);
  Interval previous(Rational(0), 128);
  for (std::uint32_t k = 0; k < N; ++k) {
    const Interval F = law.cdf(k, 128);
    const Interval d = F - previous;
    p.push_back({std::nextafter(d.lower().convert_to<double>(), 0.0), std::nextafter(d.upper().convert_to<double>(), 1.0)});
    previous = F;
  }
  return p;
}

std::vector<std::uint64_t> sampled_agent_counts(std::uint32_t N, const Rational& gamma, const Rational& offset,
                                                std::uint64_t rounds, std::uint64_t seed, bool optimized) {
  ref::MultiAgentConfig c;
  c.algorithm = ref::MultiAgentAlgorithm::DecentralizedElimination;
  c.agents = N;
  c.routine = ref::LocalRoutine::Coin;
  c.coin_activation = std::uint64_t{1} << 40;  // never fires: nobody finishes, every draw is an activation
  c.rho = Rational(1, 2);
  c.sync = ref::SyncPolicy::EachActivation;
  c.votes_threshold = N;
  c.law = gamma == 0 ? ref::AgentLawKind::Uniform : ref::AgentLawKind::Power;
  c.gamma = gamma == 0 ? Rational(1, 2) : gamma;
  c.agent_offset = offset;
  c.max_rounds = rounds;
  const ref::BanditInstance instance = ref::BanditInstance::bernoulli({Rational(1, 2), Rational(1, 2)});
  const ref::MultiAgentStreams s = ref::multi_agent_streams(seed, 0);
  const ref::MultiAgentOutcome o = optimized ? fast::run_multi_agent(c, instance, s) : ref::run_multi_agent(c, instance, s);
  return o.activations;
}

std::size_t permutation_rank(const std::vector<std::uint32_t>& order) {
  std::size_t rank = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    std::size_t smaller_later = 0;
    for (std::size_t j = i + 1; j < order.size(); ++j) smaller_later += order[j] < order[i];
    std::size_t f = 1;
    for (std::size_t t = 2; t < order.size() - i; ++t) f *= t;
    rank += smaller_later * f;
  }
  return rank;
}

std::vector<std::uint64_t> sampled_first_activation_orders(std::uint32_t N, const Rational& gamma,
                                                           const Rational& offset, std::uint32_t runs,
                                                           std::uint64_t seed) {
  if (N < 2 || N > 6) throw std::invalid_argument("sampled_first_activation_orders: N must be in 2..6");
  ref::MultiAgentConfig c;
  c.algorithm = ref::MultiAgentAlgorithm::DecentralizedElimination;
  c.agents = N;
  c.routine = ref::LocalRoutine::Coin;
  c.coin_activation = 1;  // every agent finishes at its first activation
  c.rho = Rational(1, 2);
  c.sync = ref::SyncPolicy::EachActivation;
  c.votes_threshold = N;  // λ_k <= N: no global elimination, the run ends when no agent is left
  c.law = ref::AgentLawKind::Power;
  c.gamma = gamma;
  c.agent_offset = offset;
  const ref::BanditInstance instance = ref::BanditInstance::bernoulli({Rational(1, 2), Rational(1, 2)});
  std::size_t cells = 1;
  for (std::uint32_t t = 2; t <= N; ++t) cells *= t;
  std::vector<std::uint64_t> counts(cells, 0);
  for (std::uint32_t r = 0; r < runs; ++r) {
    const ref::MultiAgentOutcome o = fast::run_multi_agent(c, instance, ref::multi_agent_streams(seed, r));
    std::vector<std::uint32_t> order(N);
    for (std::uint32_t n = 0; n < N; ++n) order[n] = n;
    std::sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
      return o.agent_finish_round[x] < o.agent_finish_round[y];
    });
    ++counts[permutation_rank(order)];
  }
  return counts;
}

std::vector<stats::ProbabilityEnclosure> permutation_probabilities(std::uint32_t N, const Rational& gamma,
                                                                   const Rational& offset) {
  constexpr mpfr_prec_t prec = 128;
  std::vector<Interval> w;
  for (std::uint32_t i = 0; i < N; ++i) w.push_back(Interval(Rational(Integer(i) + 1) + offset, prec).log().mul(-gamma).exp());
  std::vector<std::uint32_t> order(N);
  for (std::uint32_t n = 0; n < N; ++n) order[n] = n;
  std::vector<stats::ProbabilityEnclosure> p;
  do {  // lexicographic order = rank order
    Interval prob(Rational(1), prec), left(Rational(0), prec);
    for (const Interval& x : w) left += x;
    for (std::uint32_t t = 0; t < N; ++t) {
      prob = prob * (w[order[t]] / left);
      left = left - w[order[t]];
    }
    p.push_back({std::nextafter(prob.lower().convert_to<double>(), 0.0),
                 std::nextafter(prob.upper().convert_to<double>(), 1.0)});
  } while (std::next_permutation(order.begin(), order.end()));
  return p;
}

std::vector<std::vector<bool>> sampled_masks(const Rational& xi, std::uint32_t runs, std::uint64_t seed) {
  ref::MultiAgentParams p;
  p.agents = 16;
  p.delta = Rational(1, 4);
  p.eta = Rational(1, 2);
  p.xi = xi;
  p.votes = 15;  // all 16 votes needed: every agent eliminates its four suboptimal arms before the run ends
  const ref::BanditInstance sure =
      ref::BanditInstance::bernoulli({Rational(1), Rational(0), Rational(0), Rational(0), Rational(0)});
  const ref::MultiAgentConfig cfg =
      ref::configure_multi_agent(ref::MultiAgentAlgorithm::CorruptedElimination, p, sure.arms());
  std::vector<std::vector<bool>> masks;
  for (std::uint32_t r = 0; r < runs; ++r) {
    const ref::MultiAgentOutcome o = fast::run_multi_agent(cfg, sure, ref::multi_agent_streams(seed, r));
    std::vector<std::vector<bool>> per_agent(p.agents);
    for (const auto& m : o.messages) per_agent[m.agent].push_back(m.sent);
    for (auto& m : per_agent) masks.push_back(std::move(m));
  }
  return masks;
}

Outcome check_mask_sampled(const RunOptions& options) {
  const bool full = options.suite == Suite::full;
  const Rational xi(1, 10);
  // The claim's α (its family's share); the default when called outside the registry (tests).
  Outcome o = test_masks(sampled_masks(xi, full ? 2000 : 200, options.seed), xi,
                         options.alpha > 0 ? options.alpha : kSeed004Alpha);
  o.evidence["build"] = "optimized (bit-identical to the reference: 004.messages, crosscheck)";
  return o;
}

Outcome check_agent_law_sampled(const RunOptions& options) {
  const std::uint64_t rounds = options.suite == Suite::full ? 1000000 : 40000;
  std::vector<AgentLawCase> cases;
  struct Law {
    std::string name;
    std::uint32_t N;
    Rational gamma, offset;
  };
  for (const Law& l : {Law{"uniform N = 8", 8, Rational(0), Rational(0)},
                       Law{"P^γ N = 8, γ = 4/5, α = 0", 8, Rational(4, 5), Rational(0)},
                       Law{"P^γ N = 16, γ = 1/2, α = 3/2", 16, Rational(1, 2), Rational(3, 2)}})
    cases.push_back({l.name, sampled_agent_counts(l.N, l.gamma, l.offset, rounds, options.seed, true),
                     agent_law_probabilities(l.N, l.gamma, l.offset)});
  // Renormalization over the unfinished agents: orders of first activations (every agent finishes at once).
  const std::uint32_t runs = options.suite == Suite::full ? 100000 : 10000;
  cases.push_back({"P^γ renormalized, N = 4, γ = 4/5: first-activation orders",
                   sampled_first_activation_orders(4, Rational(4, 5), Rational(0), runs, options.seed),
                   permutation_probabilities(4, Rational(4, 5), Rational(0))});
  return test_agent_laws(cases, options.alpha > 0 ? options.alpha : kSeed004Alpha);
}

Outcome test_epoch_sums(const std::vector<EpochSumCase>& cases, double family_alpha) {
  stats::Battery battery("004.epoch-sum.binomial", family_alpha);
  stats::GofOptions gof;
  gof.binning.min_expected = 20;
  gof.binning.max_bins = 50;
  gof.tail_levels = {0.99, 0.999};
  Outcome o;
  for (const EpochSumCase& c : cases) {
    const auto law = ref::make_certified_distribution(
        "binomial", {{"n", Rational(Integer(c.R))}, {"p", c.mean}});
    const stats::GofPlan plan = stats::plan_goodness_of_fit(*law, c.sums.size(), gof);
    stats::add_goodness_of_fit(battery, c.name, plan, c.sums);
    o.evidence["cases"].push_back({{"name", c.name}, {"R", c.R}, {"mean", dpb::to_string(c.mean)},
                                   {"sums", c.sums.size()}, {"bins", plan.binning.size()}});
  }
  const std::size_t rejected = battery.rejected_count();
  o.verdict = cases.empty() ? Verdict::inconclusive : (rejected > 0 ? Verdict::violated : Verdict::holds);
  o.key_figure = std::to_string(battery.records().size()) + " tests: min p " +
                 stats::format_p_value(battery.min_p_value()) + ", " + std::to_string(rejected) + " rejected (Holm)";
  for (std::size_t i = 0; i < battery.records().size(); ++i) {
    const auto& r = battery.records()[i];
    o.evidence["tests"].push_back({{"name", r.name}, {"n", r.n}, {"statistic", r.statistic}, {"df", r.df},
                                   {"p_value", r.p_value}, {"rejected", battery.rejected()[i]}});
  }
  o.evidence["family_alpha"] = family_alpha;
  return o;
}

std::vector<std::int64_t> sampled_epoch_sums(std::uint64_t R, const Rational& mean, std::uint64_t n,
                                             std::uint64_t seed, std::uint64_t stream) {
  ChaCha20Source bits(seed, stream);
  std::vector<std::int64_t> out(n);
  for (auto& x : out) x = static_cast<std::int64_t>(fast::binomial_epoch_sum(bits, R, mean));
  return out;
}

std::vector<EpochSumGrid> epoch_sum_grid(bool full) {
  const auto R1 = to_uint64(ref::dp_se_epoch_length(10, 1, Rational(1, 2), Rational(1, 2)));
  std::vector<EpochSumGrid> g;
  const ref::BanditInstance p1 = ref::seed004_problem1();
  for (const Rational& mean : p1.means())
    if (std::none_of(g.begin(), g.end(), [&](const EpochSumGrid& x) { return x.mean == mean; }))
      g.push_back({R1, mean, full ? 1000000ULL : 100000ULL});
  // Above the counting range (R > 2^20) the half steps are BinomialLarge's rejection draws, whose law is claim-free
  // but tested (tests/verify/stats/seed001_samplers_gof_stat_test.cpp); the certified Bin(R, μ) pmf's binning at
  // R ≈ 2^21 costs seconds, so the full suite alone adds R = 2^20 + 1, μ = 7/10.
  if (full) g.push_back({ref::BinomialSplit::kCountBelow + 1, Rational(7, 10), 2000});
  return g;
}

Outcome check_epoch_sum_binomial(const RunOptions& options) {
  std::vector<EpochSumCase> cases;
  std::uint64_t stream = 0;
  for (const EpochSumGrid& g : epoch_sum_grid(options.suite == Suite::full))
    cases.push_back({"Bin(" + std::to_string(g.R) + ", " + dpb::to_string(g.mean) + ")", g.R, g.mean,
                     sampled_epoch_sums(g.R, g.mean, g.n, options.seed, stream++)});
  Outcome o = test_epoch_sums(cases, options.alpha > 0 ? options.alpha : kSeed004Alpha);
  o.evidence["build"] = "optimized (fast::binomial_epoch_sum, the engine's draw; bit-identical to ref::BinomialSplit)";
  return o;
}

}  // namespace dpb::verify::statistical
