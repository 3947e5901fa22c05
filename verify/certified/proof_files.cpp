#include "verify/certified/proof_files.hpp"

#include <z3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <vector>

#include <z3++.h>

#include "reference/core/build_info.hpp"

namespace dpb::verify::certified {

Outcome check_proof_files(const std::string& prefix) {
  namespace fs = std::filesystem;
  const fs::path dir = dpb::data_dir() / "proofs";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".smt2" && e.path().filename().string().rfind(prefix, 0) == 0) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  Outcome outcome;
  outcome.verdict = files.empty() ? Verdict::inconclusive : Verdict::holds;
  nlohmann::json lemmas = nlohmann::json::array();
  int as_expected = 0;
  for (const auto& f : files) {
    std::ifstream in(f);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    std::smatch m;
    std::string expected = std::regex_search(text, m, std::regex("\n; expect: (sat|unsat)\n")) ? m[1].str() : "";
    z3::context ctx;
    ctx.set("timeout", 120000);
    std::string answer = Z3_eval_smtlib2_string(ctx, text.c_str());
    answer = answer.substr(0, answer.find_first_of(" \n"));
    const bool ok = !expected.empty() && answer == expected;
    as_expected += ok ? 1 : 0;
    if (!ok) outcome.verdict = answer == "unknown" || expected.empty() ? combine(outcome.verdict, Verdict::inconclusive)
                                                                       : Verdict::violated;
    lemmas.push_back({{"file", "proofs/" + f.filename().string()}, {"expected", expected}, {"z3", answer}});
  }
  outcome.key_figure = std::to_string(as_expected) + "/" + std::to_string(files.size()) + " Z3 files as expected";
  outcome.evidence = {{"z3_version", Z3_get_full_version()}, {"lemmas", lemmas}};
  return outcome;
}

}  // namespace dpb::verify::certified
