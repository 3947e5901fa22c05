// See the header: screening, keeping and the Bonferroni-shared final audits over a family of neighbouring pairs.
#include "verify/audit/neighbour_search.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <functional>
#include <map>
#include <numeric>
#include <thread>

#include "reference/core/errors.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/cluster/cluster.hpp"
#include "verify/cluster/worker_pool.hpp"

namespace dpb::verify::audit {

namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();
constexpr std::size_t kMaxListed = 100;

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

nlohmann::json finite_or_null(std::optional<double> x) {
  if (!x) return nullptr;
  if (std::isfinite(*x)) return *x;
  return *x > 0 ? "inf" : "-inf";
}

struct Figure {
  std::size_t index = 0;
  bool screened = false, kept = false;
  double screen_score = kNegInf, screen_eps_hat = kNegInf;
  std::optional<double> final_eps_lb;
  std::string final_verdict;
};

// One side of one pair's screening sample: n draws in blocks of kAuditBlock, block b from stream
// audit_block_stream(1 + side, b) of the pair's screening seed. `drew(k)` after each block of k draws (progress).
Histogram screening_side(const SideSampler& sample, int side, std::uint64_t n, std::uint64_t seed,
                         const std::function<void(std::uint64_t)>& drew) {
  std::map<double, std::uint64_t> counts;
  for (std::uint64_t b = 0; b * kAuditBlock < n; ++b) {
    poll_cancellation();
    const Histogram h = sample(side, std::min(kAuditBlock, n - b * kAuditBlock), seed,
                               audit_block_stream(1 + static_cast<unsigned>(side), b));
    for (const auto& [v, c] : h.counts) counts[v] += c;
    drew(h.total);
  }
  Histogram out;
  out.counts.assign(counts.begin(), counts.end());
  for (const auto& [v, c] : counts) out.total += c;
  return out;
}

}  // namespace

std::uint64_t pair_seed(std::uint64_t seed, unsigned phase, std::uint64_t i) {
  return splitmix(splitmix(splitmix(seed) ^ phase) ^ i);
}

