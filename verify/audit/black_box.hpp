// Black-box privacy audit: an empirical lower bound on ε from samples of a mechanism's output on two neighbouring
// inputs D and D′ (docs/audit.md). Events are chosen on samples kept apart from the estimate, as in StatDP (Ding et
// al., CCS 2018) and DP-Sniper (Bichsel et al., IEEE S&P 2021); the bounds are Clopper–Pearson, as in Jagielski,
// Ullman & Oprea (NeurIPS 2020).
//
// For an event E with k₁ of n₁ outputs of M(D) in E and k₀ of n₀ outputs of M(D′) in E,
//     ε_lb = ln((CP_lower(k₁, n₁) − δ) / CP_upper(k₀, n₀))
// with one-sided Clopper–Pearson bounds, each at level α/(2T) when T (event, direction) pairs are evaluated on the
// same samples (Bonferroni). If (ε, δ)-DP holds, P[M(D) ∈ E] ≤ e^ε P[M(D′) ∈ E] + δ for every E, so with
// probability ≥ 1 − α every reported ε_lb is ≤ ε: ε_lb > ε_claimed is a level-α rejection of the claim.
//
// Protocol: the candidate events (thresholds {Y ≥ t}, {Y ≤ t} and points {Y = v} on the output, in both
// directions D→D′ and D′→D) are scored on a separate *search* split; only the best `kept` are evaluated on a fresh
// *final* split, with Bonferroni over those kept. Selection never sees the final split, so the final bounds are
// valid whatever the selection did.
//
// Floating point: double is used for the statistics only, always rounded in the conservative direction:
// CP lower bounds are moved down and CP upper bounds up by a relative 1e-12 plus one nextafter step (Boost's
// ibeta_inv is accurate to ≲ 1e-13 relative), and ε_lb is computed from those and moved down by one ulp.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace dpb::verify::audit {

// One-sided Clopper–Pearson bounds at level alpha ∈ (0, 1): for every true p, P[lower > p] ≤ alpha and
// P[upper < p] ≤ alpha. cp_lower(0, n) = 0, cp_upper(n, n) = 1. Rounded outward (see above).
double cp_lower(std::uint64_t k, std::uint64_t n, double alpha);
double cp_upper(std::uint64_t k, std::uint64_t n, double alpha);

// ln((cp_lower(k1, n1, alpha_each) − delta) / cp_upper(k0, n0, alpha_each)); −∞ when the numerator is ≤ 0.
double eps_lower_bound(std::uint64_t k1, std::uint64_t n1, std::uint64_t k0, std::uint64_t n0, double alpha_each,
                       double delta = 0);

// Outputs are real numbers (integers are stored exactly as doubles below 2^53). A histogram is sorted by value.
struct Histogram {
  std::vector<std::pair<double, std::uint64_t>> counts;
  std::uint64_t total = 0;
  static Histogram from_values(std::span<const double> values);
  static Histogram from_integer_counts(std::vector<std::pair<std::int64_t, std::uint64_t>> counts);
};

struct Event {
  enum class Kind { AtLeast, AtMost, Equal };
  Kind kind = Kind::AtLeast;
  double t = 0;
  bool contains(double y) const;
  std::uint64_t count(const Histogram& h) const;
  std::string describe() const;  // "Y >= 3", "Y <= -1", "Y = 0"
};

// One evaluated (event, direction) pair. reverse = false: numerator D, denominator D′ (the D→D′ direction).
struct EventBound {
  Event event;
  bool reverse = false;
  std::uint64_t k1 = 0, n1 = 0, k0 = 0, n0 = 0;
  double p1_lower = 0, p0_upper = 1;
  double eps_hat = 0;  // plug-in ln(k1/n1 / (k0/n0)) (display only; +∞ when k0 = 0)
  double eps_lb = -std::numeric_limits<double>::infinity();
  double score = -std::numeric_limits<double>::infinity();  // search split only: the selection score
};

inline constexpr std::size_t kSmallSupport = 16;

// The `kept` the audit uses: s.kept if set, else the automatic rule above on the search split's joint support.
unsigned effective_kept(unsigned kept, const Histogram& d, const Histogram& d_prime);

