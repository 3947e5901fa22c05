#include "verify/audit/external.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <sys/stat.h>

#include <Eigen/Dense>

#include "reference/core/errors.hpp"
#include "verify/input/bounded_input.hpp"

extern char** environ;

namespace dpb::verify::audit {

namespace {
constexpr const char* kFn = "audit external";
using Clock = std::chrono::steady_clock;

std::optional<Clock::time_point> deadline_after(std::uint64_t seconds) {
  if (seconds == 0) return std::nullopt;
  return Clock::now() + std::chrono::seconds(seconds);
}

// Lines of a file descriptor, each at most input::kMaxOutputLine bytes, read with poll() so that a deadline holds
// even when nothing arrives (a FIFO without writer, a command that sleeps).
class FdLineReader {
 public:
  enum class Status { line, end, too_long, timed_out, error };
  FdLineReader(int fd, std::optional<Clock::time_point> deadline) : fd_(fd), deadline_(deadline) {}

  Status next(std::string& line) {
    line.clear();
    bool any = false;
    for (;;) {
      if (pos_ == len_) {
        const Status s = fill();
        if (s == Status::end) return any ? Status::line : Status::end;
        if (s != Status::line) return s;
      }
      any = true;
      const char* begin = buf_.data() + pos_;
      const char* nl = static_cast<const char*>(std::memchr(begin, '\n', len_ - pos_));
      const std::size_t take = nl ? static_cast<std::size_t>(nl - begin) : len_ - pos_;
      if (line.size() + take > input::kMaxOutputLine) {
        line.append(begin, input::kMaxOutputLine - line.size());
        return Status::too_long;
      }
      line.append(begin, take);
      pos_ += take;
      if (nl) {
        ++pos_;
        return Status::line;
      }
    }
  }

 private:
  Status fill() {
    for (;;) {
      int wait_ms = -1;
      if (deadline_) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline_ - Clock::now()).count();
        if (left <= 0) return Status::timed_out;
        wait_ms = static_cast<int>(std::min<long long>(left, 1000 * 1000));
      }
      pollfd p{fd_, POLLIN, 0};
      const int ready = ::poll(&p, 1, wait_ms);
      if (ready < 0 && errno == EINTR) continue;
      if (ready < 0) return Status::error;
      if (ready == 0) continue;  // the loop checks the deadline
      const ssize_t got = ::read(fd_, buf_.data(), buf_.size());
      if (got > 0) {
        pos_ = 0;
        len_ = static_cast<std::size_t>(got);
        return Status::line;
      }
      if (got == 0) return Status::end;
      if (errno == EINTR || errno == EAGAIN) continue;
      return Status::error;
    }
  }

  int fd_;
  std::optional<Clock::time_point> deadline_;
  std::vector<char> buf_ = std::vector<char>(65536);
  std::size_t pos_ = 0, len_ = 0;
};

std::string line_origin(const std::string& origin, std::uint64_t number) {
  return origin + ", line " + std::to_string(number);
}

[[noreturn]] void too_long(const std::string& parameter, const std::string& origin, std::uint64_t number,
                           const std::string& prefix) {
  throw_parameter_error(kFn, parameter,
                        "lines of at most " + std::to_string(input::kMaxOutputLine) + " bytes (" +
                            line_origin(origin, number) + ")",
                        "a longer line starting " + input::quoted_prefix(std::string_view(prefix).substr(0, 16)) +
                            "...");
}

// The process group of the command being run, for the SIGINT/SIGTERM handler (0: none).
volatile sig_atomic_t g_child_group = 0;

