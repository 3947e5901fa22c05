// `dpbandit vectors generate [--dir D]` and `dpbandit vectors check [--dir D] [--impl reference|optimized]`
// (golden vectors, docs/vectors.md; verify/vectors/vectors.hpp).
//   generate: regenerates every category with the reference and writes D/<category>.jsonl (default D:
//             testdata/vectors), each through a temporary file and a rename. Exit 0.
//   check:    regenerates every category in memory with the chosen build and compares it with the files in D,
//             record by record, byte for byte. Exit 0 when all are reproduced; 1 with the first difference
//             (file, line, record id, field) on stdout; 2 on usage errors (e.g. D does not exist).
#include <iostream>
#include <memory>

#include "reference/core/errors.hpp"
#include "verify/cli/commands.hpp"
#include "verify/input/bounded_input.hpp"
#include "verify/input/publish.hpp"
#include "verify/vectors/vectors.hpp"

namespace dpb::cli {
namespace {

struct VectorsArgs {
  std::string dir = "testdata/vectors";
  std::string impl = "reference";
};

}  // namespace

void add_vectors_command(CLI::App& app, Context& context) {
  auto args = std::make_shared<VectorsArgs>();
  auto* cmd = app.add_subcommand("vectors", "Generate or check the golden test vectors (docs/vectors.md)");
  cmd->require_subcommand(1);

  auto* gen = cmd->add_subcommand("generate", "Regenerate the golden vectors with the reference and write them");
  auto gen_options = std::make_shared<Options>(gen, "vectors generate", context.options,
                                               std::vector<std::string>{"vectors", "generate"});
  gen_options->path("--dir", args->dir, "output directory (default testdata/vectors)");
  gen->callback([args, gen_options, &context]() {
    gen_options->check();
    namespace V = dpb::verify::vectors;
    if (const std::string why = verify::output::destination_problem(args->dir); !why.empty())
      throw_parameter_error("vectors generate", "--dir", "a writable directory (or a new path)",
                            verify::input::quoted_prefix(args->dir, 80) + " (" + why + ")");
    const auto files = V::generate_all(V::Impl::reference);  // everything is computed before the first write
    V::write_files(args->dir, files);
    for (const auto& f : files)
      std::cout << "wrote " << (std::filesystem::path(args->dir) / f.file_name()).string() << " ("
                << f.records.size() - 1 << " records, " << f.text().size() << " bytes)\n";
    context.exit_code = 0;
  });

  auto* check = cmd->add_subcommand("check", "Check that a build reproduces the golden vectors byte for byte");
  auto check_options = std::make_shared<Options>(check, "vectors check", context.options,
                                                 std::vector<std::string>{"vectors", "check"});
  check_options->path("--dir", args->dir, "directory of the vectors (default testdata/vectors)");
  check_options->choice("--impl", args->impl, {"reference", "optimized"},
                        "reference (exact, GMP) or optimized (machine integers)");
  check->callback([args, check_options, &context]() {
    check_options->check();
    namespace V = dpb::verify::vectors;
    const V::Impl impl = args->impl == "optimized" ? V::Impl::optimized : V::Impl::reference;
    const V::CheckResult result = V::check_directory(args->dir, impl);
    std::cout << "vectors check (" << V::to_string(impl) << ", " << args->dir << "): " << result.summary() << "\n";
    context.exit_code = result.ok() ? 0 : 1;
  });
}

}  // namespace dpb::cli
