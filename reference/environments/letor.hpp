// The LETOR / MSLR-WEB10K text format (Qin & Liu 2013), one query–document pair per line:
//
//   <label> qid:<query id> <index>:<value> <index>:<value> … [# comment]
//
// label: relevance in {0, 1, 2, 3, 4} (MSLR-WEB10K; LETOR 4.0 uses 0–2); query id: [A-Za-z0-9_-]+; feature indices
// strictly increasing integers >= 1; values decimal numbers ([+-]digits[.digits][e[+-]digits]). Everything after
// '#' is a comment. Blank lines and comment-only lines are skipped. Separators are spaces or tabs; a trailing '\r'
// is ignored.
//
// Spec: Chowdhury & Zhou 2023 (arXiv:2206.05772), §7 and App. J (MSLR-WEB10K: column 1 the label, used as the reward;
// column 2 the query id; 136 features).
// The parser is exact (no conversion of the values here; letor_value gives a value as an exact rational). The
// dataset environment built on it is reference/environments/dataset_instance.hpp; the clustering of the features,
// which is data preprocessing and uses floating point, is optimized/environments/letor_dataset.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "reference/core/rational.hpp"

namespace dpb::ref {

inline constexpr int kLetorMaxLabel = 4;
// The largest feature index accepted (issue 14 class 4, docs/reliability.md "Limits"): the loader stores a dense
// rows × (largest index) matrix, so an index near 10^9 on one line would ask for gigabytes. MSLR-WEB10K has 136
// features, LETOR 4.0 46, Yahoo! LTR 700.
inline constexpr std::uint32_t kLetorMaxFeatureIndex = 4096;

struct LetorFeature {
  std::uint32_t index = 0;  // >= 1
  std::string_view value;   // validated decimal text (a view into the line)
};

struct LetorLine {
  int label = 0;
  std::string_view qid;
  std::vector<LetorFeature> features;
};

// Parses one line (without its '\n'). Returns nullopt for a blank or comment-only line. A malformed line throws
// ParameterError naming the line number and quoting the line (cut to 120 characters):
//   "read_letor: parameter 'line 7' must be of the form 'label qid:Q index:value …' (label in 0..4: got 'x'), got '…'"
std::optional<LetorLine> parse_letor_line(std::string_view line, std::uint64_t line_number);

// True for [+-]digits[.digits][(e|E)[+-]digits] (digits before or after the point, at least one).
bool is_letor_decimal(std::string_view text);

// A validated value as an exact rational.
Rational letor_value(std::string_view text);

}  // namespace dpb::ref
