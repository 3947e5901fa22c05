// dpbandit: the command-line tool. See README.md and `dpbandit --help`; the command line is verify/cli/app.cpp.
#include "verify/cli/commands.hpp"

int main(int argc, char** argv) { return dpb::cli::run(argc, argv); }
