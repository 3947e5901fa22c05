#include "verify/report/verify_main.hpp"

#include "verify/input/publish.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <limits>
#include <optional>
#include <ostream>
#include <sstream>
#include <system_error>
#include <thread>

#include "reference/core/build_info.hpp"
#include "reference/core/rational.hpp"
#include "verify/claims/runner.hpp"
#include "verify/cluster/cluster.hpp"
#include "verify/report/build_json.hpp"
#include "verify/report/claims_markdown.hpp"
#include "verify/report/html_report.hpp"
#include "verify/report/json_report.hpp"
#include "verify/report/junit_report.hpp"
#include "verify/report/terminal_table.hpp"

namespace dpb::verify {

namespace {

int usage_error(std::ostream& err, const std::string& message) {
  err << "dpbandit verify: " << message << "\n";
  return 2;
}

const char* const kReportFiles[] = {"report.json", "report.html", "junit.xml"};

// Creates DIR if needed and proves it writable by creating and removing a probe file, and checks that no report file
// name is taken by a directory or the like (its rename would fail after the others'); empty string on success.
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
  for (const char* name : kReportFiles)
    if (std::filesystem::exists(dir / name) && !std::filesystem::is_regular_file(dir / name))
      return std::string(name) + " exists and is not a regular file";
  return {};
}

// --jobs: empty means the default; otherwise a decimal integer in [1, kMaxJobs].
std::optional<unsigned> parse_jobs(const std::string& text) {
  if (text.empty()) return default_jobs();
  unsigned value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || value < 1 || value > kMaxJobs) return std::nullopt;
  return value;
}

// --claim-timeout: an exact number of seconds in [0, 10^7] (decimal, a/b or e-notation, as every number on the
// command line: verify/cli/options.hpp); 0 means no limit.
std::optional<double> parse_timeout(const std::string& text) {
  if (text.empty() || text.front() == '+') return std::nullopt;
  const auto value = try_parse_rational(text);
  if (!value || *value < 0 || *value > 10000000) return std::nullopt;
  // A positive limit too small for a double (1e-400) is the smallest positive one, never 0 (which means none).
  const double seconds = value->convert_to<double>();
  if (*value > 0 && seconds == 0) return std::numeric_limits<double>::denorm_min();
  return seconds;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

std::string seconds_text(double seconds) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(2) << seconds;
  return s.str();
}

}  // namespace

unsigned default_jobs() {
  // The CPUs this process may run on (respects taskset and container cpusets, like nproc(1)); else the hardware
  // threads.
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return std::min(kMaxJobs, static_cast<unsigned>(CPU_COUNT(&set)));
  return std::clamp(std::thread::hardware_concurrency(), 1U, kMaxJobs);
}

