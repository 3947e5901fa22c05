#include "tests/support/temp_files.hpp"

#include <unistd.h>

#include <fstream>
#include <sstream>

namespace dpb::test {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::filesystem::path fresh_temp_dir(const std::string& name) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("dpb_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

std::vector<long> lines_as_integers(const std::string& text) {
  std::istringstream in(text);
  std::vector<long> v;
  long x;
  while (in >> x) v.push_back(x);
  return v;
}

std::size_t count_occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace dpb::test
