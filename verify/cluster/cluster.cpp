#include "verify/cluster/cluster.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <thread>

#include "reference/core/errors.hpp"

namespace dpb::verify::cluster {
namespace {

class SingleProcess final : public Communicator {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  std::vector<std::string> allgather(const std::string& mine) override { return {mine}; }
};

SingleProcess single;
Communicator* current = &single;
// > 0 while this process runs its share of an exchange: work nested in a share (a claim's checker that simulates,
// say) is that rank's alone, so inside it the world is one process again (no collective call can be nested).
std::atomic<int> in_share{0};

struct ShareScope {
  ShareScope() { ++in_share; }
  ~ShareScope() { --in_share; }
  ShareScope(const ShareScope&) = delete;
  ShareScope& operator=(const ShareScope&) = delete;
};

}  // namespace

RankFailure::RankFailure(int rank, int exit_code, const std::string& message)
    : std::runtime_error(message), rank_(rank), exit_code_(exit_code) {}

Communicator& world() { return in_share > 0 ? single : *current; }

void install(Communicator* c) { current = c ? c : &single; }

std::vector<std::string> exchange(const std::function<std::string()>& mine) {
  Communicator& w = world();
  if (w.size() == 1) return {mine()};
  // Payload: 'o' + result, or 'e' + exit status digit + message.
  std::string payload;
  try {
    const char* fail = std::getenv("DPB_CLUSTER_FAIL_RANK");
    if (fail && *fail && std::string(fail) == std::to_string(w.rank()))
      throw std::runtime_error("injected failure (DPB_CLUSTER_FAIL_RANK=" + std::string(fail) + ")");
    const ShareScope scope;
    payload = "o" + mine();
  } catch (const ParameterError& e) {
    payload = std::string("e2") + e.what();
  } catch (const std::exception& e) {
    payload = std::string("e3") + e.what();
  } catch (...) {
    payload = "e3unknown exception";
  }
  std::vector<std::string> all = w.allgather(payload);
  for (std::size_t r = 0; r < all.size(); ++r)
    if (!all[r].empty() && all[r][0] == 'e')
      throw RankFailure(static_cast<int>(r), all[r].size() > 1 && all[r][1] == '2' ? 2 : 3,
                        "rank " + std::to_string(r) + ": " + all[r].substr(std::min<std::size_t>(2, all[r].size())));
  for (auto& s : all) s.erase(0, 1);
  return all;
}

unsigned default_threads() {
  unsigned cpus = std::max(1U, std::thread::hardware_concurrency());
  unsigned local = 1;
  if (const char* s = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE"); s && *s) {
    const long v = std::strtol(s, nullptr, 10);
    if (v > 0) local = static_cast<unsigned>(v);
  } else if (world().size() > 1) {
    local = static_cast<unsigned>(world().size());
  }
  return std::max(1U, cpus / local);
}

}  // namespace dpb::verify::cluster
