// The (ϵ, η)-privacy adversary audit run on the learners (verify/audit/eta_privacy.hpp): a positive control
// (Decentralized Elimination at η = 1/2, N = 16 holds), the negative controls (leaky twins: every agent's messages
// on the watched channel — violated; the masks not applied — seen by the adversary), and the registered claims'
// quick grids (violated). Fixed seeds; the claims' α.
#include "verify/audit/eta_privacy.hpp"

#include <gtest/gtest.h>

#include "tests/support/eta_settings.hpp"

#include "verify/privacy_checks/eta_privacy_checks.hpp"

namespace dpb::verify::audit {
namespace {

EtaSetting de(std::uint32_t N, const Rational& eta, std::uint64_t runs) {
  return test::decentralized_elimination_setting(N, eta, runs);
}

TEST(EtaPrivacy, PositiveControlHoldsAndTheBroadcastLeakIsViolated) {
  // Decentralized Elimination at η = 1/2, N = 16: the watched agent says little before the run ends (global
  // eliminations reach it first), every adversary stays far below 1/2 (measured ≈ 0.1–0.2).
  EtaSetting honest = de(16, Rational(1, 2), 200);
  const auto h = run_eta_setting(honest, 20261121, 2);
  EXPECT_EQ(judge_eta({h}, 1e-6).verdict, EtaVerdict::holds);
  // The leaky twin: every agent's messages on the watched channel (the coordinator's view): the best arm is the one
  // nobody votes against.
  EtaSetting leaky = honest;
  leaky.leak = EtaLeak::broadcast;
  leaky.runs = 60;
  EXPECT_EQ(judge_eta({run_eta_setting(leaky, 20261121, 2)}, 1e-6).verdict, EtaVerdict::violated);
}

TEST(EtaPrivacy, MasksNotAppliedIsSeenByTheAdversary) {
  // CE at ξ = 1/10, N = 8 (agents often finish): with the masks not applied to the view the complete adversary
  // sees all K − 1 eliminations of every finished agent instead of a (1 − ξ)^9 ≈ 0.39 share of them.
  EtaSetting s;
  s.algorithm = ref::MultiAgentAlgorithm::CorruptedElimination;
  s.params.agents = 8;
  s.params.delta = Rational(1, 4);
  s.params.eta = Rational(9, 10);
  s.params.xi = Rational(1, 10);
  s.eta = s.params.eta;
  s.runs = 100;
  s.adversaries = {EtaAdversary::complete};
  const auto honest = run_eta_setting(s, 5, 2);
  s.leak = EtaLeak::masks;
  const auto leaky = run_eta_setting(s, 5, 2);
  std::uint64_t h = 0, l = 0;
  for (const auto& c : honest.counts) h += c.wins;
  for (const auto& c : leaky.counts) l += c.wins;
  EXPECT_GT(l, h);
}

TEST(EtaPrivacy, QuickClaimsAreViolated) {
  RunOptions o;
  o.alpha = 5e-7;
  EXPECT_EQ(privacy_checks::check_prop51_eta_privacy(o).verdict, Verdict::violated);
  EXPECT_EQ(privacy_checks::check_feraud_eta_privacy(o).verdict, Verdict::violated);
}

}  // namespace
}  // namespace dpb::verify::audit
