// The fuzz targets' driver in CI (issue 14, errata "Fuzzing"; docs/reliability.md "Fuzzing"): a standalone main
// that calls the target's LLVMFuzzerTestOneInput on every file of a corpus directory, then on seeded mutations of
// them (bit flips, interesting bytes, insertions, deletions, duplicated and spliced chunks, truncations), until a
// number of mutations or a time budget is reached. Built with GCC in the sanitizer tree, so AddressSanitizer and
// UBSan judge each input; a crash or a sanitizer report fails the ctest (label `fuzz`). The same target builds with
// clang's libFuzzer for coverage-guided runs (-DDPB_FUZZ_LIBFUZZER=ON; docs/reliability.md gives the command).
//
//   fuzz_<target> CORPUS_DIR [--mutations N] [--seed S] [--seconds T]
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

struct Rng {  // splitmix64: the mutations are a function of --seed alone
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
};

constexpr char kInteresting[] = {'\0', '\n', '\r', ' ', '"', '\'', '\\', '-', '+', '.', '/', ':', ',', 'e', 'E', '0',
                                 '9', '[', ']', '{', '}', 'x', '\x7f', '\x80', '\xff', '#'};

std::string mutate(std::string s, const std::vector<std::string>& corpus, Rng& rng) {
  const std::size_t rounds = 1 + rng.below(8);
  for (std::size_t r = 0; r < rounds; ++r) {
    switch (rng.below(8)) {
      case 0:  // flip a bit
        if (!s.empty()) s[rng.below(s.size())] ^= static_cast<char>(1 << rng.below(8));
        break;
      case 1:  // an interesting byte
        if (!s.empty()) s[rng.below(s.size())] = kInteresting[rng.below(sizeof kInteresting)];
        break;
      case 2:  // insert an interesting byte
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(rng.below(s.size() + 1)), kInteresting[rng.below(sizeof kInteresting)]);
        break;
      case 3:  // delete a chunk
        if (!s.empty()) {
          const std::size_t at = rng.below(s.size());
          s.erase(at, 1 + rng.below(std::min<std::size_t>(16, s.size() - at)));
        }
        break;
      case 4:  // duplicate a chunk (many times: long lines, deep nesting)
        if (!s.empty()) {
          const std::size_t at = rng.below(s.size()), len = 1 + rng.below(std::min<std::size_t>(8, s.size() - at));
          const std::string chunk = s.substr(at, len);
          std::string rep;
          for (std::size_t k = 0, n = 1 + rng.below(rng.below(4) == 0 ? 2000 : 8); k < n; ++k) rep += chunk;
          s.insert(at, rep);
        }
        break;
      case 5:  // truncate
        s.resize(rng.below(s.size() + 1));
        break;
      case 6:  // splice with another corpus entry
        if (!corpus.empty()) {
          const std::string& other = corpus[rng.below(corpus.size())];
          s = s.substr(0, rng.below(s.size() + 1)) + other.substr(rng.below(other.size() + 1));
        }
        break;
      default:  // a random byte
        if (!s.empty()) s[rng.below(s.size())] = static_cast<char>(rng.next());
        break;
    }
    if (s.size() > (1U << 20)) s.resize(1U << 20);
  }
  return s;
}

// The input being run, saved to ./fuzz-crash-<target> by a fatal signal (a trap, an abort, a sanitizer report with
// abort_on_error=1), so that every crash found becomes a regression input of the corpus.
const std::string* g_current = nullptr;
char g_crash_path[256] = "fuzz-crash";

extern "C" void save_crash_input(int sig) {
  if (g_current != nullptr) {
    const int fd = ::open(g_crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      ssize_t ignored = ::write(fd, g_current->data(), g_current->size());
      (void)ignored;
      ::close(fd);
    }
    static const char msg[] = "fuzz: the failing input is saved in ";
    ssize_t ignored = ::write(2, msg, sizeof msg - 1);
    ignored = ::write(2, g_crash_path, std::strlen(g_crash_path));
    ignored = ::write(2, "\n", 1);
    (void)ignored;
  }
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void run(const std::string& input) {
  g_current = &input;
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
  g_current = nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR [--mutations N] [--seed S] [--seconds T]\n", argv[0]);
    return 2;
  }
  std::uint64_t mutations = 10000, seed = 1;
  double seconds = 10;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--mutations") mutations = std::strtoull(argv[i + 1], nullptr, 10);
    else if (flag == "--seed") seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (flag == "--seconds") seconds = std::strtod(argv[i + 1], nullptr);
  }
  std::snprintf(g_crash_path, sizeof g_crash_path, "fuzz-crash-%s",
                std::filesystem::path(argv[0]).filename().string().c_str());
  for (const int sig : {SIGILL, SIGABRT, SIGSEGV, SIGFPE, SIGBUS}) ::signal(sig, save_crash_input);
  std::vector<std::string> corpus;
  for (const auto& entry : std::filesystem::directory_iterator(argv[1])) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    corpus.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  if (corpus.empty()) {
    std::fprintf(stderr, "%s: empty corpus %s\n", argv[0], argv[1]);
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  for (const auto& input : corpus) run(input);
  Rng rng{seed};
  std::uint64_t done = 0;
  for (; done < mutations; ++done) {
    if ((done & 63) == 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > seconds)
      break;
    const std::string input = mutate(corpus[rng.below(corpus.size())], corpus, rng);
    run(input);
  }
  std::printf("%s: %zu corpus inputs and %llu mutations (seed %llu) in %.1f s, no failure\n", argv[0], corpus.size(),
              static_cast<unsigned long long>(done), static_cast<unsigned long long>(seed),
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  return 0;
}
