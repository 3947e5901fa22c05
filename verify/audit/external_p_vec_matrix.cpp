#include "verify/audit/external_p_vec_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "reference/core/errors.hpp"
#include "verify/input/bounded_input.hpp"
#include "verify/stats/holm.hpp"

namespace dpb::verify::audit {

namespace {

constexpr const char* kFn = "audit external (p-vec-matrix)";
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

PVecMatrixConformance conformance_p_vec_matrix(const ref::P2Params& params,
                                               const std::vector<std::vector<Rational>>& inputs,
                                               const std::vector<std::vector<Rational>>& outputs, double confidence) {
  const ref::PVecParams vp = ref::p2_pvec_params(params);
  const ref::P2 checker(params);
  if (Integer(inputs.size()) != params.n)
    throw_parameter_error(kFn, "inputs", "n = " + to_string(params.n) + " lines (one user each)",
                          std::to_string(inputs.size()) + " lines");
  checker.check_users(std::span<const std::vector<Rational>>(inputs));
  if (outputs.size() < 2) throw_parameter_error(kFn, "d", "at least 2 outputs", std::to_string(outputs.size()));
  const std::size_t L = vp.labels.size(), d = params.d;
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
  std::string failure;
  for (std::size_t i = 0; i < outputs.size() && failure.empty(); ++i) {
    const auto& row = outputs[i];
    std::vector<Rational> tri;
    if (row.size() == L) {
      tri = row;
    } else if (row.size() == d * d) {
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
      throw_parameter_error(kFn, "d",
                            std::to_string(L) + " or " + std::to_string(d * d) + " numbers per output (line " +
                                std::to_string(i + 1) + ")",
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
    const std::vector<bool> reject = stats::holm_reject(p_values, alpha);
    for (std::size_t k = 0; k < L; ++k) {
      tests[k]["rejected"] = static_cast<bool>(reject[k]);
      if (reject[k] && failure.empty()) failure = "label " + vp.labels.name(k) + ": the mean count is off the law";
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
                   "deterministic: symmetry, integer counts in [0, n l]; per label Hoeffding on the mean count "
                   "(n(b+1) independent terms of range 1), Holm across labels"}};
  return out;
}

PVecMatrixConformance conformance_p_vec_matrix(const std::string& params_path, const std::string& inputs_path,
                                               const std::string& outputs_path, double confidence) {
  const ref::P2Params p = read_p_vec_matrix_params(params_path);
  const auto inputs = read_rows(inputs_path, "inputs");
  const auto outputs = read_rows(outputs_path, "d");
  return conformance_p_vec_matrix(p, inputs, outputs, confidence);
}

}  // namespace dpb::verify::audit
