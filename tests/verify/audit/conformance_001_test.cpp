// `audit external` for seed 001's mechanisms (docs/audit.md "Conformance: P_Amp and P_Vec", "Vector outputs"):
// conformance mode --mechanism p-amp and p-vec against fake implementations written here from the definitions
// (std::mt19937_64 and the standard library's distributions — no dpbandit sampler), one conforming and one not, at
// a fixed seed and α = 10⁻⁶; and the black-box audit of vector outputs from files.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "verify/audit/conformance_tree.hpp"
#include "verify/audit/external.hpp"
#include "verify/audit/external_p_vec_matrix.hpp"

namespace dpb::verify::audit {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("dpb_conf001_" + std::to_string(::getpid()) + "_" +
                                        std::to_string(reinterpret_cast<std::uintptr_t>(this)));
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string file(const std::string& name, const std::string& text) const {
    const fs::path p = path / name;
    std::ofstream(p) << text;
    return p.string();
  }
};

// P_Amp, B = 3 users, d = 2, vector part, σ = 2: the analyzer's sum is Σ_u v_u + Σ_u N(0, σ²) per entry.
// `scale` multiplies the noise (1: the declared law); `shuffled`: print the B messages (permuted) instead of the sum.
std::string amp_runs(double scale, bool shuffled, int runs, std::uint64_t seed) {
  const double v[3][2] = {{0.5, -0.25}, {1, 0}, {0, 0.75}};
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> n(0, 2 * scale);
  std::string out;
  char buf[64];
  for (int r = 0; r < runs; ++r) {
    double msg[3][2];
    for (int u = 0; u < 3; ++u)
      for (int k = 0; k < 2; ++k) msg[u][k] = v[u][k] + n(rng);
    if (shuffled) {
      std::shuffle(std::begin(msg), std::end(msg), rng);
      for (auto& m : msg)
        for (double x : m) {
          std::snprintf(buf, sizeof buf, "%.12g ", x);
          out += buf;
        }
    } else {
      for (int k = 0; k < 2; ++k) {
        std::snprintf(buf, sizeof buf, "%.12g ", msg[0][k] + msg[1][k] + msg[2][k]);
        out += buf;
      }
    }
    out += "\n";
  }
  return out;
}

TEST(ConformancePAmp, TheDeclaredLawPassesAndAWrongNoiseScaleIsAModelMismatch) {
  TempDir dir;
  const std::string params = dir.file("amp.json", R"({"B": 3, "d": 2, "sigma": 2, "part": "vector"})");
  const std::string inputs = dir.file("in.txt", "0.5 -0.25\n1 0\n0 0.75\n");
  const auto ok = audit_p_amp_conformance(params, inputs, dir.file("ok.txt", amp_runs(1, false, 2000, 11)), 1 - 1e-6);
  EXPECT_FALSE(ok.mismatch) << summary_line(ok);
  EXPECT_EQ(ok.tests, 6u);  // per entry: mean, variance, goodness of fit
  EXPECT_EQ(ok.mechanism, "p-amp");
  const auto msgs = audit_p_amp_conformance(params, inputs, dir.file("m.txt", amp_runs(1, true, 2000, 12)), 1 - 1e-6);
  EXPECT_FALSE(msgs.mismatch) << summary_line(msgs);  // the B shuffled messages a line: summed
  // σ·1.3: variance ratio 1.69 on 2000 runs, far beyond the detectable factor (≈ 1.18) the passing run reports.
  const auto bad = audit_p_amp_conformance(params, inputs, dir.file("bad.txt", amp_runs(1.3, false, 2000, 13)), 1 - 1e-6);
  EXPECT_TRUE(bad.mismatch) << summary_line(bad);
  EXPECT_NE(summary_line(bad).find("variance"), std::string::npos) << summary_line(bad);
  EXPECT_LT(ok.variance_ratio_high, 1.69);
  // declared for the matrix part (3 entries a line): a line of 2 numbers is refused, naming d
  const std::string mparams = dir.file("m.json", R"({"B": 3, "d": 2, "sigma": 2, "part": "matrix"})");
  EXPECT_THROW(audit_p_amp_conformance(mparams, inputs, dir.file("x.txt", amp_runs(1, false, 30, 1)), 0.95),
               std::invalid_argument);
  EXPECT_THROW(audit_p_amp_conformance(dir.file("bad.json", R"({"B": 3, "d": 2, "sigma": 2, "part": "both"})"), inputs,
                                       dir.file("y.txt", amp_runs(1, false, 30, 1)), 0.95),
               std::invalid_argument);
}

