#include "verify/vectors/tree003_vectors.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <vector>

#include "optimized/protocols/tree_mechanism.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/protocols/calibration_003.hpp"
#include "verify/protocol_checks/calibration_001_json.hpp"

namespace dpb::verify::vectors {
namespace {

constexpr std::uint64_t kSeed = 20261121;
constexpr std::uint64_t kStreamBase = 3300;

template <class T>
Json strings(const std::vector<T>& v) {
  Json a = Json::array();
  for (const auto& x : v) a.push_back(dpb::to_string(x));
  return a;
}

Record tree_record(std::uint32_t dim, long N, const Rational& sigma, long r, ref::Symmetrisation sym,
                   std::uint64_t stream, Impl impl) {
  ref::TreeParams p;
  p.labels = ref::LabelSet::symmetric_matrix(dim);
  p.leaves = N;
  p.sigma = sigma;
  p.grid_bits = r;
  p.symmetrisation = sym;
  ChaCha20Source source(kSeed, stream);
  CountingSource<ChaCha20Source> bits(source);
  ref::TreeMechanism rt(p);
  fast::TreeMechanism ft(p);
  Json steps = Json::array();
  for (long t = 1; t <= N; ++t) {
    std::vector<std::int64_t> leaf;
    std::vector<Integer> leaf_ref;
    for (std::size_t k = 0; k < p.labels.size(); ++k) {
      leaf.push_back((t * 13 + long(k) * 7) % 29 - 14);
      leaf_ref.emplace_back(leaf.back());
    }
    const ref::TreeStep s = impl == Impl::optimized ? ft.add(std::span<const std::int64_t>(leaf), bits).to_reference(t)
                                                    : rt.add_numerators(leaf_ref, bits);
    Json nodes = Json::array();
    for (const auto& n : s.completed)
      nodes.push_back({{"level", n.level}, {"index", dpb::to_string(n.index)}, {"noise", strings(n.noise)}});
    steps.push_back({{"leaf", strings(leaf_ref)}, {"completed", nodes}, {"release", strings(s.release)}});
  }
  const std::string labels = "matrix" + std::to_string(dim);
  Json body;
  body["labels"] = labels;
  body["N"] = N;
  body["levels"] = rt.levels();
  body["sigma"] = dpb::to_string(sigma);
  body["symmetrisation"] = ref::symmetrisation_name(sym);
  body["label_sigmas"] = strings(ref::tree_label_sigmas(p));
  body["grid_bits"] = r;
  body["seed"] = kSeed;
  body["stream"] = stream;
  body["steps"] = steps;
  body["bits"] = bits.count();
  const std::string id = fmt::format("tree({},N={},sigma={},r={},{})@{}/{}", labels, N, dpb::to_string(sigma), r,
                                     ref::symmetrisation_name(sym), kSeed, stream);
  return make_record("tree", id, body);
}

Record calibration_record(const std::string& args, const ref::Calibration003Input& in) {
  const nlohmann::json j = to_json(ref::calibrate_003(in));
  Json body;
  body["args"] = args;
  body["result"] = Json::parse(j.dump());
  return make_record("calibration003", "calibrate " + args, body);
}

}  // namespace

CategoryFile generate_tree003(Impl impl) {
  CategoryFile file{"tree003", {header_record("tree003")}};
  std::uint64_t stream = kStreamBase;
  file.records.push_back(tree_record(2, 8, Rational(3, 2), 3, ref::Symmetrisation::Half, stream++, impl));
  file.records.push_back(tree_record(3, 6, Rational(2), 2, ref::Symmetrisation::Root2, stream++, impl));
  file.records.push_back(tree_record(2, 5, Rational(7, 3), 4, ref::Symmetrisation::Half, stream++, impl));
  for (const char* profile : {"theorem", "paper-code"}) {
    ref::Calibration003Input x;
    x.eps = Rational(1);
    x.delta = Rational(1, 50);
    x.horizon = 15000;
    x.d = 5;
    x.kappa_star = Rational(4);
    x.profile = std::string(profile) == "theorem" ? ref::Profile003::Theorem : ref::Profile003::PaperCode;
    file.records.push_back(calibration_record(
        std::string("tree-matrix --eps 1 --delta 1/50 --horizon 15000 --d 5 --kappa-star 4 --profile ") + profile,
        x));
  }
  {  // App. P's symmetrisation (Z′ + Z′ᵀ)/√2 with the probit link's κ* bound (κ* >= √(2π)).
    ref::Calibration003Input x;
    x.eps = Rational(1);
    x.delta = Rational(1, 50);
    x.horizon = 15000;
    x.d = 5;
    x.kappa_star = Rational(4);
    x.profile = ref::Profile003::Theorem;
    x.symmetrisation = "root2";
    x.link = "probit";
    file.records.push_back(calibration_record(
        "tree-matrix --eps 1 --delta 1/50 --horizon 15000 --d 5 --kappa-star 4 --link probit --symmetrisation root2 "
        "--profile theorem",
        x));
  }
  return file;
}

}  // namespace dpb::verify::vectors
