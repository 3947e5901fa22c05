#include "reference/environments/dataset_instance.hpp"

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"

namespace dpb::ref {

DatasetInstance::DatasetInstance(std::vector<LabelCounts> counts) : counts_(std::move(counts)) {
  constexpr const char* f = "DatasetInstance";
  if (counts_.empty()) throw_parameter_error(f, "counts", "at least one arm", "0 arms");
  for (std::size_t a = 0; a < counts_.size(); ++a) {
    LabelCounts C{};
    std::uint64_t total = 0;
    Integer weighted = 0;
    for (std::size_t l = 0; l < C.size(); ++l) {
      if (counts_[a][l] > (std::uint64_t{1} << 62) - total)
        throw_parameter_error(f, "counts[" + std::to_string(a) + "]", "at most 2^62 rows", "more");
      total += counts_[a][l];
      weighted += Integer(counts_[a][l]) * static_cast<unsigned>(l);
      C[l] = total;
    }
    if (total == 0) throw_parameter_error(f, "counts[" + std::to_string(a) + "]", "at least one row", "0 rows");
    cumulative_.push_back(C);
    means_.push_back(Rational(weighted, Integer(total) * kGrid));
  }
}

std::uint32_t DatasetInstance::best_arm() const {
  std::uint32_t best = 0;
  for (std::uint32_t a = 1; a < arms(); ++a)
    if (means_[a] > means_[best]) best = a;
  return best;
}

RewardTape make_dataset_reward_tape(const DatasetInstance& instance, std::uint64_t length, std::uint64_t seed,
                                    std::uint64_t first_stream) {
  if (length == 0) throw_parameter_error("make_dataset_reward_tape", "length", ">= 1", "0");
  if (length > (std::uint64_t{1} << 34))
    throw_parameter_error("make_dataset_reward_tape", "length", "<= 2^34", std::to_string(length));
  const std::uint32_t K = instance.arms();
  std::vector<std::int32_t> table(K * length);
  for (std::uint32_t a = 0; a < K; ++a) {
    ChaCha20Source bits(seed, first_stream + a);
    for (std::uint64_t n = 0; n < length; ++n) table[a * length + n] = instance.sample(a, bits);
  }
  return RewardTape(K, length, DatasetInstance::kGrid, instance.means(), std::move(table));
}

}  // namespace dpb::ref
