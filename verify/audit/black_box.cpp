#include "verify/audit/black_box.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "verify/cluster/cancellation.hpp"
#include "verify/cluster/cluster.hpp"
#include "verify/cluster/worker_pool.hpp"

namespace dpb::verify::audit {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Outward widening of Boost's ibeta_inv result (relative error ≲ 1e-13): a relative 1e-12, then one more ulp.
constexpr double kWiden = 1e-12;
// Level of the search split's own bound in the selection score (a score only, not a reported bound).
constexpr double kSearchAlpha = 0.05;

void check_alpha(double alpha, const char* fn) {
  if (!(alpha > 0 && alpha < 1)) throw std::invalid_argument(std::string(fn) + ": alpha must be in (0, 1)");
}

std::string format_double(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

struct Prefix {  // cumulative counts of a histogram, for O(log) event counts
  std::vector<double> values;
  std::vector<std::uint64_t> below;  // below[i] = Σ counts of values[0..i)
  std::uint64_t total = 0;
  explicit Prefix(const Histogram& h) {
    values.reserve(h.counts.size());
    below.reserve(h.counts.size() + 1);
    below.push_back(0);
    for (const auto& [v, c] : h.counts) {
      values.push_back(v);
      below.push_back(below.back() + c);
    }
    total = h.total;
  }
  std::uint64_t count(const Event& e) const {
    const auto lo = std::lower_bound(values.begin(), values.end(), e.t) - values.begin();
    const auto hi = std::upper_bound(values.begin(), values.end(), e.t) - values.begin();
    switch (e.kind) {
      case Event::Kind::AtLeast:
        return total - below[static_cast<std::size_t>(lo)];
      case Event::Kind::AtMost:
        return below[static_cast<std::size_t>(hi)];
      case Event::Kind::Equal:
        return below[static_cast<std::size_t>(hi)] - below[static_cast<std::size_t>(lo)];
    }
    return 0;
  }
};

EventBound bound_for(const Event& e, bool reverse, const Prefix& d, const Prefix& dp, double alpha_each, double delta) {
  EventBound b;
  b.event = e;
  b.reverse = reverse;
  const Prefix& num = reverse ? dp : d;
  const Prefix& den = reverse ? d : dp;
  b.k1 = num.count(e);
  b.n1 = num.total;
  b.k0 = den.count(e);
  b.n0 = den.total;
  b.p1_lower = cp_lower(b.k1, b.n1, alpha_each);
  b.p0_upper = cp_upper(b.k0, b.n0, alpha_each);
  b.eps_hat = b.k1 == 0   ? -kInf
              : b.k0 == 0 ? kInf
                          : std::log((static_cast<double>(b.k1) / static_cast<double>(b.n1)) /
                                     (static_cast<double>(b.k0) / static_cast<double>(b.n0)));
  b.eps_lb = eps_lower_bound(b.k1, b.n1, b.k0, b.n0, alpha_each, delta);
  return b;
}

}  // namespace

double cp_lower(std::uint64_t k, std::uint64_t n, double alpha) {
  check_alpha(alpha, "cp_lower");
  if (k > n) throw std::invalid_argument("cp_lower: k must be <= n");
  if (k == 0) return 0;
  // P_p[X ≥ k] = I_p(k, n − k + 1) (A&S 26.5.24); the bound solves I_L(k, n − k + 1) = alpha.
  const double L = boost::math::ibeta_inv(static_cast<double>(k), static_cast<double>(n - k + 1), alpha);
  return std::max(0.0, std::nextafter(L * (1 - kWiden), 0.0));  // conservative: downwards
}

double cp_upper(std::uint64_t k, std::uint64_t n, double alpha) {
  check_alpha(alpha, "cp_upper");
  if (k > n) throw std::invalid_argument("cp_upper: k must be <= n");
  if (k == n) return 1;
  // P_p[X ≤ k] = 1 − I_p(k + 1, n − k); the bound solves 1 − I_U(k + 1, n − k) = alpha (ibetac_inv, accurate there).
  const double U = boost::math::ibetac_inv(static_cast<double>(k + 1), static_cast<double>(n - k), alpha);
  return std::min(1.0, std::nextafter(U * (1 + kWiden), 2.0));  // conservative: upwards
}

double eps_lower_bound(std::uint64_t k1, std::uint64_t n1, std::uint64_t k0, std::uint64_t n0, double alpha_each,
                       double delta) {
  const double lo = cp_lower(k1, n1, alpha_each);
  const double hi = cp_upper(k0, n0, alpha_each);
  const double num = std::nextafter(lo - delta, -kInf);  // rounded down
  if (!(num > 0) || !(hi > 0)) return -kInf;
  double e = std::log(num / hi);  // division and log: ≤ 1 ulp each; moved down by 4 ulps below
  for (int i = 0; i < 4; ++i) e = std::nextafter(e, -kInf);
  return e;
}

Histogram Histogram::from_values(std::span<const double> values) {
  std::map<double, std::uint64_t> m;
  for (double v : values) ++m[v];
  Histogram h;
  h.counts.assign(m.begin(), m.end());
  h.total = values.size();
  return h;
}

Histogram Histogram::from_integer_counts(std::vector<std::pair<std::int64_t, std::uint64_t>> counts) {
  std::sort(counts.begin(), counts.end());
  Histogram h;
  for (const auto& [v, c] : counts) {
    if (c == 0) continue;
    const double x = static_cast<double>(v);
    if (!h.counts.empty() && h.counts.back().first == x)
      h.counts.back().second += c;
    else
      h.counts.emplace_back(x, c);
    h.total += c;
  }
  return h;
}

bool Event::contains(double y) const {
  switch (kind) {
    case Kind::AtLeast:
      return y >= t;
    case Kind::AtMost:
      return y <= t;
    case Kind::Equal:
      return y == t;
  }
  return false;
}

std::uint64_t Event::count(const Histogram& h) const { return Prefix(h).count(*this); }

std::string Event::describe() const {
  const char* op = kind == Kind::AtLeast ? ">=" : kind == Kind::AtMost ? "<=" : "=";
  return std::string("Y ") + op + " " + format_double(t);
}

std::vector<Event> candidate_events(const Histogram& d, const Histogram& d_prime, unsigned max_thresholds) {
  std::vector<double> support;
  support.reserve(d.counts.size() + d_prime.counts.size());
  for (const auto& [v, c] : d.counts) support.push_back(v);
  for (const auto& [v, c] : d_prime.counts) support.push_back(v);
  std::sort(support.begin(), support.end());
  support.erase(std::unique(support.begin(), support.end()), support.end());
  std::vector<double> thresholds;
  if (max_thresholds < 2 || support.size() <= max_thresholds) {  // < 2: every support point
    thresholds = support;
  } else {  // evenly spaced ranks of the merged support
    for (unsigned i = 0; i < max_thresholds; ++i)
      thresholds.push_back(support[static_cast<std::size_t>(
          static_cast<double>(i) * static_cast<double>(support.size() - 1) / (max_thresholds - 1))]);
    thresholds.erase(std::unique(thresholds.begin(), thresholds.end()), thresholds.end());
  }
  std::vector<Event> events;
  for (double t : thresholds) {
    events.push_back(Event{Event::Kind::AtLeast, t});
    events.push_back(Event{Event::Kind::AtMost, t});
  }
  if (support.size() <= 64)
    for (double v : support) events.push_back(Event{Event::Kind::Equal, v});
  return events;
}

unsigned effective_kept(unsigned kept, const Histogram& d, const Histogram& d_prime) {
  if (kept > 0) return kept;
  std::set<double> support;
  for (const auto& [v, c] : d.counts) support.insert(v);
  for (const auto& [v, c] : d_prime.counts) support.insert(v);
  return support.size() <= kSmallSupport ? 1u : 4u;
}

std::vector<EventBound> select_events(const Histogram& d, const Histogram& d_prime, const AuditSettings& s) {
  const Prefix pd(d), pdp(d_prime);
  const unsigned kept = effective_kept(s.kept, d, d_prime);
  const double alpha_final = (1 - s.confidence) / (2.0 * kept);
  const double f = std::max(1.0, s.final_scale);
  const std::vector<Event> candidates = candidate_events(d, d_prime, s.max_thresholds);
  // The search split's pessimistic frequencies in the score are at kSearchAlpha per bound. (A Bonferroni level over
  // all candidates, z ≈ 4, picks the likely event among equal-ratio ones even more reliably, but it also keeps
  // rarer events with truly larger ratios out — dist-rdp's ε_lb at 10^6/side fell from 1.37 to 1.24.)
  const double alpha_select = kSearchAlpha;
  const auto scale = [f](std::uint64_t k) {
    return static_cast<std::uint64_t>(std::llround(static_cast<double>(k) * f));
  };
  std::vector<EventBound> all;
  for (const Event& e : candidates)
    for (bool reverse : {false, true}) {
      EventBound b = bound_for(e, reverse, pd, pdp, kSearchAlpha, s.delta);
      // An event that holds for every search output of both sides, or never under the numerator, carries no
      // information; left in, its score (≈ −ln(1/α)/n) would beat every informative event of a weak signal.
      if (b.k1 == 0 || (b.k1 == b.n1 && b.k0 == b.n0)) continue;
      // Score: the ε_lb the final split would give (its size, its level α/(2·kept)) if the event's frequencies there
      // were the search split's pessimistic ones — the numerator's lower and the denominator's upper CP bound at
      // alpha_select. It charges the search split's sampling noise *plus* the final split's (the old score took the
      // smaller of the two penalties), so a rare event with a lucky ratio does not win, and among events with equal
      // ratios (every tail threshold of a discrete Laplace mechanism) the likely one does.
      const std::uint64_t n1f = scale(b.n1), n0f = scale(b.n0);
      const double p1 = cp_lower(b.k1, b.n1, alpha_select), p0 = cp_upper(b.k0, b.n0, alpha_select);
      const auto k1f = std::min(n1f, static_cast<std::uint64_t>(std::floor(p1 * static_cast<double>(n1f))));
      const auto k0f = std::min(n0f, static_cast<std::uint64_t>(std::ceil(p0 * static_cast<double>(n0f))));
      b.score = k1f == 0 ? -kInf : eps_lower_bound(k1f, n1f, k0f, n0f, alpha_final, s.delta);
      all.push_back(b);
    }
  std::stable_sort(all.begin(), all.end(), [](const EventBound& a, const EventBound& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.eps_hat > b.eps_hat;
  });
  if (all.size() > kept) all.resize(kept);
  return all;
}

std::vector<EventBound> evaluate_events(const std::vector<EventBound>& selected, const Histogram& d,
                                        const Histogram& d_prime, const AuditSettings& s) {
  const Prefix pd(d), pdp(d_prime);
  const double T = static_cast<double>(std::max<std::size_t>(1, selected.size()));
  const double alpha_each = (1 - s.confidence) / (2 * T);  // Bonferroni over T pairs, two bounds each
  std::vector<EventBound> out;
  for (const EventBound& e : selected) out.push_back(bound_for(e.event, e.reverse, pd, pdp, alpha_each, s.delta));
  std::stable_sort(out.begin(), out.end(),
                   [](const EventBound& a, const EventBound& b) { return a.eps_lb > b.eps_lb; });
  return out;
}

std::string to_string(AuditVerdict v) {
  switch (v) {
    case AuditVerdict::violation:
      return "VIOLATION";
    case AuditVerdict::model_mismatch:
      return "MODEL-MISMATCH";
    case AuditVerdict::tight:
      return "TIGHT";
    case AuditVerdict::weak:
      return "WEAK";
  }
  return "?";
}

namespace {
// The rule of thumb at frequencies p1 (numerator), p0 (denominator); see samples_needed in the header.
std::optional<double> rule_of_thumb(double p1, double p0, double target, double alpha_each, double delta) {
  if (!(p0 > 0) || p1 >= 1 || p0 >= 1 || !(p1 > delta)) return std::nullopt;
  // The bound is ln((p1_lower − δ)/p0_upper): its plug-in value is ln((p1 − δ)/p0), and the numerator's relative
  // standard error is √(p1(1 − p1)/n)/(p1 − δ) (δ = 0: √((1 − p1)/(n p1)), the rule of thumb of §10 A).
  const double eps_hat = std::log((p1 - delta) / p0);
  if (!(eps_hat > target)) return std::nullopt;
  const double z = boost::math::quantile(boost::math::complement(boost::math::normal(), alpha_each));
  const double s = std::sqrt(p1 * (1 - p1)) / (p1 - delta) + std::sqrt((1 - p0) / p0);
  return std::ceil(z * z * s * s / ((eps_hat - target) * (eps_hat - target)));
}
}  // namespace

std::optional<double> samples_needed_at(double p1, double p0, double target, double alpha_each, double delta) {
  return rule_of_thumb(p1, p0, target, alpha_each, delta);
}

std::optional<double> samples_needed(const EventBound& b, double target, double alpha_each, double delta) {
  if (b.n1 == 0 || b.n0 == 0 || b.k0 == 0 || b.k1 == 0) return std::nullopt;
  return rule_of_thumb(static_cast<double>(b.k1) / static_cast<double>(b.n1),
                       static_cast<double>(b.k0) / static_cast<double>(b.n0), target, alpha_each, delta);
}

std::optional<std::pair<double, EventBound>> samples_needed_any_event(const Histogram& d, const Histogram& d_prime,
                                                                      double target, double alpha_each, double delta,
                                                                      unsigned max_thresholds) {
  const Prefix pd(d), pdp(d_prime);
  const std::vector<Event> candidates = candidate_events(d, d_prime, max_thresholds);
  // Pessimistic frequencies (as the selection score): a forecast over many events must not follow the luckiest.
  const double a = kSearchAlpha / (4.0 * static_cast<double>(std::max<std::size_t>(1, candidates.size())));
  std::optional<std::pair<double, EventBound>> best;
  for (const Event& e : candidates)
    for (bool reverse : {false, true}) {
      EventBound b = bound_for(e, reverse, pd, pdp, kSearchAlpha, delta);
      if (b.k1 == 0 || b.n1 == 0 || b.n0 == 0) continue;
      const auto n = rule_of_thumb(cp_lower(b.k1, b.n1, a), cp_upper(b.k0, b.n0, a), target, alpha_each, delta);
      if (n && (!best || *n < best->first)) best = std::make_pair(*n, b);
    }
  return best;
}

void assign_verdict(AuditResult& r) {
  const double reference = r.eps_exact ? *r.eps_exact : r.eps_claimed;
  r.samples_needed.reset();
  if (r.eps_lb > r.eps_claimed) {
    r.verdict = AuditVerdict::violation;
  } else if (r.eps_exact && r.eps_lb > *r.eps_exact * (1 + kMismatchRelativeTolerance) + 1e-12) {
    r.verdict = AuditVerdict::model_mismatch;
  } else if (std::max(r.eps_lb, 0.0) >= 0.9 * reference) {  // ε ≥ 0 always: 0 is a valid lower bound (empty views)
    r.verdict = AuditVerdict::tight;
  } else {
    r.verdict = AuditVerdict::weak;
    const double T = static_cast<double>(std::max<std::size_t>(1, r.events.size()));
    r.samples_needed = samples_needed(r.best, 0.9 * reference, (1 - r.confidence) / (2 * T), r.delta);
  }
}

void order_by_search_ratio(Histogram& search_d, Histogram& search_d_prime, Histogram& final_d,
                           Histogram& final_d_prime) {
  std::map<double, std::pair<std::uint64_t, std::uint64_t>> seen;  // value -> (k1, k0) on the search split
  for (const auto& [v, c] : search_d.counts) seen[v].first += c;
  for (const auto& [v, c] : search_d_prime.counts) seen[v].second += c;
  const double n1 = static_cast<double>(search_d.total), n0 = static_cast<double>(search_d_prime.total);
  std::vector<std::pair<double, double>> scored;  // (score, value)
  for (const auto& [v, k] : seen)
    scored.emplace_back(std::log((static_cast<double>(k.first) + 0.5) / (n1 + 1)) -
                            std::log((static_cast<double>(k.second) + 0.5) / (n0 + 1)),
                        v);
  std::sort(scored.begin(), scored.end());  // ties by value: deterministic
  std::map<double, double> rank;
  for (std::size_t i = 0; i < scored.size(); ++i) rank[scored[i].second] = static_cast<double>(i) + 1;
  auto relabel = [&rank](Histogram& h) {
    std::map<double, std::uint64_t> out;
    for (const auto& [v, c] : h.counts) {
      const auto it = rank.find(v);
      out[it == rank.end() ? 0.0 : it->second] += c;  // unseen in the search split: rank 0
    }
    h.counts.assign(out.begin(), out.end());
  };
  relabel(search_d);
  relabel(search_d_prime);
  relabel(final_d);
  relabel(final_d_prime);
}

AuditResult audit_histograms(const std::string& target, const Histogram& search_d_in,
                             const Histogram& search_d_prime_in, const Histogram& final_d_in,
                             const Histogram& final_d_prime_in, double eps_claimed, std::optional<double> eps_exact,
                             const AuditSettings& settings) {
  Histogram search_d = search_d_in, search_d_prime = search_d_prime_in, final_d = final_d_in,
            final_d_prime = final_d_prime_in;
  if (settings.order_by_ratio) order_by_search_ratio(search_d, search_d_prime, final_d, final_d_prime);
  AuditResult r;
  r.target = target;
  r.eps_claimed = eps_claimed;
  r.eps_exact = eps_exact;
  r.delta = settings.delta;
  r.confidence = settings.confidence;
  r.search_samples = std::min(search_d.total, search_d_prime.total);
  r.final_samples = std::min(final_d.total, final_d_prime.total);
  AuditSettings select = settings;
  if (search_d.total > 0 && search_d_prime.total > 0)
    select.final_scale = static_cast<double>(std::min(final_d.total, final_d_prime.total)) /
                         static_cast<double>(std::min(search_d.total, search_d_prime.total));
  const std::vector<EventBound> selected = select_events(search_d, search_d_prime, select);
  r.events = evaluate_events(selected, final_d, final_d_prime, settings);
  if (!r.events.empty()) {
    r.best = r.events.front();
    r.eps_lb = r.best.eps_lb;
    r.unbounded = r.best.k0 == 0 && r.best.k1 > 0;
  }
  assign_verdict(r);
  if (r.verdict == AuditVerdict::weak) {
    // The kept events were chosen for this n; at a larger n a rarer event with a larger ratio may do better. The
    // forecast is the smaller of the best event's rule of thumb and that of any candidate on the final split.
    const double reference = r.eps_exact ? *r.eps_exact : r.eps_claimed;
    const double T = static_cast<double>(std::max<std::size_t>(1, r.events.size()));
    if (r.samples_needed) r.samples_needed_event = r.best.event.describe() + (r.best.reverse ? " (D'->D)" : " (D->D')");
    if (const auto any = samples_needed_any_event(final_d, final_d_prime, 0.9 * reference, (1 - r.confidence) / (2 * T),
                                                  settings.delta, settings.max_thresholds);
        any && (!r.samples_needed || any->first < *r.samples_needed)) {
      r.samples_needed = any->first;
      r.samples_needed_event = any->second.event.describe() + (any->second.reverse ? " (D'->D)" : " (D->D')") +
                               ", at pessimistic frequencies of the final split";
    }
  }
  return r;
}

namespace {

// One block of a split: the split (1..4, as in audit_block_stream), its side, the block and its size.
struct AuditBlock {
  unsigned split;
  int side;
  std::uint64_t block, size;
};

using ValueCounts = std::map<double, std::uint64_t>;

// Exact text of per-split counts: for each split, its entry count, then (bits of the double, count) pairs.
std::string encode_counts(const std::array<ValueCounts, 4>& parts) {
  std::string out;
  for (const auto& m : parts) {
    out += std::to_string(m.size()) + "\n";
    for (const auto& [v, c] : m)
      out += std::to_string(std::bit_cast<std::uint64_t>(v)) + " " + std::to_string(c) + "\n";
  }
  return out;
}

void decode_counts(const std::string& text, std::array<ValueCounts, 4>& into) {
  std::istringstream in(text);
  for (auto& m : into) {
    std::size_t entries = 0;
    in >> entries;
    for (std::size_t i = 0; i < entries; ++i) {
      std::uint64_t bits = 0, c = 0;
      in >> bits >> c;
      m[std::bit_cast<double>(bits)] += c;
    }
  }
  if (!in) throw std::runtime_error("run_audit: malformed exchange of histograms between ranks");
}

Histogram to_histogram(const ValueCounts& m) {
  Histogram h;
  h.counts.assign(m.begin(), m.end());
  for (const auto& [v, c] : m) h.total += c;
  return h;
}

}  // namespace

AuditResult run_audit(const std::string& target, const SideSampler& sample, std::uint64_t n, std::uint64_t seed,
                      double eps_claimed, std::optional<double> eps_exact, const AuditSettings& settings) {
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t n_search = std::max<std::uint64_t>(n / 10, 1000);
  const std::array<std::pair<int, std::uint64_t>, 4> splits = {
      std::pair<int, std::uint64_t>{0, n_search}, {1, n_search}, {0, n}, {1, n}};
  // Every block of every split, numbered in that order; this process takes blocks i with i mod ranks = rank.
  std::vector<AuditBlock> mine;
  std::uint64_t index = 0;
  for (unsigned j = 0; j < 4; ++j)
    for (std::uint64_t b = 0; b * kAuditBlock < splits[j].second; ++b, ++index)
      if (cluster::is_mine(index))
        mine.push_back({j + 1, splits[j].first, b, std::min(kAuditBlock, splits[j].second - b * kAuditBlock)});

  std::uint64_t my_total = 0;
  for (const auto& blk : mine) my_total += blk.size;
  const auto payloads = cluster::exchange([&]() {
    std::array<ValueCounts, 4> parts;
    std::atomic<std::uint64_t> drawn{0};
    const std::thread::id caller = std::this_thread::get_id();
    const unsigned threads = static_cast<unsigned>(std::min<std::size_t>(
        std::max<std::size_t>(1, settings.threads ? settings.threads : cluster::default_threads()),
        std::max<std::size_t>(1, mine.size())));
    std::atomic<std::size_t> next{0};
    std::mutex merge;
    cluster::run_workers(threads, [&](const std::atomic<bool>& failed) {
      const SideSampler local = sample;  // a copy per thread (samplers may keep state)
      std::array<ValueCounts, 4> own;
      for (std::size_t i = next++; i < mine.size() && !failed; i = next++) {
        poll_cancellation();
        const AuditBlock& blk = mine[i];
        const Histogram h = local(blk.side, blk.size, seed, audit_block_stream(blk.split, blk.block));
        if (h.total != blk.size) throw std::logic_error("run_audit: a sampler returned the wrong sample count");
        for (const auto& [v, c] : h.counts) own[blk.split - 1][v] += c;
        drawn += blk.size;
        if (settings.progress && std::this_thread::get_id() == caller) settings.progress(drawn.load(), my_total);
      }
      const std::lock_guard<std::mutex> lock(merge);
      for (unsigned j = 0; j < 4; ++j)
        for (const auto& [v, c] : own[j]) parts[j][v] += c;
    });
    return encode_counts(parts);
  });
  std::array<ValueCounts, 4> merged;
  for (const auto& p : payloads) decode_counts(p, merged);  // sums of integer counts: order-free, exact
  AuditResult r = audit_histograms(target, to_histogram(merged[0]), to_histogram(merged[1]), to_histogram(merged[2]),
                                   to_histogram(merged[3]), eps_claimed, eps_exact, settings);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.samples_per_second = r.seconds > 0 ? static_cast<double>(2 * (n + n_search)) / r.seconds : 0;
  return r;
}

AuditResult audit_samples(const std::string& target, std::span<const double> d, std::span<const double> d_prime,
                          double eps_claimed, const AuditSettings& settings) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<double> s0, s1, f0, f1;
  for (std::size_t i = 0; i < d.size(); ++i) (i % 10 == 0 ? s0 : f0).push_back(d[i]);
  for (std::size_t i = 0; i < d_prime.size(); ++i) (i % 10 == 0 ? s1 : f1).push_back(d_prime[i]);
  AuditResult r =
      audit_histograms(target, Histogram::from_values(s0), Histogram::from_values(s1), Histogram::from_values(f0),
                       Histogram::from_values(f1), eps_claimed, std::nullopt, settings);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.samples_per_second = r.seconds > 0 ? static_cast<double>(d.size() + d_prime.size()) / r.seconds : 0;
  return r;
}

