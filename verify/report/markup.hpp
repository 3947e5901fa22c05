// Text helpers for the HTML and JUnit writers: UTF-8 repair, XML/HTML escaping, base64.
#pragma once

#include <string>
#include <string_view>

namespace dpb::verify {

// `text` with every byte that is not part of a well-formed UTF-8 sequence replaced by U+FFFD.
std::string valid_utf8(std::string_view text);

// Escapes & < > " ' as character references, repairs UTF-8 (valid_utf8) and replaces the control characters that
// XML 1.0 forbids (all below U+0020 except tab, newline, carriage return) by U+FFFD. The result is safe as element
// content and as a single- or double-quoted attribute value in both HTML and XML.
std::string markup_escape(std::string_view text);

// RFC 4648 base64 with padding (for data: URIs).
std::string base64(std::string_view bytes);

}  // namespace dpb::verify