int verify_main(const VerifyArgs& args, const Registry& registry, std::ostream& out, std::ostream& err) {
  const auto suite = parse_suite(args.suite);
  if (!suite) return usage_error(err, "parameter '--suite' must be quick or full, got '" + args.suite + "'");
  if (args.format != "text" && args.format != "markdown" && args.format != "json")
    return usage_error(err, "parameter '--format' must be text, markdown or json, got '" + args.format + "'");
  const auto jobs = parse_jobs(args.jobs);
  if (!jobs)
    return usage_error(err, "parameter '--jobs' must be an integer from 1 to " + std::to_string(kMaxJobs) +
                                ", got '" + args.jobs + "'");

  // The full suite's grids take minutes per claim (the failure claims of seed 004 run every point of Figs 1–6):
  // its default limit is two hours per claim.
  const auto timeout = parse_timeout(
      !args.claim_timeout_given && *suite == Suite::full ? std::string("7200") : args.claim_timeout);
  if (!timeout)
    return usage_error(err, "parameter '--claim-timeout' must be a number of seconds from 0 (no limit) to 1e7, got '" +
                                args.claim_timeout + "'");

  if (args.only_given && args.only.empty())
    return usage_error(err, "parameter '--only' must be a non-empty glob on claim ids, got ''");

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
  const std::filesystem::path plots = args.plots.empty() ? dir : std::filesystem::path(args.plots);
  if (!args.plots.empty() && !std::filesystem::is_directory(plots))
    return usage_error(err, "parameter '--plots' must be a directory, got '" + args.plots + "'");
  if (const std::string why = prepare_output_directory(dir); !why.empty())
    return usage_error(err, "parameter '--out' must be a writable directory, got '" + args.out + "' (" + why + ")");

  RunOptions options;
  options.suite = *suite;
  options.seed = args.seed;
  options.claim_timeout = *timeout;
  const std::string date = utc_now();
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&start] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  std::size_t done = 0;
  std::vector<ClaimResult> results;
  if (*jobs == 1 && cluster::world().size() == 1) {
    results = run_claims(
        selected, options,
        [&err](std::size_t i, std::size_t n, const Claim& c) {
          err << "[" << (i + 1) << "/" << n << "] " << c.id << " ..." << std::flush;
        },
        [&err](std::size_t, std::size_t, const ClaimResult& r) {
          err << " " << r.outcome_name() << (r.as_expected() ? "" : " (UNEXPECTED)") << " ("
              << seconds_text(r.seconds) << " s)\n"
              << std::flush;
        });
  } else {  // claims finish out of order: one whole line per event (the callbacks never run concurrently)
    results = run_claims(
        selected, options, *jobs,
        [&err](std::size_t i, std::size_t n, const Claim& c) {
          err << "[" << (i + 1) << "/" << n << "] " << c.id << " started\n" << std::flush;
        },
        [&err, &done, &elapsed](std::size_t i, std::size_t n, const ClaimResult& r) {
          ++done;
          err << "[" << (i + 1) << "/" << n << "] " << r.claim->id << " ... " << r.outcome_name()
              << (r.as_expected() ? "" : " (UNEXPECTED)") << " (" << seconds_text(r.seconds) << " s); " << done
              << "/" << n << " done after " << seconds_text(elapsed()) << " s\n"
              << std::flush;
        });
  }
  const double seconds = elapsed();

  nlohmann::json report = report_json(results, *suite, seconds);
  report["summary"]["version"] = dpb::version();
  report["summary"]["commit"] = dpb::git_commit();
  report["summary"]["date"] = date;
  report["summary"]["jobs"] = *jobs;
  report["summary"]["claim_timeout"] = *timeout;
  report["summary"]["seed"] = args.seed;
  report["build"] = build_json();
  report["command_line"] = args.command_line;
  nlohmann::json families = nlohmann::json::array();
  for (const auto& f : registry.families())
    families.push_back({{"name", f.name},
                        {"alpha", f.alpha},
                        {"size", registry.family_size(f.name)},
                        {"description", f.description}});
  report["families"] = families;
  const auto json_file = dir / "report.json", html_file = dir / "report.html", junit_file = dir / "junit.xml";
  // The reports are published before the table is printed (all or nothing, docs/reliability.md "Outputs"): a
  // failure to write them is one line and exit 3, never a table followed by an error.
  try {
    if (cluster::is_root()) {  // one process writes (dpbandit-mpi: every rank holds the same results)
      output::Publication pub(dir, "report");
      pub.write(json_file.filename().string(),
                report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
      pub.write(html_file.filename().string(), report_html(report, HtmlOptions{plots}));
      pub.write(junit_file.filename().string(), junit_xml(report));
      (void)pub.commit();
    }
  } catch (const std::exception& e) {
    err << "dpbandit: error: verify: " << e.what() << "\n";
    return 3;
  }
  out << format_results_table(results, seconds) << std::flush;
  out << "report: " << json_file.string() << ", " << html_file.string() << ", " << junit_file.string() << "\n";
  return summarize(results).unexpected == 0 ? 0 : 1;
}

}  // namespace dpb::verify
