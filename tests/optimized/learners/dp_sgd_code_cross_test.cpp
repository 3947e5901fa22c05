// The paper-code DP-SGD (jdp-glm --profile paper-code's optimizer; spec 003 §7.3): the optimized twin
// (optimized/learners/internal/dp_sgd_code.hpp) against the reference (reference/learners/internal/dp_sgd_code.hpp)
// on one stream: the same output, the same steps, the same bits; and a control (the clip skipped) that must differ.
#include <gtest/gtest.h>

#include <random>

#include "optimized/learners/internal/dp_sgd_code.hpp"
#include "reference/bits/chacha20.hpp"

namespace dpb {
namespace {

std::vector<ref::internal::DpSgdSample> random_data(std::size_t n, std::uint32_t d, unsigned q, std::mt19937_64& g) {
  // features on 2^−q with ‖x‖ <= 1 (each |f_j| <= 2^q/√d), rewards 0/1
  const std::int64_t m = static_cast<std::int64_t>((std::int64_t{1} << q) / (d == 1 ? 1 : 2));
  std::uniform_int_distribution<std::int64_t> f(-m, m);
  std::vector<ref::internal::DpSgdSample> data(n);
  for (auto& s : data) {
    s.y = static_cast<int>(g() & 1);
    s.f.resize(d);
    for (auto& v : s.f) v = f(g);
  }
  return data;
}

struct Case {
  std::size_t n;
  std::uint64_t batch, epochs;
  ref::Link link;
  Rational sigma;
};

TEST(DpSgdCodeCrossTest, SameOutputStepsAndBitsAsTheReference) {
  std::mt19937_64 g(2026);
  const std::uint32_t d = 3;
  const unsigned q = 5;
  std::uint64_t deferrals = 0;
  for (const Case& c : {Case{1, 2048, 50, ref::Link::logistic, Rational(40)}, Case{12, 2048, 50, ref::Link::probit, Rational(3, 2)},
                        Case{60, 2048, 50, ref::Link::logistic, Rational(1, 4)}, Case{70, 16, 12, ref::Link::probit, Rational(2)},
                        Case{200, 64, 12, ref::Link::logistic, Rational(1, 2)}}) {
    const auto data = random_data(c.n, d, q, g);
    ref::internal::DpSgdSettings st;
    st.batch = c.batch;
    st.epochs = c.epochs;
    const std::vector<Rational> theta0{Rational(3, 8), Rational(-5, Integer(1) << 33), Rational(1, 2)};
    const ref::internal::DpSgd rs(c.link, q, d, c.sigma, st);
    const fast::DpSgd fs(c.link, q, d, c.sigma, st);
    for (std::uint64_t stream = 0; stream < 2; ++stream) {
      ChaCha20Source a(7, stream), b(7, stream);
      CountingSource ca(a), cb(b);
      const auto r = rs.run(data, theta0, ca);
      const auto f = fs.run(data, theta0, cb);
      EXPECT_EQ(r.theta, f.theta) << "n = " << c.n;
      EXPECT_EQ(r.steps, f.steps);
      EXPECT_EQ(ca.count(), cb.count());
    }
    deferrals += fs.deferrals();
  }
  RecordProperty("deferrals", std::to_string(deferrals));
}

TEST(DpSgdCodeCrossTest, ControlWithoutTheClipIsRejected) {
  // samples with ‖x‖ = 1 and θ = 0: |a|‖x‖ = 1/2 > 1/5, the clip binds; skipping it changes the output
  const std::vector<ref::internal::DpSgdSample> data{{0, {32, 0, 0}}, {1, {0, 32, 0}}, {0, {0, 0, 32}}};
  const std::vector<Rational> theta0(3, Rational(0));
  const ref::internal::DpSgd rs(ref::Link::logistic, 5, 3, Rational(1, 100));
  const fast::DpSgd good(ref::Link::logistic, 5, 3, Rational(1, 100));
  const fast::DpSgd bad(ref::Link::logistic, 5, 3, Rational(1, 100), {}, fast::DpSgdFaults{true});
  ChaCha20Source a(3, 0), b(3, 0), c(3, 0);
  const auto r = rs.run(data, theta0, a);
  EXPECT_EQ(good.run(data, theta0, b).theta, r.theta);
  EXPECT_NE(bad.run(data, theta0, c).theta, r.theta);
}

}  // namespace
}  // namespace dpb
