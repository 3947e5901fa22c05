#include "verify/report/build_json.hpp"

#include <fmt/core.h>
#include <gmp.h>
#include <mpfi.h>
#include <mpfr.h>
#include <openssl/crypto.h>
#include <z3.h>

#include <Eigen/Core>
#include <boost/version.hpp>
#include <string>

#include "reference/core/build_info.hpp"

namespace dpb::verify {

nlohmann::json build_json() {
  const BuildDescription b = build_description();
  unsigned z3_major = 0, z3_minor = 0, z3_build = 0, z3_revision = 0;
  Z3_get_version(&z3_major, &z3_minor, &z3_build, &z3_revision);
  const std::string boost = std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000) +
                            "." + std::to_string(BOOST_VERSION % 100);
  return {{"compiler", b.compiler},
          {"build_type", b.build_type},
          {"flags", b.flags},
          {"sanitizers", b.sanitizers},
          {"libraries",
           {{"gmp", gmp_version},
            {"mpfr", mpfr_get_version()},
            {"mpfi", mpfi_get_version()},
            {"z3", std::to_string(z3_major) + "." + std::to_string(z3_minor) + "." + std::to_string(z3_build)},
            {"boost", boost},
            {"openssl", OpenSSL_version(OPENSSL_VERSION)},
            {"fmt", std::to_string(FMT_VERSION / 10000) + "." + std::to_string(FMT_VERSION / 100 % 100) + "." +
                        std::to_string(FMT_VERSION % 100)},
            {"nlohmann_json", std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
                                  std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
                                  std::to_string(NLOHMANN_JSON_VERSION_PATCH)},
            {"eigen", std::to_string(EIGEN_WORLD_VERSION) + "." + std::to_string(EIGEN_MAJOR_VERSION) + "." +
                          std::to_string(EIGEN_MINOR_VERSION)}}}};
}

}  // namespace dpb::verify
