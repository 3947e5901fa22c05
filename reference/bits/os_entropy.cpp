#include "reference/bits/os_entropy.hpp"

#include <sys/random.h>

#include <cerrno>
#include <stdexcept>
#include <string>

namespace dpb {

void OsEntropySource::refill(std::span<std::uint8_t> out) {
  std::size_t filled = 0;
  while (filled < out.size()) {
    ssize_t got = getrandom(out.data() + filled, out.size() - filled, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("OsEntropySource: getrandom failed, errno " + std::to_string(errno));
    }
    filled += static_cast<std::size_t>(got);
  }
}

}  // namespace dpb