// P_Vec, n = 3 users, d = 2, g = 4, b = 100, p = 1/4, Δ = 1, r = 2Δ: per label the count is Σ_u (⌊t_u⌋ +
// Bernoulli(frac t_u)) + Bin(n·b, 1/4), t_u = (v_u + 1)·g/2, and the output (r/g)(count − p·b·n) − n·Δ.
// `mode` 0: the law; 1: the noise's mean right but its spread doubled (a rounded normal); 2: Bin(n·b, 1/2) noise.
std::vector<std::vector<Rational>> pvec_runs(int mode, int runs, std::uint64_t seed) {
  const double v[3][2] = {{0.5, -0.25}, {1, 0}, {-1, 0.125}};
  std::mt19937_64 rng(seed);
  std::binomial_distribution<int> quarter(300, 0.25), half(300, 0.5);
  std::normal_distribution<double> wide(0, 2 * std::sqrt(300 * 3.0 / 16));
  std::uniform_real_distribution<double> u01(0, 1);
  std::vector<std::vector<Rational>> out;
  for (int r = 0; r < runs; ++r) {
    std::vector<Rational> row;
    for (int k = 0; k < 2; ++k) {
      long c = 0;
      for (const auto& user : v) {
        const double t = (user[k] + 1) * 2;
        const double f = std::floor(t);
        c += static_cast<long>(f) + (u01(rng) < t - f ? 1 : 0);
      }
      c += mode == 0 ? quarter(rng) : mode == 1 ? 75 + std::lround(wide(rng)) : half(rng);
      row.push_back(Rational(c - 75, 2) - 3);  // (2/4)(c − 75) − 3
    }
    out.push_back(row);
  }
  return out;
}

TEST(ConformancePVec, TheDeclaredLawPassesAndWrongNoiseIsAModelMismatch) {
  ref::PVecParams p;
  p.labels = ref::LabelSet::vector(2);
  p.batch = Integer(3);
  p.g = Integer(4);
  p.b = Integer(100);
  const std::vector<std::vector<Rational>> inputs = {
      {Rational(1, 2), Rational(-1, 4)}, {Rational(1), Rational(0)}, {Rational(-1), Rational(1, 8)}};
  const auto ok = conformance_p_vec(p, inputs, pvec_runs(0, 2000, 21), 1 - 1e-6);
  EXPECT_EQ(ok.verdict, "NO-MISMATCH-DETECTED") << ok.reason << "\n" << ok.evidence.dump();
  EXPECT_EQ(ok.evidence["tests"].size(), 4u);  // per label: mean and goodness of fit
  // The same mean, twice the spread: the mean test cannot see it, the exact law's goodness of fit must.
  const auto wide = conformance_p_vec(p, inputs, pvec_runs(1, 2000, 22), 1 - 1e-6);
  EXPECT_EQ(wide.verdict, "MODEL-MISMATCH") << wide.evidence.dump();
  EXPECT_NE(wide.reason.find("goodness of fit"), std::string::npos) << wide.reason;
  // Bin(n·b, 1/2): the mean count moves by 75.
  const auto half = conformance_p_vec(p, inputs, pvec_runs(2, 2000, 23), 1 - 1e-6);
  EXPECT_EQ(half.verdict, "MODEL-MISMATCH");
  // the same through files, as `audit external --mechanism p-vec` reads them
  TempDir dir;
  std::string decimal_rows;  // decimals: every output is a multiple of 1/2
  for (const auto& r : pvec_runs(1, 2000, 24)) {
    for (const Rational& x : r) decimal_rows += std::to_string(x.convert_to<double>()) + " ";
    decimal_rows += "\n";
  }
  const std::string params = dir.file("vec.json", R"({"n": 3, "d": 2, "g": 4, "b": 100, "p": "1/4", "Delta": 1})");
  const std::string in = dir.file("in.txt", "0.5 -0.25\n1 0\n-1 0.125\n");
  EXPECT_EQ(conformance_p_vec(params, in, dir.file("wide.txt", decimal_rows), 1 - 1e-6).verdict, "MODEL-MISMATCH");
  EXPECT_THROW(conformance_p_vec(dir.file("k.json", R"({"n": 3, "d": 2, "g": 4, "b": 100, "p": "1/4", "Delta": 1, "x": 1})"),
                                 in, dir.file("w2.txt", decimal_rows), 0.95),
               std::invalid_argument);
  // an input beyond Δ is refused, naming inputs
  auto bad = inputs;
  bad[0][0] = Rational(3, 2);
  try {
    conformance_p_vec(p, bad, pvec_runs(0, 30, 1), 0.95);
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'inputs'"), std::string::npos) << e.what();
  }
}

