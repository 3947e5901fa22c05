// Neighbouring relations and their candidate pairs (reference/privacy/relations.hpp).
#include "reference/privacy/relations.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "tests/support/parameter_errors.hpp"

namespace dpb::ref {
namespace {

TEST(RelationsTest, EachRelationNamesItsDefinitionAndSource) {
  for (const Relation& r : {bandit_feedback(3), full_information(3), batch_contribution(), contextual(2),
                            multi_agent(), returning_users(3)}) {
    EXPECT_FALSE(r.name.empty());
    EXPECT_FALSE(r.definition.empty()) << r.name;
    EXPECT_FALSE(r.citation.empty()) << r.name;
  }
  EXPECT_FALSE(bandit_feedback(3).observes_every_coordinate);
  EXPECT_TRUE(full_information(3).observes_every_coordinate);
  EXPECT_EQ(contextual(4).coordinates, 5u);  // d context coordinates and the reward
}

TEST(RelationsTest, StatDpPatternsAtK4) {
  const Relation r = full_information(4, 1);
  const auto p = statdp_patterns(r, Record(4, 0));
  // The down patterns are the mirror images of the up ones (c and −c): one pair each, under the first name.
  ASSERT_EQ(p.size(), 5u);
  std::vector<std::string> names;
  for (const auto& q : p) names.push_back(q.pattern);
  EXPECT_EQ(names, (std::vector<std::string>{"one-up", "one-up-rest-down", "all-up", "half-half", "x-shape"}));
  EXPECT_EQ(p[0].pattern, "one-up");
  EXPECT_EQ(p[0].d, (Record{0, 0, 0, 0}));
  EXPECT_EQ(p[0].d_prime, (Record{1, 0, 0, 0}));
  const auto x = std::find_if(p.begin(), p.end(), [](const NeighbourPair& q) { return q.pattern == "x-shape"; });
  ASSERT_NE(x, p.end());
  EXPECT_EQ(x->d, (Record{1, 1, 0, 0}));
  EXPECT_EQ(x->d_prime, (Record{0, 0, 1, 1}));
  // No pair twice, mirror images included.
  std::set<std::pair<Record, Record>> seen;
  for (const auto& q : p) EXPECT_TRUE(seen.insert({std::min(q.d, q.d_prime), std::max(q.d, q.d_prime)}).second);
}

TEST(RelationsTest, CubeVerticesAreEveryChangeUpToSign) {
  for (std::uint32_t K = 1; K <= 5; ++K) {
    std::uint64_t three = 1;
    for (std::uint32_t i = 0; i < K; ++i) three *= 3;
    const auto v = cube_vertices(full_information(K, 2), Record(K, 1));
    EXPECT_EQ(v.size(), (three - 1) / 2) << K;
    for (const auto& q : v) {
      EXPECT_NE(q.d, q.d_prime);
      for (std::uint32_t i = 0; i < K; ++i) {
        const bool moved = q.d[i] != q.d_prime[i];
        if (moved) EXPECT_EQ(std::abs(q.d[i] - q.d_prime[i]), 2) << "a vertex moves a coordinate across the box";
        else EXPECT_EQ(q.d[i], 1) << "an unchanged coordinate keeps its base value";
      }
    }
  }
  EXPECT_TRUE(cube_vertices(full_information(9, 1), Record(9, 0)).empty()) << "K > 8: no full vertex set";
}

TEST(RelationsTest, BanditFeedbackMarksChangesTheLearnerCannotSee) {
  SearchSpace s;
  s.base = {1, 1, 1};
  s.positions = {{"round 1", 0, 0}, {"round 2", 1, 1}};
  const auto pairs = candidate_pairs(bandit_feedback(3, 1), s);
  std::size_t seen_unobserved = 0, seen_observed = 0;
  for (const auto& p : pairs) {
    const auto j = static_cast<std::size_t>(p.position.observed);
    EXPECT_EQ(p.unobserved, p.d[j] == p.d_prime[j]) << p.describe();
    (p.unobserved ? seen_unobserved : seen_observed) += 1;
  }
  EXPECT_GT(seen_unobserved, 0u);
  EXPECT_GT(seen_observed, 0u);
  // Full information: nothing is unobserved.
  for (const auto& p : candidate_pairs(full_information(3, 1), s)) EXPECT_FALSE(p.unobserved) << p.describe();
}

TEST(RelationsTest, RandomSearchIsSeededAndReachesBeyondThePatterns) {
  SearchSpace s;
  s.base = {0, 0, 0, 0};
  s.positions = {{"first", 0, -1}};
  s.random_positions_below = 100;
  s.random_pairs = 40;
  s.seed = 7;
  const Relation r = full_information(4, 3);  // grid 3: random records hold interior values the vertices never do
  const auto a = candidate_pairs(r, s);
  const auto b = candidate_pairs(r, s);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].describe(), b[i].describe());
  bool interior = false, random_position = false;
  for (const auto& p : a) {
    if (p.pattern != "random") continue;
    for (const auto v : p.d) interior = interior || (v == 1 || v == 2);
    random_position = random_position || p.position.label == "random";
  }
  EXPECT_TRUE(interior);
  EXPECT_TRUE(random_position);
  s.seed = 8;
  const auto c = candidate_pairs(r, s);
  bool differs = c.size() != a.size();
  for (std::size_t i = 0; !differs && i < a.size(); ++i) differs = a[i].describe() != c[i].describe();
  EXPECT_TRUE(differs) << "the seed reaches the random search";
}

TEST(RelationsTest, BadArgumentsAreRefusedByName) {
  test::expect_error_message([] { bandit_feedback(0); },
                             "relation: parameter 'coordinates' must be in [1, 64], got 0");
  test::expect_error_message([] { batch_contribution(0); }, "relation: parameter 'grid' must be in [1, 2^20], got 0");
  SearchSpace s;
  s.base = {1, 1};
  test::expect_error_message([&] { candidate_pairs(bandit_feedback(2), s); },
                             "candidate_pairs: parameter 'positions' must be at least one, got none");
  s.positions = {{"first", 0, 0}};
  s.base = {1, 2};
  test::expect_error_message([&] { candidate_pairs(bandit_feedback(2), s); },
                             "candidate_pairs: parameter 'base' must be values in [0, 1], got 2");
  s.base = {1};
  test::expect_error_message([&] { candidate_pairs(bandit_feedback(2), s); },
                             "candidate_pairs: parameter 'base' must be one value per coordinate (2), got 1 values");
}

}  // namespace
}  // namespace dpb::ref
