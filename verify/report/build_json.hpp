// What report.json records about the program that produced it (docs/report.md, "build"): the compiler, build type,
// flags and sanitizers of this build, and the versions of the libraries it was compiled against and runs with.
#pragma once

#include <nlohmann/json.hpp>

namespace dpb::verify {

// {"compiler", "build_type", "flags", "sanitizers", "libraries": {"gmp", "mpfr", "mpfi", "z3", "boost", "openssl",
//  "fmt", "nlohmann_json", "eigen"}}.
nlohmann::json build_json();

}  // namespace dpb::verify
