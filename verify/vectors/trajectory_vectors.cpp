#include "verify/vectors/trajectory_vectors.hpp"

#include <algorithm>
#include <stdexcept>

#include "optimized/environments/reward_tape.hpp"
#include "reference/core/errors.hpp"
#include "reference/environments/bandit_instance.hpp"
#include "reference/environments/reward_tape.hpp"
#include "verify/crosscheck/learners_crosscheck.hpp"
#include "verify/learner_checks/learner_run.hpp"

namespace dpb::verify::vectors {

namespace {

constexpr std::uint64_t kTrajectorySeed = 20261121;
// Tape streams kTapeStream + a (arm a), noise stream kNoiseStream: apart from the other categories' streams.
constexpr std::uint64_t kTapeStream = 3000;
constexpr std::uint64_t kNoiseStream = 2999;

struct InstanceSpec {
  std::string name;
  std::string law;  // "bernoulli" | "gaussian"
  std::vector<std::string> means;
  std::string sigma;  // gaussian only
  std::int64_t grid = 1;
};

const std::vector<InstanceSpec>& instance_specs() {
  static const std::vector<InstanceSpec> specs = {
      {"bern3", "bernoulli", {"3/4", "1/2", "1/4"}, "", 1},
      {"bern3-wide", "bernoulli", {"9/10", "1/2", "1/10"}, "", 1},
      {"gauss3", "gaussian", {"7/10", "1/2", "3/10"}, "1/10", 1000},
      {"bern2-wide", "bernoulli", {"9/10", "1/10"}, "", 1},
  };
  return specs;
}

const InstanceSpec& spec_of(const std::string& name) {
  for (const auto& s : instance_specs())
    if (s.name == name) return s;
  throw std::invalid_argument("trajectory vectors: unknown instance '" + name + "'");
}

ref::BanditInstance make_instance(const InstanceSpec& s) {
  std::vector<Rational> means;
  for (const auto& m : s.means) means.push_back(parse_rational(m, "trajectory vectors", "mean"));
  if (s.law == "bernoulli") return ref::BanditInstance::bernoulli(means);
  return ref::BanditInstance::clipped_gaussian(means, parse_rational(s.sigma, "trajectory vectors", "sigma"),
                                               Integer(s.grid));
}

Record trajectory_record(const TrajectoryCase& c, Impl impl) {
  const InstanceSpec& spec = spec_of(c.instance);
  const ref::BanditInstance instance = make_instance(spec);
  const ref::RewardTape tape = impl == Impl::reference
                                   ? ref::make_reward_tape(instance, c.horizon, kTrajectorySeed, kTapeStream)
                                   : fast::make_reward_tape(instance, c.horizon, kTrajectorySeed, kTapeStream);
  const Rational eps = parse_rational(c.eps, "trajectory vectors", "eps");
  const learner_checks::LearnerRun run = learner_checks::registry_run(c.learner, eps, impl == Impl::optimized)(
      tape, c.horizon, kTrajectorySeed, kNoiseStream);

  Json body;
  body["learner"] = c.learner;
  body["eps"] = c.eps;
  body["K"] = tape.arms();
  body["T"] = c.horizon;
  Json inst;
  inst["law"] = spec.law;
  inst["grid"] = spec.grid;
  inst["means"] = spec.means;
  if (!spec.sigma.empty()) inst["sigma"] = spec.sigma;
  body["instance"] = inst;
  Json tape_json;
  tape_json["seed"] = kTrajectorySeed;
  tape_json["first_stream"] = kTapeStream;
  Json units = Json::array();
  for (std::uint32_t a = 0; a < tape.arms(); ++a) {
    const auto row = tape.row(a);
    units.push_back(Json(std::vector<std::int32_t>(row.begin(), row.end())));
  }
  tape_json["units"] = units;
  body["tape"] = tape_json;
  body["noise"] = Json{{"seed", kTrajectorySeed}, {"stream", kNoiseStream}};
  body["actions"] = run.actions;
  Json releases = Json::array();
  for (const auto& r : run.releases) {
    Json j;
    j["round"] = r.round;
    j["arm"] = r.arm;
    j["index"] = r.index;
    j["first"] = r.first;
    j["count"] = r.count;
    j["value"] = dpb::to_string(r.value);
    releases.push_back(j);
  }
  body["releases"] = releases;
  Json eliminations = Json::array();
  for (const auto& e : run.eliminations) {
    Json j;
    j["round"] = e.round;
    j["arm"] = e.arm;
    j["batch"] = e.batch;
    eliminations.push_back(j);
  }
  body["eliminations"] = eliminations;
  body["pulls"] = run.pulls;
  const Rational best = *std::max_element(tape.means().begin(), tape.means().end());
  Rational regret = 0;
  for (std::size_t a = 0; a < run.pulls.size(); ++a)
    regret += (best - tape.means()[a]) * Rational(Integer(run.pulls[a]));
  body["pseudo_regret"] = dpb::to_string(regret);
  return make_record("trajectory", c.learner + "/" + c.instance + "/T=" + std::to_string(c.horizon) + "/eps=" + c.eps,
                     body);
}

}  // namespace

std::vector<TrajectoryCase> trajectory_cases() {
  std::vector<TrajectoryCase> cases;
  // Every ready learner of the crosscheck registry on bern3 with T = 64 (K = 3).
  for (const auto& l : crosscheck_learners())
    if (!l.pending) cases.push_back({l.name, "bern3", 64, "1/2"});
  // Eliminations: the successive-elimination learners on a wide instance long enough to eliminate.
  for (const char* name : {"se", "central-dlap-se", "dist-dp-se", "dp-se"})
    cases.push_back({name, "bern3-wide", 600, "2"});
  // A reward grid G = 1000 (clipped Gaussian rewards).
  for (const char* name : {"anytime-lazy-ucb", "ftnl", "dist-dp-se"}) cases.push_back({name, "gauss3", 64, "1/2"});
  // DP-SE's first epoch takes R_1 ≈ 128·ln(16T) pulls per arm: K = 2 and T = 3000 reach its elimination.
  cases.push_back({"dp-se", "bern2-wide", 3000, "2"});
  return cases;
}

CategoryFile generate_trajectories(Impl impl) {
  CategoryFile file;
  file.category = "trajectories";
  file.records.push_back(header_record(file.category));
  for (const auto& c : trajectory_cases()) file.records.push_back(trajectory_record(c, impl));
  return file;
}

}  // namespace dpb::verify::vectors
