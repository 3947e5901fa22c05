// The experiment files of one kind in the data directory (testdata/experiments/ or DPB_DATA_DIR): the listing and the
// lookup by name that every non-default experiment kind (bai, glm, exponents) shares. `is_kind(json)` says whether a
// file is of the kind, `parse(json, name)` reads it (ParameterError naming the field).
#pragma once

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/experiments/config.hpp"

namespace dpb::verify::experiments {

// Every `*.json` of the directory that is of the kind, parsed, in file-name order.
template <class Config, class IsKind, class Parse>
std::vector<Config> list_experiments_of_kind(IsKind is_kind, Parse parse) {
  std::vector<std::filesystem::path> files;
  const auto dir = default_experiments_dir();
  if (std::filesystem::is_directory(dir))
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<Config> out;
  for (const auto& file : files) {
    const nlohmann::json j = read_experiment_json(file);
    if (is_kind(j)) out.push_back(parse(j, file.stem().string()));
  }
  return out;
}

// The experiment `name` (a file name without `.json`, no '/') if its file exists and is of the kind.
template <class Config, class IsKind, class Parse>
std::optional<Config> find_experiment_of_kind(const std::string& name, IsKind is_kind, Parse parse) {
  if (name.empty() || name.find('/') != std::string::npos) return std::nullopt;
  const auto file = default_experiments_dir() / (name + ".json");
  if (!std::filesystem::is_regular_file(file)) return std::nullopt;
  const nlohmann::json j = read_experiment_json(file);
  if (!is_kind(j)) return std::nullopt;
  return parse(j, name);
}

}  // namespace dpb::verify::experiments
