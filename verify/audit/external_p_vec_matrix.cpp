#include "verify/audit/external_p_vec_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include <boost/math/distributions/chi_squared.hpp>

#include "reference/core/errors.hpp"
#include "verify/input/bounded_input.hpp"
#include "verify/stats/holm.hpp"

namespace dpb::verify::audit {

namespace {

constexpr const char* kFn = "audit external (p-vec-matrix)";
constexpr const char* kFnVec = "audit external (p-vec)";
constexpr std::size_t kMaxLine = 1 << 20;

Rational field(const nlohmann::json& j, const char* name) {
  if (!j.contains(name))
    throw_parameter_error(kFn, "params", std::string("a JSON object with field '") + name + "'", "no such field");
  const nlohmann::json& v = j[name];
  std::string text;
  if (v.is_string())
    text = v.get<std::string>();
  else if (v.is_number_integer())
    text = std::to_string(v.get<long long>());
  else if (v.is_number())
    text = v.dump();
  else
    throw_parameter_error(kFn, "params", std::string("field '") + name + "' a number", v.dump());
  const auto q = try_parse_rational(text);
  if (!q)
    throw_parameter_error(kFn, "params", std::string("field '") + name + "' a number", input::quoted_prefix(text));
  return *q;
}

Integer integer_field(const nlohmann::json& j, const char* name) {
  const Rational q = field(j, name);
  if (denominator(q) != 1)
    throw_parameter_error(kFn, "params", std::string("field '") + name + "' an integer", to_string(q));
  return numerator(q);
}

std::vector<std::vector<Rational>> read_rows(const std::string& path, const char* parameter) {
  std::ifstream in(path);
  if (!in) throw_parameter_error(kFn, parameter, "a readable file", input::quoted_prefix(path));
  std::vector<std::vector<Rational>> rows;
  std::string line;
  std::uint64_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.size() > kMaxLine)
      throw_parameter_error(kFn, parameter, "lines of at most 2^20 bytes", "line " + std::to_string(number));
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::vector<Rational> row;
    std::string w;
    while (words >> w) {
      const auto q = try_parse_rational(w);
      if (!q)
        throw_parameter_error(kFn, parameter,
                              "decimal numbers separated by spaces (line " + std::to_string(number) + ")",
                              input::quoted_prefix(w));
      row.push_back(*q);
    }
    if (!row.empty()) rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace

ref::P2Params read_p_vec_matrix_params(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw_parameter_error(kFn, "params", "a readable file", input::quoted_prefix(path));
  const std::string text = input::read_at_most(in, kMaxLine);
  input::require_json_depth(text, kFn, "params", path);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    throw_parameter_error(kFn, "params", "a JSON object", input::quoted_prefix(text));
  }
  if (!j.is_object()) throw_parameter_error(kFn, "params", "a JSON object", input::quoted_prefix(text));
  ref::P2Params p;
  const Integer d = integer_field(j, "d");
  if (d < 1 || d > 65536) throw_parameter_error(kFn, "params", "field 'd' in [1, 65536]", to_string(d));
  p.d = static_cast<std::uint32_t>(d.convert_to<unsigned long>());
  p.n = integer_field(j, "n");
  p.g = integer_field(j, "g");
  p.b = integer_field(j, "b");
  if (field(j, "p") != Rational(1, 4))
    throw_parameter_error(kFn, "params", "field 'p' 1/4 (Eq. 127)", to_string(field(j, "p")));
  p.delta = field(j, "Delta");
  if (j.contains("range")) {
    const std::string r = j["range"].is_string() ? j["range"].get<std::string>() : j["range"].dump();
    if (r == "delta")
      p.range = ref::PVecRange::Delta;
    else if (r != "2delta")
      throw_parameter_error(kFn, "params", "field 'range' 2delta or delta", input::quoted_prefix(r));
  }
  (void)ref::p2_pvec_params(p);  // validates n, g, b, Delta and the sizes, naming them
  return p;
}

namespace {

// Pearson's X² goodness of fit of one label's counts against their exact law C = Σ_u x̂_u + Bin(N, p), x̂_u =
// ⌊t_u⌋ + Bernoulli(frac t_u) (the pmf in long double on N p ± 12 sd, convolved with each user's Bernoulli; the mass
// outside the window, below 10⁻³², is ignored), over up to 10 bins of nearly equal probability, each expected >= 5
// times. nullopt when the law is too wide to tabulate (window × users > 5·10⁷) or fewer than 2 bins fit.
struct CountGof {
  double x2 = 0, p = 1;
  int bins = 0;
};
std::optional<CountGof> count_gof(const std::vector<Rational>& t, const Integer& N_, const Rational& p_,
                                  const std::vector<std::int64_t>& observed) {
  const long double N = N_.convert_to<long double>(), p = p_.convert_to<long double>();
  const long double sd = std::sqrt(N * p * (1 - p));
  const long double lo_d = std::max<long double>(0, std::floor(N * p - 12 * sd - 2));
  const long double hi_d = std::min<long double>(N, std::ceil(N * p + 12 * sd + 2));
  std::int64_t base = 0;
  std::vector<long double> q;
  for (const Rational& x : t) {
    const Integer f = floor(x);
    base += to_int64(f);
    const Rational fr = x - Rational(f);
    if (fr != 0) q.push_back(fr.convert_to<long double>());
  }
  const auto W = static_cast<std::size_t>(hi_d - lo_d) + 1;
  if (static_cast<long double>(W) * static_cast<long double>(q.size() + 1) > 5e7L) return std::nullopt;
  std::vector<long double> pmf(W + q.size(), 0.0L);
  const long double lgN = std::lgamma(N + 1);
  for (std::size_t i = 0; i < W; ++i) {
    const long double j = lo_d + static_cast<long double>(i);
    pmf[i] = std::exp(lgN - std::lgamma(j + 1) - std::lgamma(N - j + 1) + j * std::log(p) + (N - j) * std::log1p(-p));
  }
  std::size_t len = W;
  for (long double qu : q) {
    for (std::size_t i = len; i > 0; --i) pmf[i] = (1 - qu) * pmf[i] + qu * pmf[i - 1];
    pmf[0] *= 1 - qu;
    ++len;
  }
  const std::int64_t first = base + static_cast<std::int64_t>(lo_d);  // the count of pmf[0]
  const double m = static_cast<double>(observed.size());
  const int bins = static_cast<int>(std::min<double>(10, std::floor(m / 5)));
  if (bins < 2) return std::nullopt;
  // edges: the least counts whose cdf reaches j/bins; bin j = [edge_{j−1}, edge_j)
  std::vector<std::int64_t> edges;
  std::vector<long double> prob;
  long double cdf = 0, last = 0;
  int next = 1;
  for (std::size_t i = 0; i < len && next < bins; ++i) {
    cdf += pmf[i];
    if (cdf >= static_cast<long double>(next) / bins) {
      edges.push_back(first + static_cast<std::int64_t>(i) + 1);
      prob.push_back(cdf - last);
      last = cdf;
      while (next < bins && cdf >= static_cast<long double>(next) / bins) ++next;
    }
  }
  prob.push_back(std::max<long double>(0, 1 - last));
  // merge bins expected fewer than 5 times into their neighbour
  std::vector<std::uint64_t> obs(prob.size(), 0);
  for (std::int64_t c : observed)
    ++obs[static_cast<std::size_t>(std::upper_bound(edges.begin(), edges.end(), c) - edges.begin())];
  std::vector<long double> pe;
  std::vector<std::uint64_t> oe;
  for (std::size_t i = 0; i < prob.size(); ++i) {
    if (!pe.empty() && pe.back() * m < 5) {
      pe.back() += prob[i];
      oe.back() += obs[i];
    } else {
      pe.push_back(prob[i]);
      oe.push_back(obs[i]);
    }
  }
  while (pe.size() >= 2 && pe.back() * m < 5) {
    pe[pe.size() - 2] += pe.back();
    oe[oe.size() - 2] += oe.back();
    pe.pop_back();
    oe.pop_back();
  }
  if (pe.size() < 2) return std::nullopt;
  CountGof g;
  g.bins = static_cast<int>(pe.size());
  for (std::size_t i = 0; i < pe.size(); ++i) {
    const double e = static_cast<double>(pe[i]) * m;
    g.x2 += (static_cast<double>(oe[i]) - e) * (static_cast<double>(oe[i]) - e) / e;
  }
  const boost::math::chi_squared_distribution<double> chi(g.bins - 1);
  g.p = boost::math::cdf(boost::math::complement(chi, g.x2));
  return g;
}

// The tests shared by P₂ (matrix labels, outputs of L or d² numbers, the latter symmetric) and P_Vec (vector labels,
// d = 0 here: outputs of L numbers): integrality, Hoeffding on the mean count per label, and with `gof` the exact
// count law's goodness of fit per label; Holm over every test.
PVecMatrixConformance count_conformance(const ref::PVecParams& vp, std::size_t d,
                                        const std::vector<std::vector<Rational>>& inputs,
                                        const std::vector<std::vector<Rational>>& outputs, double confidence,
                                        bool gof, const char* fn);

}  // namespace

PVecMatrixConformance conformance_p_vec_matrix(const ref::P2Params& params,
                                               const std::vector<std::vector<Rational>>& inputs,
                                               const std::vector<std::vector<Rational>>& outputs, double confidence) {
  const ref::PVecParams vp = ref::p2_pvec_params(params);
  const ref::P2 checker(params);
  if (Integer(inputs.size()) != params.n)
    throw_parameter_error(kFn, "inputs", "n = " + to_string(params.n) + " lines (one user each)",
                          std::to_string(inputs.size()) + " lines");
  checker.check_users(std::span<const std::vector<Rational>>(inputs));
  // with the exact count law's goodness of fit per label wherever it can be tabulated (small n·b): a wrong variance
  // with the right mean is then seen too
  return count_conformance(vp, params.d, inputs, outputs, confidence, true, kFn);
}

PVecMatrixConformance conformance_p_vec(const ref::PVecParams& params, const std::vector<std::vector<Rational>>& inputs,
                                        const std::vector<std::vector<Rational>>& outputs, double confidence) {
  const ref::PVecParams vp = ref::validate(params);
  const std::size_t L = vp.labels.size();
  if (Integer(inputs.size()) != vp.batch)
    throw_parameter_error(kFnVec, "inputs", "n = " + to_string(vp.batch) + " lines (one user each)",
                          std::to_string(inputs.size()) + " lines");
  for (std::size_t u = 0; u < inputs.size(); ++u) {
    if (inputs[u].size() != L)
      throw_parameter_error(kFnVec, "inputs", std::to_string(L) + " numbers per user (line " + std::to_string(u + 1) + ")",
                            std::to_string(inputs[u].size()));
    for (const Rational& v : inputs[u])
      if (abs(v) > vp.delta)
        throw_parameter_error(kFnVec, "inputs", "values in [-Delta, Delta] (line " + std::to_string(u + 1) + ")",
                              to_string(v));
  }
  return count_conformance(vp, 0, inputs, outputs, confidence, true, kFnVec);
}

namespace {

PVecMatrixConformance count_conformance(const ref::PVecParams& vp, std::size_t d,
                                        const std::vector<std::vector<Rational>>& inputs,
                                        const std::vector<std::vector<Rational>>& outputs, double confidence,
                                        bool gof, const char* fn) {
  if (outputs.size() < 2) throw_parameter_error(fn, "d", "at least 2 outputs", std::to_string(outputs.size()));
  const std::size_t L = vp.labels.size();
  const Rational r = vp.r(), scale = Rational(vp.g) / r;
  const Rational pbn = vp.p * vp.b * vp.batch;
  const Integer max_count = vp.batch * vp.message_bits;
  PVecMatrixConformance out;
  out.outputs = outputs.size();
  // Expected counts, exactly.
  std::vector<Rational> mean(L, Rational(0));
  for (std::size_t k = 0; k < L; ++k) {
    for (const auto& u : inputs) mean[k] += (u[k] + vp.delta) * scale;
    mean[k] += pbn;
  }
  std::vector<Rational> sum(L, Rational(0));
  std::vector<std::vector<std::int64_t>> counts(L);
  std::string failure;
  for (std::size_t i = 0; i < outputs.size() && failure.empty(); ++i) {
    const auto& row = outputs[i];
    std::vector<Rational> tri;
    if (row.size() == L) {
      tri = row;
    } else if (d > 0 && row.size() == d * d) {
      for (std::size_t a = 0; a < d && failure.empty(); ++a)
        for (std::size_t b = a; b < d; ++b) {
          if (row[a * d + b] != row[b * d + a]) {
            failure = "output " + std::to_string(i + 1) + " is not symmetric at (" + std::to_string(a) + "," +
                      std::to_string(b) + ")";
            break;
          }
          tri.push_back(row[a * d + b]);
        }
      if (!failure.empty()) break;
    } else {
      throw_parameter_error(fn, "d",
                            (d > 0 ? std::to_string(L) + " or " + std::to_string(d * d) : std::to_string(L)) +
                                " numbers per output (line " + std::to_string(i + 1) + ")",
                            std::to_string(row.size()));
    }
    for (std::size_t k = 0; k < L; ++k) {
      const Rational c = (tri[k] + vp.batch * vp.delta) * scale + pbn;
      const Integer near = floor(Rational(c + Rational(1, 2)));
      if (abs(Rational(c - near)) > Rational(1, 1000) || near < 0 || near > max_count) {
        failure = "output " + std::to_string(i + 1) + ", label " + vp.labels.name(k) + ": count " + to_string(c) +
                  " is not an integer in [0, n l]";
        break;
      }
      sum[k] += Rational(near);
      counts[k].push_back(to_int64(near));
    }
  }
  const double alpha = 1 - confidence;
  const double m = static_cast<double>(outputs.size());                // report-only
  const double spread = (vp.batch * (vp.b + 1)).convert_to<double>();  // report-only
  nlohmann::json tests = nlohmann::json::array();
  std::vector<double> p_values;
  if (failure.empty()) {
    for (std::size_t k = 0; k < L; ++k) {
      const Rational dev = abs(Rational(sum[k] / Rational(Integer(outputs.size())) - mean[k]));
      const double t = dev.convert_to<double>();                              // report-only
      const double p = std::min(1.0, 2 * std::exp(-2 * m * t * t / spread));  // Hoeffding
      p_values.push_back(p);
      tests.push_back({{"label", vp.labels.name(k)}, {"mean_count_deviation", t}, {"p", p}});
    }
    if (gof) {
      for (std::size_t k = 0; k < L; ++k) {
        std::vector<Rational> t;
        for (const auto& u : inputs) t.push_back((u[k] + vp.delta) * scale);
        const auto g = count_gof(t, Integer(vp.b * vp.batch), vp.p, counts[k]);
        if (!g) {
          tests.push_back({{"label", vp.labels.name(k)}, {"test", "goodness of fit"}, {"skipped", true}});
          continue;
        }
        p_values.push_back(g->p);
        tests.push_back({{"label", vp.labels.name(k)}, {"test", "goodness of fit"}, {"bins", g->bins},
                         {"x2", g->x2}, {"p", g->p}});
      }
    }
    const std::vector<bool> reject = stats::holm_reject(p_values, alpha);
    for (std::size_t k = 0, pi = 0; k < tests.size(); ++k) {
      if (tests[k].value("skipped", false)) continue;
      const bool rej = reject[pi++];
      tests[k]["rejected"] = rej;
      if (rej && failure.empty())
        failure = "label " + tests[k]["label"].get<std::string>() +
                  (tests[k].value("test", "") == "goodness of fit"
                       ? ": the counts do not follow the exact law (goodness of fit, p = " +
                             std::to_string(tests[k]["p"].get<double>()) + ")"
                       : ": the mean count is off the law");
    }
  }
  out.smallest_detectable_deviation =
      (r / vp.g).convert_to<double>() * std::sqrt(spread * std::log(2 * static_cast<double>(L) / alpha) / (2 * m));
  out.verdict = failure.empty() ? "NO-MISMATCH-DETECTED" : "MODEL-MISMATCH";
  out.reason = failure;
  out.evidence = {{"verdict", out.verdict},
                  {"reason", failure},
                  {"outputs", out.outputs},
                  {"labels", L},
                  {"alpha", alpha},
                  {"tests", tests},
                  {"smallest_detectable_deviation", out.smallest_detectable_deviation},
                  {"method",
                   std::string("deterministic: ") + (d > 0 ? "symmetry, " : "") +
                       "integer counts in [0, n l]; per label Hoeffding on the mean count (n(b+1) independent terms "
                       "of range 1)" +
                       (gof ? "; per label Pearson's X^2 of the counts against their exact law (up to 10 bins)" : "") +
                       ", Holm across the tests"}};
  return out;
}

}  // namespace

PVecMatrixConformance conformance_p_vec_matrix(const std::string& params_path, const std::string& inputs_path,
                                               const std::string& outputs_path, double confidence) {
  const ref::P2Params p = read_p_vec_matrix_params(params_path);
  const auto inputs = read_rows(inputs_path, "inputs");
  const auto outputs = read_rows(outputs_path, "d");
  return conformance_p_vec_matrix(p, inputs, outputs, confidence);
}

}  // namespace dpb::verify::audit

