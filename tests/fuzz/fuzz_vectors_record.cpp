// Fuzz target: the golden-vectors record reader of `vectors check` (verify/vectors/format.hpp): a committed line,
// however malformed, deep or long, is compared with a regenerated record and described in one bounded line.
#include <cstdint>
#include <string>
#include <string_view>

#include "verify/vectors/format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view committed(reinterpret_cast<const char*>(data), size);
  static const std::string regenerated =
      R"({"id":"dlaplace/scale=3/seed=1","sampler":"dlaplace","params":{"scale":"3"},"seed":"1","outputs":[1,-2,0]})";
  const std::string d = dpb::verify::vectors::describe_difference(committed, regenerated);
  if (d.find('\n') != std::string::npos) __builtin_trap();
  return 0;
}
