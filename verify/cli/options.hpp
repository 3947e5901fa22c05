// The option registry of `dpbandit` (issue 14, errata "Options" and "Numbers"; docs/reliability.md).
//
// Every `--option` of every command is registered once, with its type (integer, number, list of numbers, choice,
// text, path, flag), its range, the options it requires or conflicts with, and a minimal command line in which it
// is used. From that one registration come
//   - the parser: the value stays text in the command's own argument struct, and `Options::check()` (the first
//     statement of every command's callback) refuses an empty value ("given but empty"), a malformed number, a
//     value outside the range, an unknown choice, a missing required or a conflicting option: one line naming
//     `--option` and a bounded, escaped prefix of the value, exit 2, before anything is computed or written;
//   - the typed values the command uses (`Options::integer`, `number`, ...), read by the same parser;
//   - the bad-input table (tests/verify/cli/bad_input_table_cli_test.cpp), which reads the registry from
//     `dpbandit options --json`, feeds every option hostile values and checks the contract.
//
// Numbers (one grammar wherever a number is taken): a decimal integer "12", a decimal fraction "0.25", a
// fraction "a/b" of decimal integers, e-notation "1e-3", "2.5E+2"; optionally a leading '-'. Refused: a leading
// '+', hex, spaces, non-ASCII digits, "nan", "inf", terms above 4096 bits. Numbers are exact (GMP rationals), never
// read through a double; integers are checked against their range before any conversion (no wrap, no saturation).
#pragma once

#include <CLI/CLI.hpp>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/core/rational.hpp"

namespace dpb::cli {

// positional: an argument without `--` (sample's DIST, audit's target, calibrate's variant), one of `choices`.
enum class OptionKind { integer, number, number_list, choice, text, path, flag, positional };
std::string kind_name(OptionKind kind);

// One end of a range: the exact value, how the docs write it ("2^64 - 1"), open or closed.
struct Bound {
  Rational value;
  std::string text;
  bool open = false;
};
Bound closed(const Rational& value, std::string text = {});
Bound open(const Rational& value, std::string text = {});
// 2^k (text "2^k") and 10^k (text "10^k"), and 2^64 - 1.
Rational pow2(unsigned k);
Rational pow10(unsigned k);
Bound max_u64();

struct OptionSpec {
  std::string command;  // "sample", "vectors generate"
  std::string name;     // "seed": the option is --seed
  OptionKind kind = OptionKind::text;
  std::optional<Bound> lo, hi;  // integer, number, number_list (each element)
  std::vector<std::string> choices;
  std::vector<std::string> requires_, conflicts;  // names of other options of the same command
  std::vector<std::string> companions;  // the bad-input table: a minimal command line in which this option is used
                                        // (for a positional, "{}" marks where its value goes)
  std::vector<std::string> slow;        // in-range values documented as long-running (docs/reliability.md)
  std::string help;
  std::string condition_text;  // overrides the generated condition (a positional's "a name from ...")

  // How messages name it: "--seed", or a positional's own name ("DIST").
  std::string flag() const { return kind == OptionKind::positional ? name : "--" + name; }
  // "an integer in [0, 2^64 - 1]", "a number in (0, 1)", "one of reference|optimized", "non-empty"
  std::string condition() const;
  // Fluent modifiers for the registration.
  OptionSpec& requires_options(std::vector<std::string> names);
  OptionSpec& conflicts_with(std::vector<std::string> names);
  OptionSpec& companions_are(std::vector<std::string> argv);
  OptionSpec& slow_values(std::vector<std::string> values);
};

// The one grammar of numbers on the command line (above). nullopt when `text` is not a number.
std::optional<Rational> parse_number(std::string_view text);
// The value of `text` for `spec`, or a ParameterError naming `--name` and quoting a bounded prefix of `text`.
// (integer and number kinds: the exact value; choice, text, path: 0 when accepted.) Lists: each element checked.
Rational checked_value(const OptionSpec& spec, std::string_view text);
std::vector<Rational> checked_list(const OptionSpec& spec, std::string_view text);

// Every option of every command, in registration order (the CLI's own option list).
class OptionTable {
 public:
  OptionSpec& add(OptionSpec spec);
  const std::deque<OptionSpec>& specs() const { return specs_; }
  std::string json() const;  // `dpbandit options --json`

 private:
  std::deque<OptionSpec> specs_;  // stable references
};

// The options of one command: declares each on the CLI11 command and in the table, and checks the given values.
class Options {
 public:
  Options(CLI::App* cmd, std::string command, OptionTable& table, std::vector<std::string> companions);

  OptionSpec& integer(const std::string& names, std::string& text, Bound lo, Bound hi, const std::string& help);
  OptionSpec& number(const std::string& names, std::string& text, std::optional<Bound> lo, std::optional<Bound> hi,
                     const std::string& help);
  OptionSpec& number_list(const std::string& names, std::string& text, Bound lo, Bound hi, const std::string& help);
  OptionSpec& choice(const std::string& names, std::string& text, std::vector<std::string> choices,
                     const std::string& help);
  OptionSpec& text(const std::string& names, std::string& text, const std::string& help);
  OptionSpec& path(const std::string& names, std::string& text, const std::string& help);
  OptionSpec& flag(const std::string& names, bool& value, const std::string& help);
  // A positional argument `name` that must be one of `choices` (`condition` says so in messages); `companions` is a
  // command line with "{}" where the argument goes. Issue 14: positionals are in the bad-input table too.
  OptionSpec& positional(const std::string& name, std::string& text, std::vector<std::string> choices,
                         std::string condition, std::vector<std::string> companions, const std::string& help,
                         bool required);

  // Every given option: not empty, well-formed, in range, its requirements present, no conflict (ParameterError).
  void check() const;
  bool given(const std::string& name) const;
  // The checked value of a given integer option, or `fallback` when absent. Precondition: check() passed.
  std::uint64_t u64(const std::string& name, std::uint64_t fallback) const;
  std::optional<std::uint64_t> u64(const std::string& name) const;
  std::optional<Integer> integer_value(const std::string& name) const;
  std::optional<Rational> number_value(const std::string& name) const;
  const std::string& command() const { return command_; }

 private:
  struct Entry {
    OptionSpec* spec;
    CLI::Option* option;
    std::string* text;  // nullptr for flags
  };
  OptionSpec& add(const std::string& names, OptionKind kind, std::string* text, bool* flag, const std::string& help);
  const Entry& entry(const std::string& name) const;

  CLI::App* cmd_;
  std::string command_;
  OptionTable& table_;
  std::vector<std::string> companions_;
  std::vector<Entry> entries_;
};

}  // namespace dpb::cli
