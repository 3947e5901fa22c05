#include "verify/experiments/glm_instance_io.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "reference/core/errors.hpp"
#include "verify/input/bounded_input.hpp"

namespace dpb::verify {

namespace {

using nlohmann::json;

constexpr const char* kFormat = "dpbandit-glm-instance";

std::uint64_t get_u64(const json& j, const char* field, std::string_view origin, std::uint64_t max,
                      std::uint64_t min = 0) {
  if (!j.contains(field)) throw_parameter_error(origin, field, "present", "missing");
  const json& v = j.at(field);
  if (!v.is_number_unsigned())
    throw_parameter_error(origin, field, "a non-negative integer", input::quoted_prefix(v.dump()));
  const std::uint64_t x = v.get<std::uint64_t>();
  if (x < min || x > max)
    throw_parameter_error(origin, field, "in [" + std::to_string(min) + ", " + std::to_string(max) + "]",
                          std::to_string(x));
  return x;
}

std::string get_string(const json& j, const char* field, std::string_view origin) {
  if (!j.contains(field)) throw_parameter_error(origin, field, "present", "missing");
  const json& v = j.at(field);
  if (!v.is_string()) throw_parameter_error(origin, field, "a string", input::quoted_prefix(v.dump()));
  return v.get<std::string>();
}

std::vector<std::int64_t> get_ints(const json& j, const char* field, std::string_view origin, std::size_t n) {
  if (!j.contains(field)) throw_parameter_error(origin, field, "present", "missing");
  const json& v = j.at(field);
  if (!v.is_array()) throw_parameter_error(origin, field, "an array of integers", input::quoted_prefix(v.dump()));
  if (v.size() != n)
    throw_parameter_error(origin, field, std::to_string(n) + " integers", std::to_string(v.size()) + " values");
  std::vector<std::int64_t> out;
  out.reserve(n);
  for (const json& e : v) {
    if (!e.is_number_integer())
      throw_parameter_error(origin, field, "an array of integers", "element " + input::quoted_prefix(e.dump()));
    out.push_back(e.get<std::int64_t>());
  }
  return out;
}

}  // namespace

std::string glm_instance_to_json(const ref::GlmInstance& inst) {
  json j;
  j["format"] = kFormat;
  j["version"] = 1;
  j["link"] = std::string(ref::link_name(inst.link));
  j["generator"] = std::string(ref::generator_name(inst.generator));
  j["d"] = inst.d;
  j["K"] = inst.K;
  j["q"] = inst.q;
  j["sets"] = inst.sets;
  j["S"] = to_string(inst.S);
  j["seed"] = inst.seed;
  j["stream"] = inst.stream;
  j["theta"] = inst.theta;
  j["arms"] = inst.arms;
  return j.dump() + "\n";
}

ref::GlmInstance glm_instance_from_json(std::string_view text, std::string_view origin) {
  input::require_json_depth(text, origin, "instance", "a deeper document");
  json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) throw_parameter_error(origin, "instance", "valid JSON", input::quoted_prefix(text));
  if (!j.is_object()) throw_parameter_error(origin, "instance", "a JSON object", input::quoted_prefix(text));
  static const std::set<std::string> known{"format", "version", "link", "generator", "d", "K", "q",
                                           "sets",   "S",       "seed", "stream",    "theta", "arms"};
  for (const auto& [key, value] : j.items())
    if (!known.contains(key)) throw_parameter_error(origin, "instance", "without unknown fields", key);
  if (get_string(j, "format", origin) != kFormat)
    throw_parameter_error(origin, "format", kFormat, input::quoted_prefix(j.at("format").get<std::string>()));
  get_u64(j, "version", origin, 1, 1);
  ref::GlmInstance inst;
  const std::string link = get_string(j, "link", origin);
  if (link != "logistic" && link != "probit")
    throw_parameter_error(origin, "link", "logistic or probit", input::quoted_prefix(link));
  inst.link = ref::parse_link(link);
  const std::string gen = get_string(j, "generator", origin);
  if (gen != "authors" && gen != "sphere")
    throw_parameter_error(origin, "generator", "authors or sphere", input::quoted_prefix(gen));
  inst.generator = ref::parse_glm_generator(gen);
  inst.d = static_cast<std::uint32_t>(get_u64(j, "d", origin, ref::kGlmMaxDim, 1));
  inst.K = static_cast<std::uint32_t>(get_u64(j, "K", origin, ref::kGlmMaxArms, 1));
  inst.q = static_cast<unsigned>(get_u64(j, "q", origin, ref::kGlmMaxGridBits, 1));
  inst.sets = get_u64(j, "sets", origin, ref::kGlmMaxSets, 1);
  inst.S = parse_rational(get_string(j, "S", origin), origin, "S");
  inst.seed = get_u64(j, "seed", origin, UINT64_MAX);
  inst.stream = get_u64(j, "stream", origin, UINT64_MAX);
  if (inst.sets * inst.K * inst.d > ref::kGlmMaxCoordinates)
    throw_parameter_error(origin, "sets", "such that sets·K·d <= 2^25", std::to_string(inst.sets));
  inst.theta = get_ints(j, "theta", origin, inst.d);
  inst.arms = get_ints(j, "arms", origin, inst.sets * inst.K * inst.d);
  ref::validate(inst, origin);
  return inst;
}

ref::GlmInstance read_glm_instance(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw_parameter_error("--instance", "instance", "a readable file", input::quoted_prefix(path));
  const std::string text = input::read_at_most(in, kMaxGlmInstanceBytes);
  if (text.size() > kMaxGlmInstanceBytes)
    throw_parameter_error("--instance", "instance", "at most 256 MiB", input::quoted_prefix(path));
  return glm_instance_from_json(text, path);
}

}  // namespace dpb::verify