AuditResult audit_pairs(const std::string& target, const std::vector<AuditPair>& family, std::uint64_t samples,
                        std::uint64_t seed, double eps_claimed, const AuditSettings& settings,
                        const NeighbourSearch& search) {
  constexpr const char* fn = "audit";
  if (family.empty()) throw_parameter_error(fn, "pairs", "a non-empty family of neighbouring pairs", "none");
  if (search.pairs == 0) throw_parameter_error(fn, "pairs", ">= 1", "0");
  if (search.keep == 0 || search.keep > search.pairs)
    throw_parameter_error(fn, "keep", "in [1, pairs = " + std::to_string(search.pairs) + "]",
                          std::to_string(search.keep));
  const auto start = std::chrono::steady_clock::now();

  // White box: the maximum over every pair with an exact law (a pair that cannot change the view has ε = 0).
  auto exact_of = [&](std::size_t i) -> std::optional<double> {
    return family[i].sample ? family[i].eps_exact : std::optional<double>(0.0);
  };
  std::optional<std::size_t> white_worst;
  std::size_t with_law = 0;
  for (std::size_t i = 0; i < family.size(); ++i) {
    const std::optional<double> e = exact_of(i);
    if (!e) continue;
    ++with_law;
    if (!white_worst || *e > *exact_of(*white_worst)) white_worst = i;
  }

  // Screening order: samplable pairs, white-box ε descending where known (known before unknown), then family order.
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < family.size(); ++i)
    if (family[i].sample) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto ea = family[a].eps_exact, eb = family[b].eps_exact;
    if (ea && eb) return *ea > *eb;
    return ea.has_value() && !eb.has_value();
  });
  if (order.size() > search.pairs) order.resize(search.pairs);
  std::vector<Figure> figures(family.size());
  for (std::size_t i = 0; i < family.size(); ++i) figures[i].index = i;

  const std::uint64_t screen_n =
      search.screen_samples ? search.screen_samples : std::max<std::uint64_t>(samples / 10, 500);
  std::vector<std::size_t> kept;
  if (order.size() <= search.keep) {
    kept = order;  // nothing to choose between: no screening samples are drawn
  } else {
    // Screening: one split of screen_n draws per side and pair, scored by select_events (the ε_lb the final audit
    // would give at its size if the frequencies were these pessimistic ones). Pairs run in parallel; each pair's
    // streams are its own, so the scores do not depend on the thread count.
    AuditSettings score = settings;
    score.kept = 1;
    score.final_scale = static_cast<double>(samples) / static_cast<double>(screen_n);
    std::atomic<std::size_t> next{0};
    // Progress (settings.progress) of the screening pass, reported from the calling thread only.
    std::atomic<std::uint64_t> drawn{0};
    const std::uint64_t screen_total = 2 * screen_n * order.size();
    const std::thread::id caller = std::this_thread::get_id();
    const std::function<void(std::uint64_t)> drew = [&](std::uint64_t k) {
      drawn += k;
      if (settings.progress && std::this_thread::get_id() == caller) settings.progress(drawn.load(), screen_total);
    };
    const unsigned threads = static_cast<unsigned>(std::min<std::size_t>(
        std::max(1u, settings.threads ? settings.threads : cluster::default_threads()), order.size()));
    cluster::run_workers(threads, [&](const std::atomic<bool>& failed) {
      for (std::size_t k = next++; k < order.size() && !failed; k = next++) {
        const std::size_t i = order[k];
        const SideSampler local = family[i].sample;
        const std::uint64_t ps = pair_seed(seed, 1, i);
        Histogram hd = screening_side(local, 0, screen_n, ps, drew), hdp = screening_side(local, 1, screen_n, ps, drew);
        if (settings.order_by_ratio) {  // categorical outputs: rank by this split's own ratios (a score only)
          Histogram fd = hd, fdp = hdp;
          order_by_search_ratio(hd, hdp, fd, fdp);
        }
        const std::vector<EventBound> best = select_events(hd, hdp, score);
        if (!best.empty()) {
          figures[i].screen_score = best.front().score;
          figures[i].screen_eps_hat = best.front().eps_hat;
        }
        figures[i].screened = true;
      }
    });
    std::vector<std::size_t> ranked = order;
    std::stable_sort(ranked.begin(), ranked.end(), [&](std::size_t a, std::size_t b) {
      if (figures[a].screen_score != figures[b].screen_score) return figures[a].screen_score > figures[b].screen_score;
      return figures[a].screen_eps_hat > figures[b].screen_eps_hat;
    });
    kept.assign(ranked.begin(), ranked.begin() + search.keep);
    // The white-box worst pair, when it was screened, is always kept (a choice made without the final samples).
    if (white_worst && family[*white_worst].sample &&
        std::find(order.begin(), order.end(), *white_worst) != order.end() &&
        std::find(kept.begin(), kept.end(), *white_worst) == kept.end())
      kept.back() = *white_worst;
  }

  AuditSettings final_settings = settings;
  final_settings.confidence = 1 - (1 - settings.confidence) / static_cast<double>(kept.size());
  std::optional<AuditResult> best;
  std::size_t best_index = 0;
  bool mismatch = false;
  for (const std::size_t i : kept) {
    const AuditPair& p = family[i];
    AuditResult r =
        run_audit(target, p.sample, samples, pair_seed(seed, 2, i), eps_claimed, p.eps_exact, final_settings);
    figures[i].kept = true;
    figures[i].final_eps_lb = r.eps_lb;
    figures[i].final_verdict = to_string(r.verdict);
    if (r.verdict == AuditVerdict::model_mismatch) mismatch = true;
    if (!best || r.eps_lb > best->eps_lb) {
      best = std::move(r);
      best_index = i;
    }
  }

  AuditResult out;
  if (best) {
    out = *best;
  } else {
    // Every pair leaves the view unchanged (e.g. only unobserved coordinates): ε = 0 exactly, nothing to sample.
    out.target = target;
    out.eps_claimed = eps_claimed;
    out.delta = settings.delta;
  }
  out.confidence = settings.confidence;
  out.eps_exact = white_worst ? exact_of(*white_worst) : std::nullopt;
  out.eps_exact_source =
      white_worst
          ? "white box, maximum over the " + std::to_string(with_law) + " of " + std::to_string(family.size()) +
                " searched pairs with an exact law; worst: " + family[*white_worst].pattern + " at " +
                family[*white_worst].position +
                (family[*white_worst].eps_exact_source.empty() ? std::string()
                                                               : " (" + family[*white_worst].eps_exact_source + ")")
          : "";
  // The verdict over the kept pairs (assign_verdict on the best one with the white-box maximum as reference).
  assign_verdict(out);
  if (out.verdict != AuditVerdict::violation && mismatch) out.verdict = AuditVerdict::model_mismatch;
  if (best) out.details = family[best_index].data;

  // The pairs, worst first (white-box ε, then screening ε_lb), at most 100.
  std::vector<std::size_t> listed(family.size());
  std::iota(listed.begin(), listed.end(), 0);
  std::stable_sort(listed.begin(), listed.end(), [&](std::size_t a, std::size_t b) {
    const double fa = figures[a].final_eps_lb.value_or(kNegInf), fb = figures[b].final_eps_lb.value_or(kNegInf);
    if (fa != fb) return fa > fb;
    const double ea = exact_of(a).value_or(kNegInf), eb = exact_of(b).value_or(kNegInf);
    if (ea != eb) return ea > eb;
    return figures[a].screen_score > figures[b].screen_score;
  });
  if (listed.size() > kMaxListed) listed.resize(kMaxListed);
  nlohmann::json pairs = nlohmann::json::array();
  for (const std::size_t i : listed) {
    const AuditPair& p = family[i];
    const Figure& f = figures[i];
    nlohmann::json j = {{"index", i},
                        {"pattern", p.pattern},
                        {"position", p.position},
                        {"data", p.data},
                        {"eps_exact", finite_or_null(exact_of(i))},
                        {"screened", f.screened},
                        {"kept", f.kept}};
    if (!p.sample) j["unobserved"] = "the change leaves the view's law unchanged: eps = 0 exactly, not sampled";
    if (f.screened) {
      j["screen_score"] = finite_or_null(f.screen_score);
      j["screen_eps_hat"] = finite_or_null(f.screen_eps_hat);
    }
    if (f.final_eps_lb) {
      j["eps_lb"] = finite_or_null(f.final_eps_lb);
      j["verdict"] = f.final_verdict;
    }
    pairs.push_back(std::move(j));
  }
  nlohmann::json ns = {
      {"mode", "search"},
      {"family_size", family.size()},
      {"pairs_with_exact_law", with_law},
      {"screened", std::count_if(figures.begin(), figures.end(), [](const Figure& f) { return f.screened; })},
      {"screen_samples_per_side", screen_n},
      {"kept", kept.size()},
      {"confidence_per_kept_pair", final_settings.confidence},
      {"method",
       "screening samples on separate streams, scored by the selection rule of the audit, pick the kept pairs (the "
       "white-box worst always kept); each kept pair audited on fresh streams at confidence 1 - (1 - c)/kept "
       "(Bonferroni), eps_lb = max over kept pairs"},
      {"pairs", pairs}};
  if (best)
    ns["worst_pair"] = {{"index", best_index},
                        {"pattern", family[best_index].pattern},
                        {"position", family[best_index].position},
                        {"data", family[best_index].data}};
  if (white_worst)
    ns["white_box_worst_pair"] = {{"index", *white_worst},
                                  {"pattern", family[*white_worst].pattern},
                                  {"position", family[*white_worst].position},
                                  {"data", family[*white_worst].data},
                                  {"eps_exact", finite_or_null(exact_of(*white_worst))},
                                  {"eps_exact_lower", finite_or_null(family[*white_worst].eps_exact_lower)}};
  out.details["neighbour_search"] = ns;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace dpb::verify::audit
