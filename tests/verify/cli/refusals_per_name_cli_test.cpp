// Issue 14 class 9 beyond the bad-input table (docs/reliability.md "Still open"): the table runs each option with
// one minimal command line, so one audit target and one learner per option. Here every audit target and every
// learner is run with values that it refuses, and the refusal must name the option. The names come from the
// program's own lists (`audit --list`, `crosscheck --list`), so a new target or learner is covered without editing
// this test.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "reference/core/rational.hpp"

#include "tests/support/cli_path.hpp"
#include "tests/support/cli_refusal.hpp"
#include "tests/support/run_command.hpp"
#include "verify/audit/targets_001.hpp"
#include "verify/audit/targets_001_learners.hpp"
#include "verify/audit/targets_003_learners.hpp"

namespace dpb::test {
namespace {

const std::string kCli = cli_path();

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

struct Named {
  std::string name, kind;
};

// `audit --list`: "name<TAB>kind<TAB>...".
std::vector<Named> audit_targets() {
  const CommandResult r = run_command(kCli + " audit --list");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<Named> out;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) {
    const auto tab = line.find('\t');
    if (tab == std::string::npos) continue;
    const auto tab2 = line.find('\t', tab + 1);
    out.push_back({line.substr(0, tab), line.substr(tab + 1, tab2 - tab - 1)});
  }
  return out;
}

// `crosscheck --list`: single-agent learners as "name<TAB>status<TAB>...", then a heading per family and its
// learners indented by two spaces ("linear" for seed 001's, "multi-agent" for seed 004's).
std::vector<Named> learners() {
  const CommandResult r = run_command(kCli + " crosscheck --list");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<Named> out;
  std::string family = "single";
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("  ", 0) == 0) {
      out.push_back({line.substr(2, line.find_first_of(" \t", 2) - 2), family});
    } else if (const auto tab = line.find('\t'); tab != std::string::npos) {
      out.push_back({line.substr(0, tab), "single"});
    } else {
      family = line.find("multi-agent") != std::string::npos ? "multi-agent"
               : line.find("GLM") != std::string::npos       ? "glm"
               : line.find("linear") != std::string::npos    ? "linear"
                                                              : "unknown";
    }
  }
  return out;
}

TEST(RefusalsPerNameCli, TheListsAreRead) {
  const auto targets = audit_targets();
  const auto all = learners();
  EXPECT_GE(targets.size(), 20U);
  std::size_t linear = 0, multi = 0;
  for (const auto& l : all) {
    linear += l.kind == "linear";
    multi += l.kind == "multi-agent";
    EXPECT_NE(l.kind, "unknown") << l.name;
  }
  EXPECT_GE(linear, 5U);
  EXPECT_GE(multi, 6U);
}

// Every target refuses --eps 0 (outside the range) and, by its kind, one option that does not apply to it (a value
// inside the option's range): each refusal names the option.
TEST(RefusalsPerNameCli, EveryAuditTargetNamesTheOptionItRefuses) {
  for (const auto& t : audit_targets()) {
    const std::string audit = kCli + " audit " + t.name + " --samples 100 --threads 1";
    if (t.kind == "external") {
      expect_cli_refusal(audit + " --claimed-eps 0 --command 'echo 1'", "'--claimed-eps'");
      // The built-in targets' options used to be ignored here.
      for (const char* option : {"--eps 1/2", "--n 4", "--horizon 100", "--borderline 1/2"})
        expect_cli_refusal(audit + " --claimed-eps 1 --command 'echo 1' " + option,
                           std::string("parameter '") + std::string(option).substr(0, std::string(option).find(' ')) +
                               "' must be absent with `external`");
      // --arms is a registered conflict of --command (and --d): the parser's refusal names it.
      expect_cli_refusal(audit + " --claimed-eps 1 --command 'echo 1' --arms 3", "when --arms is given");
      continue;
    }
    expect_cli_refusal(audit + " --eps 0", "'--eps'");
    if (t.kind == "mechanism") {
      expect_cli_refusal(audit + " --borderline 1/2", "'--borderline'");
      if (verify::audit::is_seed001_target(t.name))  // their own batch and leaf ranges (targets_001.hpp)
        expect_cli_refusal(audit + " --n 4096", "'--n'");
      else
        expect_cli_refusal(audit + " --n 64 --horizon 32", "'--n'");
      expect_cli_refusal(audit + " --arms 3", "'--arms'");
    } else if (t.kind == "learner") {
      expect_cli_refusal(audit + " --n 4", "'--n'");
      expect_cli_refusal(audit + " --arms 3", "'--arms'");
      if (verify::audit::is_seed001_learner_target(t.name) ||
          verify::audit::is_seed003_learner_target(t.name)) {  // one fixed instance, whole output only
        expect_cli_refusal(audit + " --horizon 100", "'--horizon'");
        expect_cli_refusal(audit + " --borderline 1/2", "'--borderline'");
        expect_cli_refusal(audit + " --view decision", "'--view'");
      }
    } else if (t.kind == "multi-agent") {
      expect_cli_refusal(audit + " --n 4", "'--n'");
    } else {
      ADD_FAILURE() << t.name << ": unknown kind " << t.kind;
    }
  }
}