extern "C" void kill_child_group_and_die(int sig) {
  const pid_t group = static_cast<pid_t>(g_child_group);
  if (group > 0) ::kill(-group, SIGKILL);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

// One run of the command: /bin/sh -c CMD in its own process group, stdout to a pipe. The destructor kills the whole
// group and reaps the shell on every path (enough outputs, error, timeout, exception).
class ChildRun {
 public:
  ChildRun(const std::string& command, const std::vector<std::string>& extra_env) {
    std::vector<std::string> env_strings = extra_env;
    for (char** e = environ; e && *e; ++e) {
      const std::string_view entry(*e);
      const bool overridden = std::any_of(extra_env.begin(), extra_env.end(), [&](const std::string& x) {
        return entry.substr(0, entry.find('=') + 1) == std::string_view(x).substr(0, x.find('=') + 1);
      });
      if (!overridden) env_strings.emplace_back(entry);
    }
    std::vector<char*> envp;
    for (auto& s : env_strings) envp.push_back(s.data());
    envp.push_back(nullptr);
    std::string cmd = command;
    char sh[] = "/bin/sh", sh_name[] = "sh", dash_c[] = "-c";
    char* argv[] = {sh_name, dash_c, cmd.data(), nullptr};

    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
      throw_parameter_error(kFn, "command", "a command that /bin/sh can start (pipe failed)", input::quoted_prefix(command));
    // Block SIGINT/SIGTERM until the group is registered, so that no signal leaves it running.
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    ::pthread_sigmask(SIG_BLOCK, &block, &old);
    // posix_spawn (glibc: clone with CLONE_VM | CLONE_VFORK) rather than fork: no copy of this process's page
    // tables per run, which made each run cost tens of milliseconds in a large process (the sanitizer build).
    // The child gets its own process group, SIGINT/SIGTERM/SIGPIPE at their defaults, the caller's signal mask.
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    ::posix_spawnattr_init(&attributes);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    sigaddset(&defaults, SIGPIPE);
    ::posix_spawnattr_setsigdefault(&attributes, &defaults);
    ::posix_spawnattr_setsigmask(&attributes, &old);
    ::posix_spawnattr_setpgroup(&attributes, 0);
    ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    const int spawned = ::posix_spawn(&pid_, sh, &actions, &attributes, argv, envp.data());
    ::posix_spawn_file_actions_destroy(&actions);
    ::posix_spawnattr_destroy(&attributes);
    if (spawned != 0) {
      pid_ = -1;
      ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
      ::close(fds[0]);
      ::close(fds[1]);
      throw_parameter_error(kFn, "command", "a command that /bin/sh can start (spawn failed)", input::quoted_prefix(command));
    }
    ::close(fds[1]);
    fd_ = fds[0];
    g_child_group = static_cast<sig_atomic_t>(pid_);
    struct sigaction sa {};
    sa.sa_handler = kill_child_group_and_die;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGINT, &sa, &old_int_);
    ::sigaction(SIGTERM, &sa, &old_term_);
    ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
  }
  ChildRun(const ChildRun&) = delete;
  ChildRun& operator=(const ChildRun&) = delete;

  int fd() const { return fd_; }

  // Closes the pipe, waits for the shell to end (or ends it first when `kill_first`), kills what is left of its
  // group, and returns the shell's wait status.
  int finish(bool kill_first) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (kill_first) ::kill(-pid_, SIGKILL);
    siginfo_t info{};
    while (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR) {
    }
    ::kill(-pid_, SIGKILL);  // background processes of the command: the shell is a zombie, so the group id is ours
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    g_child_group = 0;
    ::sigaction(SIGINT, &old_int_, nullptr);
    ::sigaction(SIGTERM, &old_term_, nullptr);
    done_ = true;
    return status;
  }

  ~ChildRun() {
    if (!done_) finish(true);
  }

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
  bool done_ = false;
  struct sigaction old_int_ {}, old_term_ {};
};

}  // namespace

std::optional<double> parse_output_line(std::string_view line, const std::string& parameter,
                                        const std::string& origin, std::uint64_t line_number) {
  const auto b = line.find_first_not_of(" \t\r");
  if (b == std::string_view::npos || line[b] == '#') return std::nullopt;
  const auto e = line.find_last_not_of(" \t\r");
  const std::string field(line.substr(b, e - b + 1));
  char* end = nullptr;
  const double v = std::strtod(field.c_str(), &end);
  if (end != field.c_str() + field.size() || !std::isfinite(v))
    throw_parameter_error(kFn, parameter,
                          "one finite number per line (" + line_origin(origin, line_number) + ")",
                          input::quoted_prefix(field));
  return v;
}

std::optional<std::vector<double>> parse_output_vector(std::string_view line, const std::string& parameter,
                                                       const std::string& origin, std::uint64_t line_number) {
  const auto b = line.find_first_not_of(" \t\r");
  if (b == std::string_view::npos || line[b] == '#') return std::nullopt;
  std::vector<double> out;
  std::size_t i = b;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    if (i >= line.size()) break;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    const std::string field(line.substr(i, j - i));
    char* end = nullptr;
    const double v = std::strtod(field.c_str(), &end);
    if (end != field.c_str() + field.size() || !std::isfinite(v))
      throw_parameter_error(kFn, parameter,
                            "finite numbers separated by spaces (" + line_origin(origin, line_number) + ")",
                            input::quoted_prefix(field));
    if (out.size() == kMaxOutputDimension)
      throw_parameter_error(kFn, parameter,
                            "at most " + std::to_string(kMaxOutputDimension) + " coordinates per output (" +
                                line_origin(origin, line_number) + ")",
                            "more");
    out.push_back(v);
    i = j;
  }
  return out;
}

