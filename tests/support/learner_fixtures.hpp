// Test fixtures for the learners: reward tapes built from explicit tables or instances, and a few checks shared
// by the learner tests of both builds.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "optimized/environments/reward_tape.hpp"
#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/environments/bandit_instance.hpp"
#include "reference/environments/reward_tape.hpp"
#include "reference/learners/noise_source.hpp"

namespace dpb::test {

// A Bernoulli tape of `length` rewards per arm for the given means (exact, seeded).
inline ref::RewardTape bernoulli_tape(const std::vector<Rational>& means, std::uint64_t length,
                                      std::uint64_t seed = 7) {
  return fast::make_reward_tape(ref::BanditInstance::bernoulli(means), length, seed);
}

// A tape whose arm a always pays rewards[a] (in units of 1/grid).
inline ref::RewardTape constant_tape(const std::vector<std::int32_t>& rewards, std::uint64_t length,
                                     std::int64_t grid = 1) {
  std::vector<std::int32_t> table;
  std::vector<Rational> means;
  for (std::int32_t r : rewards) {
    table.insert(table.end(), length, r);
    means.push_back(Rational(r, grid));
  }
  return ref::RewardTape(static_cast<std::uint32_t>(rewards.size()), length, grid, means, table);
}

// Expects a ParameterError whose message names `parameter` (as "parameter 'NAME'").
template <class F>
void expect_parameter_error(F f, const std::string& parameter) {
  try {
    f();
    ADD_FAILURE() << "no ParameterError for parameter '" << parameter << "'";
  } catch (const ParameterError& e) {
    EXPECT_NE(std::string(e.what()).find("parameter '" + parameter + "'"), std::string::npos) << e.what();
  }
}

// Every round 1..T was played once: actions.size() == T == Σ pulls, and the pulls match the actions.
template <class Trajectory>
void expect_complete_run(const Trajectory& t, std::uint64_t T, std::uint32_t K) {
  ASSERT_EQ(t.actions.size(), T);
  std::vector<std::uint64_t> counted(K, 0);
  for (std::uint32_t a : t.actions) {
    ASSERT_LT(a, K);
    ++counted[a];
  }
  EXPECT_EQ(counted, t.pulls);
  EXPECT_EQ(t.horizon, T);
}

}  // namespace dpb::test
