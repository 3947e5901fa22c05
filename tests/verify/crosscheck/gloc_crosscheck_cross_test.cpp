// `crosscheck --learner gloc` (verify/crosscheck/glm_crosscheck.hpp): both builds agree on seeded runs of both links
// and profiles, the report names the profile and its constants, and the control without deferral is caught (probit
// at S = 3, where the double radius cannot decide the first rounds).
#include "verify/crosscheck/glm_crosscheck.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace dpb::verify {
namespace {

GlmCrosscheckConfig config(ref::Link link, ref::GlocProfile profile, Rational S, std::uint64_t T) {
  GlmCrosscheckConfig c;
  c.learner = "gloc";
  c.horizon = T;
  c.runs = 1;
  c.seed = 7;
  c.instance.link = link;
  c.instance.d = 3;
  c.instance.K = 10;
  c.instance.S = S;
  c.gloc.profile = profile;
  return c;
}

TEST(GlocCrosscheckTest, AgreesOnSeededRunsAndReportsTheProfile) {
  for (ref::Link link : {ref::Link::logistic, ref::Link::probit})
    for (ref::GlocProfile profile : {ref::GlocProfile::paper, ref::GlocProfile::baseline_code}) {
      const GlmCrosscheckReport rep = crosscheck_glm(config(link, profile, Rational(2), 120));
      std::ostringstream out;
      print_glm_report(rep, out);
      EXPECT_TRUE(rep.ok()) << out.str();
      EXPECT_NE(out.str().find(std::string("profile ") + std::string(ref::gloc_profile_name(profile))),
                std::string::npos)
          << out.str();
      ASSERT_EQ(rep.runs.size(), 1U);
      EXPECT_EQ(rep.runs[0].rounds, 120U);
    }
}

TEST(GlocCrosscheckTest, TheControlWithoutDeferralIsCaught) {
  GlmCrosscheckConfig c = config(ref::Link::probit, ref::GlocProfile::paper, Rational(3), 150);
  c.runs = 3;
  c.gloc_fast_options.defer = false;
  const GlmCrosscheckReport rep = crosscheck_glm(c);
  std::ostringstream out;
  print_glm_report(rep, out);
  EXPECT_FALSE(rep.ok()) << out.str();
  EXPECT_NE(out.str().find("DISAGREEMENT"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace dpb::verify