namespace dpb::verify::audit {

ref::PVecParams read_p_vec_params(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw_parameter_error(kFnVec, "params", "a readable file", input::quoted_prefix(path));
  const std::string text = input::read_at_most(in, kMaxLine);
  input::require_json_depth(text, kFnVec, "params", path);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    throw_parameter_error(kFnVec, "params", "a JSON object", input::quoted_prefix(text));
  }
  if (!j.is_object()) throw_parameter_error(kFnVec, "params", "a JSON object", input::quoted_prefix(text));
  for (const auto& [key, value] : j.items())
    if (key != "n" && key != "d" && key != "g" && key != "b" && key != "p" && key != "Delta" && key != "range")
      throw_parameter_error(kFnVec, "params", "keys n, d, g, b, p, Delta, range", input::quoted_prefix(key));
  ref::PVecParams p;
  const Integer d = integer_field(j, "d");
  if (d < 1 || d > 65536) throw_parameter_error(kFnVec, "params", "field 'd' in [1, 65536]", to_string(d));
  p.labels = ref::LabelSet::vector(static_cast<std::uint32_t>(d.convert_to<unsigned long>()));
  p.batch = integer_field(j, "n");
  p.g = integer_field(j, "g");
  p.b = integer_field(j, "b");
  p.p = field(j, "p");
  p.delta = field(j, "Delta");
  if (j.contains("range")) {
    const std::string r = j["range"].is_string() ? j["range"].get<std::string>() : j["range"].dump();
    if (r == "delta")
      p.range = ref::PVecRange::Delta;
    else if (r != "2delta")
      throw_parameter_error(kFnVec, "params", "field 'range' 2delta or delta", input::quoted_prefix(r));
  }
  return ref::validate(p);  // n, g, b, p in {1/4, 1/2}, Delta and the sizes, named
}

PVecMatrixConformance conformance_p_vec(const std::string& params_path, const std::string& inputs_path,
                                        const std::string& outputs_path, double confidence) {
  const ref::PVecParams p = read_p_vec_params(params_path);
  const auto inputs = read_rows(inputs_path, "inputs");
  const auto outputs = read_rows(outputs_path, "d");
  return conformance_p_vec(p, inputs, outputs, confidence);
}

}  // namespace dpb::verify::audit
