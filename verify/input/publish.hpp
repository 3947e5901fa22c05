// All-or-nothing publication of a set of output files into a directory (issue 14 class 6, errata "Publishing";
// docs/reliability.md "Outputs").
//
//   1. Before anything is computed, `destination_problem(dir)` says whether `dir` can receive files (an existing
//      writable directory, or a path whose nearest existing ancestor is a writable directory).
//   2. `Publication` creates DIR/.dpbandit-staging-<pid> (same filesystem: a rename never copies), first sweeping
//      staging directories left by runs that no longer exist. Files are written there (`write`, or by a program
//      into `staged(name)`), each write checked.
//   3. `commit()` moves each old DIR/<name> into the staging directory's backup, renames the new one into place,
//      file by file, and writes the manifest DIR/.dpbandit-manifest-<set>.json (every file, its size) last. On any
//      failure it rolls back: the new files are removed, the backups renamed back, the staging directory removed;
//      then it throws. SIGINT and SIGTERM are held from the creation of the staging directory to the end of the
//      commit or of the rollback; a signal that arrived meanwhile takes effect right after, so a run interrupted
//      at any moment leaves DIR with its complete old set or its complete new set, and no staging directory.
//   4. A Publication destroyed without commit removes its staging directory (DIR keeps the old set).
// Files of DIR that are not part of the set are never touched.
#pragma once

#include <csignal>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace dpb::verify::output {

// Empty when `dir` can receive files; otherwise why not ("exists and is not a directory", "is not writable", ...).
std::string destination_problem(const std::filesystem::path& dir);

// The staging directory of process `pid` in `dir`, and the prefix every staging directory's name starts with.
inline constexpr std::string_view kStagingPrefix = ".dpbandit-staging-";
std::filesystem::path staging_path(const std::filesystem::path& dir, long pid);

// Removes DIR/.dpbandit-staging-<pid> directories whose process no longer runs; returns how many.
std::size_t sweep_stale_staging(const std::filesystem::path& dir);

class Publication {
 public:
  // `set` names the manifest (".dpbandit-manifest-<set>.json"). Creates `dir` if needed and the staging directory;
  // throws std::runtime_error when it cannot.
  Publication(std::filesystem::path dir, std::string set);
  ~Publication();
  Publication(const Publication&) = delete;
  Publication& operator=(const Publication&) = delete;

  // Where the file `name` (a plain file name) is staged, for a program that writes it itself; `add` it afterwards.
  std::filesystem::path staged(const std::string& name) const;
  // Writes `content` to staged(name) and adds it (throws std::runtime_error naming the file on a failed write).
  void write(const std::string& name, std::string_view content);
  // Adds a file already written to staged(name) (throws when it does not exist).
  void add(const std::string& name);

  // Publishes every added file and then the manifest; returns the published paths (DIR/<name>). Throws
  // std::runtime_error after rolling back on failure.
  std::vector<std::filesystem::path> commit();

  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path manifest_path() const;

 private:
  void remove_staging() noexcept;

  std::filesystem::path dir_, staging_;
  std::string set_;
  std::vector<std::string> names_;
  sigset_t previous_mask_{};
  bool committed_ = false, signals_held_ = false;
};

}  // namespace dpb::verify::output