namespace {

bool several_fields(std::string_view line) {
  const auto b = line.find_first_not_of(" \t\r");
  if (b == std::string_view::npos || line[b] == '#') return false;
  const auto e = line.find_last_not_of(" \t\r");
  return line.substr(b, e - b + 1).find_first_of(" \t") != std::string_view::npos;
}

// Reads the vector outputs of a regular file, calling fn(index, coordinates) for each (index counts outputs).
template <class Fn>
std::size_t for_each_vector_output(const std::string& path, const std::string& parameter,
                                   std::uint64_t timeout_seconds, std::size_t dim, Fn fn) {
  const std::string shown = input::quoted_prefix(path, 80);
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
    throw_parameter_error(kFn, parameter, "a regular file for vector outputs (it is read twice)", shown);
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw_parameter_error(kFn, parameter, "a readable file", shown);
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  FdLineReader reader(fd, deadline_after(timeout_seconds));
  std::uint64_t number = 0, outputs = 0;
  std::string line;
  for (;;) {
    const auto status = reader.next(line);
    if (status == FdLineReader::Status::end) break;
    ++number;
    if (status == FdLineReader::Status::too_long) too_long(parameter, shown, number, line);
    if (status == FdLineReader::Status::timed_out)
      throw_parameter_error(kFn, parameter,
                            "a file read within --timeout " + std::to_string(timeout_seconds) + " s",
                            shown + " (" + std::to_string(number - 1) + " lines read)");
    if (status == FdLineReader::Status::error) throw_parameter_error(kFn, parameter, "a readable file", shown);
    const auto v = parse_output_vector(line, parameter, shown, number);
    if (!v) continue;
    if (dim == 0) dim = v->size();
    if (v->size() != dim)
      throw_parameter_error(kFn, parameter,
                            std::to_string(dim) + " coordinates on every line (" + line_origin(shown, number) + ")",
                            std::to_string(v->size()));
    fn(outputs, *v);
    ++outputs;
  }
  if (outputs < 20) throw_parameter_error(kFn, parameter, "a file with at least 20 outputs", shown);
  return dim;
}

const char* const kVectorStatistic =
    "y = w.x, w = the search split's Fisher direction S^-1 (mean D' - mean D) (pooled covariance S; diagonal beyond "
    "64 coordinates); events: half-spaces {w.x >= t}, {w.x <= t} with t chosen on the search split";

struct SearchMoments {
  std::uint64_t n = 0;
  Eigen::VectorXd sum;
  Eigen::MatrixXd outer;  // Σ x xᵀ (dim <= 64) or Σ x² on the diagonal
};

Eigen::VectorXd fisher_direction(const SearchMoments (&m)[2], std::size_t dim);

// The same from kept outputs.
Eigen::VectorXd fisher_direction(const std::vector<std::vector<double>>& d, const std::vector<std::vector<double>>& dp,
                                 std::size_t dim) {
  SearchMoments m[2];
  const std::vector<std::vector<double>>* sides[2] = {&d, &dp};
  for (int side = 0; side < 2; ++side) {
    SearchMoments& s = m[side];
    s.sum = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(dim));
    s.outer = dim <= 64 ? Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(dim), static_cast<Eigen::Index>(dim))
                        : Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(dim), 1);
    for (const auto& x : *sides[side]) {
      const Eigen::Map<const Eigen::VectorXd> v(x.data(), static_cast<Eigen::Index>(dim));
      s.sum += v;
      if (dim <= 64)
        s.outer.noalias() += v * v.transpose();
      else
        s.outer.col(0) += v.cwiseProduct(v);
      ++s.n;
    }
  }
  return fisher_direction(m, dim);
}

