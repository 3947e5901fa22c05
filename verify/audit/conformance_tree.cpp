#include "verify/audit/conformance_tree.hpp"

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <vector>

#include "reference/core/errors.hpp"
#include "verify/stats/holm.hpp"

namespace dpb::verify::audit {

namespace {

constexpr const char* kFn = "audit external";
constexpr std::size_t kMaxValuesPerLine = 1'000'000;
constexpr std::uint64_t kMinRuns = 20;

std::string prefix_of(const std::string& s) { return s.size() <= 40 ? s : s.substr(0, 40) + "..."; }

std::vector<double> parse_line(const std::string& line, std::size_t expected, const char* param,
                               std::uint64_t line_number, std::size_t alternative = 0) {
  const std::size_t most = std::max(expected, alternative);
  const std::string wanted =
      alternative == 0 ? std::to_string(expected) : std::to_string(expected) + " or " + std::to_string(alternative);
  std::vector<double> out;
  out.reserve(expected);
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    if (i >= line.size()) break;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    const std::string_view tok(line.data() + i, j - i);
    if (tok.size() > 64)
      throw_parameter_error(kFn, param, "numbers of at most 64 characters (line " + std::to_string(line_number) + ")",
                            "'" + prefix_of(std::string(tok)) + "'");
    double v = 0;
    const auto [ptr, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    if (ec != std::errc() || ptr != tok.data() + tok.size() || !std::isfinite(v) || tok.front() == '+')
      throw_parameter_error(kFn, param, "decimal numbers (line " + std::to_string(line_number) + ")",
                            "'" + prefix_of(std::string(tok)) + "'");
    if (out.size() == most)
      throw_parameter_error(kFn, param, wanted + " numbers per line", "more on line " + std::to_string(line_number));
    out.push_back(v);
    i = j;
  }
  if (out.size() != expected && (alternative == 0 || out.size() != alternative))
    throw_parameter_error(kFn, param, wanted + " numbers per line",
                          std::to_string(out.size()) + " on line " + std::to_string(line_number));
  return out;
}

std::ifstream open_or_refuse(const std::string& path, const char* param) {
  std::ifstream in(path);
  if (!in) throw_parameter_error(kFn, param, "a readable file", "'" + prefix_of(path) + "'");
  return in;
}

double two_sided_chi2(double q, double df) {
  const boost::math::chi_squared_distribution<double> chi(df);
  const double lo = boost::math::cdf(chi, q), hi = boost::math::cdf(boost::math::complement(chi, q));
  return std::min(1.0, 2 * std::min(lo, hi));
}

}  // namespace

std::size_t TreeLawParams::labels() const {
  return symmetrisation == ref::Symmetrisation::None ? dim : std::size_t{dim} * (dim + 1) / 2;
}

TreeLawParams read_tree_params(const std::string& path) {
  std::ifstream in = open_or_refuse(path, "params");
  std::stringstream ss;
  ss << in.rdbuf();
  if (ss.str().size() > 65536) throw_parameter_error(kFn, "params", "a JSON object of at most 64 KiB", "a larger file");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(ss.str());
  } catch (const nlohmann::json::exception&) {
    throw_parameter_error(kFn, "params", "a JSON object {T, dim, sigma, symmetrisation}", "'" + prefix_of(ss.str()) + "'");
  }
  if (!j.is_object()) throw_parameter_error(kFn, "params", "a JSON object", "'" + prefix_of(j.dump()) + "'");
  for (const auto& [key, value] : j.items())
    if (key != "T" && key != "dim" && key != "sigma" && key != "symmetrisation")
      throw_parameter_error(kFn, "params", "keys T, dim, sigma, symmetrisation", "'" + prefix_of(key) + "'");
  TreeLawParams p;
  if (!j.contains("T") || !j["T"].is_number_unsigned() || j["T"].get<std::uint64_t>() < 1 ||
      j["T"].get<std::uint64_t>() > (1ULL << 20))
    throw_parameter_error(kFn, "params.T", "an integer in [1, 2^20]", j.contains("T") ? j["T"].dump() : "nothing");
  p.T = j["T"].get<std::uint64_t>();
  if (!j.contains("dim") || !j["dim"].is_number_unsigned() || j["dim"].get<std::uint64_t>() < 1 ||
      j["dim"].get<std::uint64_t>() > 1024)
    throw_parameter_error(kFn, "params.dim", "an integer in [1, 1024]", j.contains("dim") ? j["dim"].dump() : "nothing");
  p.dim = j["dim"].get<std::uint32_t>();
  if (!j.contains("sigma") || !j["sigma"].is_number() || !(j["sigma"].get<double>() > 0) ||
      !std::isfinite(j["sigma"].get<double>()))
    throw_parameter_error(kFn, "params.sigma", "a number > 0", j.contains("sigma") ? j["sigma"].dump() : "nothing");
  p.sigma = j["sigma"].get<double>();
  if (!j.contains("symmetrisation") || !j["symmetrisation"].is_string())
    throw_parameter_error(kFn, "params.symmetrisation", "one of none, half, root2",
                          j.contains("symmetrisation") ? j["symmetrisation"].dump() : "nothing");
  p.symmetrisation = ref::parse_symmetrisation(j["symmetrisation"].get<std::string>(), kFn);
  if (p.T * p.labels() > kMaxValuesPerLine)
    throw_parameter_error(kFn, "params", "T * entries <= 10^6", std::to_string(p.T * p.labels()));
  return p;
}

