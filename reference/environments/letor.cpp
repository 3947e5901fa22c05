#include "reference/environments/letor.hpp"

#include <algorithm>
#include <string>

#include "reference/core/errors.hpp"

namespace dpb::ref {

namespace {

[[noreturn]] void malformed(std::uint64_t line_number, std::string_view line, const std::string& what) {
  std::string quoted(line.substr(0, 120));
  if (line.size() > 120) quoted += "…";
  throw_parameter_error("read_letor", "line " + std::to_string(line_number),
                        "of the form 'label qid:Q index:value …' (" + what + ")", "'" + quoted + "'");
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) { return c == ' ' || c == '\t'; }

// Splits off the next whitespace-separated token.
std::string_view next_token(std::string_view& rest) {
  std::size_t i = 0;
  while (i < rest.size() && is_space(rest[i])) ++i;
  std::size_t j = i;
  while (j < rest.size() && !is_space(rest[j])) ++j;
  const std::string_view token = rest.substr(i, j - i);
  rest = rest.substr(j);
  return token;
}

}  // namespace

bool is_letor_decimal(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  std::size_t digits = 0;
  while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t exp_digits = 0;
    while (i < s.size() && is_digit(s[i])) ++i, ++exp_digits;
    if (exp_digits == 0 || exp_digits > 4) return false;
  }
  return i == s.size();
}

Rational letor_value(std::string_view text) {
  if (!is_letor_decimal(text)) throw_parameter_error("letor_value", "text", "a decimal number", std::string(text));
  return parse_rational(text, "letor_value", "text");
}

std::optional<LetorLine> parse_letor_line(std::string_view line, std::uint64_t line_number) {
  const std::string_view original = line;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
  std::string_view rest = line;
  const std::string_view label_text = next_token(rest);
  if (label_text.empty()) return std::nullopt;  // blank or comment only

  LetorLine out;
  if (label_text.size() != 1 || !is_digit(label_text[0]) || label_text[0] - '0' > kLetorMaxLabel)
    malformed(line_number, original, "label in 0.." + std::to_string(kLetorMaxLabel) + ": got '" +
                                         std::string(label_text) + "'");
  out.label = label_text[0] - '0';

  const std::string_view qid = next_token(rest);
  if (qid.size() < 5 || qid.substr(0, 4) != "qid:")
    malformed(line_number, original, "second field qid:Q: got '" + std::string(qid) + "'");
  out.qid = qid.substr(4);
  for (char c : out.qid)
    if (!(is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-'))
      malformed(line_number, original, "query id of [A-Za-z0-9_-]: got '" + std::string(out.qid) + "'");

  std::uint32_t previous = 0;
  for (std::string_view token = next_token(rest); !token.empty(); token = next_token(rest)) {
    const auto colon = token.find(':');
    if (colon == std::string_view::npos || colon == 0)
      malformed(line_number, original, "feature index:value: got '" + std::string(token) + "'");
    std::uint64_t index = 0;
    for (char c : token.substr(0, colon)) {
      if (!is_digit(c))
        malformed(line_number, original, "feature index a positive integer: got '" + std::string(token) + "'");
      index = index * 10 + static_cast<std::uint64_t>(c - '0');
      if (index > kLetorMaxFeatureIndex)
        malformed(line_number, original,
                  "feature index in 1.." + std::to_string(kLetorMaxFeatureIndex) + ": got '" +
                      std::string(token.substr(0, std::min<std::size_t>(colon, 40))) + "'");
    }
    if (index == 0 || index <= previous)
      malformed(line_number, original,
                "feature indices >= 1 and strictly increasing: got '" + std::string(token) + "'");
    const std::string_view value = token.substr(colon + 1);
    if (!is_letor_decimal(value))
      malformed(line_number, original, "feature value a decimal number: got '" + std::string(token) + "'");
    previous = static_cast<std::uint32_t>(index);
    out.features.push_back(LetorFeature{previous, value});
  }
  return out;
}

}  // namespace dpb::ref