Eigen::VectorXd fisher_direction(const SearchMoments (&m)[2], std::size_t dim) {
  const auto k = static_cast<Eigen::Index>(dim);
  const Eigen::VectorXd m0 = m[0].sum / static_cast<double>(m[0].n), m1 = m[1].sum / static_cast<double>(m[1].n);
  const double dof = static_cast<double>(m[0].n + m[1].n) - 2;
  Eigen::VectorXd w;
  if (dim <= 64) {
    Eigen::MatrixXd S = (m[0].outer - static_cast<double>(m[0].n) * m0 * m0.transpose() + m[1].outer -
                         static_cast<double>(m[1].n) * m1 * m1.transpose()) /
                        std::max(dof, 1.0);
    const double ridge = 1e-9 * std::max(S.trace() / static_cast<double>(k), 1e-300);
    S += ridge * Eigen::MatrixXd::Identity(k, k);
    w = S.ldlt().solve(m1 - m0);
  } else {
    Eigen::VectorXd var = (m[0].outer.col(0) - static_cast<double>(m[0].n) * m0.cwiseProduct(m0) + m[1].outer.col(0) -
                           static_cast<double>(m[1].n) * m1.cwiseProduct(m1)) /
                          std::max(dof, 1.0);
    const double ridge = 1e-9 * std::max(var.mean(), 1e-300);
    w = (m1 - m0).cwiseQuotient((var.array() + ridge).matrix());
  }
  if (!w.allFinite()) w = m1 - m0;
  return w;
}

AuditResult audit_vector_files(const std::string& d_path, const std::string& d_prime_path, double eps_claimed,
                               const AuditSettings& settings, std::uint64_t timeout_seconds) {
  // Pass 1: the search split's moments (every 10th output), which fix the direction w.
  std::size_t dim = 0;
  SearchMoments m[2];
  const std::string paths[2] = {d_path, d_prime_path};
  const std::string params[2] = {"d", "d-prime"};
  for (int side = 0; side < 2; ++side) {
    SearchMoments& s = m[side];
    dim = for_each_vector_output(paths[side], params[side], timeout_seconds, dim,
                                 [&](std::uint64_t index, const std::vector<double>& x) {
                                   if (index % 10 != 0) return;
                                   const Eigen::Map<const Eigen::VectorXd> v(x.data(), static_cast<Eigen::Index>(x.size()));
                                   if (s.n == 0) {
                                     s.sum = Eigen::VectorXd::Zero(v.size());
                                     s.outer = x.size() <= 64 ? Eigen::MatrixXd::Zero(v.size(), v.size())
                                                              : Eigen::MatrixXd::Zero(v.size(), 1);
                                   }
                                   s.sum += v;
                                   if (x.size() <= 64)
                                     s.outer.noalias() += v * v.transpose();
                                   else
                                     s.outer.col(0) += v.cwiseProduct(v);
                                   ++s.n;
                                 });
  }
  if (dim == 1)  // cannot happen (a first line with one field is a scalar file); kept as a guard
    throw_parameter_error(kFn, "d", "vector outputs of at least 2 coordinates", "1");
  const auto k = static_cast<Eigen::Index>(dim);
  const Eigen::VectorXd w = fisher_direction(m, dim);
  // Pass 2: y = w·x for every output, split by position as for scalar files.
  HistogramBuilder hs[2] = {HistogramBuilder("d"), HistogramBuilder("d-prime")};
  HistogramBuilder hf[2] = {HistogramBuilder("d"), HistogramBuilder("d-prime")};
  std::uint64_t total = 0;
  for (int side = 0; side < 2; ++side)
    for_each_vector_output(paths[side], params[side], timeout_seconds, dim,
                           [&](std::uint64_t index, const std::vector<double>& x) {
                             const Eigen::Map<const Eigen::VectorXd> v(x.data(), k);
                             (index % 10 == 0 ? hs[side] : hf[side]).add(w.dot(v));
                             ++total;
                           });
  AuditResult r = audit_histograms("external", hs[0].histogram(), hs[1].histogram(), hf[0].histogram(),
                                   hf[1].histogram(), eps_claimed, std::nullopt, settings);
  std::vector<double> shown(w.data(), w.data() + std::min<Eigen::Index>(k, 16));
  r.details = {{"mode", "files (vector outputs)"},
               {"d", d_path},
               {"d_prime", d_prime_path},
               {"dimension", dim},
               {"direction", shown},
               {"statistic", kVectorStatistic}};
  r.details["outputs"] = total;
  return r;
}

}  // namespace

