// The claims registry: id format, uniqueness, required fields, glob matching (verify/claims/registry.hpp).
#include "verify/claims/registry.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "verify/claims/all_claims.hpp"

namespace dpb::verify {
namespace {

Claim make_claim(std::string id) {
  const std::string seed = id.substr(0, id.find('.'));
  return Claim{std::move(id), "1 + 1 = 2", {seed, "§1", ""}, Method::certified, "none", Verdict::holds,
               [](const RunOptions&) { return Outcome{Verdict::holds, "ok", {}}; }};
}

TEST(RegistryTest, EveryRegisteredClaimIsWellFormedAndUnique) {
  const Registry& registry = all_claims();
  ASSERT_GE(registry.size(), 9U);
  std::set<std::string> ids;
  for (const auto& c : registry.claims()) {
    SCOPED_TRACE(c.id);
    EXPECT_TRUE(is_well_formed_claim_id(c.id));
    EXPECT_TRUE(ids.insert(c.id).second) << "duplicate id";
    EXPECT_FALSE(c.statement.empty());
    EXPECT_EQ(c.source.seed, c.id.substr(0, c.id.find('.')));
    EXPECT_FALSE(c.source.section.empty());
    EXPECT_FALSE(c.grid.empty());
    EXPECT_TRUE(parse_method(to_string(c.method)).has_value());
    EXPECT_TRUE(static_cast<bool>(c.check));
  }
}

TEST(RegistryTest, RegistersTheCertifiedClaimsOfSeed000) {
  for (const char* id : {"000.fact1", "000.def5.closure", "000.prop1", "000.dlaplace.tail", "000.fact2", "000.lemma5",
                         "000.rounding", "000.polya.mixture", "000.claim1"}) {
    const Claim* c = all_claims().find(id);
    ASSERT_NE(c, nullptr) << id;
    EXPECT_EQ(c->method, Method::certified) << id;
    EXPECT_EQ(c->expected, Verdict::holds) << id;
  }
}

TEST(RegistryTest, IdFormatAcceptsSeedsAndCoreAndRejectsTheRest) {
  for (const char* ok : {"000.fact1", "004.thm2", "core.interval", "000.def5.closure", "001.lemma-3", "002.a_b.c1"})
    EXPECT_TRUE(is_well_formed_claim_id(ok)) << ok;
  for (const char* bad : {"005.fact1", "0.fact1", "000", "000.", "000.Fact1", "000..x", "000.x.", "000.-x", "Core.x",
                          "core", " 000.x", "000.x y", "000.é"})
    EXPECT_FALSE(is_well_formed_claim_id(bad)) << bad;
}

TEST(RegistryTest, AddRejectsMalformedIdDuplicateAndMissingFields) {
  Registry r;
  r.add(make_claim("core.one"));
  EXPECT_THROW(r.add(make_claim("core.one")), std::invalid_argument);
  EXPECT_THROW(r.add(make_claim("core.Bad")), std::invalid_argument);
  Claim no_statement = make_claim("core.two");
  no_statement.statement.clear();
  EXPECT_THROW(r.add(no_statement), std::invalid_argument);
  Claim no_source = make_claim("core.three");
  no_source.source.section.clear();
  EXPECT_THROW(r.add(no_source), std::invalid_argument);
  Claim wrong_seed = make_claim("core.four");
  wrong_seed.source.seed = "000";
  EXPECT_THROW(r.add(wrong_seed), std::invalid_argument);
  Claim no_grid = make_claim("core.five");
  no_grid.grid.clear();
  EXPECT_THROW(r.add(no_grid), std::invalid_argument);
  Claim no_check = make_claim("core.six");
  no_check.check = nullptr;
  EXPECT_THROW(r.add(no_check), std::invalid_argument);
  EXPECT_EQ(r.size(), 1U);
}

// Multiplicity families: declared once, α shared by Bonferroni as claims join; hypothesis tests need a family.
TEST(RegistryTest, FamiliesShareTheirAlphaAndHypothesisTestsNeedOne) {
  Registry r;
  EXPECT_THROW(r.add_family({"f", 0, "zero alpha"}), std::invalid_argument);
  EXPECT_THROW(r.add_family({"f", 1, "alpha one"}), std::invalid_argument);
  EXPECT_THROW(r.add_family({"f", 0.01, ""}), std::invalid_argument);
  r.add_family({"f", 0.01, "a family"});
  EXPECT_THROW(r.add_family({"f", 0.02, "again"}), std::invalid_argument);
  Claim a = make_claim("core.a");
  a.method = Method::statistical;
  EXPECT_THROW(r.add(a), std::invalid_argument);                      // a hypothesis test without a family
  EXPECT_THROW(r.add(in_family("nosuch", a)), std::invalid_argument);  // an undeclared family
  r.add(in_family("f", a));
  EXPECT_DOUBLE_EQ(r.find("core.a")->alpha, 0.01);
  Claim b = make_claim("core.b");
  b.method = Method::audit;
  r.add(in_family("f", b));
  EXPECT_DOUBLE_EQ(r.find("core.a")->alpha, 0.005);
  EXPECT_DOUBLE_EQ(r.find("core.b")->alpha, 0.005);
  EXPECT_EQ(r.family_size("f"), 2U);
  r.add(make_claim("core.c"));  // certified: no family, α 0
  EXPECT_EQ(r.find("core.c")->alpha, 0.0);
}

// Every hypothesis-testing claim of the real registry belongs to a declared family and tests at α ≤ its family's.
TEST(RegistryTest, EveryTestingClaimHasAFamilyAndASmallAlpha) {
  const Registry& r = all_claims();
  for (const Claim& c : r.claims()) {
    if (c.method != Method::statistical && c.method != Method::audit && c.method != Method::trend) continue;
    const auto* f = r.find_family(c.family);
    ASSERT_NE(f, nullptr) << c.id;
    EXPECT_DOUBLE_EQ(c.alpha, f->alpha / static_cast<double>(r.family_size(c.family))) << c.id;
    if (c.method == Method::statistical) {
      EXPECT_LE(c.alpha, 1e-6) << c.id;
    }
  }
}

TEST(RegistryTest, GlobMatchesIdsLikeFnmatch) {
  EXPECT_TRUE(glob_matches("000.*", "000.fact1"));
  EXPECT_TRUE(glob_matches("000.*", "000.def5.closure"));
  EXPECT_FALSE(glob_matches("000.*", "001.fact1"));
  EXPECT_TRUE(glob_matches("*.fact1", "000.fact1"));
  EXPECT_FALSE(glob_matches("*.fact1", "000.fact12"));
  EXPECT_TRUE(glob_matches("00?.fact[12]", "003.fact2"));
  EXPECT_TRUE(glob_matches("000.fact1", "000.fact1"));
  EXPECT_FALSE(glob_matches("000.fact", "000.fact1"));
}

TEST(RegistryTest, MatchKeepsRegistrationOrder) {
  Registry r;
  for (const char* id : {"000.b", "001.a", "000.a", "core.x"}) r.add(make_claim(id));
  const auto m = r.match("000.*");
  ASSERT_EQ(m.size(), 2U);
  EXPECT_EQ(m[0]->id, "000.b");
  EXPECT_EQ(m[1]->id, "000.a");
  EXPECT_TRUE(r.match("002.*").empty());
  EXPECT_EQ(r.match("*").size(), 4U);
}

TEST(RegistryTest, EnumNamesRoundTrip) {
  for (auto v : {Verdict::holds, Verdict::violated, Verdict::inconclusive}) EXPECT_EQ(parse_verdict(to_string(v)), v);
  for (auto s : {Suite::quick, Suite::full}) EXPECT_EQ(parse_suite(to_string(s)), s);
  EXPECT_FALSE(parse_suite("medium").has_value());
  EXPECT_FALSE(parse_method("guess").has_value());
  EXPECT_EQ(combine(Verdict::holds, Verdict::inconclusive), Verdict::inconclusive);
  EXPECT_EQ(combine(Verdict::inconclusive, Verdict::violated), Verdict::violated);
  EXPECT_EQ(combine(Verdict::holds, Verdict::holds), Verdict::holds);
}

}  // namespace
}  // namespace dpb::verify