// Vector outputs from files: a 3-dimensional Gaussian mechanism, D′ shifted by (0.6, −0.6, 0) (‖shift‖ = 0.85: its
// exact ε(δ = 0) is unbounded, and at δ = 0 the Neyman–Pearson tail event beyond 2.3 sd has ratio
// e^{0.85·2.3 − 0.36} ≈ e^{1.6}), against a claim of 1/2: VIOLATION; the same files against 5: not.
// The unshifted twin (D′ = D's law) is never flagged.
std::string gauss_file(double s0, double s1, int n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> z(0, 1);
  std::string out;
  char buf[96];
  for (int i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, "%.9f %.9f\t%.9f\n", s0 + z(rng), s1 + z(rng), z(rng));
    out += buf;
  }
  return out;
}

TEST(ExternalVectorOutputs, HalfSpacesOfTheSearchSplitsDirectionRefuteAFalseClaim) {
  TempDir dir;
  const std::string d = dir.file("d.txt", "# a comment\n" + gauss_file(0, 0, 20000, 31));
  const std::string dp = dir.file("dp.txt", gauss_file(0.6, -0.6, 20000, 32));
  const std::string same = dir.file("same.txt", gauss_file(0, 0, 20000, 33));
  AuditSettings s;
  s.confidence = 0.95;
  const AuditResult r = audit_files(d, dp, 0.5, s);
  EXPECT_EQ(r.verdict, AuditVerdict::violation) << r.eps_lb;
  EXPECT_EQ(r.details.value("dimension", 0), 3);
  EXPECT_EQ(r.final_samples, 18000u);
  const AuditResult weak = audit_files(d, dp, 5, s);
  EXPECT_NE(weak.verdict, AuditVerdict::violation);
  const AuditResult null = audit_files(d, same, 0.1, s);
  EXPECT_NE(null.verdict, AuditVerdict::violation) << null.eps_lb;
  // a line with another number of coordinates, or a scalar D′ against vector D, is refused naming the file
  const std::string ragged = dir.file("ragged.txt", gauss_file(0, 0, 30, 34) + "1 2\n");
  EXPECT_THROW(audit_files(d, ragged, 1, s), std::invalid_argument);
  std::string scalar;
  for (int i = 0; i < 30; ++i) scalar += std::to_string(i % 3) + "\n";
  EXPECT_THROW(audit_files(d, dir.file("scalar.txt", scalar), 1, s), std::invalid_argument);
  EXPECT_THROW(audit_files(dir.file("scalar2.txt", scalar), d, 1, s), std::invalid_argument);
}

// Vector outputs from a command: a randomized response in the first coordinate (1 with probability 1/2 on D, 7/10 on
// D′: ε = ln(5/3) ≈ 0.51 on {Y = 0}) beside an independent fair bit. The direction found on the search split
// separates the first coordinate, so a claim of 0.3 is refuted (at 20 000 runs the CP bound sits near 0.49).
TEST(ExternalVectorOutputs, ACommandsVectorOutputsAreAuditedOnTheSearchSplitsDirection) {
  TempDir dir;
  const std::string script = dir.file(
      "rr.sh",
      "awk -v s=\"$DPB_SEED\" -v nb=\"$DPB_NEIGHBOUR\" -v n=\"$DPB_SAMPLES\" 'BEGIN { srand(s); for (i = 0; i < n; "
      "i++) { a = rand() < 0.5 + 0.2 * nb; b = rand() < 0.5; print a, b } }'\n");
  AuditSettings s;
  s.confidence = 0.95;
  const AuditResult r = audit_command("sh " + script, 20000, 7, 0.3, s);
  EXPECT_EQ(r.verdict, AuditVerdict::violation) << r.eps_lb;
  EXPECT_LT(r.eps_lb, std::log(5.0 / 3));  // a lower bound of the true ε
  EXPECT_EQ(r.details.value("mode", ""), "command (vector outputs)");
  const AuditResult honest = audit_command("sh " + script, 20000, 7, 0.6, s);
  EXPECT_NE(honest.verdict, AuditVerdict::violation) << honest.eps_lb;
  // a later line with another number of coordinates is refused, naming the command
  const std::string ragged = dir.file("ragged.sh", "echo 1 2; echo 3\n");
  EXPECT_THROW(audit_command("sh " + ragged, 100, 1, 1, s), std::invalid_argument);
}

}  // namespace
}  // namespace dpb::verify::audit
