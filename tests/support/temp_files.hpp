// File and text helpers shared by the tests that write, read and parse files or command output (CLI, vectors,
// reports, experiments).
#pragma once

#include <filesystem>
#include <cstddef>
#include <string>
#include <vector>

namespace dpb::test {

// The whole file, byte for byte ("" when it cannot be opened: the comparison that follows then fails visibly).
std::string read_file(const std::filesystem::path& path);

// <temp dir>/dpb_<name>_<pid>, removed first if it exists (not created: several tests check that a command creates
// it). The pid keeps concurrent ctest processes apart.
std::filesystem::path fresh_temp_dir(const std::string& name);

// The whitespace-separated integers of `text` in order (stops at the first token that is not one).
std::vector<long> lines_as_integers(const std::string& text);

// Occurrences of `what` in `text` (overlapping ones counted).
std::size_t count_occurrences(const std::string& text, const std::string& what);

}  // namespace dpb::test
