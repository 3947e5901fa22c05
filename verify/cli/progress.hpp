// Progress of long, valid work on stderr (issue 14 class 10; docs/reliability.md): nothing during the first second,
// then one line rewritten at most every half second, "<command>: <done>/<total> <unit> (<percent>%), <seconds> s"
// (and ", <note>" when update is given one, e.g. the rounds of a run whose length is not known in advance), ended by
// a newline when the work is done. Only for runs whose options were all accepted (errata: progress only on
// valid runs); stdout is unaffected. Tests only: the environment variable DPBANDIT_PROGRESS_AFTER_MS (a decimal
// number of milliseconds, at most 10^6) replaces the first second, so that a test can see the line of a short run
// without depending on the machine's speed.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>

namespace dpb::cli {

// a·b, or 2^64 − 1 when the product does not fit: a total of work counted in smaller units (a binomial sample's
// Bernoulli draws: n·count) never wraps to a small number; Progress shows a saturated total as "2^64 or more".
inline std::uint64_t saturating_product(std::uint64_t a, std::uint64_t b) {
  std::uint64_t p = 0;
  return __builtin_mul_overflow(a, b, &p) ? UINT64_MAX : p;
}
inline std::uint64_t saturating_sum(std::uint64_t a, std::uint64_t b) {
  std::uint64_t s = 0;
  return __builtin_add_overflow(a, b, &s) ? UINT64_MAX : s;
}

class Progress {
 public:
  Progress(std::string command, std::string unit, std::uint64_t total)
      : command_(std::move(command)), unit_(std::move(unit)), total_(total), start_(std::chrono::steady_clock::now()) {
    if (const char* ms = std::getenv("DPBANDIT_PROGRESS_AFTER_MS")) {
      char* end = nullptr;
      const unsigned long long v = std::strtoull(ms, &end, 10);
      if (end != ms && *end == '\0' && v <= 1000000) after_ = std::chrono::milliseconds(v);
    }
  }
  ~Progress() {
    if (shown_) std::fputc('\n', stderr);
  }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void update(std::uint64_t done) { update(done, std::string()); }
  // `note` is built by the caller on every call: pass a callable returning it to build it only when shown.
  template <class Note>
  void update(std::uint64_t done, const Note& note) {
    const auto now = std::chrono::steady_clock::now();
    if (now - start_ < after_ || now - last_ < std::chrono::milliseconds(500)) return;
    last_ = now;
    shown_ = true;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    std::string text;
    if constexpr (std::is_invocable_v<Note>)
      text = note();
    else
      text = note;
    const int n = std::fprintf(stderr, "\r%s: %llu/%s %s (%.0f%%), %.1f s%s%s", command_.c_str(),
                               static_cast<unsigned long long>(done),
                               total_ == UINT64_MAX ? "2^64 or more" : std::to_string(total_).c_str(), unit_.c_str(),
                               total_ == 0 ? 100.0 : 100.0 * static_cast<double>(done) / static_cast<double>(total_),
                               seconds, text.empty() ? "" : ", ", text.c_str());
    if (n > 0 && n < width_) std::fprintf(stderr, "%*s", width_ - n, "");  // blank a longer previous line's tail
    if (n > width_) width_ = n;
    std::fflush(stderr);
  }

 private:
  std::string command_, unit_;
  std::uint64_t total_;
  std::chrono::steady_clock::time_point start_, last_{};
  std::chrono::milliseconds after_{1000};
  bool shown_ = false;
  int width_ = 0;
};

}  // namespace dpb::cli
