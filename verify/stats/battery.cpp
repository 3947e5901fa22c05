#include "verify/stats/battery.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "verify/stats/chi_squared.hpp"
#include "verify/stats/holm.hpp"

namespace dpb::verify::stats {
namespace {

std::string format_double(double x, const char* fmt = "%.6g") {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, x);
  return buf;
}

std::vector<double> p_values(const std::vector<TestRecord>& records) {
  std::vector<double> p;
  p.reserve(records.size());
  for (const auto& r : records) p.push_back(r.p_value);
  return p;
}

}  // namespace

std::string format_p_value(double p) { return p == 0 ? std::string("<1e-300") : format_double(p, "%.3g"); }

Battery::Battery(std::string title, double family_alpha) : title_(std::move(title)), family_alpha_(family_alpha) {
  if (!(family_alpha > 0 && family_alpha < 1)) throw std::invalid_argument("Battery: family_alpha must be in (0, 1)");
}

void Battery::add(TestRecord record) {
  if (!(record.p_value >= 0 && record.p_value <= 1))
    throw std::invalid_argument("Battery::add: p-value of '" + record.name + "' is not in [0, 1]");
  records_.push_back(std::move(record));
}

void Battery::add_all(const Battery& other) {
  for (const auto& r : other.records_) add(r);
}

std::vector<bool> Battery::rejected() const { return holm_reject(p_values(records_), family_alpha_); }

bool Battery::any_rejected() const { return rejected_count() > 0; }

std::size_t Battery::rejected_count() const {
  const auto r = rejected();
  return static_cast<std::size_t>(std::count(r.begin(), r.end(), true));
}

double Battery::min_p_value() const {
  double m = 1;
  for (const auto& r : records_) m = std::min(m, r.p_value);
  return m;
}

std::string Battery::min_p_name() const {
  const TestRecord* best = nullptr;
  for (const auto& r : records_)
    if (best == nullptr || r.p_value < best->p_value) best = &r;
  return best == nullptr ? std::string() : best->name;
}

std::string Battery::report() const {
  const auto p = p_values(records_);
  const auto reject = holm_reject(p, family_alpha_);
  const auto threshold = holm_thresholds(p, family_alpha_);
  std::size_t width = 4;
  for (const auto& r : records_) width = std::max(width, r.name.size());
  std::ostringstream s;
  s << "battery '" << title_ << "': " << records_.size() << " tests, Holm–Bonferroni at family alpha "
    << format_double(family_alpha_) << ", " << std::count(reject.begin(), reject.end(), true) << " rejected\n";
  char line[512];
  std::snprintf(line, sizeof line, "  %-8s %-*s %10s %5s %6s %14s %10s %10s %12s  %s\n", "decision",
                static_cast<int>(width), "name", "n", "bins", "df", "statistic", "p", "holm-thr", "crit@thr",
                "detail");
  s << line;
  for (std::size_t i = 0; i < records_.size(); ++i) {
    const auto& r = records_[i];
    const std::string crit = r.df > 0 ? format_double(chi_squared_critical_value(r.df, threshold[i]), "%.4f") : "-";
    std::snprintf(line, sizeof line, "  %-8s %-*s %10llu %5s %6s %14s %10s %10s %12s  ",
                  reject[i] ? "REJECT" : "accept", static_cast<int>(width), r.name.c_str(),
                  static_cast<unsigned long long>(r.n), r.bins > 0 ? std::to_string(r.bins).c_str() : "-",
                  r.df > 0 ? format_double(r.df).c_str() : "-", format_double(r.statistic, "%.6g").c_str(),
                  format_p_value(r.p_value).c_str(), format_double(threshold[i], "%.3g").c_str(), crit.c_str());
    s << line << r.detail << "\n";
  }
  return s.str();
}

}  // namespace dpb::verify::stats