struct AuditSettings {
  double confidence = 0.95;      // overall, for the final split
  double delta = 0;              // δ of the (ε, δ) guarantee tested
  // (event, direction) pairs carried from search to final. 0 = automatic: 1 when the search split's outputs take at
  // most kSmallSupport distinct values (few candidates, the best one is not lost in the search noise, and Bonferroni
  // over one event is the cheapest), else 4 (many equal-ratio candidates, e.g. every tail threshold of a discrete
  // Laplace mechanism: the final split picks the best of four). A rule of the search split only, so it stays valid.
  unsigned kept = 0;
  unsigned max_thresholds = 256; // candidate thresholds per kind (quantiles of the search split's support)
  double final_scale = 1;        // final/search split size (set by the audit; scales the selection score)
  unsigned threads = 0;          // run_audit's worker threads in this process; 0 = cluster::default_threads()
  // Categorical outputs (a whole action sequence encoded as a number, whose order means nothing): before events are
  // chosen, every value is relabelled by the rank of its smoothed log-ratio ln((k₁ + ½)/(n₁ + 1)) −
  // ln((k₀ + ½)/(n₀ + 1)) on the search split (values the search split never saw share the lowest rank), in both
  // splits. Threshold events on the rank are then the estimated likelihood-ratio level sets (Neyman–Pearson). The
  // relabelling is a function of the search split alone, so the final bounds stay valid.
  bool order_by_ratio = false;
  // run_audit: called on the calling thread of this process after each block it finished, with the samples this
  // process has drawn so far and the samples it has to draw (progress on stderr, docs/reliability.md). Unset: none.
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
};

// The relabelling of order_by_ratio applied to four histograms (search D, search D′, final D, final D′), in place.
void order_by_search_ratio(Histogram& search_d, Histogram& search_d_prime, Histogram& final_d,
                           Histogram& final_d_prime);

// The candidate family on the search split: thresholds at (up to max_thresholds) support points, and point events
// when the support is small (≤ 64 values), each in both directions.
std::vector<Event> candidate_events(const Histogram& d, const Histogram& d_prime, unsigned max_thresholds);

// Scores every candidate on the search split — by the ε_lb the final split would give (counts scaled by final_scale,
// bounds at the final level α/(2·kept)) if its frequencies there were the search split's pessimistic ones (lower CP
// bound of the numerator, upper of the denominator, each at 0.05); only a score —
// and returns the best `kept` (event, direction) pairs, best first.
std::vector<EventBound> select_events(const Histogram& d, const Histogram& d_prime, const AuditSettings& s);

// Evaluates the selected pairs on the final split with Bonferroni over them: each CP bound at α/(2T), T = size.
std::vector<EventBound> evaluate_events(const std::vector<EventBound>& selected, const Histogram& d,
                                        const Histogram& d_prime, const AuditSettings& s);

enum class AuditVerdict { violation, model_mismatch, tight, weak };
std::string to_string(AuditVerdict v);  // "VIOLATION", "MODEL-MISMATCH", "TIGHT", "WEAK"

// Tolerance of the MODEL-MISMATCH test: ε_lb > ε_exact·(1 + 1e-9) + 1e-12 (ε_exact is a certified value shown as
// a double; the slack only absorbs its display rounding — ε_lb is already a level-α lower bound).
inline constexpr double kMismatchRelativeTolerance = 1e-9;

struct AuditResult {
  std::string target;
  double eps_claimed = 0;           // +∞ for no claim (non-private: audited against a nominal ε, see `nominal`)
  bool nominal = false;             // eps_claimed is a nominal value (the target claims no privacy)
  std::optional<double> eps_exact;  // white-box ε of the implemented mechanism, when known
  std::string eps_exact_source;
  double delta = 0;
  double confidence = 0.95;
  std::uint64_t search_samples = 0, final_samples = 0;  // per side
  std::vector<EventBound> events;   // final split, best first
  EventBound best;
  double eps_lb = -std::numeric_limits<double>::infinity();
  bool unbounded = false;           // the best event never occurred under the denominator's input (k0 = 0)
  AuditVerdict verdict = AuditVerdict::weak;
  std::optional<double> samples_needed;  // WEAK only: per side, to reach 0.9·reference (rule of thumb, §10 A)
  std::string samples_needed_event;      // the event that forecast is for (audit_histograms only)
  double seconds = 0;
  double samples_per_second = 0;
  nlohmann::json details = nlohmann::json::object();  // target-specific (neighbours, parameters)
};

