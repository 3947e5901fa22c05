#include "optimized/environments/letor_dataset.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <unordered_set>

#include "reference/bits/chacha20.hpp"
#include "reference/core/errors.hpp"
#include "reference/core/rational.hpp"
#include "reference/environments/letor.hpp"

namespace dpb::fast {

namespace {

LetorData parse_stream(std::istream& in) {
  LetorData out;
  std::unordered_set<std::string> queries;
  // The sparse rows, kept until the largest feature index (the dense width) is known: compact (index ≤ 4096 fits
  // 16 bits), 6 bytes per feature value and 8 per row.
  std::vector<std::uint16_t> sparse_index;
  std::vector<float> sparse_value;
  std::vector<std::uint64_t> row_end;
  std::string line;
  // Lines are bounded (docs/reliability.md): an MSLR-WEB10K line is about 1.5 KB; a file without newlines
  // (/dev/zero) is refused after 1 MiB instead of being read into memory.
  constexpr std::size_t kMaxLine = std::size_t{1} << 20;
  const auto next_line = [&in, &line]() {
    line.clear();
    std::streambuf* buf = in.rdbuf();
    bool any = false;
    for (int c = buf->sbumpc(); c != std::char_traits<char>::eof(); c = buf->sbumpc()) {
      any = true;
      if (c == '\n') return true;
      line.push_back(static_cast<char>(c));
      if (line.size() > kMaxLine) return true;  // cut here; refused below
    }
    return any;
  };
  std::uint64_t query_bytes = 0;
  for (std::uint64_t n = 1; next_line(); ++n) {
    if (line.size() > kMaxLine)
      throw_parameter_error("read_letor", "line " + std::to_string(n), "at most 1048576 bytes long",
                            "a longer line");
    const auto parsed = ref::parse_letor_line(line, n);
    if (!parsed) continue;
    for (const auto& f : parsed->features) {
      double v = 0;
      const auto r = std::from_chars(f.value.data(), f.value.data() + f.value.size(),
                                     v);  // validated by the parser; a leading '+' is not from_chars syntax
      if (r.ec != std::errc() || r.ptr != f.value.data() + f.value.size()) {
        // A leading '+' (not from_chars syntax) or a value out of double's range ("1e309", "1e-400"): read it
        // exactly; beyond 1e30 it is refused below, a tiny one becomes the nearest double (0).
        std::string_view text(f.value);
        if (!text.empty() && text[0] == '+') text.remove_prefix(1);
        const auto q = try_parse_rational(text);
        static const Rational kHuge = Rational(Integer("1000000000000000000000000000000"));  // 10^30
        const bool huge = !q || boost::multiprecision::abs(*q) > kHuge;
        v = huge ? std::numeric_limits<double>::infinity() : q->convert_to<double>();
      }
      if (!std::isfinite(v) || std::abs(v) > 1e30)
        throw_parameter_error("read_letor", "line " + std::to_string(n), "feature values of magnitude <= 1e30",
                              std::string(f.value.substr(0, 40)));
      sparse_index.push_back(static_cast<std::uint16_t>(f.index));
      sparse_value.push_back(static_cast<float>(v));
      out.dim = std::max(out.dim, f.index);
    }
    out.labels.push_back(static_cast<std::uint8_t>(parsed->label));
    if (queries.emplace(parsed->qid).second) query_bytes += kLetorBytesPerQuery + parsed->qid.size();
    row_end.push_back(sparse_value.size());
    // The memory the data will need (docs/reliability.md "Limits"), checked as it grows.
    const std::uint64_t bytes = letor_bytes(out.labels.size(), sparse_value.size(), out.dim) + query_bytes;
    if (bytes > kLetorMaxBytes)
      throw_parameter_error("read_letor", "line " + std::to_string(n),
                            "within " + std::to_string(kLetorMaxBytes >> 30) + " GiB in memory",
                            std::to_string(out.labels.size()) + " rows x " + std::to_string(out.dim) + " features");
  }
  if (out.labels.empty()) throw_parameter_error("read_letor", "file", "at least one data line", "none");
  if (out.dim == 0) throw_parameter_error("read_letor", "file", "at least one feature", "none");
  out.features.assign(out.labels.size() * out.dim, 0.0F);
  for (std::size_t i = 0, k = 0; i < row_end.size(); ++i)
    for (; k < row_end[i]; ++k) out.features[i * out.dim + sparse_index[k] - 1] = sparse_value[k];
  out.queries = queries.size();
  return out;
}

double uniform_unit(ChaCha20Source& bits) { return static_cast<double>(bits.next_bits(53)) * 0x1p-53; }

}  // namespace

LetorData read_letor(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw_parameter_error("read_letor", "file", "a readable file", file.string());
  return parse_stream(in);
}

LetorData parse_letor(const std::string& text) {
  std::istringstream in(text);
  return parse_stream(in);
}

KMeansResult kmeans(const LetorData& data, std::uint32_t K, std::uint64_t seed, std::uint32_t sample) {
  const std::uint64_t N = data.rows();
  const std::uint32_t d = data.dim;
  if (sample == 0) throw_parameter_error("kmeans", "sample", ">= 1", "0");
  // The fitting sample: every step-th row.
  const std::uint64_t step = (N + sample - 1) / sample;
  std::vector<std::uint64_t> fit;
  for (std::uint64_t i = 0; i < N; i += step) fit.push_back(i);
  if (K == 0 || K > fit.size())
    throw_parameter_error("kmeans", "K", "in [1, " + std::to_string(fit.size()) + "] (rows in the fitting sample)",
                          std::to_string(K));

  // Standardization per feature over all rows.
  std::vector<double> mean(d, 0.0), scale(d, 0.0);
  for (std::uint64_t i = 0; i < N; ++i)
    for (std::uint32_t j = 0; j < d; ++j) mean[j] += data.features[i * d + j];
  for (auto& m : mean) m /= static_cast<double>(N);
  for (std::uint64_t i = 0; i < N; ++i)
    for (std::uint32_t j = 0; j < d; ++j) {
      const double x = data.features[i * d + j] - mean[j];
      scale[j] += x * x;
    }
  for (auto& s : scale) {
    s = std::sqrt(s / static_cast<double>(N));
    s = s > 0 ? 1 / s : 0.0;  // constant features contribute nothing
  }
  const auto z = [&](std::uint64_t i, std::uint32_t j) { return (data.features[i * d + j] - mean[j]) * scale[j]; };
  KMeansResult out;
  out.centroids.assign(static_cast<std::size_t>(K) * d, 0.0);
  const auto dist2 = [&](std::uint64_t i, std::uint32_t k) {
    double s = 0;
    for (std::uint32_t j = 0; j < d; ++j) {
      const double x = z(i, j) - out.centroids[k * d + j];
      s += x * x;
    }
    return s;
  };
  const auto nearest = [&](std::uint64_t i) {
    std::uint32_t best = 0;
    double best_d = std::numeric_limits<double>::infinity();
    for (std::uint32_t k = 0; k < K; ++k) {
      const double dk = dist2(i, k);
      if (dk < best_d) best_d = dk, best = k;
    }
    return best;
  };

  // k-means++ seeding.
  ChaCha20Source bits(seed, 0);
  const auto set_centroid = [&](std::uint32_t k, std::uint64_t i) {
    for (std::uint32_t j = 0; j < d; ++j) out.centroids[k * d + j] = z(i, j);
  };
  set_centroid(0, fit[uniform_below_u64(bits, fit.size())]);
  std::vector<double> D(fit.size(), std::numeric_limits<double>::infinity());
  for (std::uint32_t k = 1; k < K; ++k) {
    double total = 0;
    for (std::size_t s = 0; s < fit.size(); ++s) {
      D[s] = std::min(D[s], dist2(fit[s], k - 1));
      total += D[s];
    }
    std::size_t chosen = 0;
    if (total > 0) {
      const double target = uniform_unit(bits) * total;
      double acc = 0;
      chosen = fit.size() - 1;
      for (std::size_t s = 0; s < fit.size(); ++s) {
        acc += D[s];
        if (acc > target && D[s] > 0) {
          chosen = s;
          break;
        }
      }
    } else {
      chosen = static_cast<std::size_t>(uniform_below_u64(bits, fit.size()));
    }
    set_centroid(k, fit[chosen]);
  }

  // Lloyd iterations on the sample.
  std::vector<std::uint32_t> fit_assignment(fit.size(), K);
  std::vector<double> sums(static_cast<std::size_t>(K) * d);
  std::vector<std::uint64_t> sizes(K);
  for (out.iterations = 0; out.iterations < 100;) {
    bool changed = false;
    for (std::size_t s = 0; s < fit.size(); ++s) {
      const std::uint32_t k = nearest(fit[s]);
      changed = changed || k != fit_assignment[s];
      fit_assignment[s] = k;
    }
    ++out.iterations;
    if (!changed) {
      out.converged = true;
      break;
    }
    std::fill(sums.begin(), sums.end(), 0.0);
    std::fill(sizes.begin(), sizes.end(), 0);
    for (std::size_t s = 0; s < fit.size(); ++s) {
      const std::uint32_t k = fit_assignment[s];
      ++sizes[k];
      for (std::uint32_t j = 0; j < d; ++j) sums[k * d + j] += z(fit[s], j);
    }
    for (std::uint32_t k = 0; k < K; ++k)
      if (sizes[k] > 0)  // an empty cluster keeps its centroid
        for (std::uint32_t j = 0; j < d; ++j) out.centroids[k * d + j] = sums[k * d + j] / static_cast<double>(sizes[k]);
  }
  out.assignment.resize(N);
  for (std::uint64_t i = 0; i < N; ++i) out.assignment[i] = nearest(i);
  return out;
}

ref::DatasetInstance dataset_instance(const LetorData& data, const KMeansResult& clusters) {
  std::uint32_t K = 0;
  for (std::uint32_t a : clusters.assignment) K = std::max(K, a + 1);
  K = std::max<std::uint32_t>(K, static_cast<std::uint32_t>(clusters.centroids.size() / std::max<std::uint32_t>(data.dim, 1)));
  std::vector<ref::LabelCounts> counts(K, ref::LabelCounts{});
  for (std::uint64_t i = 0; i < data.rows(); ++i) ++counts[clusters.assignment[i]][data.labels[i]];
  for (std::uint32_t a = 0; a < K; ++a) {
    std::uint64_t total = 0;
    for (auto c : counts[a]) total += c;
    if (total == 0)
      throw_parameter_error("dataset_instance", "arms",
                            "at most the number of distinct clusters the data supports (cluster " + std::to_string(a) +
                                " is empty)",
                            std::to_string(K));
  }
  return ref::DatasetInstance(std::move(counts));
}

DatasetSampler::DatasetSampler(const ref::DatasetInstance& instance, std::uint32_t arm) {
  std::uint64_t total = 0;
  for (std::size_t l = 0; l < C_.size(); ++l) {
    total += instance.counts(arm)[l];
    C_[l] = total;
  }
}

ref::RewardTape make_dataset_reward_tape(const ref::DatasetInstance& instance, std::uint64_t length,
                                         std::uint64_t seed, std::uint64_t first_stream) {
  if (length == 0) throw_parameter_error("make_dataset_reward_tape", "length", ">= 1", "0");
  if (length > (std::uint64_t{1} << 34))
    throw_parameter_error("make_dataset_reward_tape", "length", "<= 2^34", std::to_string(length));
  const std::uint32_t K = instance.arms();
  std::vector<std::int32_t> table(K * length);
  for (std::uint32_t a = 0; a < K; ++a) {
    ChaCha20Source bits(seed, first_stream + a);
    const DatasetSampler sample(instance, a);
    for (std::uint64_t n = 0; n < length; ++n) table[a * length + n] = sample(bits);
  }
  return ref::RewardTape(K, length, ref::DatasetInstance::kGrid, instance.means(), std::move(table));
}

}  // namespace dpb::fast
