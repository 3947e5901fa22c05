// Seed 001's figure trends (Chowdhury & Zhou, "Shuffle Private Linear Contextual Bandits", ICML 2022,
// arXiv:2202.05567, §5 and App. G, Figs 1–2; spec 001 §6.1, §7 item 17; issue 18 "Claims", errata "Issue 18"):
// the hypotheses of the trend claims 001.fig1.ordering, 001.fig2.ordering and 001.fig1.eps-gap, built from a simulated
// experiment of kind seed001-code (the paper-code profile: the authors' environment and constants, realized regret,
// every learner of a run on the run's instance and reward tape, so per-run differences are paired).
//
//   ordering  per panel (ε, or d for Fig. 2), the adjacent pairs of LinUCB < LinUCB-JDP < {LinUCB-SDP-Amp,
//             LinUCB-SDP-Vec} < LinUCB-LDP: H1 median(Reg_A(T) − Reg_B(T)) < 0 (margin 0);
//   eps-gap   "the gap to LinUCB shrinks as ε grows": for every private learner A and adjacent ε < ε′ of the
//             experiment, with gap_A(ε) = Reg_A(T; ε) − Reg_LinUCB(T; ε) per run, H1 median(gap_A(ε′) − gap_A(ε)) < 0
//             (margin 0: any shrink counts; LinUCB's regret does not depend on ε, so this is the paired difference
//             Reg_A(T; ε′) − Reg_A(T; ε) on one instance and tape).
// Each is a one-sided exact sign test (verify/experiments/trend.hpp); the claim judges them together by Holm at its α.
// `relabel` maps a label of the hypotheses to the label read from the simulation (the negative controls swap two
// learners, or reverse ε, and must be rejected: `violated`).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "verify/experiments/trend.hpp"

namespace dpb::verify::experiments {

// The panel each test belongs to ("001-fig1 ε=1", "001-fig2-d10 ε=1", "001-fig1 ε=1/5→1"), in test order.
struct Seed001Tests {
  std::vector<SignTest> tests;
  std::vector<std::string> panels;
};

Seed001Tests seed001_ordering_tests(const SimulationResult& r, const std::map<std::string, std::string>& relabel = {});
// reverse_eps: the control reads ε in decreasing order (the gap must then grow: rejected).
Seed001Tests seed001_eps_gap_tests(const SimulationResult& r, bool reverse_eps = false);

// trend_outcome over all tests plus each panel's verdict from the family's Holm decisions (holds: every test of the
// panel supported; violated: some contradicted; else inconclusive), in evidence["panels"].
Outcome seed001_trend_outcome(const Seed001Tests& t, double alpha);

}  // namespace dpb::verify::experiments
