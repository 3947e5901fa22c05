#include "verify/experiments/simulation.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include "optimized/environments/letor_dataset.hpp"
#include "optimized/environments/reward_tape.hpp"
#include "optimized/learners/anytime_lazy_ucb.hpp"
#include "optimized/learners/batched_successive_elimination.hpp"
#include "optimized/learners/dp_successive_elimination.hpp"
#include "optimized/learners/ftnl.hpp"
#include "optimized/learners/hybrid_ucb.hpp"
#include "optimized/learners/protocol_aggregator.hpp"
#include "optimized/learners/shuffle_private_linucb.hpp"
#include "optimized/learners/ucb.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/error_reason.hpp"
#include "reference/core/errors.hpp"
#include "reference/environments/bandit_instance.hpp"
#include "reference/learners/returning_se.hpp"
#include "verify/cluster/cancellation.hpp"
#include "verify/crosscheck/learners_crosscheck.hpp"
#include "verify/crosscheck/linear_crosscheck.hpp"
#include "verify/cluster/cluster.hpp"
#include "verify/cluster/worker_pool.hpp"

namespace dpb::verify::experiments {

namespace {

constexpr std::uint64_t kRunStride = std::uint64_t{1} << 20;
constexpr std::uint64_t kNoiseOffset = std::uint64_t{1} << 19;

// One arm's reward generator: its ChaCha20 stream and sampler, continued as the tape grows.
struct ArmGenerator {
  ChaCha20Source bits;
  std::optional<fast::ArmSampler> bandit;
  std::optional<fast::DatasetSampler> dataset;
  std::int32_t next() { return bandit ? (*bandit)(bits) : (*dataset)(bits); }
};

// The run's instance: a BanditInstance (synthetic) or a DatasetInstance (letor).
struct Instance {
  std::optional<ref::BanditInstance> bandit;   // (seed001-*: the linear instance's Bernoulli means)
  std::optional<ref::LinearInstance> linear;   // seed001-*
  const ref::DatasetInstance* dataset = nullptr;
  std::uint32_t arms() const { return bandit ? bandit->arms() : dataset->arms(); }
  std::int64_t grid() const { return bandit ? bandit->grid() : ref::DatasetInstance::kGrid; }
  const std::vector<Rational>& means() const { return bandit ? bandit->means() : dataset->means(); }
};

// A reward tape whose arm a holds its first filled[a] drawn entries; later entries are not drawn yet (stored as 0; a
// run that reads one is detected afterwards by its pull counts and repeated on the extended tape).
class PrefixTape {
 public:
  PrefixTape(const Instance& instance, std::uint64_t T, std::uint64_t seed, std::uint64_t first_stream)
      : K_(instance.arms()), T_(T), grid_(instance.grid()), means_(instance.means()), filled_(K_, 0) {
    generators_.reserve(K_);
    for (std::uint32_t a = 0; a < K_; ++a) {
      ArmGenerator g{ChaCha20Source(seed, first_stream + a), std::nullopt, std::nullopt};
      if (instance.bandit)
        g.bandit.emplace(instance.bandit->law(a), instance.grid());
      else
        g.dataset.emplace(*instance.dataset, a);
      generators_.push_back(std::move(g));
    }
  }

  // Makes arm a hold at least `length` true entries (capped at T). Returns whether anything was added.
  bool ensure(std::uint32_t a, std::uint64_t length) {
    length = std::min(length, T_);
    if (length <= filled_[a]) return false;
    pending_.emplace_back(a, length);
    return true;
  }

  const ref::RewardTape& tape() {
    if (tape_ && pending_.empty()) return *tape_;
    std::vector<std::int32_t> table(static_cast<std::size_t>(K_) * T_, 0);
    if (tape_)
      for (std::uint32_t a = 0; a < K_; ++a) {
        const auto row = tape_->row(a);
        std::copy(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(filled_[a]), table.begin() + a * T_);
      }
    tape_.reset();  // at most two tables alive at once
    for (const auto& [a, length] : pending_) {
      std::int32_t* row = table.data() + a * T_;
      for (std::uint64_t n = filled_[a]; n < length; ++n) row[n] = generators_[a].next();
      drawn_ += length > filled_[a] ? length - filled_[a] : 0;
      filled_[a] = std::max(filled_[a], length);
    }
    pending_.clear();
    tape_.emplace(K_, T_, grid_, means_, std::move(table));
    return *tape_;
  }

  std::uint64_t filled(std::uint32_t a) const { return filled_[a]; }
  std::uint64_t drawn() const { return drawn_; }

