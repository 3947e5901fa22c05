// Golden vectors (issue 6; docs/vectors.md): generate the committed files in testdata/vectors/ and check that a
// build reproduces them byte for byte. `dpbandit vectors generate|check` and the claim core.vectors call these.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "verify/vectors/format.hpp"

namespace dpb::verify::vectors {

// The categories this build generates, in order ("samplers", "pmf", ...).
const std::vector<std::string>& category_names();

// One category regenerated with `impl` (throws std::invalid_argument for an unknown name).
CategoryFile generate_category(const std::string& category, Impl impl);
// Every category.
std::vector<CategoryFile> generate_all(Impl impl);

// Writes each file to dir/<category>.jsonl through a temporary name and a rename, creating dir if needed.
void write_files(const std::filesystem::path& dir, const std::vector<CategoryFile>& files);

struct CheckResult {
  std::vector<std::string> files;    // the files checked, in order
  std::size_t records_checked = 0;   // case records that matched (headers excluded)
  std::optional<Mismatch> mismatch;  // the first difference (checking stops there)

  bool ok() const { return !mismatch.has_value(); }
  std::string summary() const;  // one line: "... N records reproduced ..." or the mismatch
};

// Regenerates every category with `impl` and compares it with dir/<category>.jsonl. A missing file is a mismatch;
// a missing directory throws ParameterError (naming `function`, parameter "dir"). Files of other names are ignored.
CheckResult check_directory(const std::filesystem::path& dir, Impl impl, const std::string& function = "vectors check");

// The committed vectors: <source dir>/testdata/vectors.
std::filesystem::path committed_vectors_dir();

}  // namespace dpb::verify::vectors