namespace {

// The tests of the law over the runs in `outputs_path` (tree_law_tests in the header comment): S the exact means
// (T·L), `group` > 1 lets a line hold group·T·L numbers summed in groups (P_Amp's B shuffled messages: their sum is
// the analyzer's output), `gof` adds per entry a binned chi-squared goodness-of-fit test of the standardised
// deviations against N(0, 1) (10 equiprobable bins).
TreeConformanceResult tree_law_tests(const TreeLawParams& p, const std::vector<double>& S,
                                     const std::string& outputs_path, double confidence, std::size_t group, bool gof,
                                     const std::string& mechanism);

}  // namespace

TreeConformanceResult audit_tree_conformance(const std::string& params_path, const std::string& inputs_path,
                                             const std::string& outputs_path, double confidence) {
  const TreeLawParams p = read_tree_params(params_path);
  const std::size_t L = p.labels(), T = p.T;
  // exact prefix sums of the declared leaves (decimals as exact rationals)
  std::vector<double> S(T * L);
  {
    std::ifstream in = open_or_refuse(inputs_path, "inputs");
    std::vector<Rational> acc(L, Rational(0));
    std::string line;
    std::uint64_t t = 0, line_number = 0;
    while (std::getline(in, line)) {
      ++line_number;
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      if (t == T) throw_parameter_error(kFn, "inputs", std::to_string(T) + " leaves (params.T)", "more");
      std::istringstream toks(line);
      std::string tok;
      std::size_t k = 0;
      while (toks >> tok) {
        const auto v = tok.size() <= 64 ? try_parse_rational(tok) : std::nullopt;
        if (!v) throw_parameter_error(kFn, "inputs", "decimal numbers (line " + std::to_string(line_number) + ")",
                                      "'" + prefix_of(tok) + "'");
        if (k == L) throw_parameter_error(kFn, "inputs", std::to_string(L) + " numbers per leaf",
                                          "more on line " + std::to_string(line_number));
        acc[k++] += *v;
      }
      if (k != L) throw_parameter_error(kFn, "inputs", std::to_string(L) + " numbers per leaf",
                                        std::to_string(k) + " on line " + std::to_string(line_number));
      for (std::size_t e = 0; e < L; ++e) S[t * L + e] = acc[e].convert_to<double>();
      ++t;
    }
    if (t != T) throw_parameter_error(kFn, "inputs", std::to_string(T) + " leaves (params.T)", std::to_string(t));
  }
  return tree_law_tests(p, S, outputs_path, confidence, 1, false, "tree");
}