namespace {
nlohmann::json finite_or_string(double x) {
  if (std::isfinite(x)) return x;
  return x > 0 ? "inf" : "-inf";
}
}  // namespace

nlohmann::json to_json(const EventBound& b) {
  return nlohmann::json{{"event", b.event.describe()},
                        {"direction", b.reverse ? "D'->D" : "D->D'"},
                        {"k1", b.k1},
                        {"n1", b.n1},
                        {"k0", b.k0},
                        {"n0", b.n0},
                        {"p1_lower", b.p1_lower},
                        {"p0_upper", b.p0_upper},
                        {"eps_hat", finite_or_string(b.eps_hat)},
                        {"eps_lb", finite_or_string(b.eps_lb)}};
}

nlohmann::json to_json(const AuditResult& r) {
  nlohmann::json j;
  j["target"] = r.target;
  j["eps_claimed"] = finite_or_string(r.eps_claimed);
  j["eps_claimed_is_nominal"] = r.nominal;
  j["eps_exact"] = r.eps_exact ? nlohmann::json(*r.eps_exact) : nlohmann::json(nullptr);
  if (!r.eps_exact_source.empty()) j["eps_exact_source"] = r.eps_exact_source;
  j["eps_lb"] = finite_or_string(r.eps_lb);
  j["unbounded"] = r.unbounded;
  j["delta"] = r.delta;
  j["confidence"] = r.confidence;
  j["method"] = "Clopper-Pearson, search/final split, Bonferroni over the kept events";
  j["search_samples_per_side"] = r.search_samples;
  j["samples_per_side"] = r.final_samples;
  j["events_kept"] = r.events.size();
  j["best_event"] = to_json(r.best);
  j["events"] = nlohmann::json::array();
  for (const EventBound& b : r.events) j["events"].push_back(to_json(b));
  j["verdict"] = to_string(r.verdict);
  const double reference = r.eps_exact ? *r.eps_exact : r.eps_claimed;
  if (std::isfinite(reference) && reference > 0 && std::isfinite(r.eps_lb)) j["ratio"] = r.eps_lb / reference;
  j["samples_needed_per_side"] =
      r.samples_needed ? nlohmann::json(*r.samples_needed)
                       : (r.verdict == AuditVerdict::weak ? nlohmann::json("unknown: no observed event's estimate "
                                                                           "exceeds 0.9 x reference")
                                                          : nlohmann::json(nullptr));
  if (!r.samples_needed_event.empty()) j["samples_needed_event"] = r.samples_needed_event;
  j["timing"] = {{"seconds", r.seconds}, {"samples_per_second", r.samples_per_second}};
  j["details"] = r.details;
  return j;
}

