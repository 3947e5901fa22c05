// A per-round hook of a reference learner's main loop (issue 14: progress inside one long run, docs/reliability.md).
// Every reference learner calls it once per round played, with that round t = 1..T, after the round's decision and
// its observation (the multi-agent learners of seed 004: once per global round). It carries a plain function
// pointer and a context, not a std::function: unset (the default), it costs one branch per round and no call.
// The hook observes only; it must not throw (a learner's results never depend on it).
#pragma once

#include <cstdint>

namespace dpb::ref {

struct RoundHook {
  void (*call)(void* context, std::uint64_t round) = nullptr;
  void* context = nullptr;

  explicit operator bool() const { return call != nullptr; }
  void operator()(std::uint64_t round) const {
    if (call != nullptr) call(context, round);
  }
};

// A hook calling f(round) on a callable that outlives every use of the hook (f is held by reference).
template <class F>
RoundHook round_hook(F& f) {
  return RoundHook{[](void* context, std::uint64_t round) { (*static_cast<F*>(context))(round); }, &f};
}

}  // namespace dpb::ref
