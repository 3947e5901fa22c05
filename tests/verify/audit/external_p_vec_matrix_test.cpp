// Conformance mode for P₂ (verify/audit/external_p_vec_matrix.hpp): outputs of our own P₂ conform
// (NO-MISMATCH-DETECTED, with the smallest detectable deviation); outputs with the wrong noise bias, an asymmetric
// matrix or an off-grid value are MODEL-MISMATCH (the negative controls); malformed files are refused naming them.
#include "verify/audit/external_p_vec_matrix.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "optimized/protocols/p_vec.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"

namespace dpb::verify::audit {
namespace {

ref::P2Params params() {
  ref::P2Params p;
  p.d = 2;
  p.n = 3;
  p.g = 4;
  p.b = 8;
  p.delta = 1;
  return p;
}

std::vector<std::vector<Rational>> inputs() {
  return {{Rational(1, 4), Rational(1, 4), Rational(1, 4)},
          {Rational(-1, 2), Rational(1, 2), Rational(0)},
          {Rational(0), Rational(0), Rational(1)}};
}

// m outputs (upper triangles) of a P_Vec with bias `p` on the symmetric labels, analyzed as P₂ declares (p = 1/4);
// `spread` > 0 adds ±spread to every count, alternating (the mean unchanged, the variance up by spread²).
std::vector<std::vector<Rational>> outputs(const Rational& p, int m, std::uint64_t seed, std::int64_t spread = 0) {
  ref::PVecParams q = ref::p2_pvec_params(params());
  const ref::PVecParams declared = q;
  q.p = p;
  q = ref::validate(q);
  const fast::PVec pv(q, 2, ref::NoisePath::Aggregate);
  const auto rows = inputs();
  const std::vector<std::int64_t> grid = pv.to_grid(rows);
  ChaCha20Source bits(seed, 3);
  std::vector<std::vector<Rational>> out;
  for (int i = 0; i < m; ++i) {
    const auto t = pv.run(std::span<const std::int64_t>(grid), bits);
    std::vector<Rational> row;
    for (std::int64_t c : t.counts) row.push_back(ref::pvec_analyze(declared, Integer(c + (i % 2 ? spread : -spread))));
    out.push_back(std::move(row));
  }
  return out;
}

TEST(ExternalPVecMatrixTest, OurOwnOutputsConformAndTheDeviationIsReported) {
  const auto r = conformance_p_vec_matrix(params(), inputs(), outputs(Rational(1, 4), 400, 1), 0.95);
  EXPECT_EQ(r.verdict, "NO-MISMATCH-DETECTED") << r.evidence.dump();
  EXPECT_GT(r.smallest_detectable_deviation, 0);
  // (r/g)√(n(b+1) ln(2L/α)/(2m)) = (1/2)√(27 ln(120)/800), independently: 0.2000…
  EXPECT_NEAR(r.smallest_detectable_deviation, 0.5 * std::sqrt(27 * std::log(120.0) / 800), 1e-12);
}

TEST(ExternalPVecMatrixTest, HalfBiasedNoiseIsAModelMismatch) {
  const auto r = conformance_p_vec_matrix(params(), inputs(), outputs(Rational(1, 2), 400, 2), 0.95);
  EXPECT_EQ(r.verdict, "MODEL-MISMATCH");
  EXPECT_NE(r.reason.find("mean count"), std::string::npos) << r.reason;
}

// The right mean with three times the variance (counts ±3 around our own, Bin(24, 1/4) has variance 4.5): only the
// exact count law's goodness of fit sees it.
TEST(ExternalPVecMatrixTest, AWrongVarianceWithTheRightMeanIsAModelMismatch) {
  const auto r = conformance_p_vec_matrix(params(), inputs(), outputs(Rational(1, 4), 400, 4, 3), 0.95);
  EXPECT_EQ(r.verdict, "MODEL-MISMATCH") << r.evidence.dump();
  EXPECT_NE(r.reason.find("goodness of fit"), std::string::npos) << r.reason;
}

TEST(ExternalPVecMatrixTest, AnAsymmetricOrOffGridOutputIsAModelMismatch) {
  auto out = outputs(Rational(1, 4), 20, 3);
  std::vector<std::vector<Rational>> full;
  for (const auto& t : out) full.push_back({t[0], t[1], t[1], t[2]});
  EXPECT_EQ(conformance_p_vec_matrix(params(), inputs(), full, 0.95).verdict, "NO-MISMATCH-DETECTED");
  full[5][2] += Rational(1, 2);  // o_(1,0) != o_(0,1)
  const auto r = conformance_p_vec_matrix(params(), inputs(), full, 0.95);
  EXPECT_EQ(r.verdict, "MODEL-MISMATCH");
  EXPECT_NE(r.reason.find("not symmetric"), std::string::npos);
  out[7][0] += Rational(1, 8);  // a quarter count unit: off the grid (r/g)ℤ − shift
  EXPECT_NE(conformance_p_vec_matrix(params(), inputs(), out, 0.95).reason.find("not an integer"), std::string::npos);
}

TEST(ExternalPVecMatrixTest, FilesAreReadAndMalformedOnesRefusedNamingThem) {
  const std::string dir = ::testing::TempDir();
  const std::string pf = dir + "/p2_params.json", inf = dir + "/p2_inputs.txt", of = dir + "/p2_outputs.txt";
  std::ofstream(pf) << R"({"n": 3, "d": 2, "g": 4, "b": 8, "p": 0.25, "Delta": 1})";
  std::ofstream(inf) << "0.25 0.25 0.25\n-0.5 0.5 0\n0 0 1\n";
  {
    std::ofstream o(of);
    for (const auto& row : outputs(Rational(1, 4), 50, 4)) {
      for (const Rational& x : row) o << to_string(x) << ' ';
      o << '\n';
    }
  }
  EXPECT_EQ(conformance_p_vec_matrix(pf, inf, of, 0.95).verdict, "NO-MISMATCH-DETECTED");
  std::ofstream(inf) << "0.25 0.25 0.25\n-0.5 0.5 0\n1 1 1\n";  // ‖X‖_F² = 4 > 1
  try {
    (void)conformance_p_vec_matrix(pf, inf, of, 0.95);
    ADD_FAILURE() << "accepted";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("parameter 'X'"), std::string::npos) << e.what();
  }
  std::ofstream(pf) << R"({"n": 3, "d": 0, "g": 4, "b": 8, "p": 0.25, "Delta": 1})";
  try {
    (void)conformance_p_vec_matrix(pf, inf, of, 0.95);
    ADD_FAILURE() << "accepted";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("parameter 'params' must be field 'd' in [1, 65536]"), std::string::npos)
        << e.what();
  }
  std::remove(pf.c_str());
  std::remove(inf.c_str());
  std::remove(of.c_str());
}

}  // namespace
}  // namespace dpb::verify::audit
