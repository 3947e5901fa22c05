// Claim 002.anytime (Hu, Huang & Mehta 2021, arXiv:2102.07929, Algorithm 1: "T is never
// used"; Algorithms 4 and 2 as read by dpbandit): the
// behaviour of Anytime-Lazy-UCB, Hybrid-UCB and FTNL (and naive FTNL) on rounds 1..t is the same for every horizon
// T >= t.
//
// What is checked: for each learner (both builds), environment and run, the learner is run on the same reward tape
// and the same noise stream with every horizon of the grid (the tape is as long as the largest). For every pair of
// horizons T < T′: the run with horizon T has exactly T actions, they equal the first T actions of the run with
// T′, and the releases made before round T (round < T) are identical, value for value (so the noise draws agree
// too). Releases at round T itself may differ: FTNL runs no Report-Noisy-Max when no round remains (Algorithm 2).
// The horizons include powers of two and their neighbours (epoch and array boundaries). Exact comparisons of
// deterministic runs: method certified on the grid.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "verify/claims/claim.hpp"
#include "verify/learner_checks/learner_run.hpp"

namespace dpb::verify::learner_checks {

struct AnytimeSubject {
  std::string name;
  RunFunction run;
};

struct AnytimeConfig {
  std::vector<AnytimeSubject> subjects;
  std::vector<std::string> environments;
  std::uint32_t arms = 5;
  std::vector<std::uint64_t> horizons;  // ascending
  std::uint32_t runs = 2;
  std::uint64_t seed = 20261121;
};

struct AnytimeRow {
  std::string subject;
  std::string environment;
  std::uint32_t run = 0;
  std::uint64_t pairs = 0;  // horizon pairs compared
  std::uint64_t actions_compared = 0;
  std::uint64_t releases_compared = 0;
  std::uint64_t differing_pairs = 0;
  std::string first_difference;  // "" when none
};

struct AnytimeResult {
  std::vector<AnytimeRow> rows;
  Verdict verdict = Verdict::inconclusive;
  std::uint64_t differing_pairs = 0;
};

// Learners anytime-lazy-ucb, hybrid-ucb, ftnl, naive-ftnl at ε = 1/2, both builds (reference only in quick for the
// UCB-type learners below T = 300, whose certified argmax is slower). Horizons: quick {1, 5, 63, 64, 65, 127, 128,
// 300, 1000, 1023, 1024, 1025, 2000}; full adds {4095, 4096, 4097, 10000, 16384, 20000} and more runs.
AnytimeConfig anytime_config(Suite suite, std::uint64_t seed);
AnytimeResult check_anytime(const AnytimeConfig& config);
nlohmann::json to_json(const AnytimeResult& r);

}  // namespace dpb::verify::learner_checks