namespace {

constexpr int kGofBins = 10;

TreeConformanceResult tree_law_tests(const TreeLawParams& p, const std::vector<double>& S,
                                     const std::string& outputs_path, double confidence, std::size_t group, bool gof,
                                     const std::string& mechanism) {
  const std::size_t L = p.labels(), T = p.T;
  std::vector<double> c(L, 1.0);
  if (p.symmetrisation != ref::Symmetrisation::None) {
    ref::TreeParams tp;
    tp.labels = ref::LabelSet::symmetric_matrix(p.dim);
    tp.symmetrisation = p.symmetrisation;
    const auto f = ref::tree_variance_factors(tp);
    for (std::size_t k = 0; k < L; ++k) c[k] = f[k].convert_to<double>();
  }
  const boost::math::normal_distribution<double> std_normal;
  std::vector<double> edges;  // N(0, 1) quantiles at j/10
  for (int j = 1; j < kGofBins; ++j) edges.push_back(boost::math::quantile(std_normal, j / static_cast<double>(kGofBins)));
  std::vector<std::uint64_t> bins(gof ? T * L * kGofBins : 0, 0);
  // streaming sums over runs
  std::vector<double> sum(T * L, 0.0), sum2(T * L, 0.0), inno2(T * L, 0.0);
  std::uint64_t R = 0;
  {
    std::ifstream in = open_or_refuse(outputs_path, "d");
    std::string line;
    std::uint64_t line_number = 0;
    std::vector<double> dev(T * L);
    while (std::getline(in, line)) {
      ++line_number;
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      std::vector<double> x = parse_line(line, T * L, "d", line_number, group > 1 ? group * T * L : 0);
      if (x.size() != T * L) {  // group·T·L numbers: summed per entry (the analyzer's sum of the messages)
        std::vector<double> summed(T * L, 0.0);
        for (std::size_t i = 0; i < x.size(); ++i) summed[i % (T * L)] += x[i];
        x = std::move(summed);
      }
      for (std::size_t i = 0; i < T * L; ++i) {
        dev[i] = x[i] - S[i];
        sum[i] += dev[i];
        sum2[i] += dev[i] * dev[i];
        if (gof) {
          const double sd = std::sqrt(c[i % L] * p.sigma * p.sigma *
                                      static_cast<double>(__builtin_popcountll(i / L + 1)));
          const double z = dev[i] / sd;
          bins[i * kGofBins + static_cast<std::size_t>(std::upper_bound(edges.begin(), edges.end(), z) - edges.begin())]++;
        }
      }
      for (std::uint64_t t = 1; t <= T; ++t) {
        const std::uint64_t tp = t & (t - 1);  // t without its lowest set bit
        if (tp == 0) continue;
        for (std::size_t e = 0; e < L; ++e) {
          const double inn = dev[(t - 1) * L + e] - dev[(tp - 1) * L + e];
          inno2[(t - 1) * L + e] += inn * inn;
        }
      }
      ++R;
    }
    if (R < kMinRuns) throw_parameter_error(kFn, "d", "at least 20 runs (lines)", std::to_string(R));
  }
  // tests
  struct Test {
    std::string name;
    double p, ratio;  // ratio: observed/expected variance, or the mean shift in prefix sds
  };
  std::vector<Test> tests;
  const double s2 = p.sigma * p.sigma, Rd = static_cast<double>(R);
  const boost::math::normal_distribution<double> normal;
  ref::TreeParams names;
  names.labels = p.symmetrisation == ref::Symmetrisation::None ? ref::LabelSet::vector(p.dim)
                                                                : ref::LabelSet::symmetric_matrix(p.dim);
  for (std::uint64_t t = 1; t <= T; ++t) {
    const double nodes = static_cast<double>(__builtin_popcountll(t));
    for (std::size_t e = 0; e < L; ++e) {
      const std::size_t i = (t - 1) * L + e;
      const double v = c[e] * s2 * nodes;
      const std::string where = (T == 1 && mechanism != "tree" ? std::string("analyzer sum")
                                                                 : "prefix t = " + std::to_string(t)) +
                                ", entry " + names.labels.name(e);
      const double z = sum[i] / std::sqrt(Rd * v);
      tests.push_back({where + ": mean", std::min(1.0, 2 * boost::math::cdf(normal, -std::abs(z))), z / std::sqrt(Rd)});
      const double q = sum2[i] / v;
      tests.push_back({where + ": variance", two_sided_chi2(q, Rd), q / Rd});
      if ((t & (t - 1)) != 0) {
        const double qi = inno2[i] / (c[e] * s2);
        tests.push_back({where + ": innovation variance (covariance with prefix t' = " +
                             std::to_string(t & (t - 1)) + ")",
                         two_sided_chi2(qi, Rd), qi / Rd});
      }
      if (gof) {  // Pearson's X² over 10 equiprobable bins of the standardised deviation, df = 9
        double x2 = 0;
        const double expected = Rd / kGofBins;
        for (int b = 0; b < kGofBins; ++b) {
          const double o = static_cast<double>(bins[i * kGofBins + static_cast<std::size_t>(b)]);
          x2 += (o - expected) * (o - expected) / expected;
        }
        const boost::math::chi_squared_distribution<double> chi9(kGofBins - 1);
        tests.push_back({where + ": goodness of fit (10 bins)", boost::math::cdf(boost::math::complement(chi9, x2)),
                         x2 / (kGofBins - 1)});
      }
    }
  }
  std::vector<double> pv;
  for (const auto& t : tests) pv.push_back(t.p);
  TreeConformanceResult r;
  r.alpha = 1 - confidence;
  r.runs = R;
  r.tests = tests.size();
  const auto reject = stats::holm_reject(pv, r.alpha);
  std::size_t worst = 0;
  for (std::size_t i = 0; i < tests.size(); ++i) {
    if (reject[i]) r.mismatch = true;
    if (tests[i].p < tests[worst].p) worst = i;
  }
  const Test& w = tests[worst];
  char buf[256];
  const bool is_gof = w.name.ends_with("(10 bins)");
  std::snprintf(buf, sizeof buf, "%s: %s %.4g (expected %s), p = %.3g", w.name.c_str(),
                w.name.ends_with("mean") ? "shift/sd" : is_gof ? "X^2/df" : "variance ratio", w.ratio,
                w.name.ends_with("mean") ? "0" : "1", w.p);
  r.deviation = buf;
  // detectable at the strictest Holm level, power ½
  const double a = r.alpha / static_cast<double>(tests.size());
  const boost::math::chi_squared_distribution<double> chi(Rd);
  const double med = boost::math::quantile(chi, 0.5);
  r.variance_ratio_high = boost::math::quantile(boost::math::complement(chi, a / 2)) / med;
  r.variance_ratio_low = boost::math::quantile(chi, a / 2) / med;
  r.mean_shift_sd = boost::math::quantile(boost::math::complement(normal, a / 2)) / std::sqrt(Rd);
  std::size_t rejected = 0;
  for (bool b : reject) rejected += b ? 1 : 0;
  r.details = {{"T", T}, {"entries", L}, {"sigma", p.sigma},
               {"symmetrisation", ref::symmetrisation_name(p.symmetrisation)}, {"rejected", rejected}};
  r.mechanism = mechanism;
  return r;
}

}  // namespace

