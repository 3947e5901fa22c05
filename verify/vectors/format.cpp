#include "verify/vectors/format.hpp"

#include <algorithm>

#include "reference/core/build_info.hpp"
#include "verify/input/bounded_input.hpp"

namespace dpb::verify::vectors {

std::string_view to_string(Impl impl) { return impl == Impl::reference ? "reference" : "optimized"; }

std::string CategoryFile::text() const {
  std::string s;
  for (const auto& r : records) {
    s += r.line;
    s += '\n';
  }
  return s;
}

namespace {

// A committed line as JSON, or `discarded` when it is not JSON or nests deeper than input::kMaxJsonDepth (a
// hostile line must not exhaust the stack of anything that walks the value).
Json parse_line(std::string_view line) {
  if (input::json_depth(line) > input::kMaxJsonDepth) return Json(Json::value_t::discarded);
  return Json::parse(line, nullptr, false);
}

// Compact, ASCII-only (non-ASCII escaped as \uXXXX), keys in insertion order.
std::string dump(const Json& j) { return j.dump(-1, ' ', true); }

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string shorten(std::string s, std::size_t max = 120) {
  if (s.size() > max) s = s.substr(0, max) + "...";
  return s;
}

// Depth-first search for the first differing path.
bool first_difference(const Json& a, const Json& b, const std::string& path, std::string& where, std::string& va,
                      std::string& vb) {
  if (a == b) return false;
  if (a.type() != b.type() || (!a.is_object() && !a.is_array())) {
    where = path.empty() ? "(record)" : path;
    if (a.is_string() && b.is_string()) {  // long strings (hex, decimals): show them from the first difference
      const auto& x = a.get_ref<const std::string&>();
      const auto& y = b.get_ref<const std::string&>();
      std::size_t i = 0;
      while (i < x.size() && i < y.size() && x[i] == y[i]) ++i;
      if (i > 24) {
        const std::size_t from = i - 8;
        where += " (from character " + std::to_string(i + 1) + ")";
        va = "\"..." + shorten(x.substr(from), 48) + "\"";
        vb = "\"..." + shorten(y.substr(from), 48) + "\"";
        return true;
      }
    }
    va = shorten(dump(a));
    vb = shorten(dump(b));
    return true;
  }
  if (a.is_array()) {
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i)
      if (first_difference(a[i], b[i], path + "[" + std::to_string(i) + "]", where, va, vb)) return true;
    if (a.size() != b.size()) {
      where = path + ".length";
      va = std::to_string(a.size());
      vb = std::to_string(b.size());
      return true;
    }
    return false;
  }
  // Objects: fields in the regenerated record's order, then fields only the committed one has.
  for (auto it = b.begin(); it != b.end(); ++it) {
    const std::string sub = path.empty() ? it.key() : path + "." + it.key();
    if (!a.contains(it.key())) {
      where = sub;
      va = "(absent)";
      vb = shorten(dump(it.value()));
      return true;
    }
    if (first_difference(a.at(it.key()), it.value(), sub, where, va, vb)) return true;
  }
  for (auto it = a.begin(); it != a.end(); ++it)
    if (!b.contains(it.key())) {
      where = path.empty() ? it.key() : path + "." + it.key();
      va = shorten(dump(it.value()));
      vb = "(absent)";
      return true;
    }
  // The same keys and values in another order.
  where = path.empty() ? "(record)" : path;
  va = "keys in another order";
  vb = "the documented order";
  return true;
}

std::string record_id_of(std::string_view line) {
  Json j = parse_line(line);
  if (j.is_object() && j.contains("id") && j["id"].is_string()) return j["id"].get<std::string>();
  return "";
}

}  // namespace

Record header_record(std::string_view category) {
  Json h;
  h["format"] = std::string(kFormatName);
  h["version"] = kFormatVersion;
  h["category"] = std::string(category);
  h["generator"] = dpb::version_line();
  return Record{"header", dump(h)};
}

Record make_record(std::string_view kind, std::string id, const Json& body) {
  Json j;
  j["kind"] = std::string(kind);
  j["id"] = id;
  for (auto it = body.begin(); it != body.end(); ++it) j[it.key()] = it.value();
  return Record{std::move(id), dump(j)};
}

std::string Mismatch::describe() const {
  std::string s = file;
  if (line > 0) s += " line " + std::to_string(line);
  if (!record_id.empty()) s += " (record " + record_id + ")";
  return s + ": " + detail;
}

std::string describe_difference(std::string_view committed_line, std::string_view regenerated_line) {
  Json a = parse_line(committed_line);
  Json b = Json::parse(regenerated_line, nullptr, false);
  if (!a.is_discarded() && !b.is_discarded()) {
    std::string where, va, vb;
    if (first_difference(a, b, "", where, va, vb))
      return "field " + where + ": committed " + va + ", regenerated " + vb;
    return "same values, different bytes (spacing or number spelling): the committed line is not in canonical form";
  }
  std::size_t i = 0;
  while (i < committed_line.size() && i < regenerated_line.size() && committed_line[i] == regenerated_line[i]) ++i;
  return "byte " + std::to_string(i + 1) + " differs" + (a.is_discarded() ? " (the committed line is not JSON)" : "") +
         ": committed " + input::quoted_prefix(committed_line.substr(i), 60) + ", regenerated " +
         input::quoted_prefix(regenerated_line.substr(i), 60);
}

std::optional<Mismatch> compare_file(const CategoryFile& regenerated, std::string_view committed,
                                     std::size_t* records_compared) {
  const std::string name = regenerated.file_name();
  const auto lines = split_lines(committed);
  std::size_t matched = 0;
  auto report = [&](Mismatch m) -> std::optional<Mismatch> {
    if (records_compared) *records_compared = matched;
    return m;
  };
  const auto& records = regenerated.records;
  const std::size_t n = std::min(lines.size(), records.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (i == 0) {  // the header, without its informational "generator" field
      Json a = parse_line(lines[0]), b = Json::parse(records[0].line, nullptr, false);
      if (a.is_object() && a.contains("generator") && a["generator"].is_string()) a["generator"] = "";
      b["generator"] = "";
      if (a.is_discarded() || dump(a) != dump(b))
        return report(Mismatch{name, 1, "header", describe_difference(lines[0], records[0].line)});
      continue;
    }
    if (lines[i] != records[i].line)
      return report(Mismatch{name, i + 1, records[i].id, describe_difference(lines[i], records[i].line)});
    ++matched;
  }
  if (lines.size() < records.size())
    return report(Mismatch{name, lines.size() + 1, records[lines.size()].id,
                           "missing: the committed file ends after " + std::to_string(lines.size()) + " lines, " +
                               std::to_string(records.size()) + " were generated"});
  if (lines.size() > records.size()) {
    const std::string extra = record_id_of(lines[records.size()]);
    return report(Mismatch{name, records.size() + 1, "",
                           "extra line" + (extra.empty() ? std::string() : " (record " + extra + ")") + ": only " +
                               std::to_string(records.size()) + " lines were generated"});
  }
  if (!committed.empty() && committed.back() != '\n')
    return report(Mismatch{name, lines.size(), records.back().id, "the file does not end with a newline"});
  if (records_compared) *records_compared = matched;
  return std::nullopt;
}

}  // namespace dpb::verify::vectors
