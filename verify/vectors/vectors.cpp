#include "verify/vectors/vectors.hpp"

#include "verify/input/publish.hpp"

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "reference/core/build_info.hpp"
#include "reference/core/errors.hpp"
#include "verify/input/bounded_input.hpp"
#include "verify/vectors/accountant_vectors.hpp"
#include "verify/vectors/glm003_vectors.hpp"
#include "verify/vectors/glm_learners003_vectors.hpp"
#include "verify/vectors/linear001_vectors.hpp"
#include "verify/vectors/mechanism001_vectors.hpp"
#include "verify/vectors/bglincb003_vectors.hpp"
#include "verify/vectors/multi_agent_vectors.hpp"
#include "verify/vectors/p2003_vectors.hpp"
#include "verify/vectors/pgd003_vectors.hpp"
#include "verify/vectors/pmf_vectors.hpp"
#include "verify/vectors/jdp_glm003_vectors.hpp"
#include "verify/vectors/protocol_vectors.hpp"
#include "verify/vectors/rs_glincb003_vectors.hpp"
#include "verify/vectors/gloc003_vectors.hpp"
#include "verify/vectors/ecolog003_vectors.hpp"
#include "verify/vectors/sampler_vectors.hpp"
#include "verify/vectors/shuffleglm003_vectors.hpp"
#include "verify/vectors/trajectory_vectors.hpp"
#include "verify/vectors/tree003_vectors.hpp"

namespace dpb::verify::vectors {

const std::vector<std::string>& category_names() {
  static const std::vector<std::string> names = {"samplers",     "pmf",           "calibrations", "transcripts",
                                                 "accountants",  "trajectories",  "mechanisms001", "multiagent",
                                                 "linear001",    "tree003",    "glm003",     "pgd003",
                                                 "glmlearners003", "bglincb003", "rsglincb003", "p2003", "shuffleglm003",
                                                 "gloc003", "jdpglm003", "ecolog003"};
  return names;
}

CategoryFile generate_category(const std::string& category, Impl impl) {
  if (category == "samplers") return generate_samplers(impl);
  if (category == "pmf") return generate_pmf();
  if (category == "calibrations") return generate_calibrations();
  if (category == "transcripts") return generate_transcripts(impl);
  if (category == "accountants") return generate_accountants();
  if (category == "trajectories") return generate_trajectories(impl);
  if (category == "mechanisms001") return generate_mechanisms001(impl);
  if (category == "multiagent") return generate_multi_agent(impl);
  if (category == "linear001") return generate_linear001(impl);
  if (category == "tree003") return generate_tree003(impl);
  if (category == "glm003") return generate_glm003(impl);
  if (category == "pgd003") return generate_pgd003(impl);
  if (category == "glmlearners003") return generate_glm_learners003(impl);
  if (category == "bglincb003") return generate_bglincb003(impl);
  if (category == "rsglincb003") return generate_rs_glincb003(impl);
  if (category == "p2003") return generate_p2003(impl);
  if (category == "shuffleglm003") return generate_shuffleglm003(impl);
  if (category == "gloc003") return generate_gloc003(impl);
  if (category == "jdpglm003") return generate_jdp_glm003(impl);
  if (category == "ecolog003") return generate_ecolog003(impl);
  throw std::invalid_argument("golden vectors: unknown category '" + category + "'");
}

std::vector<CategoryFile> generate_all(Impl impl) {
  std::vector<CategoryFile> files;
  for (const auto& name : category_names()) files.push_back(generate_category(name, impl));
  return files;
}

void write_files(const std::filesystem::path& dir, const std::vector<CategoryFile>& files) {
  // All or nothing (docs/reliability.md "Outputs"): staged, then published file by file with backups, the
  // manifest (.dpbandit-manifest-vectors.json) last; any failure rolls back to the old set.
  output::Publication pub(dir, "vectors");
  for (const auto& f : files) pub.write(f.file_name(), f.text());
  (void)pub.commit();
}

std::string CheckResult::summary() const {
  std::string list;
  for (const auto& f : files) list += (list.empty() ? "" : ", ") + f;
  if (mismatch) return "MISMATCH " + mismatch->describe();
  return std::to_string(records_checked) + " records reproduced byte for byte (" + list + ")";
}

CheckResult check_directory(const std::filesystem::path& dir, Impl impl, const std::string& function) {
  if (!std::filesystem::is_directory(dir))
    throw_parameter_error(function, "dir", "an existing directory of golden vectors", dir.string());
  CheckResult result;
  for (const auto& name : category_names()) {
    const CategoryFile regenerated = generate_category(name, impl);
    const auto path = dir / regenerated.file_name();
    result.files.push_back(regenerated.file_name());
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      result.mismatch = Mismatch{regenerated.file_name(), 0, "", "missing file " + path.string()};
      return result;
    }
    // Bounded (docs/reliability.md): a committed file more than 1 MiB longer than the regenerated one cannot
    // match, and reading it whole (/dev/zero, a record file without newlines) would exhaust memory.
    const std::string expected = regenerated.text();
    const std::size_t limit = expected.size() + input::kVectorsFileSlack;
    const std::string committed = input::read_at_most(in, limit);
    if (committed.size() > limit)
      throw_parameter_error(function, "dir",
                            "a directory whose " + regenerated.file_name() + " has at most " + std::to_string(limit) +
                                " bytes (the regenerated file's size + 1 MiB)",
                            input::quoted_prefix(path.string(), 80));
    std::size_t matched = 0;
    result.mismatch = compare_file(regenerated, committed, &matched);
    result.records_checked += matched;
    if (result.mismatch) return result;
  }
  return result;
}

std::filesystem::path committed_vectors_dir() { return dpb::data_dir() / "testdata" / "vectors"; }

}  // namespace dpb::verify::vectors