// Verdict rules (docs/audit.md): VIOLATION if ε_lb > ε_claimed; else MODEL-MISMATCH if ε_exact is known and
// ε_lb exceeds it beyond the tolerance; else TIGHT if ε_lb ≥ 0.9·reference (reference = ε_exact if known, else
// ε_claimed); else WEAK.
void assign_verdict(AuditResult& r);

// Sample sizes per side that would bring the plug-in ε̂ of event bound b to `target` at the result's level (the
// rule of thumb n ≈ z²(√((1−p1)/p1) + √((1−p0)/p0))² / (ε̂ − target)²); nullopt when ε̂ ≤ target or p0 = 0.
// With δ > 0 the bound is ln((p1_lower − δ)/p0_upper): ε̂ = ln((p1 − δ)/p0) and √((1−p1)/p1) becomes
// √(p1(1−p1))/(p1 − δ); nullopt also when p1 ≤ δ.
std::optional<double> samples_needed(const EventBound& b, double target, double alpha_each, double delta = 0);
// The same rule at given frequencies p1 (numerator) and p0 (denominator), e.g. exact ones from a white-box law.
std::optional<double> samples_needed_at(double p1, double p0, double target, double alpha_each, double delta = 0);

// The smallest samples_needed over every candidate event (and direction) of the histograms (the final split), each
// at pessimistic frequencies — the numerator's lower and the denominator's upper CP bound at 0.05 shared over all
// 4·|candidates| bounds — with the event it is for; nullopt when no candidate's pessimistic ε̂ exceeds target. A
// forecast for a larger audit (which must find that event again), not a bound. audit_histograms reports the smaller
// of this and the best event's samples_needed for a WEAK verdict.
std::optional<std::pair<double, EventBound>> samples_needed_any_event(const Histogram& d, const Histogram& d_prime,
                                                                      double target, double alpha_each,
                                                                      double delta, unsigned max_thresholds);

// A sampler of a target: fills a histogram with n outputs of M(D) (side 0) or M(D′) (side 1), drawing from the
// bit stream (seed, stream). Search and final splits use disjoint streams.
using SideSampler = std::function<Histogram(int side, std::uint64_t n, std::uint64_t seed, std::uint64_t stream)>;

// Samples per block of run_audit's stream layout.
inline constexpr std::uint64_t kAuditBlock = std::uint64_t{1} << 16;
// The stream of block b of split j (1: search D, 2: search D′, 3: final D, 4: final D′): j·2^40 + b.
inline constexpr std::uint64_t audit_block_stream(unsigned split, std::uint64_t block) {
  return (std::uint64_t{split} << 40) + block;
}

// The whole audit: search split of max(n/10, 1000) per side, final split of n per side, selection, evaluation,
// verdict. Streams (normative, docs/audit.md "Streams"): each split is drawn in blocks of kAuditBlock samples (the
// last one shorter), block b of split j from stream audit_block_stream(j, b) of `seed`, so the histograms do not
// depend on how blocks are spread over threads (settings.threads) and processes (cluster::world()): the same seed
// gives the same audit at any --threads and any number of MPI ranks. A sampler is copied per worker thread.
AuditResult run_audit(const std::string& target, const SideSampler& sample, std::uint64_t n, std::uint64_t seed,
                      double eps_claimed, std::optional<double> eps_exact, const AuditSettings& settings);

// The audit of given samples (external mode): search = every 10th sample (index ≡ 0 mod 10), final = the rest.
AuditResult audit_samples(const std::string& target, std::span<const double> d, std::span<const double> d_prime,
                          double eps_claimed, const AuditSettings& settings);

// From given search and final histograms.
AuditResult audit_histograms(const std::string& target, const Histogram& search_d, const Histogram& search_d_prime,
                             const Histogram& final_d, const Histogram& final_d_prime, double eps_claimed,
                             std::optional<double> eps_exact, const AuditSettings& settings);

nlohmann::json to_json(const AuditResult& r);
nlohmann::json to_json(const EventBound& b);
// One-line summary: "AUDIT dist-dp eps_claimed=1 eps_exact=1 eps_lb=0.98 (95%, CP, n=1e+06/side, T=4) TIGHT".
std::string summary_line(const AuditResult& r);

}  // namespace dpb::verify::audit
