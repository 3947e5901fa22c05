#include "verify/cluster/cancellation.hpp"

namespace dpb::verify {

namespace {
thread_local const std::atomic<bool>* t_flag = nullptr;
}  // namespace

const std::atomic<bool>* current_cancellation() { return t_flag; }

CancellationScope::CancellationScope(const std::atomic<bool>* flag) : previous_(t_flag) { t_flag = flag; }

CancellationScope::~CancellationScope() { t_flag = previous_; }

void poll_cancellation() {
  if (t_flag != nullptr && t_flag->load(std::memory_order_relaxed)) throw Cancelled();
}

}  // namespace dpb::verify
