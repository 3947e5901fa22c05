#include "verify/input/publish.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <system_error>

namespace dpb::verify::output {

namespace fs = std::filesystem;

namespace {

// Writes all of `content` to `path` and fsyncs it; false on any failure (errno set).
bool write_file(const fs::path& path, std::string_view content) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return false;
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int e = errno;
      ::close(fd);
      errno = e;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) {
    const int e = errno;
    ::close(fd);
    errno = e;
    return false;
  }
  return ::close(fd) == 0;
}

std::string reason() { return std::strerror(errno); }

}  // namespace

std::string destination_problem(const fs::path& dir) {
  std::error_code ec;
  fs::path p = dir.empty() ? fs::path(".") : dir;
  if (fs::exists(p, ec)) {
    if (!fs::is_directory(p, ec)) return "exists and is not a directory";
    if (::access(p.c_str(), W_OK | X_OK) != 0) return "is not writable (" + reason() + ")";
    return {};
  }
  // A new directory: its nearest existing ancestor must be a writable directory.
  fs::path ancestor = fs::absolute(p, ec).parent_path();
  while (!ancestor.empty() && !fs::exists(ancestor, ec)) {
    if (ancestor == ancestor.parent_path()) break;
    ancestor = ancestor.parent_path();
  }
  if (!fs::is_directory(ancestor, ec)) return "cannot be created (" + ancestor.string() + " is not a directory)";
  if (::access(ancestor.c_str(), W_OK | X_OK) != 0)
    return "cannot be created (" + ancestor.string() + " is not writable)";
  return {};
}

fs::path staging_path(const fs::path& dir, long pid) { return dir / (std::string(kStagingPrefix) + std::to_string(pid)); }

std::size_t sweep_stale_staging(const fs::path& dir) {
  std::error_code ec;
  std::size_t removed = 0;
  fs::directory_iterator it(dir, ec), end;
  if (ec) return 0;
  std::vector<fs::path> stale;
  for (; it != end; it.increment(ec)) {
    if (ec) break;
    const std::string name = it->path().filename().string();
    if (name.rfind(kStagingPrefix, 0) != 0) continue;
    const std::string digits = name.substr(kStagingPrefix.size());
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    const long pid = std::stol(digits);
    if (pid == ::getpid()) continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM) continue;  // still running (or not ours)
    stale.push_back(it->path());
  }
  for (const auto& p : stale) {
    fs::remove_all(p, ec);
    if (!ec) ++removed;
  }
  return removed;
}

Publication::Publication(fs::path dir, std::string set) : dir_(std::move(dir)), set_(std::move(set)) {
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec || !fs::is_directory(dir_))
    throw std::runtime_error("cannot create the output directory " + dir_.string() + ": " + ec.message());
  sweep_stale_staging(dir_);
  // Hold SIGINT and SIGTERM until the staging directory is gone again (committed, rolled back or abandoned).
  sigset_t hold;
  sigemptyset(&hold);
  sigaddset(&hold, SIGINT);
  sigaddset(&hold, SIGTERM);
  signals_held_ = ::pthread_sigmask(SIG_BLOCK, &hold, &previous_mask_) == 0;
  staging_ = staging_path(dir_, ::getpid());
  fs::remove_all(staging_, ec);
  if (!fs::create_directory(staging_, ec) || ec) {
    const std::string why = ec.message();
    if (signals_held_) ::pthread_sigmask(SIG_SETMASK, &previous_mask_, nullptr);
    throw std::runtime_error("cannot create the staging directory " + staging_.string() + ": " + why);
  }
  fs::create_directory(staging_ / "backup", ec);
}

Publication::~Publication() {
  if (!committed_) remove_staging();
  if (signals_held_) ::pthread_sigmask(SIG_SETMASK, &previous_mask_, nullptr);  // a held signal takes effect now
}

void Publication::remove_staging() noexcept {
  std::error_code ec;
  fs::remove_all(staging_, ec);
}

fs::path Publication::staged(const std::string& name) const { return staging_ / name; }

fs::path Publication::manifest_path() const { return dir_ / (".dpbandit-manifest-" + set_ + ".json"); }

void Publication::write(const std::string& name, std::string_view content) {
  if (!write_file(staged(name), content))
    throw std::runtime_error("cannot write " + (dir_ / name).string() + ": " + reason());
  add(name);
}

void Publication::add(const std::string& name) {
  std::error_code ec;
  if (!fs::is_regular_file(staged(name), ec)) throw std::runtime_error("cannot write " + (dir_ / name).string());
  if (std::find(names_.begin(), names_.end(), name) == names_.end()) names_.push_back(name);
}

std::vector<fs::path> Publication::commit() {
  std::vector<std::string> backed_up, placed;
  const fs::path backup = staging_ / "backup";
  const auto roll_back = [&]() noexcept {
    std::error_code ec;
    for (const auto& name : placed) fs::remove(dir_ / name, ec);
    for (const auto& name : backed_up) fs::rename(backup / name, dir_ / name, ec);
    remove_staging();
  };
  // The manifest goes last: staged like the others, then renamed into place once every file is there.
  nlohmann::json manifest = {{"set", set_}, {"files", nlohmann::json::array()}};
  std::error_code ec;
  for (const auto& name : names_)
    manifest["files"].push_back({{"name", name}, {"bytes", fs::file_size(staged(name), ec)}});
  const std::string manifest_name = manifest_path().filename().string();
  if (!write_file(staging_ / manifest_name, manifest.dump(1) + "\n")) {
    const std::string why = reason();
    roll_back();
    throw std::runtime_error("cannot write " + manifest_path().string() + ": " + why);
  }
  std::vector<std::string> order = names_;
  order.push_back(manifest_name);
  for (const auto& name : order) {
    const fs::path target = dir_ / name;
    if (fs::exists(fs::symlink_status(target, ec))) {
      if (fs::is_directory(fs::symlink_status(target, ec))) {
        roll_back();
        throw std::runtime_error("cannot publish " + target.string() + ": a directory is in the way");
      }
      fs::rename(target, backup / name, ec);
      if (ec) {
        const std::string why = ec.message();
        roll_back();
        throw std::runtime_error("cannot replace " + target.string() + ": " + why);
      }
      backed_up.push_back(name);
    }
    fs::rename(staging_ / name, target, ec);
    if (ec) {
      const std::string why = ec.message();
      roll_back();
      throw std::runtime_error("cannot publish " + target.string() + ": " + why);
    }
    placed.push_back(name);
  }
  committed_ = true;
  remove_staging();
  std::vector<fs::path> out;
  for (const auto& name : names_) out.push_back(dir_ / name);
  return out;
}

}  // namespace dpb::verify::output
