// Fuzz target: the line reader of `audit external` (verify/audit/external.hpp): every line of an implementation's
// output is one finite number, a blank line or a comment, or a ParameterError (exit 2) quoting a bounded, escaped
// prefix of it.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "reference/core/errors.hpp"
#include "verify/audit/external.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  dpb::verify::audit::HistogramBuilder histogram("d");
  std::uint64_t line_number = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    try {
      if (const auto v = dpb::verify::audit::parse_output_line(line, "d", "fuzz", ++line_number)) {
        if (!std::isfinite(*v)) __builtin_trap();
        histogram.add(*v);
      }
    } catch (const dpb::ParameterError& e) {
      if (std::strlen(e.what()) > 400) __builtin_trap();
    }
  }
  (void)histogram.histogram();
  return 0;
}
