// `dpbandit`'s command line (README.md, `dpbandit --help`), shared by the two executables.
#include <cstdio>
#include <exception>
#include <iostream>

#include "reference/core/build_info.hpp"
#include "reference/core/errors.hpp"
#include "verify/cli/commands.hpp"
#include "verify/cluster/cluster.hpp"

namespace dpb::cli {

int run(int argc, char** argv) {
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
    std::cerr << "dpbandit: " << e.what() << "\n";
    return 2;
  } catch (const dpb::verify::cluster::RankFailure& e) {  // one rank's share failed (dpbandit-mpi)
    std::cout.flush();
    std::cerr << "dpbandit: " << e.what() << "\n";
    return e.exit_code();
  } catch (const dpb::ParameterError& e) {
    std::cout.flush();
    std::cerr << "dpbandit: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "dpbandit: error: " << e.what() << "\n";
    return 3;
  }
  return context.exit_code;
}

}  // namespace dpb::cli
