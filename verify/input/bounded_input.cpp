#include "verify/input/bounded_input.hpp"

#include <algorithm>
#include <cstdio>

#include "reference/core/errors.hpp"

namespace dpb::verify::input {

std::string quoted_prefix(std::string_view text, std::size_t max) {
  std::string out = "\"";
  std::size_t i = 0;
  for (; i < text.size() && out.size() - 1 < max; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(c));
      out += buf;
    }
  }
  out += '"';
  if (i < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

std::size_t json_depth(std::string_view text, std::size_t limit) {
  std::size_t depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

void require_json_depth(std::string_view text, std::string_view function, std::string_view parameter,
                        std::string_view origin) {
  if (json_depth(text) > kMaxJsonDepth)
    throw_parameter_error(function, parameter,
                          "JSON nested at most " + std::to_string(kMaxJsonDepth) + " deep (arrays and objects)",
                          origin);
}

std::string read_at_most(std::istream& in, std::size_t max) {
  std::string out;
  char buf[65536];
  while (out.size() <= max && in) {
    const std::size_t want = std::min(sizeof buf, max + 1 - out.size());
    in.read(buf, static_cast<std::streamsize>(want));
    out.append(buf, static_cast<std::size_t>(in.gcount()));
  }
  return out;
}

}  // namespace dpb::verify::input
