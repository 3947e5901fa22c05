#!/usr/bin/env bash
# The `mpi` test (docs/cluster.md): `mpirun -np 2 --oversubscribe dpbandit-mpi …` must give byte-identical stdout
# and files to the single-process `dpbandit …` with the same seed (after removing timings: the "timing" objects and
# "seconds"/"date"/"jobs"/"command_line" fields of JSON, which say how a run went, not what it computed), for an audit, a simulation and
# a verify subset; the single process must itself give the same results at 1 and 2 threads (audit, simulate; verify
# at --jobs 2 against ranks at --jobs 1); a failing rank must
# end the job with exit ≠ 0, one line naming the rank, and nothing written; bad input gives exit 2 and one line.
# Usage: mpi_test.sh BUILD_DIR
set -euo pipefail
build="$1"
one="$build/dpbandit"; mpi="$build/dpbandit-mpi"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_rmaps_base_oversubscribe=1
run_mpi() { mpirun -np 2 --oversubscribe "$mpi" "$@"; }
work="$(mktemp -d "${TMPDIR:-/tmp}/dpbandit-mpi-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() { echo "mpi_test: $*" >&2; exit 1; }
# JSON without timings, keys sorted: what two runs of the same computation must agree on.
norm() {
  python3 - "$1" <<'PY'
import json, sys
def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items() if k not in ("timing", "seconds", "date", "jobs", "command_line")}
    if isinstance(o, list):
        return [strip(x) for x in o]
    return o
print(json.dumps(strip(json.load(open(sys.argv[1]))), sort_keys=True, indent=1))
PY
}
same_dirs() {  # every file of $1 equals the one of $2 (JSON after norm)
  local a="$1" b="$2" f
  [ "$(cd "$a" && ls | sort)" = "$(cd "$b" && ls | sort)" ] || fail "different files in $a and $b"
  for f in $(cd "$a" && ls); do
    if [[ "$f" == *.json ]]; then
      cmp -s <(norm "$a/$f") <(norm "$b/$f") || fail "$f differs (after removing timings)"
    else
      cmp -s "$a/$f" "$b/$f" || fail "$f differs"
    fi
  done
}

# 1. Audit: blocks of samples over ranks (and threads).
"$one" audit dlaplace --eps 1 --samples 300000 --threads 1 > "$work/a1.txt" 2>/dev/null
"$one" audit dlaplace --eps 1 --samples 300000 --threads 2 > "$work/a1t2.txt" 2>/dev/null
cmp -s "$work/a1.txt" "$work/a1t2.txt" || fail "audit: 1 and 2 threads differ"
run_mpi audit dlaplace --eps 1 --samples 300000 > "$work/a2.txt"
cmp -s "$work/a1.txt" "$work/a2.txt" || fail "audit: mpirun -np 2 differs from one process"
"$one" audit dist-dp-se --samples 20000 --json > "$work/l1.json" 2>/dev/null
run_mpi audit dist-dp-se --samples 20000 --json > "$work/l2.json"
cmp -s <(norm "$work/l1.json") <(norm "$work/l2.json") || fail "learner audit: mpirun -np 2 differs"
echo "mpi_test: audit identical ($(head -1 "$work/a1.txt" | cut -c1-60)...)"

# 2. Simulation: runs over ranks.
"$one" simulate --experiment 002-fig1 --runs 3 --horizon 3000 --threads 1 --no-plots --quiet --out "$work/s1" \
  > "$work/s1.txt" 2>/dev/null
"$one" simulate --experiment 002-fig1 --runs 3 --horizon 3000 --threads 2 --no-plots --quiet --out "$work/s1t2" \
  > /dev/null 2>&1
same_dirs "$work/s1" "$work/s1t2"
run_mpi simulate --experiment 002-fig1 --runs 3 --horizon 3000 --threads 1 --no-plots --quiet --out "$work/s2" \
  > "$work/s2.txt"
cmp -s <(sed "s|$work/s1|OUT|" "$work/s1.txt") <(sed "s|$work/s2|OUT|" "$work/s2.txt") || fail "simulate stdout differs"
same_dirs "$work/s1" "$work/s2"
echo "mpi_test: simulate identical"

# 3. verify: claims over ranks (certified, statistical, audit and trend claims among them).
# '00[24].[e-f]*' is ten claims of every method but vectors — certified (002.ftnl.ledger, 002.forgetful, 004.eta-xi),
# proof (004.eta-xi.z3), statistical (004.epoch-sum.binomial), audit (002.ftnl.privacy, 002.ftnl.whole-output,
# 004.feraud.eta-privacy), trend (002.fig.small-eps, 002.fig.large-eps) — in about 10 s of claim time (000.[fl]*
# took 45 s, run twice: CI budget).
only='00[24].[e-f]*'
# One process at --jobs 2 against 2 ranks at --jobs 1 each: equal reports show the thread-count and the rank
# invariance at once (a third run, one process at --jobs 1, cost 40 s and added no comparison the two lack).
"$one" verify --only "$only" --jobs 2 --out "$work/v1" > /dev/null 2>&1 || fail "verify --jobs 2 failed"
run_mpi verify --only "$only" --jobs 1 --out "$work/v2" > /dev/null || fail "verify under mpirun failed"
cmp -s <(norm "$work/v1/report.json") <(norm "$work/v2/report.json") || fail "verify: mpirun -np 2 --jobs 1 differs from one process at --jobs 2"
echo "mpi_test: verify identical ($(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['summary']['total'])" "$work/v1/report.json") claims)"

# 4. A failing rank: exit ≠ 0, one line naming it, nothing written.
set +e
DPB_CLUSTER_FAIL_RANK=1 mpirun -np 2 --oversubscribe -x DPB_CLUSTER_FAIL_RANK "$mpi" simulate --experiment 002-fig1 \
  --runs 3 --horizon 3000 --no-plots --quiet --out "$work/failed" > "$work/f.out" 2> "$work/f.err"
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "a failing rank gave exit 0"
[ "$(grep -c '^dpbandit: rank 1: injected failure' "$work/f.err")" -eq 1 ] || { cat "$work/f.err" >&2; fail "no single line naming the failing rank"; }
[ "$(grep -c '^dpbandit' "$work/f.err")" -eq 1 ] || { cat "$work/f.err" >&2; fail "more than one line from dpbandit"; }
[ ! -s "$work/f.out" ] || fail "a failing run printed on stdout"
[ ! -e "$work/failed" ] || [ -z "$(ls -A "$work/failed")" ] || fail "a failing run wrote files"
echo "mpi_test: failing rank -> exit $rc, nothing written"

# 5. Bad input on every rank: exit 2, one line.
set +e
run_mpi audit dlaplace --samples abc > "$work/b.out" 2> "$work/b.err"
rc=$?
set -e
[ "$rc" -eq 2 ] || { cat "$work/b.err" >&2; fail "bad input gave exit $rc"; }
[ "$(grep -c '^dpbandit' "$work/b.err")" -eq 1 ] || { cat "$work/b.err" >&2; fail "bad input: not one line"; }
[ ! -s "$work/b.out" ] || fail "bad input printed on stdout"
echo "mpi_test: ok"
