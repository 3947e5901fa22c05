// dpbandit-mpi: the same command line as dpbandit, run under `mpirun -np P` (docs/cluster.md). Built only when
// CMake finds MPI (Debian: libopenmpi-dev, openmpi-bin); `dpbandit` itself never needs an MPI runtime.
//
// `audit TARGET`, `simulate` and `verify` split their work across the ranks (verify/cluster/cluster.hpp): every
// rank runs the command on its share and the shares are exchanged, so every rank holds the same result; rank 0
// alone prints (the other ranks' stdout and stderr go to /dev/null) and writes files. Every other command
// (`audit external` included) runs on rank 0 only, and the other ranks exit with its status.
//
// Failures: a rank whose share throws reports it through the exchange, and every rank exits with that rank's status
// after rank 0 printed one line ("dpbandit: rank R: …"); a rank that dies is ended by mpirun with the whole job (its
// own lines). Nothing is written in either case: files are written by rank 0 after the exchange, atomically.
#include <mpi.h>

#include <cstdio>
#include <string>
#include <vector>

#include "verify/cli/commands.hpp"
#include "verify/cluster/cluster.hpp"

namespace {

class MpiWorld final : public dpb::verify::cluster::Communicator {
 public:
  MpiWorld() {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  std::vector<std::string> allgather(const std::string& mine) override {
    if (mine.size() > static_cast<std::size_t>(1) << 30)
      throw std::runtime_error("dpbandit-mpi: a rank's share exceeds 1 GiB");
    const int n = static_cast<int>(mine.size());
    std::vector<int> sizes(static_cast<std::size_t>(size_));
    MPI_Allgather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD);
    std::vector<int> offsets(sizes.size());
    long long total = 0;
    for (std::size_t r = 0; r < sizes.size(); ++r) {
      offsets[r] = static_cast<int>(total);
      total += sizes[r];
    }
    if (total > (1LL << 31) - 1) throw std::runtime_error("dpbandit-mpi: the exchanged shares exceed 2 GiB");
    std::vector<char> all(static_cast<std::size_t>(total) + 1);
    MPI_Allgatherv(mine.data(), n, MPI_CHAR, all.data(), sizes.data(), offsets.data(), MPI_CHAR, MPI_COMM_WORLD);
    std::vector<std::string> out;
    for (std::size_t r = 0; r < sizes.size(); ++r)
      out.emplace_back(all.data() + offsets[r], static_cast<std::size_t>(sizes[r]));
    return out;
  }

 private:
  int rank_ = 0, size_ = 1;
};

// Does the command split its work across ranks?
bool distributed(int argc, char** argv) {
  if (argc < 2) return false;
  const std::string cmd = argv[1];
  if (cmd == "simulate" || cmd == "verify") return true;
  if (cmd == "audit") {
    for (int i = 2; i < argc; ++i)
      if (std::string(argv[i]) == "external") return false;
    return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int code = 0;
  {
    MpiWorld world;
    dpb::verify::cluster::install(&world);
    const bool root = world.rank() == 0;
    if (!root) {  // rank 0 alone prints
      if (!std::freopen("/dev/null", "w", stdout) || !std::freopen("/dev/null", "w", stderr)) MPI_Abort(MPI_COMM_WORLD, 3);
    }
    if (distributed(argc, argv)) {
      code = dpb::cli::run(argc, argv);
    } else {
      if (root) code = dpb::cli::run(argc, argv);
      MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
    }
    std::fflush(stdout);
    dpb::verify::cluster::install(nullptr);
  }
  MPI_Finalize();
  return code;
}
