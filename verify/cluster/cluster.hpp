// Work split across processes (`mpirun -np P dpbandit-mpi …`, docs/cluster.md) — without a dependency on MPI here.
//
// A command that distributes its work (audit, simulate, verify) asks world() which rank it is and how many there
// are, computes its share — work items i with i mod size = rank, each drawing from its own ChaCha20 stream fixed
// before the split, so the share does not change what an item computes — and exchanges the shares' results with
// exchange(), which gives every rank every rank's payload in rank order. Reductions then happen in a fixed order
// on every rank, and the result is bit-identical to the single-process run with the same seed. Only rank 0 prints
// and writes files (is_root()).
//
// The default world is one process (rank 0 of 1): exchange() just runs the share. The MPI driver
// (verify/mpi/dpbandit_mpi.cpp) installs a communicator over MPI_COMM_WORLD.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace dpb::verify::cluster {

class Communicator {
 public:
  virtual ~Communicator() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Every rank passes its bytes; every rank receives all ranks' bytes, in rank order (a collective call).
  virtual std::vector<std::string> allgather(const std::string& mine) = 0;
};

// A rank's share of the work failed: every rank throws this after the exchange, with the first failing rank's
// message and the exit status that rank's failure calls for (2: bad input, 3: internal error).
class RankFailure : public std::runtime_error {
 public:
  RankFailure(int rank, int exit_code, const std::string& message);
  int rank() const { return rank_; }
  int exit_code() const { return exit_code_; }

 private:
  int rank_;
  int exit_code_;
};

// The communicator in use: one process unless install() was called — and one process again inside a share of
// exchange() (nested work belongs to the rank that runs it; collectives do not nest).
Communicator& world();
// Installs `c` (not owned; nullptr restores the single process). Call before any work starts.
void install(Communicator* c);

inline bool is_root() { return world().rank() == 0; }

// Is work item `item` this rank's? (item mod size = rank)
inline bool is_mine(std::uint64_t item) {
  const auto& w = world();
  return static_cast<int>(item % static_cast<std::uint64_t>(w.size())) == w.rank();
}

// Runs this rank's share (`mine`, which returns its results as bytes) and returns every rank's bytes in rank
// order. A share that throws does not leave the others waiting: the failure is exchanged like a result and every
// rank throws RankFailure. Test hook (docs/cluster.md): with DPB_CLUSTER_FAIL_RANK=r in the environment, rank r's
// share throws instead of running (only when there is more than one rank).
std::vector<std::string> exchange(const std::function<std::string()>& mine);

// Default worker threads per rank: the CPUs of this machine divided by the ranks on it (OMPI_COMM_WORLD_LOCAL_SIZE
// when set by mpirun), at least 1.
unsigned default_threads();

}  // namespace dpb::verify::cluster
