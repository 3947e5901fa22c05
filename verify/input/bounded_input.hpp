// Bounded reading of hostile input (docs/reliability.md): JSON nesting depth, line length, and the quoting of what
// a user passed in error messages (a bounded, escaped prefix, never raw binary).
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>

namespace dpb::verify::input {

// The deepest nesting of arrays and objects accepted in any JSON the command line reads (experiment configs,
// vectors records). The committed files nest at most 6 deep.
inline constexpr std::size_t kMaxJsonDepth = 64;

// The longest line accepted from an external implementation's output (file or command), newline excluded.
inline constexpr std::size_t kMaxOutputLine = 4096;

// How much longer than the regenerated file a committed vectors file may be before `vectors check` stops reading
// it (a longer file cannot match; the committed files' longest line is about 19 KB).
inline constexpr std::size_t kVectorsFileSlack = std::size_t{1} << 20;

// `text` as printable ASCII in double quotes: quotes, backslashes and non-printable bytes escaped (\", \\, \xNN),
// cut once the escaped text reaches `max` characters (at most 3 more), then "..." and the total length in bytes.
std::string quoted_prefix(std::string_view text, std::size_t max = 40);

// The deepest nesting of arrays and objects in `text` (brackets inside JSON strings ignored), scanning stops as
// soon as it exceeds `limit` (so the result is at most limit + 1).
std::size_t json_depth(std::string_view text, std::size_t limit = kMaxJsonDepth);

// Throws ParameterError "<function>: parameter '<parameter>' must be JSON nested at most 64 deep, got <origin>"
// when `text` nests deeper than kMaxJsonDepth.
void require_json_depth(std::string_view text, std::string_view function, std::string_view parameter,
                        std::string_view origin);

// The largest experiment config file read (`simulate --config`); the committed ones are under 4 KiB.
inline constexpr std::size_t kMaxConfigBytes = std::size_t{1} << 20;

// At most `max` + 1 bytes of `in` (so that the caller can tell "more than max").
std::string read_at_most(std::istream& in, std::size_t max);

}  // namespace dpb::verify::input
