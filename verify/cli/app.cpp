// `dpbandit`'s command line (README.md, `dpbandit --help`), shared by the two executables.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <map>
#include <regex>
#include <string>

#include "reference/core/build_info.hpp"
#include "reference/core/errors.hpp"
#include "verify/cli/commands.hpp"
#include "verify/cluster/cluster.hpp"
#include "verify/input/bounded_input.hpp"

namespace dpb::cli {

namespace {

// One line of at most 200 bytes, its newline included (docs/reliability.md): a message built from a huge value or
// condition is cut.
std::string bounded_line(std::string line) {
  for (char& c : line)
    if (c == '\n' || c == '\r') c = ' ';
  if (line.size() > 199) {
    // A refusal's value is kept whole (throw_parameter_error bounds it): the condition is cut instead. Cutting the
    // end cut the value into another number ("got 1/10000000 [...]" for --eps 1e-30; issue 14).
    const std::size_t got = line.rfind(", got ");
    const std::string tail = got != std::string::npos && line.size() - got <= 100 ? line.substr(got) : std::string();
    std::size_t cut = 193 - tail.size();
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    line = line.substr(0, cut) + " [...]" + tail;
  }
  return line + "\n";
}

// The selected command ("sample", "vectors generate") and its CLI11 app, or nullptr before a command is chosen.
std::pair<std::string, const CLI::App*> selected_command(const CLI::App& app) {
  std::string name;
  const CLI::App* at = &app;
  for (;;) {
    const auto subs = at->get_subcommands();
    if (subs.empty()) break;
    at = subs.front();
    name += (name.empty() ? "" : " ") + at->get_name();
  }
  return {name, at == &app ? nullptr : at};
}

// Issue 14 class 9 (docs/reliability.md "Messages"): a refusal raised below the command line names the parameter
// of the function that refused it ("Poisson: parameter 'mean' must be <= 1e12"). When that parameter is the
// user's option, given on this command line, the message names the option as the user wrote it
// ("sample (Poisson): parameter '--mean' must be <= 1e12, got ..."). A library name that differs from the option
// it comes from is mapped here. A parameter the user did not give (its default value) is named with "(its
// default: --opt not given)", so that the user sees which option to give. Names that are no option of the command
// are left alone: the command that derives such a value names the user's options itself.
std::string name_the_option(const std::string& message, const CLI::App& app) {
  static const std::regex form(R"(^([A-Za-z_:0-9-]+): parameter '([A-Za-z][A-Za-z0-9_-]*)' must be (.*)$)");
  std::smatch m;  // (libstdc++'s regex recurses per character: long messages are left as they are)
  if (message.size() > 4096 || !std::regex_match(message, m, form)) return message;
  const auto [command, sub] = selected_command(app);
  if (sub == nullptr) return message;
  static const std::map<std::string, std::string> aliases = {{"variance", "var"}, {"B", "batch"}, {"T", "horizon"}, {"K", "arms"}};
  std::string name = m[2];
  if (const auto a = aliases.find(name); a != aliases.end()) name = a->second;
  const CLI::Option* option = sub->get_option_no_throw("--" + name);
  if (option == nullptr) return message;
  const std::string function = m[1], rest = m[3];
  return command + (function == command ? std::string() : " (" + function + ")") + ": parameter '--" + name +
         "' must be " + rest + (option->count() == 0 ? " (its default: --" + name + " not given)" : std::string());
}

// A positional argument that CLI11 did not take (a value starting with '-', "-inf", is read as an option; or none
// was given): named as the registry names it, "sample: parameter 'DIST' must be one of ..., got \"-inf\"", instead
// of CLI11's "DIST is required" / "The following argument was not expected: -inf" (issue 14: positionals in the
// bad-input table). Empty when the error is about something else.
std::string positional_error(const std::string& what, const CLI::App& app, const OptionTable& table, int argc,
                             char** argv) {
  const auto [command, sub] = selected_command(app);
  if (sub == nullptr) return {};
  for (const auto& s : table.specs()) {
    if (s.command != command || s.kind != OptionKind::positional) continue;
    const CLI::Option* option = sub->get_option_no_throw(s.name);
    if (option == nullptr || option->count() > 0) continue;
    const bool required = what == s.name + " is required";
    const bool unexpected = what.rfind("The following argument", 0) == 0 && what.find("not expected") != std::string::npos;
    if (!required && !unexpected) continue;
    // The token after the command's words, when it looks like an option that is not one: what the user meant.
    const int words = 1 + static_cast<int>(std::count(command.begin(), command.end(), ' '));
    std::string got = "nothing";
    if (words + 1 < argc) {
      const std::string token = argv[words + 1];
      if (!token.empty() && token[0] == '-' && sub->get_option_no_throw(token.substr(0, token.find('='))) == nullptr)
        got = verify::input::quoted_prefix(token) + " (taken for an option)";
    }
    return command + ": parameter '" + s.name + "' must be " + s.condition() + ", got " + got;
  }
  return {};
}

int run_command_line(int argc, char** argv) {
  CLI::App app{"dpbandit: exact private-bandit mechanisms and their verification"};
  app.set_version_flag("--version", dpb::version_line() + "\ndata directory: " + dpb::data_dir().string());
  app.require_subcommand(1);
  Context context;
  context.command_line.assign(argv, argv + argc);
  add_sample_command(app, context);
  add_pmf_command(app, context);
  add_verify_command(app, context);
  add_crosscheck_command(app, context);
  add_vectors_command(app, context);
  add_calibrate_command(app, context);
  add_audit_command(app, context);
  add_simulate_command(app, context);
  add_glm_command(app, context);
  add_glm_instance_command(app, context);
  add_options_command(app, context);
  if (argc > 1 && argv[1][0] != '-') {  // name an unknown command instead of CLI11's generic message
    bool known = false;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
      known = known || sub->get_name() == argv[1];
    if (!known) {
      std::cerr << "dpbandit: unknown command '" << argv[1] << "' (dpbandit --help lists the commands)\n";
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    const std::string positional = positional_error(e.what(), app, context.options, argc, argv);
    std::cerr << bounded_line("dpbandit: " + (positional.empty() ? std::string(e.what()) : positional));
    return 2;
  } catch (const dpb::verify::cluster::RankFailure& e) {  // one rank's share failed (dpbandit-mpi)
    std::cout.flush();
    std::cerr << "dpbandit: " << e.what() << "\n";
    return e.exit_code();
  } catch (const dpb::ParameterError& e) {
    std::cout.flush();
    std::cerr << bounded_line("dpbandit: " + name_the_option(e.what(), app));
    return 2;
  } catch (const std::exception& e) {
    std::cerr << bounded_line(std::string("dpbandit: error: ") + e.what());
    return 3;
  }
  return context.exit_code;
}

// Output that did not reach its destination (a full device, EIO, a closed stdout) is a failed run, not a silent
// success: exit 3 (README, "Exit codes"; docs/reliability.md).
int check_standard_output(int code) {
  std::cout.flush();
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int error = errno;
  if (flushed && !std::ferror(stdout) && !std::cout.fail()) return code;
  std::cerr << "dpbandit: error: cannot write standard output"
            << (error != 0 ? std::string(": ") + std::strerror(error) : std::string(" (a write failed)")) << "\n";
  return 3;
}

}  // namespace

int run(int argc, char** argv) { return check_standard_output(run_command_line(argc, argv)); }

}  // namespace dpb::cli
