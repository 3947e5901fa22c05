#include "verify/report/verify_main.hpp"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <system_error>

#include "verify/claims/runner.hpp"
#include "verify/report/claims_markdown.hpp"
#include "verify/report/json_report.hpp"
#include "verify/report/terminal_table.hpp"

namespace dpb::verify {

namespace {

int usage_error(std::ostream& err, const std::string& message) {
  err << "dpbandit verify: " << message << "\n";
  return 2;
}

// Creates DIR if needed and proves it writable by creating and removing a probe file; empty string on success.
std::string prepare_output_directory(const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return ec.message();
  if (!std::filesystem::is_directory(dir)) return "not a directory";
  const auto probe = dir / (".write-probe-" + std::to_string(::getpid()));
  {
    std::ofstream f(probe);
    if (!f) return "cannot create files in it";
  }
  std::filesystem::remove(probe, ec);
  return {};
}

}  // namespace

int verify_main(const VerifyArgs& args, const Registry& registry, std::ostream& out, std::ostream& err) {
  const auto suite = parse_suite(args.suite);
  if (!suite) return usage_error(err, "parameter '--suite' must be quick or full, got '" + args.suite + "'");
  if (args.format != "text" && args.format != "markdown" && args.format != "json")
    return usage_error(err, "parameter '--format' must be text, markdown or json, got '" + args.format + "'");

  std::vector<const Claim*> selected;
  if (args.only.empty()) {
    for (const auto& c : registry.claims()) selected.push_back(&c);
  } else {
    selected = registry.match(args.only);
    if (selected.empty())
      return usage_error(err, "parameter '--only' must match at least one claim id, got '" + args.only +
                                  "' (see `dpbandit verify --list`)");
  }

  if (args.list) {
    if (args.format == "markdown") {
      out << claims_markdown(selected);
    } else if (args.format == "json") {
      nlohmann::json list = nlohmann::json::array();
      for (const Claim* c : selected) list.push_back(claim_metadata_json(*c));
      out << list.dump(2) << "\n";
    } else {
      out << format_claims_list(selected);
    }
    return 0;
  }

  const std::filesystem::path dir(args.out);
  if (const std::string why = prepare_output_directory(dir); !why.empty())
    return usage_error(err, "parameter '--out' must be a writable directory, got '" + args.out + "' (" + why + ")");

  const RunOptions options{*suite, args.seed};
  const auto start = std::chrono::steady_clock::now();
  auto results = run_claims(
      selected, options,
      [&err](std::size_t i, std::size_t n, const Claim& c) {
        err << "[" << (i + 1) << "/" << n << "] " << c.id << " ..." << std::flush;
      },
      [&err](std::size_t, std::size_t, const ClaimResult& r) {
        std::ostringstream s;
        s << " " << to_string(r.outcome.verdict) << (r.as_expected() ? "" : " (UNEXPECTED)") << " (" << std::fixed
          << std::setprecision(2) << r.seconds << " s)\n";
        err << s.str() << std::flush;
      });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  out << format_results_table(results, seconds) << std::flush;
  try {
    write_file_atomically(dir / "report.json", report_json(results, *suite, seconds).dump(2) + "\n");
  } catch (const std::exception& e) {
    return usage_error(err, std::string("parameter '--out': ") + e.what());
  }
  out << "report: " << (dir / "report.json").string() << "\n";
  return summarize(results).unexpected == 0 ? 0 : 1;
}

}  // namespace dpb::verify
