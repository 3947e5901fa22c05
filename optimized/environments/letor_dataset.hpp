// Loading a LETOR / MSLR-WEB10K file and clustering its feature vectors into K arms by k-means: the preprocessing
// that defines the dataset environment's arms (reference/environments/dataset_instance.hpp). Floating point is fine
// here: the clustering only decides which rows form an arm, which is data preprocessing, not a privacy-relevant
// decision, and the resulting instance (its label counts) is recorded with every run (docs/decisions.md § dataset
// environment).
//
// Choices (the paper states only "k-means with K = 50"): features standardized to zero mean and unit variance
// (constant features dropped to 0; MSLR's features range from 0/1 flags to counts in the millions, so raw k-means
// would cluster on a few features only); a missing feature is 0 (the LETOR sparse convention); k-means++ seeding
// with a ChaCha20 stream (seed given), Lloyd iterations on a deterministic sample of at most `sample` rows (every
// ⌈rows/sample⌉-th row) until no assignment changes (at most 100 iterations); then every row goes to its nearest
// centroid (ties: the lowest index). Deterministic for a given file, K, seed and sample on a given build.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "reference/bits/bit_source.hpp"
#include "reference/bits/uniform.hpp"
#include "reference/environments/dataset_instance.hpp"

namespace dpb::fast {

struct LetorData {
  std::vector<std::uint8_t> labels;  // per row
  std::uint32_t dim = 0;             // the largest feature index
  std::vector<float> features;       // rows × dim, row-major (feature i at column i − 1)
  std::uint64_t queries = 0;         // distinct query ids
  std::uint64_t rows() const { return labels.size(); }
};

// Memory (issue 14 class 4, docs/reliability.md "Limits"): while a file is read, its rows are held sparse (a label
// and an offset, 9 B per row; 6 B per feature value) and then dense (rows × largest feature index floats), and the
// clustering adds 4 B per row; each distinct query id about 64 B + its length. read_letor refuses a file (naming
// the line) as soon as this exceeds kLetorMaxBytes, so the data fits beside nothing else in the 3 GiB that
// `simulate` allows itself; the data is released before the runs start. MSLR-WEB10K (1.2 M rows × 136) needs
// about 1.7 GB.
inline constexpr std::uint64_t kLetorMaxBytes = std::uint64_t{3} << 30;
inline constexpr std::uint64_t kLetorBytesPerQuery = 64;
constexpr std::uint64_t letor_bytes(std::uint64_t rows, std::uint64_t values, std::uint64_t dim) {
  return 13 * rows + 6 * values + 4 * rows * dim;
}

// Reads a file in the LETOR format (ref::parse_letor_line: ParameterError with the line number on a malformed line;
// also when the file cannot be read or has no rows).
LetorData read_letor(const std::filesystem::path& file);
LetorData parse_letor(const std::string& text);  // the same from memory (tests)

struct KMeansResult {
  std::vector<std::uint32_t> assignment;  // per row
  std::vector<double> centroids;          // K × dim, standardized features
  std::uint32_t iterations = 0;
  bool converged = false;
};

// Throws ParameterError if K < 1 or K exceeds the number of rows in the sample.
KMeansResult kmeans(const LetorData& data, std::uint32_t K, std::uint64_t seed, std::uint32_t sample = 100000);

// The instance: arm a = the rows of cluster a (ParameterError naming 'arms' if a cluster ends up empty).
ref::DatasetInstance dataset_instance(const LetorData& data, const KMeansResult& clusters);

// Same law and same bits as ref::DatasetInstance::sample, on machine integers.
class DatasetSampler {
 public:
  DatasetSampler(const ref::DatasetInstance& instance, std::uint32_t arm);
  template <BitSource B>
  std::int32_t operator()(B& bits) const {
    const std::uint64_t u = uniform_below_u64(bits, C_.back());
    std::int32_t label = 0;
    while (C_[static_cast<std::size_t>(label)] <= u) ++label;
    return label;
  }

 private:
  ref::LabelCounts C_{};
};

ref::RewardTape make_dataset_reward_tape(const ref::DatasetInstance& instance, std::uint64_t length,
                                         std::uint64_t seed, std::uint64_t first_stream = 1);

}  // namespace dpb::fast