// Every learner refuses --horizon 0 in crosscheck and in simulate (where it is a simulate learner), and a horizon
// that does not apply (multi-agent learners run --max-rounds) or is beyond the learner's own bound.
TEST(RefusalsPerNameCli, EveryLearnerNamesHorizon) {
  for (const auto& l : learners()) {
    const std::string cross = kCli + " crosscheck --learner " + l.name + " --runs 1";
    const std::string sim = kCli + " simulate --learner " + l.name + " --runs 1";
    expect_cli_refusal(cross + " --horizon 0", "'--horizon'");
    if (l.kind == "single") {
      expect_cli_refusal(sim + " --horizon 0", "'--horizon'");
      expect_cli_refusal(sim + " --horizon 10", "'--learner'");  // not a simulate learner: said so
    } else if (l.kind == "glm") {  // seed 003's GLM learners
      expect_cli_refusal(sim + " --horizon 0", "'--horizon'");
      expect_cli_refusal(sim + " --horizon 16777217", "'--horizon'");
    } else if (l.kind == "linear") {
      expect_cli_refusal(sim + " --horizon 0", "'--horizon'");
      expect_cli_refusal(sim + " --horizon 16777217", "'--horizon'");  // in the option's range, beyond 2^24
    } else {
      expect_cli_refusal(sim + " --horizon 0", "'--horizon'");
      expect_cli_refusal(sim + " --max-rounds 1000 --horizon 100", "'--horizon' must be absent for --learner");
      expect_cli_refusal(cross + " --max-rounds 1000 --horizon 100", "'--horizon' must be absent for --learner");
    }
  }
}

// calibrate's variants and sample's and pmf's distributions (the bad-input table runs each option with one minimal
// command line, i.e. one variant or distribution). Here every variant and distribution has a valid line (checked:
// exit 0), and on it (a) every numeric option of the line, set just outside its registered range, is refused naming
// that option, and (b) numeric options of the command that are not in the line, set inside their range, either
// apply (exit 0) or are refused naming that option or one of the line's options they conflict with (e.g. `--horizon`
// below `--n`) — never another failure. Every name of the positional's choices must have a line here, so a new
// variant or distribution cannot be added untested. The sanitizer build runs (a) only.
struct NumericOption {
  std::string name, kind;
  std::optional<std::pair<Rational, bool>> lo, hi;  // value, open
};

