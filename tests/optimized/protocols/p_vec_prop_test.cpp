// P_Vec: reference and optimized runs on the same seed give identical transcripts and consume the same bits, on
// both noise paths and both shuffles, both ranges, vector and matrix label sets (fast::PVec, optimized/protocols/
// p_vec.hpp); the optimized build refuses what does not fit its integers, naming the parameter.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

#include "optimized/protocols/p_vec.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/p_vec.hpp"

namespace dpb {
namespace {

RC_GTEST_PROP(PVecCrossProperty, SameSeedGivesIdenticalTranscriptsInBothBuilds, ()) {
  const unsigned q = *rc::gen::inRange(0U, 6U);
  const unsigned s = 2 * q;
  ref::PVecParams p;
  const auto dim = static_cast<std::uint32_t>(*rc::gen::inRange(1, 4));
  p.labels = *rc::gen::arbitrary<bool>() ? ref::LabelSet::vector(dim) : ref::LabelSet::symmetric_matrix(dim);
  p.batch = *rc::gen::inRange(1, 6);
  p.g = *rc::gen::inRange(1, 12);
  p.b = *rc::gen::element<long>(0, 1, 7, 40, 100000, 1000000000L);
  p.p = *rc::gen::element(Rational(1, 4), Rational(1, 2));
  p.delta = Rational(*rc::gen::inRange(1, 5), *rc::gen::inRange(1, 4));
  p.range = *rc::gen::element(ref::PVecRange::TwoDelta, ref::PVecRange::Delta);
  const auto path = *rc::gen::element(ref::NoisePath::PerUser, ref::NoisePath::Aggregate);
  auto shuffle = *rc::gen::element(ref::PVecShuffle::Counts, ref::PVecShuffle::Explicit);
  if (path == ref::NoisePath::Aggregate || p.b > 1000) shuffle = ref::PVecShuffle::Counts;
  const ref::PVecParams v = ref::validate(p);
  // Values on the grid 2^-s within [−Δ, Δ].
  const Integer two_s = Integer(1) << s;
  const long a_max = to_int64(floor(Rational(v.delta * two_s)));
  std::vector<std::vector<Rational>> values;
  for (Integer i = 0; i < v.batch; ++i) {
    std::vector<Rational> row;
    for (std::size_t k = 0; k < v.labels.size(); ++k) row.emplace_back(Integer(*rc::gen::inRange(-a_max, a_max + 1)), two_s);
    values.push_back(std::move(row));
  }
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  ref::PVec rp(v, path, shuffle);
  fast::PVec fp(v, s, path, shuffle);
  ChaCha20Source rs(seed, 5), fs(seed, 5);
  CountingSource rb(rs), fb(fs);
  const ref::PVecTranscript rt = rp.run(std::span<const std::vector<Rational>>(values), rb);
  const std::vector<std::int64_t> grid = fp.to_grid(values);
  const fast::PVecTranscript ft = fp.run(std::span<const std::int64_t>(grid), fb);
  RC_ASSERT(ft.to_reference() == rt);
  RC_ASSERT(rb.count() == fb.count());
}

TEST(PVecCrossTest, TheOptimizedBuildRefusesWhatDoesNotFitItsIntegersAndNamesIt) {
  ref::PVecParams p;
  p.labels = ref::LabelSet::vector(2);
  p.batch = 2;
  p.g = 4;
  p.b = 3;
  p.delta = Rational(1, Integer(1) << 40);
  try {
    fast::PVec f(p, 40);
    ADD_FAILURE() << "accepted";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("fast::PVec: parameter 'params'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(fast::PVec(ref::validate(ref::PVecParams{}), 63), ParameterError);
}

}  // namespace
}  // namespace dpb