std::string summary_line(const AuditResult& r) {
  std::string s = "AUDIT " + r.target + " eps_claimed=" + format_double(r.eps_claimed) +
                  (r.nominal ? " (nominal: no privacy claim)" : "") +
                  " eps_exact=" + (r.eps_exact ? format_double(*r.eps_exact) : std::string("unknown")) +
                  " eps_lb=" + format_double(r.eps_lb) + (r.unbounded ? " (unbounded: k0 = 0)" : "") + " (" +
                  format_double(100 * r.confidence) +
                  "%, CP, n=" + format_double(static_cast<double>(r.final_samples)) +
                  "/side, T=" + std::to_string(r.events.size()) +
                  (r.delta > 0 ? ", delta=" + format_double(r.delta) : std::string()) + ") " + to_string(r.verdict);
  if (r.verdict == AuditVerdict::weak)
    s += r.samples_needed ? " (need about " + format_double(*r.samples_needed) + "/side)"
         : r.details.contains("samples_needed_white_box")
             ? " (no observed event forecasts 0.9x; white-box forecast: about " +
                   format_double(r.details["samples_needed_white_box"].value("per_side", 0.0)) + "/side)"
             : " (more samples alone will not reach 0.9x with this event family)";
  return s;
}

}  // namespace dpb::verify::audit
