// docs/claims.md is generated from the registry; this test fails when the committed file is stale.
#include "verify/report/claims_markdown.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "reference/core/build_info.hpp"
#include "verify/claims/all_claims.hpp"

namespace dpb::verify {
namespace {

std::vector<const Claim*> pointers(const Registry& r) {
  std::vector<const Claim*> v;
  for (const auto& c : r.claims()) v.push_back(&c);
  return v;
}

TEST(ClaimsMarkdownTest, CommittedDocsClaimsMdIsUpToDate) {
  const std::string path = dpb::configured_source_dir().string() + "/docs/claims.md";
  std::ifstream in(path);
  ASSERT_TRUE(in) << path << " is missing; generate it with: " << kClaimsDocCommand;
  std::stringstream committed;
  committed << in.rdbuf();
  EXPECT_TRUE(committed.str() == claims_markdown(pointers(all_claims())))
      << "docs/claims.md is stale (the claims registry changed); regenerate it with: " << kClaimsDocCommand;
}

TEST(ClaimsMarkdownTest, OneEscapedRowPerClaim) {
  Registry r;
  r.add(Claim{"core.abs", "|x| ≥ 0", {"core", "§1", ""}, Method::proof, "x ∈ Z", Verdict::holds,
              [](const RunOptions&) { return Outcome{}; }});
  const std::string md = claims_markdown(pointers(r));
  EXPECT_NE(md.find("| core.abs | \\|x\\| ≥ 0 | core §1 | proof | holds | — | x ∈ Z |\n"), std::string::npos) << md;
  EXPECT_NE(md.find("1 claims."), std::string::npos);
}

}  // namespace
}  // namespace dpb::verify