 private:
  std::uint32_t K_;
  std::uint64_t T_;
  std::int64_t grid_;
  std::vector<Rational> means_;
  std::vector<std::uint64_t> filled_;
  std::vector<ArmGenerator> generators_;
  std::vector<std::pair<std::uint32_t, std::uint64_t>> pending_;
  std::optional<ref::RewardTape> tape_;
  std::uint64_t drawn_ = 0;
};

bool full_information(const std::string& learner) { return learner == "ftnl" || learner == "naive-ftnl"; }

std::optional<ref::Variant> protocol_variant(const std::string& learner) { return protocol_learner_variant(learner); }

// The protocol aggregator's parameters of an algorithm at ε (the total ε for a returning-users algorithm).
ref::ProtocolAggregatorParams aggregator_params(const AlgorithmConfig& alg, ref::Variant variant, const Rational& eps,
                                                std::uint64_t T) {
  ref::ProtocolAggregatorParams a;
  a.variant = variant;
  a.eps = eps;
  a.horizon = Integer(std::max<std::uint64_t>(T, 2));
  a.s = alg.s;
  a.p = alg.p;
  a.c = alg.c;
  a.options.path = alg.noise_path == "per-user" ? ref::NoisePath::PerUser : ref::NoisePath::Aggregate;
  return a;
}

std::unique_ptr<fast::BatchAggregator> make_aggregator(const AlgorithmConfig& alg, const Rational& eps,
                                                       std::uint64_t T) {
  const auto variant = protocol_variant(alg.learner);
  if (!variant) return std::make_unique<fast::NonPrivateAggregator>();
  return std::make_unique<fast::ProtocolAggregator>(aggregator_params(alg, *variant, eps, T));
}

// A returning-users algorithm at the total ε: the learner's calibration (the smallest returning ε over its batch
// sizes) and the user-level ledger of its schedule (reference/learners/returning_se.hpp). A refusal of the setting
// (calibrate_returning's, naming returning-batches, route, delta or eps) is reported naming `names`' option:
// the CLI's (--returning-batches, --route, --delta) or the config's fields.
ReturningCell returning_cell(const AlgorithmConfig& alg, const Rational& eps, std::uint64_t T, std::uint32_t runs,
                             const std::string& batches_name, const std::string& route_name,
                             const std::string& delta_name, const std::string& eps_name, bool blame_batches) {
  const ref::Variant variant = *protocol_variant(alg.learner);
  const ref::ProtocolAggregatorParams base = aggregator_params(alg, variant, eps, T);
  const Rational eta = alg.eta.value_or(Rational(2));
  ref::ReturningSetting setting;
  setting.B = *alg.returning_batches;
  setting.route = ref::parse_returning_route(alg.route, "simulate");
  setting.delta = alg.delta;
  ReturningCell cell;
  try {
    const ref::ReturningSeCalibration cal = ref::calibrate_returning_se(base, eta, T, setting);
    const ref::ReturningSeLedger ledger = ref::returning_se_ledger(base, eta, T, cal);
    cell.eps_batch = cal.eps_batch;
    cell.size_at_min = cal.size_at_min;
    cell.per_size = cal.per_size;
    cell.ledger_eps_upper = ledger.result.eps_upper;
    cell.ledger_conversion = ledger.result.conversion;
    cell.ledger_within_eps = ledger.result.eps_upper <= eps;
  } catch (const ParameterError& e) {
    // Each refusal names the option (or config field) it is about, with that option's value and the condition
    // alone, as crosscheck does (issue 14: a refusal of ε, `--eps 1000` with `--returning-batches 2`, was named
    // `--returning-batches` with the value 2; a sampler's bound at the per-batch ε likewise).
    ParameterErrorParts inner;
    if (!parse_parameter_error(e.what(), inner)) throw;
    const std::string B = std::to_string(setting.B);
    if (inner.name == "route") throw_parameter_error("simulate", route_name, inner.condition, alg.route);
    if (inner.name == "delta")
      throw_parameter_error("simulate", delta_name, inner.condition, alg.delta ? to_string(*alg.delta) : "nothing");
    if (inner.name == "returning-batches") throw_parameter_error("simulate", batches_name, inner.condition, B);
    const std::string at = " (the per-batch eps over " + B + " batches, route " + alg.route + ", of " + alg.label + ")";
    if (inner.name == "eps")
      throw_parameter_error("simulate", eps_name,
                            inner.value == to_string(eps) ? inner.condition : inner.condition + " at " + inner.value + at,
                            to_string(eps));
    // A sampler's bound at the per-batch ε: named by the ε given, or, when only B was given on the command line
    // (the ε is the experiment's), by --returning-batches, the user's value that made the per-batch ε this small.
    if (blame_batches)
      throw_parameter_error("simulate", batches_name,
                            "small enough that " + alg.label + " can be calibrated at the per-batch eps of " + eps_name +
                                " = " + to_string(eps) + " (" + parameter_error_reason(e.what()) + ")",
                            B);
    throw_parameter_error("simulate", eps_name,
                          "calibrated at its per-batch eps over " + B + " batches (" + alg.label + ": " +
                              parameter_error_reason(e.what()) + ")",
                          to_string(eps));
  }
  cell.B = setting.B;
  cell.route = alg.route;
  cell.delta = alg.delta;
  cell.max_batches_per_user.assign(runs, 0);
  cell.placement_problem.assign(runs, std::string());
  return cell;
}

// Seed 001's learners (optimized build; `dpbandit crosscheck --learner … --profile …` checks it against the exact
// reference): the theorem profile on §6.1's instances, paper-code on the authors' (every arm's reward every round).
ref::LinUcbParams linear_params(const AlgorithmConfig& alg, const Rational& eps, std::uint64_t T, bool paper_code) {
  ref::LinUcbParams p;
  p.variant = *ref::parse_linucb_variant(alg.learner);
  p.profile = paper_code ? ref::Profile001::PaperCode : ref::Profile001::Theorem;
  p.T = T;
  const bool shuffle = p.variant == ref::LinUcbVariant::SdpAmp || p.variant == ref::LinUcbVariant::SdpVec;
  p.B = alg.batch.value_or(shuffle ? 20 : 1);
  p.eps = eps;
  p.delta = alg.delta.value_or(Rational(1, 10));
  p.vec_scale = alg.vec_scale;
  p.users = ref::parse_user_model(alg.users, "simulate");
  p.m0 = alg.m0;
  return p;
}

// `setup`: the (algorithm, ε)'s configuration prepared once for every run (theorem profile), or null (paper-code:
// the width depends on each run's instance).
fast::Trajectory run_linear_learner(const AlgorithmConfig& alg, const Rational& eps, std::uint64_t T,
                                    const ref::RewardTape& tape, const ref::LinearInstance& inst, bool paper_code,
                                    NoiseSource noise, const fast::LinUcbSetup* setup) {
  fast::LinUcbOptions o;
  o.base.record_actions = true;
  o.record_updates = false;
  if (setup) return std::move(fast::shuffle_private_linucb(*setup, inst, tape, noise, o).base);
  const ref::LinUcbParams p = linear_params(alg, eps, T, paper_code);
  return std::move(fast::shuffle_private_linucb(p, inst, tape, noise, o).base);
}

fast::Trajectory run_learner(const AlgorithmConfig& alg, const Rational& eps, std::uint64_t T,
                             const ref::RewardTape& tape, const fast::BatchAggregator* aggregator, NoiseSource noise) {
  fast::LearnerOptions options;
  options.record_actions = true;
  options.record_releases = alg.returning_batches.has_value();  // simulate's placement of returning users
  const std::uint64_t K = tape.arms();
  const std::string& l = alg.learner;
  if (aggregator) {
    fast::BatchedSuccessiveEliminationParams p;
    p.K = K;
    p.T = T;
    if (alg.eta) p.eta = *alg.eta;
    p.p = alg.p;
    return fast::batched_successive_elimination(p, tape, *aggregator, noise, options);
  }
  if (l == "dp-se") {
    fast::DpSuccessiveEliminationParams p;
    p.K = K;
    p.T = T;
    p.eps = eps;
    p.beta = alg.beta;
    p.noise = alg.dp_se_noise == "float" ? fast::DpSeNoise::ContinuousLaplaceFloat : fast::DpSeNoise::ExactDiscrete;
    return fast::dp_successive_elimination(p, tape, noise, options);
  }
  if (l == "anytime-lazy-ucb") return fast::anytime_lazy_ucb({K, T, eps, 1}, tape, noise, options);
  if (l == "hybrid-ucb")
    return fast::hybrid_ucb(
        {K, T, eps, 1, alg.tree_scale == "paper" ? fast::TreeScale::Paper : fast::TreeScale::LevelsPlusOne}, tape,
        noise, options);
  if (l == "ucb") return fast::ucb({K, T}, tape, options);
  if (l == "ftnl" || l == "naive-ftnl") {
    fast::FtnlParams p;
    p.K = K;
    p.T = T;
    p.eps = eps;
    if (alg.noise_multiplier) p.noise_multiplier = *alg.noise_multiplier;
    if (alg.initial_action) p.initial_action = *alg.initial_action;
    return l == "ftnl" ? fast::ftnl(p, tape, noise, options) : fast::naive_ftnl(p, tape, noise, options);
  }
  throw_parameter_error("simulate", "learner", "a simulation learner", l);
}

// Cumulative regret at the grid rounds.
std::vector<double> regret_curve(const fast::Trajectory& tr, const ref::RewardTape& tape,
                                 const std::vector<double>& gaps, std::uint32_t best, bool realized, bool full_info,
                                 const std::vector<std::uint64_t>& grid) {
  std::vector<double> out;
  out.reserve(grid.size());
  std::size_t g = 0;
  if (!realized) {
    double cum = 0;
    for (std::uint64_t t = 1; t <= tr.actions.size() && g < grid.size(); ++t) {
      cum += gaps[tr.actions[t - 1]];
      if (t == grid[g]) out.push_back(cum), ++g;
    }
  } else {
    std::vector<std::uint64_t> pulls(tape.arms(), 0);
    std::int64_t cum = 0;  // in units of 1/G: exact
    const double G = static_cast<double>(tape.grid());
    for (std::uint64_t t = 1; t <= tr.actions.size() && g < grid.size(); ++t) {
      const std::uint32_t a = tr.actions[t - 1];
      const std::int32_t got = full_info ? tape.units(a, t - 1) : tape.units(a, pulls[a]);
      ++pulls[a];
      cum += tape.units(best, t - 1) - got;
      if (t == grid[g]) out.push_back(static_cast<double>(cum) / G), ++g;
    }
  }
  if (out.size() != grid.size()) throw std::logic_error("simulate: a learner stopped before the horizon");
  return out;
}

[[noreturn]] void option_error(const std::string& name, const std::string& condition, const std::string& value) {
  throw_parameter_error("simulate", name, condition, value);
}

// Issue 14 class 4 (docs/reliability.md "Limits"): a worker thread holds its run's reward tape, a K × T table of
// int32 (two of them while the tape is extended) and the learner's T actions (uint32): about (8K + 8)·T bytes,
// which at T = 2^34 is hundreds of GiB (it used to end in bad_alloc after the run had started). The threads of
// this process together must stay within kMemoryBudget (below 4 GiB with the rest of the process).
constexpr std::uint64_t kMemoryBudget = std::uint64_t{3} << 30;

std::uint64_t arms_of(const ExperimentConfig& c) {
  return c.environment.kind.rfind("seed002", 0) == 0 ? 5 : c.environment.arms;
}

// Bytes one worker thread needs for a run of `c` (see above).
std::uint64_t bytes_per_thread(const ExperimentConfig& c) {
  const std::uint64_t T = c.horizon, K = arms_of(c);
  return (8 * K + 8) * T;
}

// The data file of a letor experiment; a refusal of its content ("read_letor: parameter 'line 7' must be ...") names
// the option that gave the file: "simulate: parameter '--data' must be a LETOR file (line 7: ...), got ...".
fast::LetorData read_letor_data(const std::filesystem::path& path) {
  try {
    return fast::read_letor(path);
  } catch (const ParameterError& e) {
    const std::string what = e.what();
    const std::string prefix = "read_letor: parameter '";
    const auto must = what.find("' must be ");
    const auto got = what.rfind(", got ");
    if (what.rfind(prefix, 0) != 0 || must == std::string::npos || got == std::string::npos || got < must) throw;
    const std::string where = what.substr(prefix.size(), must - prefix.size());
    const std::string condition = what.substr(must + 10, got - must - 10);
    throw ParameterError("simulate: parameter 'data' must be a LETOR file (" + where + ": " + condition + "), got " +
                         what.substr(got + 6));
  }
}

}  // namespace

unsigned threads_within_memory(const ExperimentConfig& c, unsigned wanted) {
  const std::uint64_t fit = std::max<std::uint64_t>(1, kMemoryBudget / std::max<std::uint64_t>(1, bytes_per_thread(c)));
  return static_cast<unsigned>(std::min<std::uint64_t>(wanted, fit));
}

std::vector<std::uint64_t> linear_grid(std::uint64_t T, std::uint32_t points) {
  std::vector<std::uint64_t> g{1};
  for (std::uint64_t k = 1; k < points; ++k) {
    const std::uint64_t t = (T * k + points - 2) / (points - 1);
    if (t > g.back()) g.push_back(t);
  }
  return g;
}

std::vector<std::uint64_t> log_grid(std::uint64_t T, std::uint32_t points) {
  std::vector<std::uint64_t> g{1};
  const double L = std::log(static_cast<double>(T));
  for (std::uint32_t k = 1; k + 1 < points; ++k) {
    const auto t = static_cast<std::uint64_t>(std::llround(std::exp(L * k / (points - 1))));
    if (t > g.back() && t < T) g.push_back(t);
  }
  if (T > 1) g.push_back(T);
  return g;
}

std::pair<double, double> mean_and_se(const std::vector<double>& x) {
  if (x.empty()) return {0, 0};
  double m = 0;
  for (double v : x) m += v;
  m /= static_cast<double>(x.size());
  if (x.size() < 2) return {m, 0};
  double ss = 0;
  for (double v : x) ss += (v - m) * (v - m);
  return {m, std::sqrt(ss / static_cast<double>(x.size() - 1)) / std::sqrt(static_cast<double>(x.size()))};
}

std::vector<double> SimulationResult::final_regret(std::size_t algorithm, std::size_t eps) const {
  std::vector<double> out;
  for (const auto& run : cell(algorithm, eps).per_run) out.push_back(run.back());
  return out;
}

std::size_t SimulationResult::algorithm_index(const std::string& label) const {
  for (std::size_t i = 0; i < config.algorithms.size(); ++i)
    if (config.algorithms[i].label == label) return i;
  throw std::out_of_range("simulation result: no algorithm '" + label + "' in " + config.name);
}

std::size_t SimulationResult::eps_index(const Rational& eps) const {
  for (std::size_t j = 0; j < config.epsilons.size(); ++j)
    if (config.epsilons[j] == eps) return j;
  throw std::out_of_range("simulation result: no eps " + to_string(eps) + " in " + config.name);
}

ExperimentConfig effective_config(const ExperimentConfig& config, const SimulationOptions& o) {
  ExperimentConfig c = config;
  if (o.horizon) {
    if (*o.horizon < 1 || *o.horizon > (std::uint64_t{1} << 34))
      option_error("horizon", "in [1, 2^34]", std::to_string(*o.horizon));
    c.horizon = *o.horizon;
  }
  if (o.runs) {
    if (*o.runs < 1 || *o.runs > 100000) option_error("runs", "in [1, 100000]", std::to_string(*o.runs));
    c.runs = *o.runs;
  }
  if (o.seed) c.seed = *o.seed;
  if (o.realized) c.realized = *o.realized;
  if (o.arms) {
    if (c.environment.kind.rfind("seed002", 0) == 0)
      option_error("arms", "absent for the seed-002 settings (K = 5)", std::to_string(*o.arms));
    if (*o.arms < 2 || *o.arms > 1000) option_error("arms", "in [2, 1000]", std::to_string(*o.arms));
    c.environment.arms = *o.arms;
    for (const auto& a : c.algorithms)
      if (a.initial_action && *a.initial_action >= *o.arms)
        option_error("arms", "larger than every initial_action", std::to_string(*o.arms));
  }
  if (o.data) {
    if (c.environment.kind != "letor") option_error("data", "used only with a letor experiment", *o.data);
    c.environment.data = *o.data;
  }
  if (o.epsilons) {
    if (o.epsilons->empty()) option_error("eps", "at least one value", "none");
    for (const auto& e : *o.epsilons)
      if (e <= 0 || e > 1000) option_error("eps", "in (0, 1000]", to_string(e));
    c.epsilons = *o.epsilons;
  }
  if (o.returning_batches || o.route || o.delta) {
    if (!o.returning_batches)
      option_error(o.route ? "--route" : "--delta", "given with --returning-batches B (returning users)",
                   o.route ? *o.route : to_string(*o.delta));
    if (!o.route) option_error("--returning-batches", "given with --route approx|rdp|pure", std::to_string(*o.returning_batches));
    if (*o.returning_batches < 1 || *o.returning_batches > (std::uint64_t{1} << 40))
      option_error("--returning-batches", "in [1, 2^40]", std::to_string(*o.returning_batches));
    const ref::ReturningRoute route = ref::parse_returning_route(*o.route, "simulate");
    if ((route == ref::ReturningRoute::Pure) == o.delta.has_value())
      option_error("--delta", route == ref::ReturningRoute::Pure ? "absent on --route pure" : "given with --route approx|rdp",
                   o.delta ? to_string(*o.delta) : std::string("nothing"));
    for (auto& a : c.algorithms) {
      const auto variant = protocol_learner_variant(a.learner);
      if (!variant)
        option_error("--returning-batches",
                     "absent for an experiment with learner " + a.learner + " (returning users: seed 000's protocol SE learners)",
                     std::to_string(*o.returning_batches));
      if (!ref::returning_route_applies(*variant, route))
        option_error("--route", "a route of every algorithm (" + a.learner + " has approx" +
                                    (ref::returning_route_applies(*variant, ref::ReturningRoute::Rdp) ? ", rdp" : ", pure") + ")",
                     *o.route);
      a.returning_batches = *o.returning_batches;
      a.route = *o.route;
      a.delta = o.delta;
    }
  }
  if (o.threads > 256) option_error("threads", "in [0, 256]", std::to_string(o.threads));
  if (c.algorithms.size() > 512) option_error("algorithms", "at most 512", std::to_string(c.algorithms.size()));
  if (c.epsilons.size() > 1024) option_error("eps", "at most 1024 values", std::to_string(c.epsilons.size()));
  if (c.environment.kind == "letor" && !std::filesystem::is_regular_file(resolve_data_path(c.environment.data)))
    option_error("data", "a readable LETOR file", c.environment.data);
  // Memory (above): refused before anything runs. One thread must fit; --threads given must fit as asked (without
  // it, simulate() runs as many threads as fit).
  const std::uint64_t per_thread = bytes_per_thread(c);
  const std::uint64_t max_T = kMemoryBudget / (8 * arms_of(c) + 8);
  if (per_thread > kMemoryBudget)
    option_error("--horizon", "at most " + std::to_string(max_T) + " for K = " + std::to_string(arms_of(c)) +
                                  " arms (memory grows as (8K + 8)·T bytes per thread; 3 GiB in all)",
                 std::to_string(c.horizon));
  if (o.threads > 0) {
    const std::uint64_t used = std::min<std::uint64_t>(o.threads, c.runs);
    if (used * per_thread > kMemoryBudget)
      option_error("--threads", "at most " + std::to_string(kMemoryBudget / per_thread) + " at T = " +
                                    std::to_string(c.horizon) + ", K = " + std::to_string(arms_of(c)) +
                                    " (each thread holds (8K + 8)·T bytes; 3 GiB in all)",
                   std::to_string(o.threads));
  }
  return c;
}

namespace {

// The runs of one rank, as exact text (doubles by their bits), for the exchange between ranks.
std::string encode_runs(const SimulationResult& result, const std::vector<std::uint32_t>& runs,
                        const std::vector<std::uint64_t>& drawn) {
  std::ostringstream out;
  out << runs.size() << "\n";
  for (const std::uint32_t r : runs) {
    out << r << " " << result.best_arm[r] << " " << drawn[r] << " " << result.instance_means[r].size();
    for (const auto& m : result.instance_means[r]) out << " " << m;
    out << "\n";
    for (const auto& cell : result.cells) {
      out << cell.reruns[r] << " " << cell.per_run[r].size();
      for (const double v : cell.per_run[r]) out << " " << std::bit_cast<std::uint64_t>(v);
      out << "\n";
    }
  }
  return out.str();
}

void decode_runs(const std::string& text, SimulationResult& result, std::vector<std::uint64_t>& drawn) {
  std::istringstream in(text);
  std::size_t count = 0;
  in >> count;
  for (std::size_t k = 0; k < count && in; ++k) {
    std::uint32_t r = 0;
    std::size_t means = 0;
    in >> r;
    if (!in || r >= result.best_arm.size()) break;
    in >> result.best_arm[r] >> drawn[r] >> means;
    result.instance_means[r].assign(means, std::string());
    for (auto& m : result.instance_means[r]) in >> m;
    for (auto& cell : result.cells) {
      std::size_t points = 0;
      in >> cell.reruns[r] >> points;
      cell.per_run[r].assign(points, 0.0);
      for (auto& v : cell.per_run[r]) {
        std::uint64_t bits = 0;
        in >> bits;
        v = std::bit_cast<double>(bits);
      }
    }
  }
  if (!in) throw std::runtime_error("simulate: malformed exchange of runs between ranks");
}

}  // namespace

SimulationResult simulate(const ExperimentConfig& input, const SimulationOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  SimulationResult result;
  result.config = effective_config(input, options);
  const ExperimentConfig& c = result.config;
  const std::uint64_t T = c.horizon;
  const std::size_t A = c.algorithms.size(), E = c.epsilons.size();
  result.grid = c.x_axis == "linear" ? linear_grid(T, c.grid_points) : log_grid(T, c.grid_points);

  // The environment shared by the runs.
  std::optional<ref::DatasetInstance> dataset;
  std::optional<ref::BanditInstance> fixed;
  const std::string& kind = c.environment.kind;
  if (kind == "letor") {
    const auto path = resolve_data_path(c.environment.data);
    const fast::LetorData data = read_letor_data(path);
    const fast::KMeansResult km =
        fast::kmeans(data, c.environment.arms, c.environment.kmeans_seed, c.environment.kmeans_sample);
    dataset.emplace(fast::dataset_instance(data, km));
    nlohmann::json counts = nlohmann::json::array();
    for (std::uint32_t a = 0; a < dataset->arms(); ++a)
      counts.push_back(std::vector<std::uint64_t>(dataset->counts(a).begin(), dataset->counts(a).end()));
    result.environment = {{"data", path.string()},
                          {"rows", data.rows()},
                          {"queries", data.queries},
                          {"features", data.dim},
                          {"kmeans_iterations", km.iterations},
                          {"kmeans_converged", km.converged},
                          {"label_counts_per_arm", counts}};
  } else if (kind.rfind("seed002-setting", 0) == 0) {
    fixed.emplace(ref::seed002_instance(kind.back() - '0'));
  }
  result.environment["kind"] = kind;

  const std::uint64_t units_total = static_cast<std::uint64_t>(c.runs) * A * E;
  result.cells.resize(A * E);
  for (std::size_t i = 0; i < A; ++i)
    for (std::size_t j = 0; j < E; ++j) {
      auto& cell = result.cells[i * E + j];
      cell.algorithm = c.algorithms[i].label;
      cell.eps = c.epsilons[j];
      cell.per_run.resize(c.runs);
      cell.reruns.assign(c.runs, 0);
    }
  result.instance_means.resize(c.runs);
  result.best_arm.resize(c.runs);
  // Returning users: calibrated once per (algorithm, ε) before anything runs (a refusal writes nothing).
  for (std::size_t i = 0; i < A; ++i) {
    const AlgorithmConfig& alg = c.algorithms[i];
    if (!alg.returning_batches) continue;
    const std::string f = "algorithms[" + std::to_string(i) + "].";
    const bool cli = options.returning_batches.has_value();
    for (std::size_t j = 0; j < E; ++j)
      result.cells[i * E + j].returning =
          returning_cell(alg, c.epsilons[j], T, c.runs, cli ? "--returning-batches" : f + "returning_batches",
                         cli ? "--route" : f + "route", cli ? "--delta" : f + "delta",
                         options.epsilons ? "--eps" : "epsilons[" + std::to_string(j) + "]",
                         cli && !options.epsilons);
  }
  std::vector<Rational> run_eps(A * E);  // the ε each cell's aggregator is calibrated at
  for (std::size_t i = 0; i < A; ++i)
    for (std::size_t j = 0; j < E; ++j) {
      const auto& cell = result.cells[i * E + j];
      run_eps[i * E + j] = cell.returning ? cell.returning->eps_batch : c.epsilons[j];
    }
  // Seed 000's protocol learners calibrate each batch size when a run first reaches it: every batch a run without
  // eliminations reaches is calibrated here, before any run (crosscheck's code, validate_protocol_batches), so that
  // a noise no sampler takes is refused in a second naming the ε given, not after minutes of runs.
  for (std::size_t i = 0; i < A; ++i) {
    const AlgorithmConfig& alg = c.algorithms[i];
    const auto variant = protocol_variant(alg.learner);
    if (!variant) continue;
    const std::string f = "algorithms[" + std::to_string(i) + "].";
    for (std::size_t j = 0; j < E; ++j) {
      const auto& ret = result.cells[i * E + j].returning;
      ProtocolBatchNames names;
      names.command = "simulate";
      // A batch's noise is calibrated at the ε the run uses (with returning users, the per-batch ε of the total):
      // a refusal names the ε given (option or field), and says at which per-batch ε the batch was calibrated.
      names.name = options.epsilons ? "--eps" : "epsilons[" + std::to_string(j) + "]";
      names.value = to_string(c.epsilons[j]);
      if (ret)
        names.at = " at its per-batch eps " + to_string(ret->eps_batch) + " over " + std::to_string(ret->B) +
                   " batches";
      if (ret && options.returning_batches && !options.epsilons) {  // only B given: B made the per-batch ε small
        names.name = "--returning-batches";
        names.value = std::to_string(ret->B);
        names.at = " (the per-batch eps " + to_string(ret->eps_batch) + " of epsilons[" + std::to_string(j) +
                   "] = " + to_string(c.epsilons[j]) + ")";
      }
      names.horizon = options.horizon ? "--horizon" : "the horizon";
      validate_protocol_batches(aggregator_params(alg, *variant, run_eps[i * E + j], T),
                                alg.eta.value_or(fast::BatchedSuccessiveEliminationParams{}.eta), T,
                                static_cast<std::uint32_t>(arms_of(c)), false,
                                names);
    }
  }

  // Seed 001's learners: the noise each (algorithm, ε) builds at the start of a run, checked before any run
  // (crosscheck's and simulate --learner's check_linear_noise), named by the ε given. In the theorem profile the
  // configuration does not depend on the run's instance (§6.1's arms have norm <= 1, the bound it is built with): it is
  // kept, with its protocols, for every run (configuring costs O(M) certified β's: at B = 1, T = 2^20 about 4 s).
  std::vector<std::unique_ptr<const fast::LinUcbSetup>> linear_setups(A * E);
  if (is_seed001_environment(kind))
    for (std::size_t i = 0; i < A; ++i) {
      const AlgorithmConfig& alg = c.algorithms[i];
      if (!ref::parse_linucb_variant(alg.learner)) continue;
      const bool code = kind == "seed001-code";
      for (std::size_t j = 0; j < E; ++j) {
        const ref::LinUcbParams p = linear_params(alg, c.epsilons[j], T, code);
        const std::string f = "algorithms[" + std::to_string(i) + "]";
        const std::string eps_name = options.epsilons ? "--eps" : "epsilons[" + std::to_string(j) + "]";
        const ref::LinUcbConfig cfg = [&] {
          try {
            return ref::configure_linucb(p, c.environment.d, c.environment.arms, 16, Rational(code ? 2 : 1));
          } catch (const ParameterError& e) {
            // configure_linucb names its own parameters (B, T, eps, delta, ...): the command line renamed B to
            // --batch, an option no experiment takes (issue 14; `simulate --experiment 001-fig1 --horizon 1` said
            // "parameter '--batch' must be in [1, T = 1], got 20 (its default: --batch not given)"). Named here by
            // the user's option or the config's field.
            ParameterErrorParts inner;
            if (!parse_parameter_error(e.what(), inner)) throw;
            const std::string horizon = options.horizon ? "--horizon" : "horizon";
            if (inner.name == "B")
              throw_parameter_error("simulate", horizon,
                                    "at least " + alg.label + "'s batch size B = " + std::to_string(p.B) + " (" + f +
                                        ".batch" + (alg.batch ? "" : ", its default") + ")",
                                    std::to_string(T));
            if (inner.name == "T") throw_parameter_error("simulate", horizon, inner.condition, std::to_string(T));
            if (inner.name == "eps")
              throw_parameter_error("simulate", eps_name, inner.condition, to_string(c.epsilons[j]));
            if (inner.name == "delta" || inner.name == "vec-scale" || inner.name == "m0" || inner.name == "users")
              throw_parameter_error("simulate", f + "." + (inner.name == "vec-scale" ? "vec_scale" : inner.name),
                                    inner.condition, inner.value);
            throw_parameter_error("simulate", f,
                                  "a seed 001 setting its learner accepts (" + parameter_error_reason(e.what()) + ")",
                                  alg.learner);
          }
        }();
        LinearNoiseNames names;
        names.command = "simulate";
        names.name = eps_name;
        names.value = to_string(c.epsilons[j]);
        names.at = " at delta " + to_string(p.delta) + " (" + alg.label + ")";
        check_linear_noise(cfg, p, names);
        if (!code) linear_setups[i * E + j] = std::make_unique<const fast::LinUcbSetup>(cfg);
      }
    }

  // This process's runs (all of them, unless dpbandit-mpi spreads them over ranks: docs/cluster.md). Each run draws
  // from its own streams (kRunStride·r + …), so where it runs does not change what it computes.
  std::vector<std::uint32_t> my_runs;
  for (std::uint32_t r = 0; r < c.runs; ++r)
    if (cluster::is_mine(r)) my_runs.push_back(r);
  unsigned threads = options.threads ? options.threads : threads_within_memory(c, cluster::default_threads());
  threads = static_cast<unsigned>(std::max<std::uint64_t>(1, std::min<std::uint64_t>(threads, my_runs.size())));
  result.threads = threads;
  std::vector<std::uint64_t> drawn_per_run(c.runs, 0);
  std::atomic<std::size_t> next_mine{0};
  std::atomic<std::uint64_t> done{0};
  std::mutex progress_mutex;

  auto worker = [&](const std::atomic<bool>& failed) {
    // Per-thread aggregators (their calibration caches are per object and serialize batches with a mutex).
    std::map<std::size_t, std::unique_ptr<fast::BatchAggregator>> aggregators;
    for (std::size_t m = next_mine++; m < my_runs.size() && !failed; m = next_mine++) {
      poll_cancellation();
      const std::uint32_t r = my_runs[m];
      const std::uint64_t base = kRunStride * r;
      Instance inst;
      if (dataset) {
        inst.dataset = &*dataset;
      } else if (fixed) {
        inst.bandit = *fixed;
      } else if (is_seed001_environment(kind)) {
        ChaCha20Source bits(c.seed, base);
        inst.linear = kind == "seed001-code" ? ref::seed001_code_instance(c.environment.d, c.environment.arms, 16, bits)
                                             : ref::seed001_instance(c.environment.d, c.environment.arms, 16, bits);
        inst.bandit = inst.linear->bandit();
      } else {
        ChaCha20Source bits(c.seed, base);
        inst.bandit =
            ref::seed000_instance(kind == "seed000-easy" ? ref::Seed000Difficulty::Easy : ref::Seed000Difficulty::Hard,
                                  c.environment.arms, bits);
      }
      const std::vector<Rational>& means = inst.means();
      const std::uint32_t K = inst.arms();
      std::uint32_t best = 0;
      for (std::uint32_t a = 1; a < K; ++a)
        if (means[a] > means[best]) best = a;
      std::vector<double> gaps(K);
      for (std::uint32_t a = 0; a < K; ++a) gaps[a] = Rational(means[best] - means[a]).convert_to<double>();
      for (const auto& m : means) result.instance_means[r].push_back(to_string(m));
      result.best_arm[r] = best;

      PrefixTape tape(inst, T, c.seed, base + 2);
      const std::uint64_t initial = std::max<std::uint64_t>(4096, 2 * T / K);
      for (std::uint32_t a = 0; a < K; ++a) tape.ensure(a, initial);
      if (c.realized) tape.ensure(best, T);
      for (std::size_t i = 0; i < A; ++i) {
        const AlgorithmConfig& alg = c.algorithms[i];
        // Full rows: full-information learners, and the paper-code linear learners (every arm drawn every round).
        const bool full = full_information(alg.learner) || kind == "seed001-code";
        if (full)
          for (std::uint32_t a = 0; a < K; ++a) tape.ensure(a, T);
        for (std::size_t j = 0; j < E; ++j) {
          const std::size_t key = i * E + j;
          const bool se_family = alg.learner == "se" || protocol_variant(alg.learner).has_value();
          if (se_family && !aggregators.count(key)) aggregators.emplace(key, make_aggregator(alg, run_eps[key], T));
          const fast::BatchAggregator* aggregator = se_family ? aggregators.at(key).get() : nullptr;
          for (;;) {
            const ref::RewardTape& current = tape.tape();
            ChaCha20Source noise_bits(c.seed, base + kNoiseOffset + 1024 * i + j);
            const fast::Trajectory tr =
                inst.linear ? run_linear_learner(alg, c.epsilons[j], T, current, *inst.linear, kind == "seed001-code",
                                                 NoiseSource(noise_bits), linear_setups[key].get())
                            : run_learner(alg, c.epsilons[j], T, current, aggregator, NoiseSource(noise_bits));
            bool extended = false;
            for (std::uint32_t a = 0; a < K; ++a)
              if (tr.pulls[a] > tape.filled(a))
                extended = tape.ensure(a, std::max(2 * tape.filled(a), tr.pulls[a] + tr.pulls[a] / 4)) || extended;
            if (extended) {
              ++result.cells[key].reruns[r];
              continue;
            }
            result.cells[key].per_run[r] = regret_curve(tr, current, gaps, best, c.realized, full, result.grid);
            if (auto& ret = result.cells[key].returning) {  // the placement of users, audited (returning_se.hpp)
              const auto spans = ref::batch_spans(std::span<const fast::Release>(tr.releases));
              const auto users = ref::place_returning_users(T, spans, ret->B);
              const ref::PlacementReport rep = ref::check_placement(users, spans);
              ret->max_batches_per_user[r] = rep.max_batches_per_user;
              if (!rep.first_problem.empty() || rep.max_batches_per_user > ret->B)
                ret->placement_problem[r] = rep.first_problem.empty() ? "a user in more than B batches" : rep.first_problem;
            }
            break;
          }
          const std::uint64_t d = ++done;
          if (options.progress) {
            const std::lock_guard<std::mutex> lock(progress_mutex);
            options.progress(d, units_total);
          }
        }
      }
      drawn_per_run[r] = tape.drawn();
    }
  };
  const bool distributed = cluster::world().size() > 1;  // (inside the share the world is one process)
  const auto payloads = cluster::exchange([&]() {
    cluster::run_workers(threads, worker);
    return distributed ? encode_runs(result, my_runs, drawn_per_run) : std::string();
  });
  if (distributed)
    for (std::size_t rank = 0; rank < payloads.size(); ++rank)
      if (static_cast<int>(rank) != cluster::world().rank()) decode_runs(payloads[rank], result, drawn_per_run);

  for (auto& cell : result.cells) {
    cell.mean.resize(result.grid.size());
    cell.se.resize(result.grid.size());
    for (std::size_t g = 0; g < result.grid.size(); ++g) {
      std::vector<double> x;
      for (const auto& run : cell.per_run) x.push_back(run[g]);
      std::tie(cell.mean[g], cell.se[g]) = mean_and_se(x);
    }
  }
  result.reward_entries = 0;  // every rank's runs
  for (const std::uint64_t d : drawn_per_run) result.reward_entries += d;
  result.reruns = 0;  // every rank's runs
  for (const auto& cell : result.cells)
    for (const std::uint64_t n : cell.reruns) result.reruns += n;
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace dpb::verify::experiments
