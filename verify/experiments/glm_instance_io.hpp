// Export and import of seed 003's GLM instances (reference/environments/glm_instance.hpp) as JSON, so that a run
// can replay an instance it did not generate (`--instance FILE`). Format (docs/experiments.md "GLM instances"):
//   {"format": "dpbandit-glm-instance", "version": 1, "link": "logistic"|"probit", "generator": "authors"|"sphere",
//    "d": D, "K": K, "q": Q, "sets": N, "S": "<rational>", "seed": SEED, "stream": STREAM,
//    "theta": [D integers], "arms": [N·K·D integers, set-major then arm-major]}
// Coordinates are the numerators on the grid 2^−q. Every field is checked by name on import (present, of its type,
// in range; unknown fields refused) and the instance is then validated exactly (ref::validate: norms, sizes).
#pragma once

#include <string>
#include <string_view>

#include "reference/environments/glm_instance.hpp"

namespace dpb::verify {

inline constexpr std::size_t kMaxGlmInstanceBytes = std::size_t{1} << 28;

std::string glm_instance_to_json(const ref::GlmInstance& instance);
// ParameterError "<origin>: parameter '<field>' must be …, got …" on any defect (origin names the file).
ref::GlmInstance glm_instance_from_json(std::string_view text, std::string_view origin);
// Reads at most kMaxGlmInstanceBytes from `path`; ParameterError naming `instance` when it cannot be read.
ref::GlmInstance read_glm_instance(const std::string& path);

}  // namespace dpb::verify
