#!/usr/bin/env python3
"""Writes testdata/letor/sample.txt: a small synthetic file in the LETOR / MSLR-WEB10K text format
(`label qid:Q 1:v1 2:v2 ... # comment`), for the tests and the default of experiment 000-mslr.

Deterministic (Python's random.Random(20261121), Mersenne Twister, stable across Python 3 versions); standard library
only. 600 query-document pairs, 40 queries, 20 features. Rows come from 8 latent groups with different feature
centres and different label distributions, so that k-means recovers arms with different mean relevance. Features
that are exactly 0 are omitted (the sparse LETOR convention); some lines carry a trailing '#docid = ...' comment, as
the LETOR 4.0 files do. Usage: scripts/gen-letor-sample.py [OUTPUT] (default testdata/letor/sample.txt).
"""
import os
import sys

import random

ROWS, QUERIES, FEATURES, GROUPS = 600, 40, 20, 8


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "testdata", "letor",
                                                              "sample.txt")
    rng = random.Random(20261121)
    centres = [[rng.uniform(-3, 3) for _ in range(FEATURES)] for _ in range(GROUPS)]
    # Label distribution per group: P(label = l) proportional to weights; groups differ in mean relevance.
    weights = [[max(0.05, 1.0 - abs(l - g * 4 / (GROUPS - 1)) / 2) for l in range(5)] for g in range(GROUPS)]
    lines = ["# Synthetic LETOR-format sample written by scripts/gen-letor-sample.py (not real data)"]
    for i in range(ROWS):
        g = rng.randrange(GROUPS)
        q = 1 + rng.randrange(QUERIES)
        label = rng.choices(range(5), weights=weights[g])[0]
        parts = [str(label), "qid:%d" % q]
        for f in range(FEATURES):
            v = centres[g][f] + rng.gauss(0, 0.5)
            if f % 5 == 4 and rng.random() < 0.3:
                v = 0.0  # sparse features
            if f == 7:
                v = float(round(abs(v) * 1000))  # an integer-valued count feature, like MSLR's
            if v != 0.0:
                parts.append("%d:%s" % (f + 1, ("%.6f" % v).rstrip("0").rstrip(".")))
        line = " ".join(parts)
        if i % 7 == 0:
            line += " #docid = GX%03d-%02d-%07d" % (q, g, i)
        lines.append(line)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
