#include "verify/cluster/worker_pool.hpp"

#include <mpfr.h>

#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "verify/cluster/cancellation.hpp"

namespace dpb::verify::cluster {

void run_workers(unsigned threads, const std::function<void(const std::atomic<bool>& failed)>& worker) {
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  const std::atomic<bool>* cancel = current_cancellation();
  auto guarded = [&] {
    const CancellationScope scope(cancel);
    try {
      worker(failed);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(error_mutex);
      if (!error) error = std::current_exception();
      failed = true;
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back([&guarded] {
      guarded();
      mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE);
    });
  guarded();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace dpb::verify::cluster
