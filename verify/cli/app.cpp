// `dpbandit`'s command line (README.md, `dpbandit --help`), shared by the two executables.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <exception>
#include <iostream>

#include "reference/core/build_info.hpp"
#include "reference/core/errors.hpp"
#include "verify/cli/commands.hpp"
#include "verify/cluster/cluster.hpp"

namespace dpb::cli {

namespace {

// One line of at most 200 bytes (docs/reliability.md): a message built from a huge value or condition is cut.
std::string bounded_line(std::string line) {
  for (char& c : line)
    if (c == '\n' || c == '\r') c = ' ';
  if (line.size() > 200) {
    std::size_t cut = 193;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    line = line.substr(0, cut) + " [...]";
  }
  return line + "\n";
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
    std::cerr << bounded_line(std::string("dpbandit: ") + e.what());
    return 2;
  } catch (const dpb::verify::cluster::RankFailure& e) {  // one rank's share failed (dpbandit-mpi)
    std::cout.flush();
    std::cerr << "dpbandit: " << e.what() << "\n";
    return e.exit_code();
  } catch (const dpb::ParameterError& e) {
    std::cout.flush();
    std::cerr << bounded_line(std::string("dpbandit: ") + e.what());
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
