#include "verify/statistical/seed003_tree_norm.hpp"

#include <Eigen/Eigenvalues>
#include <chrono>
#include <cmath>
#include <numbers>
#include <string>

#include "reference/bits/chacha20.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/stats/binomial_tests.hpp"

namespace dpb::verify::statistical {

namespace {

// A uniform double in (0, 1) from 53 bits.
double uniform01(ChaCha20Source& bits) {
  const std::uint64_t u = bits.next_bits(53);
  return (static_cast<double>(u) + 0.5) / 9007199254740992.0;
}

}  // namespace

Outcome check_t5(const RunOptions& options, double scale) {
  const bool full = options.suite == Suite::full;
  const std::uint64_t n = full ? 40000 : 4000;
  struct Setting {
    std::uint64_t T;
    double alpha;
  };
  const Setting settings[] = {{1, 0.1}, {10, 0.5}, {50, 1.0}};
  const unsigned dims[] = {1, 2, 5, 10};
  const std::size_t count = 2 * std::size(settings) * std::size(dims);
  const double level = options.alpha > 0 ? options.alpha : 1e-6;
  const double confidence = 1 - level / static_cast<double>(count);
  ChaCha20Source bits(options.seed, 0x3005);
  Outcome out;
  nlohmann::json points = nlohmann::json::array();
  bool violated = false, all_hold = true;
  double largest_ratio = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int sym = 0; sym < 2; ++sym)
    for (unsigned d : dims) {
      // one sample of norms per (symmetrisation, d), compared with each setting's threshold
      std::vector<double> norms;
      norms.reserve(n);
      Eigen::MatrixXd Zp(d, d);
      const double a = sym == 0 ? std::numbers::sqrt2 : 2.0;
      for (std::uint64_t i = 0; i < n; ++i) {
        if (i % 512 == 0) poll_cancellation();
        for (unsigned r = 0; r < d; ++r)
          for (unsigned c = 0; c < d; ++c) {
            const double u1 = uniform01(bits), u2 = uniform01(bits);
            Zp(r, c) = std::sqrt(-2 * std::log(u1)) * std::cos(2 * std::numbers::pi * u2);
          }
        const Eigen::MatrixXd Z = scale * (Zp + Zp.transpose()) / a;
        const Eigen::VectorXd ev = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(Z, Eigen::EigenvaluesOnly).eigenvalues();
        norms.push_back(std::max(std::abs(ev.minCoeff()), std::abs(ev.maxCoeff())));
      }
      for (const Setting& s : settings) {
        const double threshold = 4 * std::sqrt(double(d)) + 2 * std::log(2.0 * double(s.T) / s.alpha);
        const double p0 = s.alpha / (2.0 * double(s.T));
        std::uint64_t k = 0;
        double max_norm = 0;
        for (double v : norms) {
          k += v > threshold ? 1 : 0;
          max_norm = std::max(max_norm, v);
        }
        const double upper = stats::clopper_pearson_upper(k, n, confidence);
        const double lower = stats::clopper_pearson_lower(k, n, confidence);
        if (lower > p0) violated = true;
        if (!(upper < p0)) all_hold = false;
        largest_ratio = std::max(largest_ratio, max_norm / threshold);
        points.push_back({{"symmetrisation", sym == 0 ? "root2" : "half"}, {"d", d}, {"T", s.T}, {"alpha", s.alpha},
                          {"threshold", threshold}, {"bound", p0}, {"exceedances", k}, {"n", n},
                          {"cp_upper", upper}, {"cp_lower", lower}, {"largest_norm", max_norm}});
      }
    }
  out.verdict = violated ? Verdict::violated : (all_hold ? Verdict::holds : Verdict::inconclusive);
  out.key_figure = "largest norm / threshold = " + std::to_string(largest_ratio) + " (n = " + std::to_string(n) +
                   " per setting)";
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out.evidence = {{"method", "Monte Carlo, one-sided Clopper-Pearson at alpha/settings (Bonferroni)"},
                  {"alpha", level},
                  {"sizes", {{"settings", count}, {"matrices_per_setting", n}}},
                  {"time_seconds", secs},
                  {"points", points}};
  return out;
}

}  // namespace dpb::verify::statistical