TreeConformanceResult audit_p_amp_conformance(const std::string& params_path, const std::string& inputs_path,
                                              const std::string& outputs_path, double confidence) {
  std::ifstream pin = open_or_refuse(params_path, "params");
  std::stringstream ss;
  ss << pin.rdbuf();
  if (ss.str().size() > 65536) throw_parameter_error(kFn, "params", "a JSON object of at most 64 KiB", "a larger file");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(ss.str());
  } catch (const nlohmann::json::exception&) {
    throw_parameter_error(kFn, "params", "a JSON object {B, d, sigma, part}", "'" + prefix_of(ss.str()) + "'");
  }
  if (!j.is_object()) throw_parameter_error(kFn, "params", "a JSON object", "'" + prefix_of(j.dump()) + "'");
  for (const auto& [key, value] : j.items())
    if (key != "B" && key != "d" && key != "sigma" && key != "part")
      throw_parameter_error(kFn, "params", "keys B, d, sigma, part", "'" + prefix_of(key) + "'");
  if (!j.contains("B") || !j["B"].is_number_unsigned() || j["B"].get<std::uint64_t>() < 1 ||
      j["B"].get<std::uint64_t>() > (1ULL << 24))
    throw_parameter_error(kFn, "params.B", "an integer in [1, 2^24]", j.contains("B") ? j["B"].dump() : "nothing");
  if (!j.contains("d") || !j["d"].is_number_unsigned() || j["d"].get<std::uint64_t>() < 1 ||
      j["d"].get<std::uint64_t>() > 1024)
    throw_parameter_error(kFn, "params.d", "an integer in [1, 1024]", j.contains("d") ? j["d"].dump() : "nothing");
  if (!j.contains("sigma") || !j["sigma"].is_number() || !(j["sigma"].get<double>() > 0) ||
      !std::isfinite(j["sigma"].get<double>()))
    throw_parameter_error(kFn, "params.sigma", "a number > 0", j.contains("sigma") ? j["sigma"].dump() : "nothing");
  const std::string part = j.contains("part") && j["part"].is_string() ? j["part"].get<std::string>() : "";
  if (part != "vector" && part != "matrix")
    throw_parameter_error(kFn, "params.part", "vector or matrix", j.contains("part") ? j["part"].dump() : "nothing");
  const std::uint64_t B = j["B"].get<std::uint64_t>(), d = j["d"].get<std::uint64_t>();
  // The analyzer's sum is the one-leaf tree: leaf Σ_u v_u, one node of i.i.d. N(0, B σ²) per entry (the paper's
  // matrix noise: every upper-triangle entry of variance σ²).
  TreeLawParams p;
  p.T = 1;
  p.dim = static_cast<std::uint32_t>(part == "vector" ? d : d * (d + 1) / 2);
  p.sigma = j["sigma"].get<double>() * std::sqrt(static_cast<double>(B));
  if (B * p.labels() > kMaxValuesPerLine)
    throw_parameter_error(kFn, "params", "B * entries <= 10^6", std::to_string(B * p.labels()));
  const std::size_t L = p.labels();
  std::vector<Rational> acc(L, Rational(0));
  {
    std::ifstream in = open_or_refuse(inputs_path, "inputs");
    std::string line;
    std::uint64_t users = 0, line_number = 0;
    while (std::getline(in, line)) {
      ++line_number;
      if (line.find_first_not_of(" \t\r") == std::string::npos || line[line.find_first_not_of(" \t\r")] == '#')
        continue;
      if (users == B) throw_parameter_error(kFn, "inputs", std::to_string(B) + " users (params.B)", "more");
      std::istringstream toks(line);
      std::string tok;
      std::size_t k = 0;
      while (toks >> tok) {
        const auto v = tok.size() <= 64 ? try_parse_rational(tok) : std::nullopt;
        if (!v) throw_parameter_error(kFn, "inputs", "decimal numbers (line " + std::to_string(line_number) + ")",
                                      "'" + prefix_of(tok) + "'");
        if (k == L) throw_parameter_error(kFn, "inputs", std::to_string(L) + " numbers per user",
                                          "more on line " + std::to_string(line_number));
        acc[k++] += *v;
      }
      if (k != L) throw_parameter_error(kFn, "inputs", std::to_string(L) + " numbers per user",
                                        std::to_string(k) + " on line " + std::to_string(line_number));
      ++users;
    }
    if (users != B) throw_parameter_error(kFn, "inputs", std::to_string(B) + " users (params.B)", std::to_string(users));
  }
  std::vector<double> S(L);
  for (std::size_t e = 0; e < L; ++e) S[e] = acc[e].convert_to<double>();
  TreeConformanceResult r = tree_law_tests(p, S, outputs_path, confidence, B, true, "p-amp");
  r.details["B"] = B;
  r.details["d"] = d;
  r.details["part"] = part;
  r.details["sigma"] = j["sigma"].get<double>();
  r.details["law"] = "analyzer sum = sum of the declared values + N(0, B sigma^2) per entry, i.i.d.";
  return r;
}

