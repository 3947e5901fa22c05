// The field reader of the experiment configs (regret experiments, verify/experiments/config.cpp, and seed 004's
// sweeps, bai.cpp): every problem throws ParameterError naming the field, "experiment <name>: parameter '<field>'
// must be …". Exact rationals only: strings ("1/10", "0.1") or JSON integers, never JSON floats.
#pragma once

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"

namespace dpb::verify::experiments::internal {

inline std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

struct Reader {
  std::string function;  // "experiment <name>"

  [[noreturn]] void fail(const std::string& field, const std::string& condition, const nlohmann::json& got) const {
    throw_parameter_error(function, field, condition, got.is_null() ? std::string("nothing") : got.dump());
  }

  const nlohmann::json& object(const nlohmann::json& j, const std::string& field) const {
    if (!j.is_object()) fail(field, "a JSON object", j);
    return j;
  }
  std::string string(const nlohmann::json& j, const std::string& key, const std::string& field, bool required,
                     std::string fallback = {}) const {
    if (!j.contains(key)) {
      if (required) fail(field, "given (a string)", nullptr);
      return fallback;
    }
    if (!j.at(key).is_string()) fail(field, "a string", j.at(key));
    return j.at(key).get<std::string>();
  }
  // A JSON integer value in [lo, hi].
  std::uint64_t integer(const nlohmann::json& v, const std::string& field, std::uint64_t lo, std::uint64_t hi) const {
    const std::string range = "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0)) fail(field, range, v);
    const std::uint64_t x = v.get<std::uint64_t>();
    if (x < lo || x > hi) fail(field, range, v);
    return x;
  }
  std::uint64_t unsigned_integer(const nlohmann::json& j, const std::string& key, const std::string& field,
                                 std::uint64_t lo, std::uint64_t hi, std::optional<std::uint64_t> fallback) const {
    if (!j.contains(key)) {
      if (!fallback) fail(field, "given (an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "])", nullptr);
      return *fallback;
    }
    const auto& v = j.at(key);
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
      fail(field, "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]", v);
    const std::uint64_t x = v.get<std::uint64_t>();
    if (x < lo || x > hi) fail(field, "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]", v);
    return x;
  }
  // Exact rationals: strings ("1/10", "0.1") or JSON integers; JSON floating-point numbers are refused, since
  // 0.1 in binary is not 1/10.
  Rational rational(const nlohmann::json& v, const std::string& field) const {
    if (v.is_number_integer()) return Rational(v.get<std::int64_t>());
    if (!v.is_string()) fail(field, "an exact rational written as a string (e.g. \"1/10\") or an integer", v);
    const auto r = try_parse_rational(v.get<std::string>());
    if (!r) fail(field, "an exact rational (e.g. \"1/10\")", v);
    return *r;
  }
  std::optional<Rational> optional_rational(const nlohmann::json& j, const std::string& key,
                                            const std::string& field) const {
    if (!j.contains(key)) return std::nullopt;
    return rational(j.at(key), field);
  }
  std::string choice(const nlohmann::json& j, const std::string& key, const std::string& field,
                     const std::vector<std::string>& allowed, const std::string& fallback) const {
    const std::string s = string(j, key, field, false, fallback);
    if (std::find(allowed.begin(), allowed.end(), s) == allowed.end())
      fail(field, "one of " + joined(allowed), j.at(key));
    return s;
  }
};

}  // namespace dpb::verify::experiments::internal
