// Cooperative cancellation of long work (docs/architecture.md §6: `dpbandit verify --claim-timeout`).
//
// The claims runner gives each running checker a flag that a watchdog sets when the claim's time is up. The flag is
// installed for the checker's thread by a CancellationScope; long loops anywhere below a checker (audit blocks,
// simulation runs, certified grid points) call poll_cancellation(), which throws Cancelled once the flag is set.
// Worker threads started below a checker take the flag with them: capture current_cancellation() before starting
// them and open a CancellationScope with it in each thread. Without a scope, polling is a no-op (the CLI commands
// other than verify, tests).
#pragma once

#include <atomic>
#include <stdexcept>
#include <string>

namespace dpb::verify {

// Thrown by poll_cancellation(): the work was cancelled from outside (a claim's time limit), not a failure of it.
class Cancelled : public std::runtime_error {
 public:
  Cancelled() : std::runtime_error("cancelled") {}
};

// The flag the calling thread polls (nullptr outside any scope).
const std::atomic<bool>* current_cancellation();

// Installs `flag` as the calling thread's flag for the scope's lifetime (nested scopes restore the outer one).
class CancellationScope {
 public:
  explicit CancellationScope(const std::atomic<bool>* flag);
  ~CancellationScope();
  CancellationScope(const CancellationScope&) = delete;
  CancellationScope& operator=(const CancellationScope&) = delete;

 private:
  const std::atomic<bool>* previous_;
};

// Throws Cancelled when the calling thread's flag is set; otherwise returns at once (one relaxed atomic load).
void poll_cancellation();

}  // namespace dpb::verify