std::string summary_line(const TreeConformanceResult& r) {
  char buf[512];
  if (r.mismatch) {
    std::snprintf(buf, sizeof buf, "MODEL-MISMATCH: %s (Holm at alpha = %.3g over %zu tests, %llu runs)",
                  r.deviation.c_str(), r.alpha, r.tests, static_cast<unsigned long long>(r.runs));
  } else {
    std::snprintf(buf, sizeof buf,
                  "NO-MISMATCH-DETECTED: detectable (probability >= 1/2) a variance factor outside [%.4g, %.4g] or a "
                  "mean shift of %.4g sd on one %s (Holm at alpha = %.3g over %zu tests, %llu runs)",
                  r.variance_ratio_low, r.variance_ratio_high, r.mean_shift_sd,
                  r.mechanism == "tree" ? "prefix" : "entry", r.alpha, r.tests,
                  static_cast<unsigned long long>(r.runs));
  }
  return buf;
}

nlohmann::json to_json(const TreeConformanceResult& r) {
  return {{"verdict", r.mismatch ? "MODEL-MISMATCH" : "NO-MISMATCH-DETECTED"},
          {"mechanism", r.mechanism},
          {"runs", r.runs},
          {"tests", r.tests},
          {"alpha", r.alpha},
          {"most_significant", r.deviation},
          {"detectable", {{"variance_ratio_low", r.variance_ratio_low}, {"variance_ratio_high", r.variance_ratio_high},
                          {"mean_shift_sd", r.mean_shift_sd}}},
          {"details", r.details}};
}

}  // namespace dpb::verify::audit
