// File helpers shared by the tests that write and read files (CLI, vectors, reports, experiments).
#pragma once

#include <filesystem>
#include <string>

namespace dpb::test {

// The whole file, byte for byte ("" when it cannot be opened: the comparison that follows then fails visibly).
std::string read_file(const std::filesystem::path& path);

// <temp dir>/dpb_<name>_<pid>, removed first if it exists (not created: several tests check that a command creates
// it). The pid keeps concurrent ctest processes apart.
std::filesystem::path fresh_temp_dir(const std::string& name);

}  // namespace dpb::test
