#!/usr/bin/env python3
# jdp-glm --profile paper-code (docs/decisions.md "jdp-glm, paper-code profile"): how often would the code's PSD
# projection (eigenvalue floor 1e-12) bind? Usage: scripts/psd_floor_mc.py LAMBDA SIGMA_V T d RUNS (values from
# `dpbandit calibrate jdp-glm --profile paper-code`). Pure Python, the tree noise law of reference/protocols/tree_mechanism
# (half symmetrisation), a Cholesky test per round.
# Monte Carlo of the PSD floor in jdp-glm paper-code: does lambda*I + (tree prefix noise) fail lambda_min > 1e-12?
# Data leaves are PSD and only raise lambda_min, so noise alone is the worst case (an upper bound on binding).
import random, math, sys
def chol_pd(A, n):
    L = [[0.0]*n for _ in range(n)]
    for i in range(n):
        for j in range(i+1):
            s = A[i][j] - sum(L[i][k]*L[j][k] for k in range(j))
            if i == j:
                if s <= 1e-12: return False
                L[i][i] = math.sqrt(s)
            else:
                L[i][j] = s / L[j][j]
    return True
def run(lam, sigma, T, d, rng):
    m = T.bit_length() + 1
    cur = [None]*m
    fails = 0
    minratio = 1e9
    for t in range(1, T):           # prefix after t leaves (query of round t+1)
        for h in range(m):
            if t % (1 << h): break
            M = [[0.0]*d for _ in range(d)]
            for i in range(d):
                M[i][i] = rng.gauss(0, sigma)
                for j in range(i):
                    v = rng.gauss(0, sigma/math.sqrt(2)); M[i][j] = v; M[j][i] = v
            cur[h] = M
        A = [[(lam if i == j else 0.0) for j in range(d)] for i in range(d)]
        for h in range(m):
            if (t >> h) & 1:
                for i in range(d):
                    for j in range(d): A[i][j] += cur[h][i][j]
        if not chol_pd(A, d): fails += 1
    return fails
lam, sigma, T, d, runs = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
rng = random.Random(20261127)
tot = [run(lam, sigma, T, d, rng) for _ in range(runs)]
print(f"lambda={lam} sigma={sigma} T={T} d={d} runs={runs}: rounds binding per run {tot}")
