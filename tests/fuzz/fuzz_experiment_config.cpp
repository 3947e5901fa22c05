// Fuzz target: the experiment-config reader of `simulate --config` (verify/experiments/config.hpp): the nesting
// bound, the JSON parser, then the config's own checks (a {"kind": "glm"} file: seed 003's parser,
// verify/experiments/glm_experiment.hpp). Any exception but the JSON parser's own (syntax, number overflow) or a ParameterError
// (which the command line turns into exit 2) is a finding: it would be an exit 3.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "reference/core/errors.hpp"
#include "verify/experiments/config.hpp"
#include "verify/experiments/glm_experiment.hpp"
#include "verify/input/bounded_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  nlohmann::json j;
  try {
    dpb::verify::input::require_json_depth(text, "simulate", "--config", "fuzz");
    j = nlohmann::json::parse(text);
  } catch (const dpb::ParameterError&) {
    return 0;
  } catch (const nlohmann::json::exception&) {  // syntax, number overflow: load_experiment_config's exit 2
    return 0;
  }
  try {
    if (dpb::verify::experiments::is_glm_file(j))
      (void)dpb::verify::experiments::parse_glm_experiment(j, "fuzz");
    else
      (void)dpb::verify::experiments::parse_experiment_config(j, "fuzz");
  } catch (const dpb::ParameterError&) {
  }
  return 0;
}