void HistogramBuilder::add(double value) {
  auto it = counts_.find(value);
  if (it == counts_.end()) {
    if (counts_.size() == kMaxDistinctOutputs)
      throw_parameter_error(kFn, parameter_,
                            "outputs with at most " + std::to_string(kMaxDistinctOutputs) +
                                " distinct values per neighbour and split",
                            "more");
    it = counts_.emplace(value, 0).first;
  }
  ++it->second;
  ++total_;
}

Histogram HistogramBuilder::histogram() const {
  Histogram h;
  h.counts.assign(counts_.begin(), counts_.end());
  h.total = total_;
  return h;
}

SplitHistograms read_outputs_file(const std::string& path, const std::string& parameter,
                                  std::uint64_t timeout_seconds) {
  const std::string shown = input::quoted_prefix(path, 80);
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw_parameter_error(kFn, parameter, "a readable file", shown);
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  FdLineReader reader(fd, deadline_after(timeout_seconds));
  HistogramBuilder search(parameter), final_split(parameter);
  std::uint64_t number = 0, outputs = 0;
  std::string line;
  for (;;) {
    const auto status = reader.next(line);
    if (status == FdLineReader::Status::end) break;
    ++number;
    if (status == FdLineReader::Status::too_long) too_long(parameter, shown, number, line);
    if (status == FdLineReader::Status::timed_out)
      throw_parameter_error(kFn, parameter,
                            "a file read within --timeout " + std::to_string(timeout_seconds) + " s",
                            shown + " (" + std::to_string(number - 1) + " lines read)");
    if (status == FdLineReader::Status::error) throw_parameter_error(kFn, parameter, "a readable file", shown);
    if (outputs == 0 && several_fields(line)) {  // vector outputs: audit_files reads the file again as such
      SplitHistograms vec;
      vec.vector = true;
      return vec;
    }
    const auto v = parse_output_line(line, parameter, shown, number);
    if (!v) continue;
    (outputs % 10 == 0 ? search : final_split).add(*v);
    ++outputs;
  }
  if (outputs < 20) throw_parameter_error(kFn, parameter, "a file with at least 20 outputs", shown);
  return SplitHistograms{search.histogram(), final_split.histogram(), outputs};
}

namespace {

// Runs `command` until `count` outputs are taken: each non-comment line goes to take(line, number), which returns
// whether it was an output. The refusals of run_command_outputs (header).
template <class Take>
void run_command_lines(const std::string& command, int neighbour, const std::string& split, std::uint64_t count,
                       std::uint64_t seed, std::uint64_t timeout_seconds, const std::vector<std::string>& extra_env,
                       Take take) {
  const std::string shown = input::quoted_prefix(command);
  std::uint64_t total = 0;
  for (std::uint64_t run = 0; total < count; ++run) {
    std::vector<std::string> env = {"DPB_NEIGHBOUR=" + std::to_string(neighbour), "DPB_SPLIT=" + split,
                                    "DPB_SAMPLES=" + std::to_string(count - total),
                                    "DPB_SEED=" + std::to_string(seed * 1000003 + run * 2 +
                                                                 static_cast<std::uint64_t>(neighbour))};
    env.insert(env.end(), extra_env.begin(), extra_env.end());
    ChildRun child(command, env);
    FdLineReader reader(child.fd(), deadline_after(timeout_seconds));
    const std::uint64_t before = total;
    std::uint64_t number = 0;
    std::string line;
    bool timed_out = false;
    while (total < count) {  // stop reading as soon as enough outputs arrived
      const auto status = reader.next(line);
      if (status == FdLineReader::Status::end || status == FdLineReader::Status::error) break;
      ++number;
      if (status == FdLineReader::Status::timed_out) {
        timed_out = true;
        break;
      }
      if (status == FdLineReader::Status::too_long) too_long("command", "its output", number, line);
      if (take(line, number)) ++total;
    }
    const bool enough = total >= count;
    const int status = child.finish(enough || timed_out);
    if (timed_out)
      throw_parameter_error(kFn, "command",
                            "a command that finishes within --timeout " + std::to_string(timeout_seconds) +
                                " s (DPB_NEIGHBOUR=" + std::to_string(neighbour) + "; its process group was killed)",
                            shown);
    if (enough) break;  // the rest of this run's output is not needed; its status neither
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
      throw_parameter_error(kFn, "command", "a command that exits with status 0 (DPB_NEIGHBOUR=" +
                                                std::to_string(neighbour) + ")",
                            shown);
    if (total == before)
      throw_parameter_error(kFn, "command", "a command that prints at least one output", shown);
  }
}

// Thrown by the first split of audit_command when the command's first output has several coordinates.
struct VectorCommandOutputs {};

}  // namespace

