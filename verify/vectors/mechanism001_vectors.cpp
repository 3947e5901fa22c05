#include "verify/vectors/mechanism001_vectors.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <vector>

#include "optimized/protocols/p_amp.hpp"
#include "optimized/protocols/p_vec.hpp"
#include "optimized/protocols/tree_mechanism.hpp"
#include "optimized/samplers/binomial_large.hpp"
#include "optimized/samplers/rounded_normal.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/calibration_001.hpp"
#include "reference/samplers/binomial_large.hpp"
#include "reference/samplers/rounded_normal.hpp"
#include "verify/protocol_checks/calibration_001_json.hpp"

namespace dpb::verify::vectors {
namespace {

constexpr std::uint64_t kSeed = 20261121;
constexpr std::uint64_t kStreamBase = 3000;

Json strings(const std::vector<Rational>& v) {
  Json a = Json::array();
  for (const auto& x : v) a.push_back(dpb::to_string(x));
  return a;
}
Json strings(const std::vector<Integer>& v) {
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

std::string labels_name(const ref::LabelSet& l) {
  return (l.kind() == ref::LabelKind::Vector ? "vector" : "matrix") + std::to_string(l.dim());
}

// ---- P_Vec ----
struct PVecCase {
  ref::LabelSet labels;
  long B, g, b;
  Rational p, delta;
  ref::PVecRange range;
  ref::NoisePath path;
  ref::PVecShuffle shuffle;
};

std::vector<PVecCase> pvec_cases() {
  using ref::LabelSet;
  using ref::NoisePath;
  using ref::PVecRange;
  using ref::PVecShuffle;
  return {
      {LabelSet::vector(3), 3, 5, 7, Rational(1, 4), Rational(1), PVecRange::TwoDelta, NoisePath::PerUser,
       PVecShuffle::Counts},
      {LabelSet::vector(2), 2, 3, 2, Rational(1, 4), Rational(1), PVecRange::TwoDelta, NoisePath::PerUser,
       PVecShuffle::Explicit},
      {LabelSet::symmetric_matrix(2), 3, 4, 1000000, Rational(1, 4), Rational(1), PVecRange::TwoDelta,
       NoisePath::PerUser, PVecShuffle::Counts},
      {LabelSet::vector(3), 4, 9, 1000000000, Rational(1, 4), Rational(1), PVecRange::TwoDelta, NoisePath::Aggregate,
       PVecShuffle::Counts},
      {LabelSet::vector(2), 2, 6, 5, Rational(1, 2), Rational(3, 2), PVecRange::Delta, NoisePath::PerUser,
       PVecShuffle::Counts},
  };
}

Record pvec_record(const PVecCase& c, std::uint64_t stream, Impl impl) {
  ref::PVecParams p;
  p.labels = c.labels;
  p.batch = c.B;
  p.g = c.g;
  p.b = c.b;
  p.p = c.p;
  p.delta = c.delta;
  p.range = c.range;
  p = ref::validate(p);
  // Label values on the grid 2^−4 in [−Δ, Δ], deterministic.
  std::vector<std::vector<Rational>> values;
  const long amax = floor(Rational(c.delta * 16)).convert_to<long>();
  for (long i = 0; i < c.B; ++i) {
    std::vector<Rational> row;
    for (std::size_t k = 0; k < c.labels.size(); ++k)
      row.emplace_back(Integer((i * 13 + long(k) * 7 + 5) % (2 * amax + 1) - amax), Integer(16));
    values.push_back(std::move(row));
  }
  ChaCha20Source source(kSeed, stream);
  CountingSource<ChaCha20Source> bits(source);
  ref::PVecTranscript t;
  if (impl == Impl::optimized) {
    const fast::PVec pv(p, 4, c.path, c.shuffle);
    const auto grid = pv.to_grid(values);
    t = pv.run(std::span<const std::int64_t>(grid), bits).to_reference();
  } else {
    t = ref::PVec(p, c.path, c.shuffle).run(std::span<const std::vector<Rational>>(values), bits);
  }
  Json body;
  body["labels"] = labels_name(c.labels);
  body["B"] = c.B;
  body["g"] = c.g;
  body["b"] = c.b;
  body["p"] = dpb::to_string(c.p);
  body["delta"] = dpb::to_string(c.delta);
  body["range"] = std::string(ref::pvec_range_name(c.range));
  body["message_bits"] = dpb::to_string(p.message_bits);
  body["path"] = std::string(ref::noise_path_name(c.path));
  body["shuffle"] = std::string(ref::pvec_shuffle_name(c.shuffle));
  body["seed"] = kSeed;
  body["stream"] = stream;
  body["values"] = rows(t.values);
  body["x_hat"] = rows(t.x_hat);
  body["noise"] = rows(t.noise);
  std::string shuffled;
  for (const auto& lb : t.shuffled) shuffled += fmt::format("{}{}", lb.label, lb.bit ? '+' : '-');
  body["shuffled"] = shuffled;  // label then '+' (a one) or '-' (a zero), per bit in S's output order
  body["aggregate_noise"] = strings(t.aggregate_noise);
  body["counts"] = strings(t.counts);
  body["output"] = strings(t.output);
  body["bits"] = bits.count();
  const std::string id = fmt::format("pvec({},B={},g={},b={},p={},delta={},r={},{},{})@{}/{}", labels_name(c.labels), c.B,
                                     c.g, c.b, dpb::to_string(c.p), dpb::to_string(c.delta),
                                     ref::pvec_range_name(c.range), ref::noise_path_name(c.path),
                                     ref::pvec_shuffle_name(c.shuffle), kSeed, stream);
  return make_record("pvec", id, body);
}

// ---- P_Amp ----
struct PAmpCase {
  ref::LabelSet labels;
  long B;
  Rational sigma;
  long r;
  ref::PAmpShuffle shuffle;
  ref::MatrixNoise noise;
};

Record pamp_record(const PAmpCase& c, std::uint64_t stream, Impl impl) {
  ref::PAmpParams p;
  p.labels = c.labels;
  p.batch = c.B;
  p.sigma = c.sigma;
  p.grid_bits = c.r;
  p.matrix_noise = c.noise;
  std::vector<std::vector<Integer>> rows_in;
  std::vector<std::int64_t> flat;
  for (long i = 0; i < c.B; ++i) {
    rows_in.emplace_back();
    for (std::size_t k = 0; k < c.labels.size(); ++k) {
      const std::int64_t a = (i * 29 + long(k) * 11) % 61 - 30;
      flat.push_back(a);
      rows_in.back().emplace_back(a);
    }
  }
  ChaCha20Source source(kSeed, stream);
  CountingSource<ChaCha20Source> bits(source);
  ref::PAmpTranscript t = impl == Impl::optimized
                              ? fast::PAmp(p, c.shuffle).run(std::span<const std::int64_t>(flat), bits).to_reference()
                              : ref::PAmp(p, c.shuffle).run(std::span<const std::vector<Integer>>(rows_in), bits);
  Json body;
  body["labels"] = labels_name(c.labels);
  body["B"] = c.B;
  body["sigma"] = dpb::to_string(c.sigma);
  body["grid_bits"] = c.r;
  body["shuffle"] = c.shuffle == ref::PAmpShuffle::Permute ? "permute" : "none";
  body["matrix_noise"] = c.noise == ref::MatrixNoise::Symmetrized ? "symmetrized" : "upper-triangle";
  body["seed"] = kSeed;
  body["stream"] = stream;
  body["output_grid_bits"] = t.output_grid_bits;
  body["values"] = rows(t.values);
  body["noise"] = rows(t.noise);
  body["messages"] = rows(t.messages);
  Json perm = Json::array();
  for (std::size_t x : t.permutation) perm.push_back(x);
  body["permutation"] = perm;
  body["sum"] = strings(t.sum);
  body["bits"] = bits.count();
  const std::string id = fmt::format("pamp({},B={},sigma={},r={},{},{})@{}/{}", labels_name(c.labels), c.B,
                                     dpb::to_string(c.sigma), c.r, body["shuffle"].get<std::string>(),
                                     body["matrix_noise"].get<std::string>(), kSeed, stream);
  return make_record("pamp", id, body);
}

// ---- tree ----
Record tree_record(const ref::LabelSet& labels, long N, const Rational& sigma, long r, std::uint64_t stream,
                   Impl impl) {
  ref::TreeParams p;
  p.labels = labels;
  p.leaves = N;
  p.sigma = sigma;
  p.grid_bits = r;
  ChaCha20Source source(kSeed, stream);
  CountingSource<ChaCha20Source> bits(source);
  ref::TreeMechanism rt(p);
  fast::TreeMechanism ft(p);
  Json steps = Json::array();
  for (long t = 1; t <= N; ++t) {
    std::vector<std::int64_t> leaf;
    std::vector<Integer> leaf_ref;
    for (std::size_t k = 0; k < labels.size(); ++k) {
      leaf.push_back((t * 17 + long(k) * 5) % 41 - 20);
      leaf_ref.emplace_back(leaf.back());
    }
    const ref::TreeStep s = impl == Impl::optimized ? ft.add(std::span<const std::int64_t>(leaf), bits).to_reference(t)
                                                    : rt.add_numerators(leaf_ref, bits);
    Json nodes = Json::array();
    for (const auto& n : s.completed)
      nodes.push_back({{"level", n.level}, {"index", dpb::to_string(n.index)}, {"noise", strings(n.noise)}});
    steps.push_back({{"leaf", strings(leaf_ref)}, {"completed", nodes}, {"release", strings(s.release)}});
  }
  Json body;
  body["labels"] = labels_name(labels);
  body["N"] = N;
  body["levels"] = rt.levels();
  body["sigma"] = dpb::to_string(sigma);
  body["grid_bits"] = r;
  body["seed"] = kSeed;
  body["stream"] = stream;
  body["steps"] = steps;
  body["bits"] = bits.count();
  const std::string id = fmt::format("tree({},N={},sigma={},r={})@{}/{}", labels_name(labels), N,
                                     dpb::to_string(sigma), r, kSeed, stream);
  return make_record("tree", id, body);
}

// ---- calibrations ----
Record calibration_record(const std::string& args, const ref::Calibration001Input& in) {
  const nlohmann::json j = to_json(ref::calibrate_001(in));
  Json body;
  body["args"] = args;
  body["result"] = Json::parse(j.dump());
  return make_record("calibration001", "calibrate " + args, body);
}

// ---- the two samplers alone (issue 17, "Vectors": rounded-normal and large-n binomial draws on seeded streams) ----
template <class Draw>
Record draws_record(const std::string& dist, const Json& params, const std::string& param_text, std::size_t count,
                    std::uint64_t stream, Draw draw) {
  ChaCha20Source source(kSeed, stream);
  CountingSource bits(source);
  Json outputs = Json::array(), each = Json::array();
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint64_t before = bits.count();
    outputs.push_back(dpb::to_string(draw(bits)));
    each.push_back(bits.count() - before);
  }
  Json body;
  body["dist"] = dist;
  body["params"] = params;
  body["seed"] = kSeed;
  body["stream"] = stream;
  body["count"] = count;
  body["outputs"] = outputs;
  body["bits_each"] = each;
  body["bits"] = bits.count();
  return make_record("draws001", fmt::format("{}({})@{}/{}", dist, param_text, kSeed, stream), body);
}

Record normal_record(const Rational& sigma, long r, std::uint64_t stream, Impl impl) {
  Json params;
  params["sigma"] = dpb::to_string(sigma);
  params["grid_bits"] = r;
  const std::string text = "sigma=" + dpb::to_string(sigma) + ",grid_bits=" + std::to_string(r);
  if (impl == Impl::optimized) {
    const fast::RoundedNormal s(sigma, Integer(r));
    return draws_record("normal", params, text, 64, stream, [&](auto& b) { return Integer(s(b)); });
  }
  const ref::RoundedNormal s(sigma, Integer(r));
  return draws_record("normal", params, text, 64, stream, [&](auto& b) { return s(b); });
}

Record binomial_large_record(const Integer& n, const Rational& p, std::uint64_t stream, Impl impl) {
  Json params;
  params["n"] = dpb::to_string(n);
  params["p"] = dpb::to_string(p);
  const std::string text = "n=" + dpb::to_string(n) + ",p=" + dpb::to_string(p);
  if (impl == Impl::optimized) {
    const fast::BinomialLargeWide s(n, p);
    return draws_record("binomial-large", params, text, 16, stream, [&](auto& b) { return s(b); });
  }
  const ref::BinomialLarge s(n, p);
  return draws_record("binomial-large", params, text, 16, stream, [&](auto& b) { return s(b); });
}

}  // namespace

CategoryFile generate_mechanisms001(Impl impl) {
  CategoryFile file{"mechanisms001", {header_record("mechanisms001")}};
  std::uint64_t stream = kStreamBase;
  for (const auto& c : pvec_cases()) file.records.push_back(pvec_record(c, stream++, impl));
  const std::vector<PAmpCase> amp = {
      {ref::LabelSet::vector(3), 4, Rational(5, 2), 4, ref::PAmpShuffle::Permute, ref::MatrixNoise::UpperTriangle},
      {ref::LabelSet::symmetric_matrix(2), 3, Rational(3), 2, ref::PAmpShuffle::Permute,
       ref::MatrixNoise::UpperTriangle},
      {ref::LabelSet::symmetric_matrix(2), 3, Rational(3), 2, ref::PAmpShuffle::None, ref::MatrixNoise::Symmetrized},
  };
  for (const auto& c : amp) file.records.push_back(pamp_record(c, stream++, impl));
  file.records.push_back(tree_record(ref::LabelSet::vector(2), 7, Rational(3, 2), 3, stream++, impl));
  file.records.push_back(tree_record(ref::LabelSet::symmetric_matrix(2), 8, Rational(1), 2, stream++, impl));
  auto in = [](std::string v) {
    ref::Calibration001Input x;
    x.variant = std::move(v);
    return x;
  };
  {
    auto x = in("fmt");
    x.eps0 = Rational(57246, 100000);
    x.delta0 = Rational(1, 40000000);
    x.n = 400;
    x.delta_prime = Rational(1, 200000);
    file.records.push_back(calibration_record("fmt --eps0 57246/100000 --delta0 1/40000000 --n 400 --delta-prime 1/200000", x));
  }
  {
    auto x = in("p-amp");
    x.eps = Rational(1, 10);
    x.delta = Rational(1, 100000);
    x.n = 400;
    file.records.push_back(calibration_record("p-amp --eps 1/10 --delta 1/100000 --n 400", x));
  }
  {
    auto x = in("p-vec");
    x.eps = Rational(1, 5);
    x.delta = Rational(1, 10);
    x.n = 20;
    x.d = 5;
    file.records.push_back(calibration_record("p-vec --eps 1/5 --delta 1/10 --n 20 --d 5", x));
  }
  {
    auto x = in("tree");
    x.eps = Rational(1);
    x.delta = Rational(1, 100000);
    x.horizon = 1000;
    file.records.push_back(calibration_record("tree --eps 1 --delta 1/100000 --horizon 1000", x));
  }
  {
    auto x = in("ldp-gauss");
    x.eps0 = Rational(1, 2);
    x.delta0 = Rational(1, 1000000);
    file.records.push_back(calibration_record("ldp-gauss --eps0 1/2 --delta0 1/1000000", x));
  }
  // Appended after the calibrations (which draw no bits), streams 3010, 3011, …: the earlier records are unchanged.
  file.records.push_back(normal_record(Rational(1), 0, stream++, impl));
  file.records.push_back(normal_record(Rational(25, 2), 16, stream++, impl));
  file.records.push_back(normal_record(Rational(1234567, 1000), 20, stream++, impl));
  file.records.push_back(normal_record(Rational(Integer(58602782035LL), Integer(1) << 31), 16, stream++, impl));
  file.records.push_back(binomial_large_record(Integer(7), Rational(1, 4), stream++, impl));
  file.records.push_back(binomial_large_record(Integer(1000), Rational(1, 2), stream++, impl));
  file.records.push_back(binomial_large_record(Integer(10000000000LL), Rational(1, 4), stream++, impl));
  file.records.push_back(binomial_large_record(Integer("9223372036854775807"), Rational(1, 2), stream++, impl));
  file.records.push_back(binomial_large_record(Integer("1000000000000000000000"), Rational(1, 4), stream++, impl));
  return file;
}

}  // namespace dpb::verify::vectors
