// Seed 001's private learners and the noise divisor k of each one's leaky twin (σ̄/k, σ_node/k, or ⌈b/k⌉ noise
// bits for P_Vec), shared by the audit targets' and the whole-output claims' statistical tests, so both test the
// same twins.
#pragma once

#include <gtest/gtest.h>

#include <string>

namespace dpb::test {

struct Seed001Twin {
  const char* name;
  long divisor;
};

inline auto seed001_learner_twins() {
  return ::testing::Values(Seed001Twin{"linucb-sdp-amp", 1024}, Seed001Twin{"linucb-sdp-vec", 1000000000},
                           Seed001Twin{"linucb-ldp", 1024}, Seed001Twin{"linucb-jdp", 1024});
}

// A test-name suffix: the learner's name with '-' as '_'.
inline std::string seed001_twin_name(const ::testing::TestParamInfo<Seed001Twin>& info) {
  std::string s = info.param.name;
  for (char& ch : s)
    if (ch == '-') ch = '_';
  return s;
}

}  // namespace dpb::test
