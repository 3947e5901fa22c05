// The threads of one process working through a share of work (docs/architecture.md §6; docs/cluster.md): the
// pattern the audits, the neighbour search and the simulations share.
//
// run_workers(threads, worker) runs `worker` on `threads` threads, the calling thread being one of them. Each worker
// pulls its own items (typically from an atomic counter it shares with the others) and keeps its own state. Every
// worker thread inherits the caller's cancellation flag (`verify --claim-timeout`: cancellation.hpp). The first
// exception thrown by any worker sets the `failed` flag each worker receives (so that the others can stop early),
// and is rethrown in the calling thread once every thread has joined. MPFR's per-thread caches are freed before a
// worker thread ends (LeakSanitizer would report them otherwise).
#pragma once

#include <atomic>
#include <functional>

namespace dpb::verify::cluster {

void run_workers(unsigned threads, const std::function<void(const std::atomic<bool>& failed)>& worker);

}  // namespace dpb::verify::cluster
