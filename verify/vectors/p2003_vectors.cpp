#include "verify/vectors/p2003_vectors.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "optimized/protocols/p2.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/calibration_003_p2.hpp"
#include "reference/protocols/p2.hpp"
#include "verify/protocol_checks/calibration_001_json.hpp"

namespace dpb::verify::vectors {
namespace {

constexpr std::uint64_t kSeed = 20261121;
constexpr std::uint64_t kStreamBase = 3500;
constexpr unsigned kGridBits = 16;  // users' entries w·x_i·x_j: x on 2^−3, w·2^4 an integer (Δ ∈ {1, ½, ¼})

template <class T>
Json strings(const std::vector<T>& v) {
  Json a = Json::array();
  for (const auto& x : v) a.push_back(dpb::to_string(x));
  return a;
}
template <class T>
Json rows(const std::vector<std::vector<T>>& m) {
  Json a = Json::array();
  for (const auto& r : m) a.push_back(strings(r));
  return a;
}

struct P2Case {
  std::uint32_t d;
  long n, g, b;
  Rational Delta;
  ref::PVecRange range;
  ref::NoisePath path;
  ref::PVecShuffle shuffle;
};

// User i's matrix: w_i·x xᵀ (Alg. 1 line 15's rank-one form) with x on the grid 2^−3, ‖x‖₂ <= 1, and
// w_i ∈ {Δ, Δ/2, Δ/4, 3Δ/4} so that ‖w·xxᵀ‖_F = w‖x‖² <= Δ; deterministic, signs mixed, one user at the clip
// (x a unit vector, w = Δ).
std::vector<std::vector<Rational>> users(const P2Case& c) {
  std::vector<std::vector<Rational>> out;
  const Rational weights[] = {Rational(1), Rational(1, 2), Rational(1, 4), Rational(3, 4)};
  for (long i = 0; i < c.n; ++i) {
    std::vector<Rational> x(c.d, Rational(0));
    if (i == 0) {
      x[0] = Rational(-1);  // ‖x‖ = 1: the user at the clip
    } else {
      for (std::uint32_t j = 0; j < c.d; ++j) {
        const long num = (i * 5 + long(j) * 3) % 7 - 3;  // in [−3, 3]: |x_j| <= 3/8, ‖x‖² <= 9d/64 <= 1 for d <= 7
        x[j] = Rational(Integer(num), Integer(8));
      }
    }
    out.push_back(ref::p2_rank_one_triu(x, weights[i % 4] * c.Delta));
  }
  return out;
}

Record p2_record(const P2Case& c, std::uint64_t stream, Impl impl) {
  ref::P2Params p;
  p.d = c.d;
  p.n = Integer(c.n);
  p.g = Integer(c.g);
  p.b = Integer(c.b);
  p.delta = c.Delta;
  p.range = c.range;
  const auto rowsv = users(c);
  ChaCha20Source source(kSeed, stream);
  CountingSource<ChaCha20Source> bits(source);
  ref::P2Transcript t;
  if (impl == Impl::optimized) {
    const fast::P2 fp(p, kGridBits, c.path, c.shuffle);
    const auto grid = fp.to_grid(rowsv);
    t = fp.run(std::span<const std::int64_t>(grid), bits).to_reference();
  } else {
    t = ref::P2(p, c.path, c.shuffle).run(std::span<const std::vector<Rational>>(rowsv), bits);
  }
  const ref::PVecParams& vp = t.vec.params;
  Json body;
  body["d"] = c.d;
  body["n"] = c.n;
  body["g"] = c.g;
  body["b"] = c.b;
  body["p"] = "1/4";
  body["Delta"] = dpb::to_string(c.Delta);
  body["range"] = std::string(ref::pvec_range_name(c.range));
  body["message_bits"] = dpb::to_string(vp.message_bits);
  body["path"] = std::string(ref::noise_path_name(c.path));
  body["shuffle"] = std::string(ref::pvec_shuffle_name(c.shuffle));
  body["seed"] = kSeed;
  body["stream"] = stream;
  body["users"] = rows(t.vec.values);  // each user's upper triangle, row by row (i <= j)
  body["x_hat"] = rows(t.vec.x_hat);
  body["noise"] = rows(t.vec.noise);
  std::string shuffled;
  for (const auto& lb : t.vec.shuffled) shuffled += fmt::format("{}{}", lb.label, lb.bit ? '+' : '-');
  body["shuffled"] = shuffled;  // label then '+' (a one) or '-' (a zero), per bit in S₂'s output order
  body["aggregate_noise"] = strings(t.vec.aggregate_noise);
  body["counts"] = strings(t.vec.counts);
  body["output"] = strings(t.vec.output);  // A₂ on the upper triangle
  body["matrix"] = strings(t.matrix);      // the d×d output, row-major
  body["bits"] = bits.count();
  const std::string id =
      fmt::format("p2(d={},n={},g={},b={},Delta={},r={},{},{})@{}/{}", c.d, c.n, c.g, c.b, dpb::to_string(c.Delta),
                  ref::pvec_range_name(c.range), ref::noise_path_name(c.path), ref::pvec_shuffle_name(c.shuffle),
                  kSeed, stream);
  return make_record("p2", id, body);
}

Record calibration_record(const std::string& eps, const std::string& delta, long n, long d, const std::string& Delta,
                          ref::PVecRange range) {
  ref::CalibrationP2Input in;
  in.eps = parse_rational(eps, "p2003 vectors", "eps");
  in.delta = parse_rational(delta, "p2003 vectors", "delta");
  in.n = Integer(n);
  in.d = Integer(d);
  in.Delta = parse_rational(Delta, "p2003 vectors", "Delta");
  in.range = range;
  std::string args = fmt::format("p-vec-matrix --eps {} --delta {} --n {} --d {}", eps, delta, n, d);
  if (Delta != "1") args += " --sensitivity-bound " + Delta;
  if (range == ref::PVecRange::Delta) args += " --range delta";
  const nlohmann::json j = to_json(ref::calibrate_p2(in));
  Json body;
  body["args"] = args;
  body["result"] = Json::parse(j.dump());
  return make_record("calibration_p2", "calibrate " + args, body);
}

}  // namespace

CategoryFile generate_p2003(Impl impl) {
  using ref::NoisePath;
  using ref::PVecRange;
  using ref::PVecShuffle;
  CategoryFile file{"p2003", {header_record("p2003")}};
  std::uint64_t stream = kStreamBase;
  const P2Case cases[] = {
      {2, 3, 4, 6, Rational(1), PVecRange::TwoDelta, NoisePath::PerUser, PVecShuffle::Counts},
      {2, 2, 4, 3, Rational(1), PVecRange::TwoDelta, NoisePath::PerUser, PVecShuffle::Explicit},
      {3, 4, 4, 1000, Rational(1, 4), PVecRange::TwoDelta, NoisePath::Aggregate, PVecShuffle::Counts},
      {3, 3, 5, 4, Rational(1, 2), PVecRange::Delta, NoisePath::PerUser, PVecShuffle::Counts},
      {2, 2, 4, 2, Rational(1), PVecRange::Delta, NoisePath::PerUser, PVecShuffle::Explicit},
  };
  for (const auto& c : cases) file.records.push_back(p2_record(c, stream++, impl));
  // Eq. 127's calibration on a grid: ε at both ends of Lemma S.1's range, small and large n (g = 4, d or ⌈2√n⌉),
  // d = 2, 5, Δ = 1 (batch 1) and 1/κ* (κ* = 4, 10), both encodings.
  file.records.push_back(calibration_record("1", "1/100", 100, 2, "1", PVecRange::TwoDelta));
  file.records.push_back(calibration_record("1/2", "1/200", 100000, 3, "1", PVecRange::TwoDelta));
  file.records.push_back(calibration_record("15", "1/100", 3, 5, "1/4", PVecRange::TwoDelta));
  file.records.push_back(calibration_record("15", "1/100", 3, 5, "1/4", PVecRange::Delta));
  file.records.push_back(calibration_record("2", "1/1000", 1000, 5, "1/10", PVecRange::TwoDelta));
  file.records.push_back(calibration_record("1/4", "1/10", 7, 1, "1", PVecRange::Delta));
  return file;
}

}  // namespace dpb::verify::vectors
