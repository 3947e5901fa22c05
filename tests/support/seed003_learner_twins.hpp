// Seed 003's private learners whose leaky twin the whole-output view catches, and the noise divisor k of the twin
// (jdp-glm: both trees at σ/k), shared by the audit targets' and the whole-output claims' statistical tests, so both
// test the same twins (the pattern of seed001_learner_twins.hpp). shuffle-glm is not in the list: its twin (⌈b/k⌉
// noise bits in P₂ and P_GD) is NOT caught at the audited size — P_GD's randomized rounding of the other 68 users'
// gradients, not its noise bits, hides the changed user's gradient (docs/audit.md "Seed 003's learners").
#pragma once

#include <gtest/gtest.h>

#include <string>

namespace dpb::test {

struct Seed003Twin {
  const char* name;
  long divisor;
};

inline auto seed003_learner_twins() {
  return ::testing::Values(Seed003Twin{"jdp-glm", 100000});
}

// A test-name suffix: the learner's name with '-' as '_'.
inline std::string seed003_twin_name(const ::testing::TestParamInfo<Seed003Twin>& info) {
  std::string s = info.param.name;
  for (char& ch : s)
    if (ch == '-') ch = '_';
  return s;
}

}  // namespace dpb::test