Histogram run_command_outputs(const std::string& command, int neighbour, const std::string& split,
                              std::uint64_t count, std::uint64_t seed, std::uint64_t timeout_seconds,
                              const std::vector<std::string>& extra_env) {
  HistogramBuilder out("command");
  run_command_lines(command, neighbour, split, count, seed, timeout_seconds, extra_env,
                    [&](const std::string& line, std::uint64_t number) {
                      const auto v = parse_output_line(line, "command", "its output", number);
                      if (v) out.add(*v);
                      return v.has_value();
                    });
  return out.histogram();
}

AuditResult audit_files(const std::string& d_path, const std::string& d_prime_path, double eps_claimed,
                        const AuditSettings& settings, std::uint64_t timeout_seconds) {
  const auto start = Clock::now();
  const SplitHistograms d = read_outputs_file(d_path, "d", timeout_seconds);
  if (d.vector) {
    AuditResult r = audit_vector_files(d_path, d_prime_path, eps_claimed, settings, timeout_seconds);
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    r.samples_per_second =
        r.seconds > 0 ? static_cast<double>(2 * (r.search_samples + r.final_samples)) / r.seconds : 0;
    return r;
  }
  const SplitHistograms dp = read_outputs_file(d_prime_path, "d-prime", timeout_seconds);
  if (dp.vector)
    throw_parameter_error(kFn, "d-prime", "one number per line, as --d",
                          input::quoted_prefix(d_prime_path, 80) + " (vector outputs)");
  AuditResult r = audit_histograms("external", d.search, dp.search, d.final_split, dp.final_split, eps_claimed,
                                   std::nullopt, settings);
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  r.samples_per_second = r.seconds > 0 ? static_cast<double>(d.total + dp.total) / r.seconds : 0;
  r.details = {{"mode", "files"}, {"d", d_path}, {"d_prime", d_prime_path}};
  return r;
}

