#!/usr/bin/env bash
# The `install` test (docs/library.md): installs the build into a temporary prefix and uses it as another project
# would. Usage: install_test.sh BUILD_DIR SOURCE_DIR. Checks, each failing the test:
#   1. examples/consumer configures with find_package(dpbandit CONFIG), builds out of tree and runs;
#   2. every installed header compiles on its own include path (nothing needed is missing, no internal/ header
#      beyond the ones public headers include);
#   3. pkg-config --static gives the flags to compile and link a program against the libraries;
#   4. the installed binary reports its commit and finds its data files under the prefix;
#   5. bad input: a consumer without the package fails to configure naming it; an unwritable prefix fails.
set -euo pipefail
build="$1"; src="$2"
work="$(mktemp -d "${TMPDIR:-/tmp}/dpbandit-install-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
fail() { echo "install_test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" > "$work/install.log" || fail "cmake --install failed"
[ -f "$prefix/lib/cmake/dpbandit/dpbanditConfig.cmake" ] || fail "no CMake package"
[ -f "$prefix/lib/pkgconfig/dpbandit.pc" ] || fail "no pkg-config file"
for lib in reference optimized verify; do
  [ -f "$prefix/lib/libdpbandit_$lib.a" ] || fail "no libdpbandit_$lib.a"
done
if find "$prefix/include" -path '*/cli/*' | grep -q .; then fail "CLI headers installed"; fi
internal=$(find "$prefix/include" -path '*/internal/*' -name '*.hpp' | wc -l)
# The list in cmake/install.cmake (DPB_INTERNAL_HEADERS_NEEDED_BY_PUBLIC_ONES) names every internal header allowed.
listed=$(sed -n '/^set(DPB_INTERNAL_HEADERS_NEEDED_BY_PUBLIC_ONES/,/)/p' "$src/cmake/install.cmake" | grep -o '[a-z_/0-9]*internal/[a-z_0-9]*\.hpp' | wc -l)
[ "$listed" -ge 1 ] || fail "cannot read the internal-header list of cmake/install.cmake"
[ "$internal" -le "$listed" ] || fail "$internal internal headers installed (expected only the $listed that public headers include, cmake/install.cmake)"

# 1. The example consumer, out of tree.
cmake -S "$src/examples/consumer" -B "$work/consumer" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$prefix" > "$work/consumer-configure.log" || { cat "$work/consumer-configure.log" >&2; fail "consumer configure"; }
cmake --build "$work/consumer" > "$work/consumer-build.log" || { tail -30 "$work/consumer-build.log" >&2; fail "consumer build"; }
out="$("$work/consumer/consumer")" || fail "consumer exited non-zero: $out"
echo "$out"
echo "$out" | grep -q '^discrete Gaussian sigma2=4 draws:\( -\?[0-9]\+\)\{8\}$' || fail "consumer: no draws"
echo "$out" | grep -q '^P\[X >= 6\] in \[' || fail "consumer: no certified tail"
echo "$out" | grep -q '^AUDIT consumer-noisy-count .*\(TIGHT\|WEAK\)$' || fail "consumer: audit line"

# 2. Every installed header compiles on its own.
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
cflags="$(pkg-config --cflags dpbandit)" || fail "pkg-config --cflags"
n=0
(cd "$prefix/include/dpbandit" && find . -name '*.hpp' | sort) | while read -r h; do
  echo "#include \"${h#./}\""
done > "$work/all_headers.cpp"
n=$(wc -l < "$work/all_headers.cpp")
[ "$n" -gt 100 ] || fail "only $n headers installed"
# shellcheck disable=SC2086
g++ $cflags -fsyntax-only "$work/all_headers.cpp" || fail "the installed headers do not compile together"
echo "install_test: $n installed headers compile"

# 3. pkg-config: compile and link a program.
cat > "$work/pc.cpp" <<'CPP'
#include <iostream>
#include "reference/bits/chacha20.hpp"
#include "reference/samplers/discrete_laplace.hpp"
int main() {
  dpb::ChaCha20Source bits(1, 0);
  std::cout << dpb::ref::DiscreteLaplace(dpb::Rational(3))(bits) << "\n";
}
CPP
# shellcheck disable=SC2046
g++ $cflags -O1 "$work/pc.cpp" -o "$work/pc" $(pkg-config --static --libs dpbandit) || fail "pkg-config link"
"$work/pc" | grep -q '^-\?[0-9]\+$' || fail "pkg-config program output"

# 4. The installed binary: version with commit, data files under the prefix.
ver="$("$prefix/bin/dpbandit" --version)"
echo "$ver"
echo "$ver" | grep -q '^dpbandit [0-9.]\+ (\([0-9a-f]\{40\}\(+dirty\)\?\|unknown\))$' || fail "--version: $ver"
echo "$ver" | grep -qF "data directory: $prefix/share/dpbandit" || fail "installed binary does not use its data: $ver"
# The whole list first: `dpbandit … | grep -q` under pipefail fails when grep exits before dpbandit has written
# everything (SIGPIPE) — a race that a longer list made visible.
experiments="$("$prefix/bin/dpbandit" simulate --list)" || fail "installed binary: simulate --list failed"
echo "$experiments" | grep -q '002-fig1' || fail "installed binary lists no experiment"
[ -f "$prefix/share/dpbandit/proofs/000.encode.smt2" ] || fail "proofs not installed"

# 5. Bad input.
mkdir "$work/empty"
if cmake -S "$src/examples/consumer" -B "$work/consumer-nopkg" -G Ninja -DCMAKE_PREFIX_PATH="$work/empty" \
     -Ddpbandit_DIR="$work/empty" > "$work/nopkg.log" 2>&1; then
  fail "consumer configured without the package"
fi
grep -q 'dpbandit' "$work/nopkg.log" || fail "configure error does not name dpbandit"
if cmake --install "$build" --prefix /proc/dpbandit-unwritable > "$work/unwritable.log" 2>&1; then
  fail "install into an unwritable prefix succeeded"
fi
echo "install_test: ok"