std::map<std::string, NumericOption> numeric_options(const std::string& command, std::vector<std::string>& choices) {
  const CommandResult r = run_command(kCli + " options --json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::map<std::string, NumericOption> out;
  auto bound = [](const nlohmann::json& j) -> std::optional<std::pair<Rational, bool>> {
    if (j.is_null()) return std::nullopt;
    return std::pair{*try_parse_rational(j.at("value").get<std::string>()), j.at("open").get<bool>()};
  };
  for (const auto& j : nlohmann::json::parse(r.out)) {
    if (j.at("command") != command) continue;
    if (j.at("kind") == "positional")
      for (const auto& c : j.at("choices")) choices.push_back(c.get<std::string>());
    if (j.at("kind") != "number" && j.at("kind") != "integer") continue;
    out[j.at("name")] = {j.at("name"), j.at("kind"), bound(j.at("lo")), bound(j.at("hi"))};
  }
  return out;
}

// Just outside the range: the lower end itself when open, else one below; otherwise above the upper end.
std::optional<std::string> outside(const NumericOption& o) {
  if (o.lo) return dpb::to_string(o.lo->second ? o.lo->first : o.lo->first - 1);
  if (o.hi) return dpb::to_string(o.hi->second ? o.hi->first : o.hi->first + 1);
  return std::nullopt;
}

// A small value inside the range.
std::optional<std::string> inside(const NumericOption& o) {
  if (!o.lo || !o.hi) return std::nullopt;
  const Rational a = o.lo->first, b = o.hi->first;
  if (o.kind == "integer") {
    const Rational first = o.lo->second ? a + 1 : a;
    return dpb::to_string(first + 1 <= b ? Rational(first + 1) : first);
  }
  return dpb::to_string(b - a < 4 ? Rational((a + b) / 2) : Rational(a + 1));
}

std::vector<std::string> split(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

std::string join(const std::vector<std::string>& tokens) {
  std::string s;
  for (const auto& t : tokens) s += " " + t;
  return s;
}

void check_per_name(const std::string& command, const std::map<std::string, std::string>& lines) {
  std::vector<std::string> choices;
  const auto options = numeric_options(command, choices);
  ASSERT_FALSE(choices.empty()) << command;
  for (const auto& name : choices) EXPECT_TRUE(lines.count(name)) << command << " " << name << ": add its line here";
  std::size_t index = 0;
  for (const auto& [name, rest] : lines) {
    const std::string base = kCli + " " + command + " " + name + " " + rest;
    const CommandResult ok = run_command(base + " > /dev/null");
    ASSERT_EQ(ok.exit_code, 0) << base << ": " << ok.err;
    const std::vector<std::string> tokens = split(rest);
    std::set<std::string> present;
    for (const auto& t : tokens)
      if (t.rfind("--", 0) == 0) present.insert(t.substr(2));
    for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {  // (a)
      if (tokens[i].rfind("--", 0) != 0) continue;
      const auto it = options.find(tokens[i].substr(2));
      if (it == options.end()) continue;
      const auto v = outside(it->second);
      if (!v) continue;
      std::vector<std::string> changed = tokens;
      changed[i + 1] = *v;
      expect_cli_refusal(kCli + " " + command + " " + name + join(changed), "'" + tokens[i] + "'");
    }
    if (kSanitized) continue;
    for (const auto& [option, spec] : options) {  // (b)
      if (present.count(option) || (index++ % 2) != 0) continue;  // every option on about half the lines
      const auto v = inside(spec);
      if (!v) continue;
      const std::string cmd = base + " --" + option + " " + *v;
      const CommandResult r = run_command(cmd + " > /dev/null");
      if (r.exit_code == 0) continue;
      EXPECT_EQ(r.exit_code, 2) << cmd << ": " << r.err;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << cmd << ": " << r.err;
      bool named = mentions(r.err, "'--" + option + "'");
      for (const auto& p : present) named = named || mentions(r.err, "'--" + p + "'");
      EXPECT_TRUE(named) << cmd << ": " << r.err;
    }
  }
}

TEST(RefusalsPerNameCli, EveryCalibrateVariantNamesTheOptionItRefuses) {
  check_per_name("calibrate",
                 {{"dist-dp", "--eps 1 --n 10 --horizon 100"},
                  {"dist-rdp", "--eps 1 --n 10 --horizon 100"},
                  {"dist-cdp", "--eps 1/2 --n 10 --horizon 100"},
                  {"shuffle", "--eps 1 --n 10 --horizon 100"},
                  {"central", "--eps 1/2 --n 10 --horizon 100"},
                  {"local", "--eps 1/2 --n 10 --horizon 100"},
                  {"ldp-gauss", "--eps 1 --delta 1/100000"},
                  {"p-amp", "--eps 1/10 --delta 1/100000 --n 1000"},
                  {"p-vec", "--eps 1 --delta 1/100000 --n 1000 --d 5"},
                  {"tree", "--eps 1 --delta 1/100000 --horizon 100"},
                  {"fmt", "--eps0 1/2 --delta0 1e-8 --n 400 --delta-prime 1/100000"},
                  {"tree-matrix", "--eps 1 --delta 1/50 --horizon 1000 --d 5 --kappa-star 4"},
                  {"p-vec-matrix", "--eps 1 --delta 1/100000 --n 1000 --d 3"},
                  {"pgd", "--eps 1/2 --delta 1/200 --n 100000 --d 3"},
                  {"shuffle-glm", "--eps 1 --delta 1/50 --horizon 100000 --d 3 --kappa 20 --kappa-star 4 --theta-norm 2"},
                  {"jdp-glm", "--eps 1 --delta 1/50 --horizon 1000 --d 3 --kappa 20 --kappa-star 4 --theta-norm 2"}});
}

const std::map<std::string, std::string> kDistributions = {
    {"bernoulli", "--p 1/2"},       {"bernoulli-exp", "--gamma 1"},     {"geometric", "--scale 2"},
    {"dlaplace", "--scale 2"},      {"dgauss", "--sigma2 2 --mu 1"},   {"binomial", "--n 10 --p 1/2"},
    {"poisson", "--mean 3"},        {"skellam", "--var 2"},            {"polya", "--r 2 --scale 2"},
    {"polya-diff", "--r 2 --scale 2"}, {"round", "--x 1/3 --g 4"},     {"normal", "--sigma 1 --grid-bits 4"}};

TEST(RefusalsPerNameCli, EverySampleAndPmfDistributionNamesTheOptionItRefuses) {
  std::map<std::string, std::string> sample, pmf;
  for (const auto& [d, params] : kDistributions) {
    sample[d] = params + " --count 2 --seed 1";
    pmf[d] = params + " --from 0 --to 1 --digits 5";
  }
  check_per_name("sample", sample);
  check_per_name("pmf", pmf);
}

}  // namespace
}  // namespace dpb::test
