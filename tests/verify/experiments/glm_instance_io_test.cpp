// Export and import of seed 003's GLM instances (verify/experiments/glm_instance_io.hpp): a round trip keeps every
// field; each defect is refused with the field's name.
#include "verify/experiments/glm_instance_io.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/learner_fixtures.hpp"

namespace dpb::verify {
namespace {

ref::GlmInstance small() {
  ref::GlmInstanceParams p;
  p.link = ref::Link::probit;
  p.generator = ref::GlmGenerator::sphere;
  p.d = 3;
  p.K = 4;
  p.q = 12;
  p.sets = 3;
  p.S = Rational(5, 2);
  p.seed = 11;
  p.stream = 2;
  return ref::make_glm_instance(p);
}

TEST(GlmInstanceIoTest, RoundTripKeepsEveryField) {
  const ref::GlmInstance a = small();
  const ref::GlmInstance b = glm_instance_from_json(glm_instance_to_json(a), "file.json");
  EXPECT_EQ(b.link, a.link);
  EXPECT_EQ(b.generator, a.generator);
  EXPECT_EQ(b.d, a.d);
  EXPECT_EQ(b.K, a.K);
  EXPECT_EQ(b.q, a.q);
  EXPECT_EQ(b.sets, a.sets);
  EXPECT_EQ(b.S, a.S);
  EXPECT_EQ(b.seed, a.seed);
  EXPECT_EQ(b.stream, a.stream);
  EXPECT_EQ(b.theta, a.theta);
  EXPECT_EQ(b.arms, a.arms);
  EXPECT_EQ(b.z_num, a.z_num);
}

TEST(GlmInstanceIoTest, DefectsNameTheField) {
  const nlohmann::json good = nlohmann::json::parse(glm_instance_to_json(small()));
  auto bad = [&](auto change, const std::string& field) {
    nlohmann::json j = good;
    change(j);
    test::expect_parameter_error([&] { glm_instance_from_json(j.dump(), "file.json"); }, field);
  };
  bad([](auto& j) { j.erase("d"); }, "d");
  bad([](auto& j) { j["K"] = 0; }, "K");
  bad([](auto& j) { j["K"] = "four"; }, "K");
  bad([](auto& j) { j["link"] = "logit"; }, "link");
  bad([](auto& j) { j["generator"] = "cube"; }, "generator");
  bad([](auto& j) { j["S"] = "-1"; }, "S");
  bad([](auto& j) { j["format"] = "other"; }, "format");
  bad([](auto& j) { j["extra"] = 1; }, "instance");
  bad([](auto& j) { j["theta"] = nlohmann::json::array({1, 2}); }, "theta");
  bad([](auto& j) { j["theta"][0] = 1 << 20; }, "theta");  // norm above S
  bad([](auto& j) { j["arms"][0] = 4097; }, "arms");       // outside the unit ball on 2^−12
  bad([](auto& j) { j["arms"][1] = 0.5; }, "arms");
  test::expect_parameter_error([] { glm_instance_from_json("{", "file.json"); }, "instance");
  test::expect_parameter_error([] { read_glm_instance("/nonexistent/instance.json"); }, "instance");
}

}  // namespace
}  // namespace dpb::verify
