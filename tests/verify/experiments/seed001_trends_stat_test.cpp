// Seed 001's trend hypotheses (verify/experiments/seed001_trends.hpp; claims 001.fig1.ordering, 001.fig2.ordering,
// 001.fig1.eps-gap): on synthetic per-run regrets whose order is known by construction the ordering and the shrinking
// gap hold and every panel says so, and the negative controls — two learners' labels swapped, ε read in reverse — are
// rejected (`violated`); on a real paper-code simulation (001-fig1 at T = 600, 16 runs) swapping LinUCB and
// LinUCB-LDP is rejected. Holm at the claims' α (the family trends-001: 10⁻³ over its three claims).
#include "verify/experiments/seed001_trends.hpp"

#include <gtest/gtest.h>

namespace dpb::verify::experiments {
namespace {

constexpr double kAlpha = 1e-3 / 3;
const char* const kLabels[] = {"LinUCB", "LinUCB-JDP", "LinUCB-SDP-Amp", "LinUCB-SDP-Vec", "LinUCB-LDP"};

// 16 runs, ε ∈ {1/5, 1, 10}: Reg = base(label)·(1 + 1/ε)·(1 + r/100) for private learners, LinUCB flat in ε — so the
// order LinUCB < JDP < Amp, Vec < LDP holds in every run and every gap shrinks as ε grows.
SimulationResult synthetic() {
  SimulationResult r;
  r.config.name = "synthetic";
  r.config.epsilons = {Rational(1, 5), Rational(1), Rational(10)};
  for (const char* l : kLabels) {
    AlgorithmConfig a;
    a.label = l;
    a.learner = "linucb";
    r.config.algorithms.push_back(a);
  }
  r.grid = {1000};
  const double base[] = {100, 200, 300, 310, 400};
  for (std::size_t i = 0; i < 5; ++i)
    for (std::size_t j = 0; j < 3; ++j) {
      CellResult c;
      c.algorithm = kLabels[i];
      c.eps = r.config.epsilons[j];
      const double e = r.config.epsilons[j].convert_to<double>();
      for (int run = 0; run < 16; ++run)
        c.per_run.push_back({i == 0 ? base[0] * (1 + run / 100.0) : base[i] * (1 + 1 / e) * (1 + run / 100.0)});
      r.cells.push_back(c);
    }
  return r;
}

TEST(Seed001TrendsTest, OrderingHoldsOnKnownOrderAndSwappedLabelsAreRejected) {
  const SimulationResult r = synthetic();
  const Seed001Tests t = seed001_ordering_tests(r);
  ASSERT_EQ(t.tests.size(), 15U);
  const Outcome o = seed001_trend_outcome(t, kAlpha);
  EXPECT_EQ(o.verdict, Verdict::holds) << o.key_figure;
  EXPECT_EQ(o.evidence["panels"].size(), 3U);
  for (const auto& [panel, v] : o.evidence["panels"].items()) EXPECT_EQ(v, "holds") << panel;
  const Outcome control =
      seed001_trend_outcome(seed001_ordering_tests(r, {{"LinUCB-JDP", "LinUCB-LDP"}, {"LinUCB-LDP", "LinUCB-JDP"}}),
                            kAlpha);
  EXPECT_EQ(control.verdict, Verdict::violated) << control.key_figure;
}

TEST(Seed001TrendsTest, EpsGapHoldsWhenGapsShrinkAndReversedEpsIsRejected) {
  const SimulationResult r = synthetic();
  const Seed001Tests t = seed001_eps_gap_tests(r);
  ASSERT_EQ(t.tests.size(), 8U);  // 4 private learners × 2 adjacent pairs
  const Outcome o = seed001_trend_outcome(t, kAlpha);
  EXPECT_EQ(o.verdict, Verdict::holds) << o.key_figure;
  EXPECT_EQ(o.evidence["panels"].size(), 2U);
  const Outcome control = seed001_trend_outcome(seed001_eps_gap_tests(r, true), kAlpha);
  EXPECT_EQ(control.verdict, Verdict::violated) << control.key_figure;
  for (const auto& [panel, v] : control.evidence["panels"].items()) EXPECT_EQ(v, "violated") << panel;
}

TEST(Seed001TrendsTest, EqualRegretsAreInconclusiveNotHolds) {
  SimulationResult r = synthetic();
  for (auto& c : r.cells)
    for (auto& run : c.per_run) run = {100};
  EXPECT_EQ(seed001_trend_outcome(seed001_ordering_tests(r), kAlpha).verdict, Verdict::inconclusive);
  EXPECT_EQ(seed001_trend_outcome(seed001_eps_gap_tests(r), kAlpha).verdict, Verdict::inconclusive);
}

TEST(Seed001TrendsTest, SwappingLinUcbAndLdpOnAPaperCodeRunIsRejected) {
  SimulationOptions o;
  o.horizon = 600;
  o.runs = 16;
  o.epsilons = std::vector<Rational>{Rational(1)};
  o.threads = 2;
  const SimulationResult r = simulate(find_experiment("001-fig1"), o);
  const Outcome real = seed001_trend_outcome(seed001_ordering_tests(r), kAlpha);
  EXPECT_NE(real.verdict, Verdict::violated) << real.key_figure;
  const Outcome control = seed001_trend_outcome(
      seed001_ordering_tests(r, {{"LinUCB", "LinUCB-LDP"}, {"LinUCB-LDP", "LinUCB"}}), kAlpha);
  EXPECT_EQ(control.verdict, Verdict::violated) << control.key_figure;
}

}  // namespace
}  // namespace dpb::verify::experiments
