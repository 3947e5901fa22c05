// `audit external --mechanism tree` (verify/audit/conformance_tree.hpp): releases of our own tree mechanism
// (optimized build) written to a file get NO-MISMATCH-DETECTED at α = 1e-6; the same runs declared with a σ 1.5 times
// too small (variance off by 2.25), releases missing the level-0 node, and a matrix tree declared `root2` while drawn
// `half`, get MODEL-MISMATCH; the CLI prints the verdict word with exit 0 / 1, and refuses bad files with exit 2.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "optimized/protocols/tree_mechanism.hpp"
#include "reference/bits/chacha20.hpp"
#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_files.hpp"
#include "verify/audit/conformance_tree.hpp"

namespace dpb {
namespace {

constexpr double kConfidence = 1 - 1e-6;
constexpr int kGrid = 16;

struct Files {
  std::filesystem::path dir, inputs, good, no_leaf_node;
};

// T = 12 leaves of a 3×3 symmetric matrix (6 entries), σ = 2, `half`, 300 runs: the releases, and the releases
// recomputed from the same node noise without the level-0 nodes (a missing node).
Files write_runs(const std::string& name) {
  Files f;
  f.dir = test::fresh_temp_dir(name);
  std::filesystem::create_directories(f.dir);
  f.inputs = f.dir / "inputs.txt";
  f.good = f.dir / "good.txt";
  f.no_leaf_node = f.dir / "missing_node.txt";
  const std::size_t T = 12, L = 6;
  std::vector<std::vector<std::int64_t>> leaves;
  std::ofstream in(f.inputs);
  for (std::size_t t = 1; t <= T; ++t) {
    std::vector<std::int64_t> leaf;
    for (std::size_t k = 0; k < L; ++k) {
      const long quarters = static_cast<long>((t * 5 + k * 3) % 9) - 4;  // a value in {−1, −3/4, …, 1}
      leaf.push_back(quarters << (kGrid - 2));
      in << (k ? " " : "") << quarters / 4.0;
    }
    in << "\n";
    leaves.push_back(leaf);
  }
  in.close();
  ref::TreeParams p;
  p.labels = ref::LabelSet::symmetric_matrix(3);
  p.symmetrisation = ref::Symmetrisation::Half;
  p.leaves = T;
  p.sigma = 2;
  p.grid_bits = kGrid;
  std::ofstream good(f.good), bad(f.no_leaf_node);
  for (int run = 0; run < 300; ++run) {
    fast::TreeMechanism tree(p);
    ChaCha20Source src(77, static_cast<std::uint64_t>(run));
    std::vector<double> prefix(L, 0.0);
    std::map<std::pair<unsigned, std::uint64_t>, std::vector<double>> noise;
    for (std::size_t t = 1; t <= T; ++t) {
      const fast::TreeStep s = tree.add(std::span<const std::int64_t>(leaves[t - 1]), src);
      for (std::size_t c = 0; c < s.completed_levels.size(); ++c) {
        std::vector<double> z;
        for (std::size_t k = 0; k < L; ++k) z.push_back(std::ldexp(double(s.completed_noise[c * L + k]), -kGrid));
        noise[{s.completed_levels[c], (t >> s.completed_levels[c]) - 1}] = z;
      }
      for (std::size_t k = 0; k < L; ++k) {
        prefix[k] += std::ldexp(double(leaves[t - 1][k]), -kGrid);
        char buf[40];
        std::snprintf(buf, sizeof buf, "%.17g", std::ldexp(static_cast<double>(s.release[k]), -kGrid));
        good << (t == 1 && k == 0 ? "" : " ") << buf;
        double missing = prefix[k];
        for (const auto& n : ref::tree_prefix_cover(t))
          if (n.level > 0) missing += noise.at({n.level, n.index})[k];
        std::snprintf(buf, sizeof buf, "%.17g", missing);
        bad << (t == 1 && k == 0 ? "" : " ") << buf;
      }
    }
    good << "\n";
    bad << "\n";
  }
  return f;
}

std::filesystem::path write_params(const std::filesystem::path& dir, const std::string& name, double sigma,
                                   const std::string& sym) {
  const auto path = dir / name;
  std::ofstream(path) << R"({"T": 12, "dim": 3, "sigma": )" << sigma << R"(, "symmetrisation": ")" << sym << "\"}\n";
  return path;
}

TEST(TreeConformance, OurReleasesConformAndWrongOnesAreFlagged) {
  const Files f = write_runs("tree_conformance");
  const auto ok = write_params(f.dir, "ok.json", 2, "half");
  const auto r = verify::audit::audit_tree_conformance(ok, f.inputs, f.good, kConfidence);
  EXPECT_FALSE(r.mismatch) << r.deviation;
  EXPECT_EQ(r.runs, 300U);
  EXPECT_GT(r.variance_ratio_high, 1);
  EXPECT_LT(r.variance_ratio_low, 1);
  // the detectable variance factor at α/#tests (300 runs) is well below 2.25
  EXPECT_LT(r.variance_ratio_high, 2.25);
  const auto small = write_params(f.dir, "small.json", 2 / 1.5, "half");
  const auto a = verify::audit::audit_tree_conformance(small, f.inputs, f.good, kConfidence);
  EXPECT_TRUE(a.mismatch);
  EXPECT_NE(a.deviation.find("variance"), std::string::npos) << a.deviation;
  const auto b = verify::audit::audit_tree_conformance(ok, f.inputs, f.no_leaf_node, kConfidence);
  EXPECT_TRUE(b.mismatch);
  const auto root2 = write_params(f.dir, "root2.json", 2, "root2");
  EXPECT_TRUE(verify::audit::audit_tree_conformance(root2, f.inputs, f.good, kConfidence).mismatch);
  std::filesystem::remove_all(f.dir);
}

TEST(TreeConformance, CliVerdictsAndRefusals) {
  const Files f = write_runs("tree_conformance_cli");
  const auto ok = write_params(f.dir, "ok.json", 2, "half");
  const std::string cli = test::cli_path() + " audit external --mechanism tree --confidence 0.999999 --params " +
                          ok.string() + " --inputs " + f.inputs.string();
  const auto good = test::run_command(cli + " --d " + f.good.string());
  EXPECT_EQ(good.exit_code, 0) << good.err;
  EXPECT_EQ(good.out.rfind("NO-MISMATCH-DETECTED", 0), 0U) << good.out;
  const auto bad = test::run_command(cli + " --d " + f.no_leaf_node.string());
  EXPECT_EQ(bad.exit_code, 1) << bad.err;
  EXPECT_EQ(bad.out.rfind("MODEL-MISMATCH", 0), 0U) << bad.out;
  test::expect_cli_refusal(cli + " --d " + f.good.string() + " --d-prime " + f.good.string(), "d-prime");
  test::expect_cli_refusal(cli + " --d " + f.inputs.string(), "parameter 'd' must be 72 numbers per line");
  test::expect_cli_refusal(cli + " --d " + f.good.string() + " --samples 1000", "samples");
  const auto nosym = f.dir / "nosym.json";
  std::ofstream(nosym) << R"({"T": 12, "dim": 3, "sigma": 2})";
  test::expect_cli_refusal(test::cli_path() + " audit external --mechanism tree --params " + nosym.string() +
                               " --inputs " + f.inputs.string() + " --d " + f.good.string(),
                           "parameter 'params.symmetrisation' must be one of none, half, root2");
  test::expect_cli_refusal(test::cli_path() + " audit external --mechanism tree --params " + ok.string() + " --d " +
                               f.good.string(),
                           "inputs");
  std::filesystem::remove_all(f.dir);
}

}  // namespace
}  // namespace dpb