AuditResult audit_command(const std::string& command, std::uint64_t samples, std::uint64_t seed, double eps_claimed,
                          const AuditSettings& settings, std::uint64_t timeout_seconds) {
  const auto start = Clock::now();
  const std::uint64_t n_search = std::max<std::uint64_t>(samples / 10, 100);
  Histogram sd;
  bool vector = false;
  {
    HistogramBuilder out("command");
    try {
      run_command_lines(command, 0, "search", n_search, seed, timeout_seconds, {},
                        [&](const std::string& line, std::uint64_t number) {
                          if (out.total() == 0 && several_fields(line)) throw VectorCommandOutputs{};
                          const auto v = parse_output_line(line, "command", "its output", number);
                          if (v) out.add(*v);
                          return v.has_value();
                        });
      sd = out.histogram();
    } catch (const VectorCommandOutputs&) {
      vector = true;
    }
  }
  if (vector) {
    // Vector outputs (docs/audit.md): the search split's outputs are kept (n/10 per side), its Fisher direction w
    // fixed, then every output reduced to w·x; the final split is read streaming.
    if (n_search > 100000)  // at most 10^5 kept outputs per side (of at most 1024 coordinates each)
      throw_parameter_error(kFn, "samples", "at most 10^6 for vector outputs from a command (its search split is kept)",
                            std::to_string(samples));
    std::size_t dim = 0;
    std::vector<std::vector<double>> search[2];
    for (int side = 0; side < 2; ++side)
      run_command_lines(command, side, "search", n_search, seed, timeout_seconds, {},
                        [&](const std::string& line, std::uint64_t number) {
                          auto v = parse_output_vector(line, "command", "its output", number);
                          if (!v) return false;
                          if (dim == 0) dim = v->size();
                          if (v->size() != dim)
                            throw_parameter_error(kFn, "command",
                                                  std::to_string(dim) + " coordinates on every output line (its "
                                                                        "output, line " + std::to_string(number) + ")",
                                                  std::to_string(v->size()));
                          search[side].push_back(std::move(*v));
                          return true;
                        });
    const Eigen::VectorXd w = fisher_direction(search[0], search[1], dim);
    HistogramBuilder hs[2] = {HistogramBuilder("command"), HistogramBuilder("command")};
    HistogramBuilder hf[2] = {HistogramBuilder("command"), HistogramBuilder("command")};
    const auto k = static_cast<Eigen::Index>(dim);
    for (int side = 0; side < 2; ++side) {
      for (const auto& x : search[side]) hs[side].add(w.dot(Eigen::Map<const Eigen::VectorXd>(x.data(), k)));
      run_command_lines(command, side, "final", samples, seed + 1, timeout_seconds, {},
                        [&](const std::string& line, std::uint64_t number) {
                          const auto v = parse_output_vector(line, "command", "its output", number);
                          if (!v) return false;
                          if (v->size() != dim)
                            throw_parameter_error(kFn, "command",
                                                  std::to_string(dim) + " coordinates on every output line (its "
                                                                        "output, line " + std::to_string(number) + ")",
                                                  std::to_string(v->size()));
                          hf[side].add(w.dot(Eigen::Map<const Eigen::VectorXd>(v->data(), k)));
                          return true;
                        });
    }
    AuditResult r = audit_histograms("external", hs[0].histogram(), hs[1].histogram(), hf[0].histogram(),
                                     hf[1].histogram(), eps_claimed, std::nullopt, settings);
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    r.samples_per_second = r.seconds > 0 ? static_cast<double>(2 * (samples + n_search)) / r.seconds : 0;
    std::vector<double> shown(w.data(), w.data() + std::min<Eigen::Index>(k, 16));
    r.details = {{"mode", "command (vector outputs)"}, {"command", command}, {"dimension", dim},
                 {"direction", shown}, {"statistic", kVectorStatistic}};
    return r;
  }
  const Histogram sdp = run_command_outputs(command, 1, "search", n_search, seed, timeout_seconds);
  const Histogram fd = run_command_outputs(command, 0, "final", samples, seed + 1, timeout_seconds);
  const Histogram fdp = run_command_outputs(command, 1, "final", samples, seed + 1, timeout_seconds);
  AuditResult r = audit_histograms("external", sd, sdp, fd, fdp, eps_claimed, std::nullopt, settings);
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  r.samples_per_second = r.seconds > 0 ? static_cast<double>(2 * (samples + n_search)) / r.seconds : 0;
  r.details = {{"mode", "command"}, {"command", command}};
  return r;
}

AuditResult audit_command_pairs(const std::string& command, std::uint64_t samples, std::uint64_t seed,
                                double eps_claimed, const AuditSettings& settings, const NeighbourSearch& search,
                                std::uint64_t timeout_seconds) {
  std::vector<AuditPair> family;
  for (unsigned i = 0; i < search.pairs; ++i) {
    AuditPair p;
    p.pattern = "external";
    p.position = "DPB_PAIR=" + std::to_string(i);
    p.data = {{"DPB_PAIR", i}};
    p.sample = [command, i, timeout_seconds](int side, std::uint64_t n, std::uint64_t s, std::uint64_t stream) {
      // stream = split << 40 | block (black_box.hpp): splits 1–2 are the search split, 3–4 the final one.
      const std::string split = (stream >> 40) <= 2 ? "search" : "final";
      return run_command_outputs(command, side, split, n, s * 31 + stream, timeout_seconds,
                                 {"DPB_PAIR=" + std::to_string(i)});
    };
    family.push_back(std::move(p));
  }
  // Fail fast (docs/audit.md "External implementations"): before any sample is drawn, every pair's command runs
  // once per side for one output (DPB_SPLIT=probe; the output is discarded), so a command that fails or prints
  // garbage for its last pair ends the audit at once, not after the earlier pairs' samples.
  for (unsigned i = 0; i < search.pairs; ++i)
    for (int side = 0; side < 2; ++side)
      (void)run_command_outputs(command, side, "probe", 1, seed, timeout_seconds, {"DPB_PAIR=" + std::to_string(i)});
  AuditSettings one = settings;
  one.threads = 1;  // child processes are started from one thread
  AuditResult r = audit_pairs("external", family, samples, seed, eps_claimed, one, search);
  nlohmann::json ns = r.details["neighbour_search"];
  r.details = {{"mode", "command"}, {"command", command}, {"neighbour_search", ns}};
  if (ns.contains("worst_pair")) r.details["worst_pair"] = ns["worst_pair"]["data"]["DPB_PAIR"];
  return r;
}

}  // namespace dpb::verify::audit
