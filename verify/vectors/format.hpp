// Golden vectors: the file format (docs/vectors.md, normative). One JSON Lines file per category in
// testdata/vectors/: `<category>.jsonl`, whose first line is the header record
//   {"format":"dpbandit-vectors","version":1,"category":"<category>","generator":"dpbandit <version>"}
// and every further line one record {"kind":...,"id":...,...}: compact JSON (no whitespace), keys in the order
// docs/vectors.md lists them, ASCII only, '\n' after every line. Exact values are strings (rationals "p/q" in
// lowest terms, decimals), integers are JSON integers.
//
// Categories: samplers (a), pmf (b), calibrations (c), transcripts (d), accountants (e), trajectories (f),
// mechanisms001 (seed 001, docs/vectors.md §11)
// (a category is a list of records with ids; adding one adds a generator, nothing else).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dpb::verify::vectors {

inline constexpr std::string_view kFormatName = "dpbandit-vectors";
inline constexpr int kFormatVersion = 1;

using Json = nlohmann::ordered_json;

// Which build regenerates the vectors. Categories without an optimized counterpart (pmf, calibrations) are
// computed by the reference for both.
enum class Impl { reference, optimized };
std::string_view to_string(Impl impl);

// One record: its id (unique within its file) and its line (compact JSON, no trailing newline).
struct Record {
  std::string id;
  std::string line;
};

// One category file: the header record and the case records, in file order.
struct CategoryFile {
  std::string category;         // "samplers", "pmf", ...
  std::vector<Record> records;  // records[0] is the header (id "header")

  std::string file_name() const { return category + ".jsonl"; }
  // The file's bytes: every record's line followed by '\n'.
  std::string text() const;
};

// The header line of a category ("generator" is dpb::version_line(): "dpbandit <version> (<commit>)").
Record header_record(std::string_view category);
// Serialises a record: {"kind":kind,"id":id, then the fields of `body` in order}.
Record make_record(std::string_view kind, std::string id, const Json& body);

// The first difference between a committed file and the regenerated one, naming the record.
struct Mismatch {
  std::string file;       // "pmf.jsonl"
  std::size_t line = 0;   // 1-based line number in the committed file (0: the file itself)
  std::string record_id;  // the id of the regenerated record at that line ("" when the committed file has extra lines)
  std::string detail;     // e.g. `field outputs[5]: committed 4, regenerated 3`

  std::string describe() const;  // one line
};

// Compares `committed` (a file's bytes) with the regenerated file record by record, byte for byte, except the
// header's "generator" field (informational: a version bump does not invalidate vectors). Returns the first
// difference, or nullopt when they agree. `records_compared` (if given) receives the number of case records that
// matched before the first difference (all of them when there is none).
std::optional<Mismatch> compare_file(const CategoryFile& regenerated, std::string_view committed,
                                     std::size_t* records_compared = nullptr);

// The first JSON path at which two records differ ("outputs[5]", "values[3].lo"), with both values:
// `field outputs[5]: committed 4, regenerated 3`. Falls back to the first differing byte for lines that do not
// parse.
std::string describe_difference(std::string_view committed_line, std::string_view regenerated_line);

}  // namespace dpb::verify::vectors
