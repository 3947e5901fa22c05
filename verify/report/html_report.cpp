#include "verify/report/html_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "verify/report/markup.hpp"

namespace dpb::verify {

namespace {

namespace fs = std::filesystem;

const char* const kSeeds[] = {"000", "001", "002", "003", "004", "core"};
const char* const kVerdicts[] = {"holds", "violated", "inconclusive", "error"};  // error: the checker failed

std::string esc(std::string_view text) { return markup_escape(text); }

std::string text_of(const nlohmann::json& j, const char* key) {
  if (!j.is_object()) return {};
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return {};
  return it->is_string() ? it->get<std::string>() : it->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string pretty(const nlohmann::json& j) { return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace); }

// Depth-first search of `j` for the first of `keys`; null when none is there.
const nlohmann::json* find_key(const nlohmann::json& j, const char* const (&keys)[3]) {
  if (j.is_object()) {
    for (const char* k : keys) {
      const auto it = j.find(k);
      if (it != j.end()) return &*it;
    }
  }
  if (j.is_object() || j.is_array()) {
    for (const auto& child : j)
      if (const nlohmann::json* found = find_key(child, keys)) return found;
  }
  return nullptr;
}

std::string scalar_text(const nlohmann::json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_number_float()) return fmt::format("{:.6g}", j.get<double>());  // display only
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// Where a plot named in evidence is: a relative path is looked up under plots_dir, an absolute one as is.
fs::path resolve_plot(const fs::path& plots_dir, const std::string& listed) {
  const fs::path p(listed);
  return p.is_absolute() ? p : plots_dir / p;
}

// An <img> with the plot as a data: URI, or a note saying why it is not shown.
std::string plot_html(const fs::path& plots_dir, const std::string& listed) {
  const fs::path file = resolve_plot(plots_dir, listed);
  const std::string ext = lower(file.extension().string());
  auto note = [&](const std::string& why) {
    return "<p class=\"plot-missing\">" + esc(listed) + ": " + esc(why) + "</p>";
  };
  std::string mime;
  if (ext == ".png")
    mime = "image/png";
  else if (ext == ".svg")
    mime = "image/svg+xml";
  else
    return note("not a .png or .svg file");
  std::error_code ec;
  if (listed.empty() || !fs::is_regular_file(file, ec)) return note("not found (looked for " + file.string() + ")");
  const auto size = fs::file_size(file, ec);
  if (ec || size > kMaxPlotBytes) return note("larger than 8 MiB or unreadable");
  std::ifstream in(file, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad() || bytes.size() != size) return note("unreadable");
  return "<img src=\"data:" + mime + ";base64," + base64(bytes) + "\" alt=\"" + esc(listed) + "\">";
}

constexpr const char* kStyle = R"css(
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #1b1b1b; background: #fff; }
h1 { margin-bottom: 0.2em; }
.meta { color: #555; margin-top: 0; }
.status { font-weight: bold; padding: 0.4em 0.8em; display: inline-block; border-radius: 4px; }
.status.ok { background: #e3f4e3; color: #175c17; }
.status.bad { background: #fbe3e3; color: #8a1414; }
table { border-collapse: collapse; margin: 0.6em 0 1.2em; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.5em; vertical-align: top; text-align: left; }
th { background: #f2f2f2; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.unexpected td { background: #fff1f1; }
.v-holds { color: #175c17; font-weight: bold; }
.v-violated { color: #8a1414; font-weight: bold; }
.v-inconclusive { color: #7a5a00; font-weight: bold; }
.v-error { color: #ffffff; background: #b00020; font-weight: bold; }
.vs { color: #777; font-size: 0.9em; }
td.statement { max-width: 36em; }
pre { margin: 0.3em 0; max-width: 60em; max-height: 30em; overflow: auto; background: #f8f8f8; padding: 0.4em; }
#controls { margin: 0.8em 0; }
#controls label { margin-right: 1em; }
figure { display: inline-block; margin: 0.5em; vertical-align: top; }
figure img { max-width: min(100%, 80em); border: 1px solid #ddd; }
.plot-missing { color: #8a1414; }
)css";

// Applies the seed and verdict filters (also at load, from the URL fragment) and keeps the fragment in step.
constexpr const char* kScript = R"js(
(function () {
  var seed = document.getElementById('filter-seed');
  var verdict = document.getElementById('filter-verdict');
  var table = document.getElementById('claims');
  var count = document.getElementById('shown-count');
  function apply(updateHash) {
    var s = seed.value, v = verdict.value, shown = 0;
    var rows = table.querySelectorAll('tbody tr.claim');
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i];
      var ok = (!s || r.getAttribute('data-seed') === s) &&
               (!v || (v === 'unexpected' ? r.getAttribute('data-unexpected') === '1'
                                          : r.getAttribute('data-verdict') === v));
      r.hidden = !ok;
      if (ok) shown++;
    }
    count.textContent = String(shown);
    table.setAttribute('data-shown', String(shown));
    table.setAttribute('data-filter-seed', s);
    table.setAttribute('data-filter-verdict', v);
    if (updateHash) {
      var parts = [];
      if (s) parts.push('seed=' + encodeURIComponent(s));
      if (v) parts.push('verdict=' + encodeURIComponent(v));
      try { history.replaceState(null, '', parts.length ? '#' + parts.join('&') : location.pathname); } catch (e) {}
    }
  }
  function choose(select, value) {
    for (var i = 0; i < select.options.length; i++)
      if (select.options[i].value === value) { select.value = value; return; }
  }
  function fromHash() {
    seed.value = ''; verdict.value = '';
    var parts = location.hash.replace(/^#/, '').split('&');
    for (var i = 0; i < parts.length; i++) {
      var kv = parts[i].split('=');
      if (kv.length !== 2) continue;
      var value = decodeURIComponent(kv[1]);
      if (kv[0] === 'seed') choose(seed, value);
      if (kv[0] === 'verdict') choose(verdict, value);
    }
    apply(false);
  }
  seed.addEventListener('change', function () { apply(true); });
  verdict.addEventListener('change', function () { apply(true); });
  window.addEventListener('hashchange', fromHash);
  fromHash();
  document.body.setAttribute('data-ready', '1');
})();
)js";

}  // namespace

std::string report_html(const nlohmann::json& report, const HtmlOptions& options) {
  const nlohmann::json claims = report.value("claims", nlohmann::json::array());
  const nlohmann::json summary = report.value("summary", nlohmann::json::object());
  std::ostringstream h;
  h << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    << "<title>dpbandit verification report</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n";

  // Header.
  const std::string unexpected = text_of(summary, "unexpected");
  h << "<header>\n<h1>dpbandit verification report</h1>\n<p class=\"meta\">";
  h << "version <span id=\"version\">" << esc(text_of(summary, "version")) << "</span> · suite <span id=\"suite\">"
    << esc(text_of(summary, "suite")) << "</span> · date <span id=\"date\">" << esc(text_of(summary, "date"))
    << "</span>";
  if (summary.contains("jobs")) h << " · jobs " << esc(text_of(summary, "jobs"));
  h << " · wall clock " << esc(text_of(summary, "seconds")) << " s</p>\n";
  h << "<p class=\"status " << (unexpected == "0" ? "ok\">every verdict is as expected"
                                                  : "bad\">" + esc(unexpected) + " verdict(s) differ from expected")
    << "</p>\n";
  h << "<table id=\"totals\"><tr><th>claims</th><th>holds</th><th>violated</th><th>inconclusive</th>"
       "<th>error</th><th>unexpected</th></tr>\n<tr>";
  for (const char* k : {"total", "holds", "violated", "inconclusive", "error", "unexpected"})
    h << "<td class=\"num\" id=\"total-" << k << "\">" << esc(text_of(summary, k)) << "</td>";
  h << "</tr></table>\n</header>\n";

  // Audit figures.
  h << "<section id=\"audits\">\n<h2>Audit figures</h2>\n";
  std::size_t audits = 0;
  std::ostringstream audit_rows;
  for (const auto& c : claims) {
    if (text_of(c, "method") != "audit") continue;
    ++audits;
    const nlohmann::json evidence = c.value("evidence", nlohmann::json::object());
    audit_rows << "<tr><td><a href=\"#claim-" << esc(text_of(c, "id")) << "\">" << esc(text_of(c, "id"))
               << "</a></td><td class=\"v-" << esc(text_of(c, "verdict")) << "\">" << esc(text_of(c, "verdict"))
               << "</td>";
    for (const auto& figure : kAuditFigureKeys) {
      const nlohmann::json* value = find_key(evidence, figure.keys);
      audit_rows << "<td class=\"num\">" << (value ? esc(scalar_text(*value)) : "—") << "</td>";
    }
    audit_rows << "</tr>\n";
  }
  if (audits == 0) {
    h << "<p>No claim of method <code>audit</code> in this run.</p>\n";
  } else {
    h << "<table id=\"audit-table\"><thead><tr><th>claim</th><th>verdict</th>";
    for (const auto& figure : kAuditFigureKeys) h << "<th>" << esc(figure.column) << "</th>";
    h << "</tr></thead>\n<tbody>\n" << audit_rows.str() << "</tbody></table>\n";
  }
  h << "</section>\n";

  // Experiment plots. A plot listed as both X.png and X.svg is shown once (the PNG); a plot that several claims
  // list is embedded once, under the first of them, and the others link to it.
  h << "<section id=\"plots\">\n<h2>Experiment plots</h2>\n";
  std::size_t plots = 0;
  std::map<std::string, std::string> shown;  // resolved path -> id of the claim under which it is embedded
  for (const auto& c : claims) {
    const auto evidence = c.value("evidence", nlohmann::json::object());
    if (!evidence.is_object() || !evidence.contains("plots") || !evidence["plots"].is_array()) continue;
    std::set<std::string> listed;
    for (const auto& p : evidence["plots"])
      if (p.is_string()) listed.insert(p.get<std::string>());
    const std::string id = text_of(c, "id");
    for (const auto& p : evidence["plots"]) {
      if (!p.is_string()) continue;
      const std::string path = p.get<std::string>();
      const fs::path as_path(path);
      if (lower(as_path.extension().string()) == ".svg" &&
          listed.count(fs::path(as_path).replace_extension(".png").string()) > 0)
        continue;
      ++plots;
      const std::string key = resolve_plot(options.plots_dir, path).lexically_normal().string();
      h << "<figure class=\"plot\" data-claim=\"" << esc(id) << "\">";
      if (const auto it = shown.find(key); it != shown.end())
        h << "<p class=\"plot-again\">the same plot as under <a href=\"#claim-" << esc(it->second) << "\">"
          << esc(it->second) << "</a></p>";
      else
        h << plot_html(options.plots_dir, path);
      shown.emplace(key, id);
      h << "<figcaption><a href=\"#claim-" << esc(id) << "\">" << esc(id) << "</a>: " << esc(path)
        << "</figcaption></figure>\n";
    }
  }
  if (plots == 0) h << "<p>No claim in this run lists plots in its evidence.</p>\n";
  h << "</section>\n";

  // Claims table with its filters.
  h << "<section>\n<h2>Claims</h2>\n<div id=\"controls\">\n<label>seed <select id=\"filter-seed\">"
       "<option value=\"\">all</option>";
  for (const char* s : kSeeds) {
    std::size_t n = 0;
    for (const auto& c : claims) n += c.contains("source") && text_of(c["source"], "seed") == s ? 1 : 0;
    h << "<option value=\"" << s << "\">" << s << " (" << n << ")</option>";
  }
  h << "</select></label>\n<label>verdict <select id=\"filter-verdict\"><option value=\"\">all</option>";
  for (const char* v : kVerdicts) h << "<option value=\"" << v << "\">" << v << "</option>";
  h << "<option value=\"unexpected\">not as expected</option></select></label>\n"
    << "<span><span id=\"shown-count\">" << claims.size() << "</span> of " << claims.size()
    << " claims shown</span>\n</div>\n";
  h << "<table id=\"claims\" data-rows=\"" << claims.size() << "\" data-shown=\"" << claims.size() << "\">\n"
    << "<thead><tr><th>id</th><th>verdict (expected)</th><th>method</th><th>source</th><th>statement</th>"
       "<th>key figure</th><th>seconds</th><th>evidence</th></tr></thead>\n<tbody>\n";
  for (const auto& c : claims) {
    const std::string id = text_of(c, "id"), verdict = text_of(c, "verdict"), expected = text_of(c, "expected");
    const nlohmann::json source = c.value("source", nlohmann::json::object());
    const bool surprise = verdict != expected;
    std::string where = text_of(source, "seed") + " " + text_of(source, "section");
    if (!text_of(source, "equation").empty()) where += ", " + text_of(source, "equation");
    h << "<tr class=\"claim" << (surprise ? " unexpected" : "") << "\" id=\"claim-" << esc(id) << "\" data-seed=\""
      << esc(text_of(source, "seed")) << "\" data-verdict=\"" << esc(verdict) << "\" data-expected=\""
      << esc(expected) << "\" data-unexpected=\"" << (surprise ? "1" : "0") << "\">";
    h << "<td class=\"id\"><code>" << esc(id) << "</code></td>";
    h << "<td><span class=\"v-" << esc(verdict) << "\">" << esc(verdict) << "</span> <span class=\"vs\">("
      << (surprise ? "expected " : "as expected: ") << esc(expected) << ")</span></td>";
    h << "<td>" << esc(text_of(c, "method")) << "</td>";
    h << "<td>" << esc(where) << "</td>";
    h << "<td class=\"statement\">" << esc(text_of(c, "statement")) << "<br><small>grid: " << esc(text_of(c, "grid"))
      << "</small></td>";
    h << "<td>" << esc(text_of(c, "key_figure")) << "</td>";
    h << "<td class=\"num\">" << esc(text_of(c, "seconds")) << "</td>";
    h << "<td><details><summary>evidence</summary><pre>"
      << esc(pretty(c.value("evidence", nlohmann::json::object()))) << "</pre></details></td>";
    h << "</tr>\n";
  }
  h << "</tbody>\n</table>\n</section>\n";
  h << "<script>" << kScript << "</script>\n</body>\n</html>\n";
  return h.str();
}

}  // namespace dpb::verify
