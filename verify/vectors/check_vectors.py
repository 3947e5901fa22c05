#!/usr/bin/env python3
"""Independent checker of dpbandit's golden vectors (docs/vectors.md), Python 3 standard library only.

    python3 verify/vectors/check_vectors.py testdata/vectors [--verbose]

It shares no code with dpbandit: it re-implements, from the documents alone,
  - ChaCha20 (RFC 8439, pure Python), the key derivation (hashlib.sha256), the bit order and uniform_below
    (docs/bits.md);
  - the samplers of docs/samplers.md with exact rationals (fractions.Fraction): Bernoulli, BernoulliExp, Geometric,
    DiscreteLaplace, DiscreteGaussian, Binomial, RandomizedRounding;
  - the inversion samplers (Poisson, Skellam, Polya, Polya difference, and the `inversion` method of the discrete
    Laplace and Gaussian) by the normative rule of docs/samplers.md and docs/bits.md §6,
    deciding every comparison "F(k) > x" rigorously with fixed-point interval arithmetic on Python integers
    (directed rounding; exp by Taylor series with a bounded remainder; rational powers by integer roots), refined
    until certain;
  - the pmf tables (category pmf): every value is re-enclosed rigorously (exact rationals for bernoulli, binomial,
    round; certified intervals for the others) and each string is checked to be the stated rounding
    (lo = rounded down, hi = rounded up, value = rounded to nearest).
Category linear001 (seed 001's learners) replays every action, PD event and theta from the recorded statistics.
Category glm003 (seed 003's GLM layer) recomputes the link values at 130 decimal digits, replays the exact rewards,
and replays the G-optimal design's binary64 solver in Python floats, its rounding, exact leverages and draws.
Category glmlearners003 (seed 003's GLM instances and glm-ucb runs) checks each instance's exact norms, replays the
authors' theta* and recomputes kappa, kappa* at 130 digits, and replays every run's rewards from its actions.
Category rsglincb003 (rs-glincb runs) replays the rewards as glmlearners003 and, in exact rationals, every Criterion I
decision and exploration argmax.
Category gloc003 (gloc runs) replays the rewards as glmlearners003 and, in exact rationals, the first rounds' argmax
(round 1; round 2 in the paper profile), which need no ONS iterate.
Category mechanisms001 (seed 001) is replayed: Karney's exact normal with its lazy rounding and the sublinear
binomial's exact rejection (acceptances decided from ln a at 80 digits with a stated error bound, or from the exact
rational when closer than 1e-30), every P_Vec, P_Amp and tree record's draws and bits, besides the deterministic
relations between each record's fields.
Category p2003 (seed 003's P2, the matrix P_Vec) is checked for consistency only (clip, encoding, counts,
the analyzer's de-bias and its symmetric matrix, the literal path's bit multiset), and its p-vec-matrix calibrations
are recomputed exactly (g, b, bit counts, the V2/V3 rationals and flags).
Category shuffleglm003 (shuffle-glm runs) replays the rewards, recomputes the scaled schedule and checks line 15's clip
and the releases' shapes (the P2/P_GD noise is not replayed).
Category ecolog003 (ecolog runs) replays the whole learner: every argmax (mu, sqrt and the radius at 130 digits,
W^-1 exact), every reward, grid root (the sign of F on both sides of the recorded grid point), weight and the final
theta, in exact rationals where the learner is exact.
Category jdpglm003 (jdp-glm runs) replays the rewards, both trees' rounded Gaussians (last releases and bits), and in
exact rationals Criterion I, the exploration argmax, the non-PD V and H_tau rounds and Criterion II at every round,
and the weights while theta_o = 0; the elimination, the UCB argmax and P_GD's estimates are consistency-only.
It replays every record of every category it knows, compares outputs and bit counts, prints
"N records replayed, M mismatches" and exits 0 only when M = 0 (1 on a mismatch, 2 on usage errors).
"""

import decimal
import hashlib
import json
import math
import os
import struct
import sys
from fractions import Fraction

FORMAT = "dpbandit-vectors"
VERSION = 1

# --------------------------------------------------------------------------------------------------------------
# ChaCha20 (RFC 8439 §2.3) and the seeded stream (docs/bits.md §1)

MASK32 = 0xFFFFFFFF


def _rotl(v, c):
    return ((v << c) & MASK32) | (v >> (32 - c))


def _quarter(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & MASK32
    s[d] = _rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & MASK32
    s[b] = _rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & MASK32
    s[d] = _rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & MASK32
    s[b] = _rotl(s[b] ^ s[c], 7)


def chacha20_block(key, counter, nonce):
    state = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]
    state += list(struct.unpack("<8I", key))
    state += [counter & MASK32]
    state += list(struct.unpack("<3I", nonce))
    w = list(state)
    for _ in range(10):
        _quarter(w, 0, 4, 8, 12)
        _quarter(w, 1, 5, 9, 13)
        _quarter(w, 2, 6, 10, 14)
        _quarter(w, 3, 7, 11, 15)
        _quarter(w, 0, 5, 10, 15)
        _quarter(w, 1, 6, 11, 12)
        _quarter(w, 2, 7, 8, 13)
        _quarter(w, 3, 4, 9, 14)
    return struct.pack("<16I", *[(w[i] + state[i]) & MASK32 for i in range(16)])


def _self_test_chacha20():
    # RFC 8439 §2.3.2 test vector.
    key = bytes(range(32))
    nonce = bytes.fromhex("000000090000004a00000000")
    expected = (
        "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
        "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"
    )
    if chacha20_block(key, 1, nonce).hex() != expected:
        raise SystemExit("check_vectors.py: ChaCha20 self-test against RFC 8439 §2.3.2 failed")


def derive_key(seed, stream):
    return hashlib.sha256(b"dpbandit/chacha20/v1" + struct.pack("<QQ", seed, stream)).digest()


def keystream(seed, stream, nbytes):
    key = derive_key(seed, stream)
    out = b""
    counter = 0
    while len(out) < nbytes:
        out += chacha20_block(key, counter, bytes(12))
        counter += 1
    return out[:nbytes]


class Bits:
    """The bit stream of docs/bits.md §2: bytes read most significant bit first; counts the bits taken."""

    def __init__(self, seed, stream):
        self.key = derive_key(seed, stream)
        self.counter = 0
        self.acc = 0  # pending bits, most significant first
        self.nacc = 0
        self.consumed = 0

    def next_bits(self, k):
        while self.nacc < k:
            block = chacha20_block(self.key, self.counter, bytes(12))
            self.counter += 1
            self.acc = (self.acc << 512) | int.from_bytes(block, "big")
            self.nacc += 512
        self.nacc -= k
        r = self.acc >> self.nacc
        self.acc &= (1 << self.nacc) - 1
        self.consumed += k
        return r


def uniform_below(bits, n):
    """docs/bits.md §3: k = bit_length(n - 1); k-bit integers (first bit most significant) until one is < n."""
    k = (n - 1).bit_length()
    if k == 0:
        return 0
    while True:
        u = bits.next_bits(k)
        if u < n:
            return u


# --------------------------------------------------------------------------------------------------------------
# Rational samplers (docs/samplers.md), exact with fractions.Fraction


def bernoulli(bits, p):
    # p = a/b in lowest terms (Fraction is always reduced): uniform_below(b) < a
    return uniform_below(bits, p.denominator) < p.numerator


def _von_neumann(bits, gamma):
    k = 1
    while bernoulli(bits, gamma / k):
        k += 1
    return k % 2 == 1


def bernoulli_exp(bits, gamma):
    if gamma <= 1:
        return _von_neumann(bits, gamma)
    whole = gamma.numerator // gamma.denominator
    for _ in range(whole):
        if not _von_neumann(bits, Fraction(1)):
            return False
    return _von_neumann(bits, gamma - whole)


def geometric(bits, scale):
    s, t = scale.denominator, scale.numerator  # 1/scale = s/t
    while True:
        u = uniform_below(bits, t)
        if bernoulli_exp(bits, Fraction(u, t)):
            break
    v = 0
    while bernoulli_exp(bits, Fraction(1)):
        v += 1
    return (u + t * v) // s


def discrete_laplace(bits, scale):
    while True:
        sign = bernoulli(bits, Fraction(1, 2))
        mag = geometric(bits, scale)
        if sign and mag == 0:
            continue
        return -mag if sign else mag


def _floor(q):
    return q.numerator // q.denominator


def discrete_gaussian_bias(sigma2, mu):
    """CKS20 Algorithm 3's proposal scale t and rejection exponent bias(y), with the non-integer-mu extension."""
    t = math.isqrt(_floor(sigma2)) + 1
    f = mu - _floor(mu)

    def bias(y):
        if f == 0:
            d = abs(y) - sigma2 / t
            return d * d / (2 * sigma2)
        if y >= 0:
            d = y - f - sigma2 / t
            return d * d / (2 * sigma2)
        d = -y + f - sigma2 / t
        return d * d / (2 * sigma2) + 2 * f / t

    return t, bias


def discrete_gaussian(bits, sigma2, mu):
    t, bias = discrete_gaussian_bias(sigma2, mu)
    floor_mu = _floor(mu)
    while True:
        y = discrete_laplace(bits, Fraction(t))
        if bernoulli_exp(bits, bias(y)):
            return floor_mu + y


def binomial(bits, n, p):
    return sum(1 for _ in range(n) if bernoulli(bits, p))


def randomized_rounding(bits, x, g):
    xg = x * g
    fl = _floor(xg)
    return fl + 1 if bernoulli(bits, xg - fl) else fl


# --------------------------------------------------------------------------------------------------------------
# Certified real arithmetic on Python integers: an interval [lo, hi] / 2^P of non-negative reals, every operation
# rounded outward (floor for lo, ceiling for hi), so the exact value always lies inside.


def _cdiv(a, b):
    return -((-a) // b)


class Fx:
    __slots__ = ("lo", "hi", "P")

    def __init__(self, lo, hi, P):
        assert 0 <= lo <= hi, (lo, hi)
        self.lo, self.hi, self.P = lo, hi, P

    @staticmethod
    def rational(q, P):
        return Fx((q.numerator << P) // q.denominator, _cdiv(q.numerator << P, q.denominator), P)

    def __add__(self, o):
        return Fx(self.lo + o.lo, self.hi + o.hi, self.P)

    def __mul__(self, o):
        return Fx((self.lo * o.lo) >> self.P, _cdiv(self.hi * o.hi, 1 << self.P), self.P)

    def scale(self, q):  # times a rational q >= 0
        return Fx((self.lo * q.numerator) // q.denominator, _cdiv(self.hi * q.numerator, q.denominator), self.P)

    def one_minus(self):  # 1 - x for x in [0, 1]
        one = 1 << self.P
        return Fx(max(0, one - self.hi), one - self.lo, self.P)

    def reciprocal(self):  # 1/x, x > 0
        assert self.lo > 0
        return Fx((1 << (2 * self.P)) // self.hi, _cdiv(1 << (2 * self.P), self.lo), self.P)

    def div(self, o):  # x / y, y > 0
        assert o.lo > 0
        return Fx((self.lo << self.P) // o.hi, _cdiv(self.hi << self.P, o.lo), self.P)

    def pow_int(self, n):
        r = Fx(1 << self.P, 1 << self.P, self.P)
        b = self
        while n:
            if n & 1:
                r = r * b
            b = b * b
            n >>= 1
        return r

    def pow_rational(self, q):  # x^q for rational q > 0, x >= 0
        y = self.pow_int(q.numerator)
        d = q.denominator
        if d == 1:
            return y
        shift = self.P * (d - 1)
        return Fx(_iroot_floor(y.lo << shift, d), _iroot_ceil(y.hi << shift, d), self.P)

    def width(self):
        return self.hi - self.lo


def _iroot_floor(n, d):
    if n == 0:
        return 0
    x = 1 << ((n.bit_length() + d - 1) // d)  # x >= n^(1/d)
    while True:
        y = ((d - 1) * x + n // x ** (d - 1)) // d
        if y >= x:
            break
        x = y
    while x ** d > n:
        x -= 1
    while (x + 1) ** d <= n:
        x += 1
    return x


def _iroot_ceil(n, d):
    x = _iroot_floor(n, d)
    return x if x ** d == n else x + 1


def exp_fx(q, P):
    """e^q for a rational q >= 0, as an Fx at precision P."""
    assert q >= 0
    s = 0
    while q / (1 << s) > Fraction(1, 2):
        s += 1
    z = q / (1 << s)
    Q = P + 2 * s + 40 + max(0, _floor(q)).bit_length()
    one = 1 << Q
    tl = th = one
    lo = hi = one
    n = 0
    while True:
        n += 1
        tl = (tl * z.numerator) // (z.denominator * n)
        th = _cdiv(th * z.numerator, z.denominator * n)
        lo += tl
        hi += th
        if th <= 1:
            break
    # The rest after term n is at most t_n * z/(n+1) / (1 - z/(n+2)) <= t_n (z <= 1/2).
    hi += th + 1
    r = Fx(lo, hi, Q)
    for _ in range(s):
        r = r * r
    shift = Q - P
    return Fx(r.lo >> shift, _cdiv(r.hi, 1 << shift), P)


def exp_neg_fx(q, P):
    """e^{-q} for a rational q >= 0."""
    return exp_fx(q, P).reciprocal()


# --------------------------------------------------------------------------------------------------------------
# Inversion samplers (docs/samplers.md, "The rule"): U = 0.b1b2... read 64 bits at a time; the draw is the k with
# I_c = [u/2^{64c}, (u+1)/2^{64c}) inside [F(k-1), F(k)); otherwise read another chunk. F(k) is irrational, so
# "F(k) > x" for a dyadic x is decided by enclosures refined until certain.


class CdfTable:
    """Enclosures of F(0), F(1), ... at precision P, from P[0] and the exact ratio P[k+1]/P[k]."""

    def __init__(self, law, P):
        self.P = P
        p0, self.step = law.start(P)
        self.p = p0
        self.F = [p0]

    def get(self, k):
        while len(self.F) <= k:
            j = len(self.F) - 1
            self.p = self.step(self.p, j)
            self.F.append(self.F[-1] + self.p)
        return self.F[k]


class PoissonLaw:
    def __init__(self, mean):
        self.lam = mean

    def base_precision(self):
        return 64 + int(self.lam * Fraction(1443, 1000)) + 64

    def start(self, P):
        lam = self.lam
        # P[0] = e^{-lam}; P[j+1] = P[j] * lam / (j + 1)
        return exp_neg_fx(lam, P), lambda p, j: p.scale(lam / (j + 1))


class PolyaLaw:
    def __init__(self, r, scale):
        self.r, self.scale = r, scale

    def base_precision(self):
        return 128 + 8 * max(1, _floor(self.scale)).bit_length()

    def start(self, P):
        r = self.r
        beta = exp_neg_fx(1 / self.scale, P)
        # P[0] = (1 - beta)^r; P[j+1] = P[j] * beta * (j + r)/(j + 1)
        return beta.one_minus().pow_rational(r), lambda p, j: (p * beta).scale((j + r) / (j + 1))


class LaplaceZigzagLaw:
    """Lap_Z(scale) enumerated in zigzag order n = 0, 1, 2, ... -> x = 0, -1, 1, -2, 2, ... (docs/samplers.md,
    "Inversion methods for the discrete Laplace and Gaussian"): P[0] = (1 - beta)/(1 + beta), beta = e^{-1/scale};
    P[n+1] = P[n] * beta for even n, P[n+1] = P[n] for odd n."""

    def __init__(self, scale):
        self.scale = scale

    def base_precision(self):
        return 128 + 8 * max(1, _floor(self.scale)).bit_length()

    def start(self, P):
        beta = exp_neg_fx(1 / self.scale, P)
        one = Fx(1 << P, 1 << P, P)
        return beta.one_minus().div(one + beta), lambda p, j: p * beta if j % 2 == 0 else p


def from_zigzag(n):
    return n // 2 if n % 2 == 0 else -(n + 1) // 2


def bernoulli_exp_by_chunks(bits, gamma):
    """Bernoulli(e^{-gamma}) by comparing a lazily read uniform with e^{-gamma} (docs/bits.md §6): gamma = 0 reads
    nothing; otherwise read 64-bit chunks until I_c = [u/2^{64c}, (u+1)/2^{64c}) lies below e^{-gamma} (true) or
    above it (false). e^{-gamma} is irrational, so refining its enclosure always decides."""
    if gamma == 0:
        return True
    u = bits.next_bits(64)
    c = 1
    while True:
        m = 64 * c
        P = m + 128
        while True:
            E = exp_neg_fx(gamma, P)
            if (u + 1) << P <= E.lo << m:
                return True
            if u << P >= E.hi << m:
                return False
            if E.lo << m > u << P and E.hi << m < (u + 1) << P:
                break  # e^{-gamma} lies inside I_c: read another chunk
            P *= 2
            if P > 1 << 20:
                raise RuntimeError("bernoulli_exp_by_chunks: comparison not decided at 2^20 bits")
        u = (u << 64) | bits.next_bits(64)
        c += 1


def make_inversion_sampler(dist, q):
    """The `inversion` method of dlaplace and dgauss (docs/samplers.md)."""
    if dist == "dlaplace":
        inv = Inversion(LaplaceZigzagLaw(q["scale"]))
        return lambda b: from_zigzag(inv.draw(b))
    if dist == "dgauss":
        mu = q.get("mu", Fraction(0))
        t, bias = discrete_gaussian_bias(q["sigma2"], mu)
        proposal = Inversion(LaplaceZigzagLaw(Fraction(t)))
        floor_mu = _floor(mu)

        def draw(b):
            while True:
                y = from_zigzag(proposal.draw(b))
                if bernoulli_exp_by_chunks(b, bias(y)):
                    return floor_mu + y

        return draw
    return None


class Inversion:
    def __init__(self, law):
        self.law = law
        self.tables = {}

    def _table(self, P):
        if P not in self.tables:
            self.tables[P] = CdfTable(self.law, P)
        return self.tables[P]

    def greater(self, k, u, m):
        """Is F(k) > u / 2^m? (never equal: F(k) is irrational)"""
        P = max(self.law.base_precision(), m + 64)
        while True:
            F = self._table(P).get(k)
            if F.lo * (1 << m) > u << P:
                return True
            if F.hi * (1 << m) < u << P:
                return False
            P *= 2
            if P > 1 << 20:
                raise RuntimeError("inversion: comparison not decided at 2^20 bits")

    def draw(self, bits):
        u = bits.next_bits(64)
        c = 1
        while True:
            m = 64 * c
            k = 0
            while not self.greater(k, u, m):  # k* = min{k : F(k) > u/2^m}
                k += 1
            if self.greater(k, u + 1, m):  # (u+1)/2^m <= F(k*): I_c fits in k*'s cell
                return k
            u = (u << 64) | bits.next_bits(64)
            c += 1


# --------------------------------------------------------------------------------------------------------------
# Category samplers


def _q(text):
    return Fraction(text)


def make_sampler(dist, params, method=None):
    q = {k: _q(v) for k, v in params.items()}
    if method == "inversion":
        return make_inversion_sampler(dist, q)
    if method is not None:
        return None
    if dist == "bernoulli":
        return lambda b: int(bernoulli(b, q["p"]))
    if dist == "bernoulli-exp":
        return lambda b: int(bernoulli_exp(b, q["gamma"]))
    if dist == "geometric":
        return lambda b: geometric(b, q["scale"])
    if dist == "dlaplace":
        return lambda b: discrete_laplace(b, q["scale"])
    if dist == "dgauss":
        mu = q.get("mu", Fraction(0))
        return lambda b: discrete_gaussian(b, q["sigma2"], mu)
    if dist == "binomial":
        return lambda b: binomial(b, int(q["n"]), q["p"])
    if dist == "round":
        return lambda b: randomized_rounding(b, q["x"], int(q["g"]))
    if dist == "poisson":
        inv = Inversion(PoissonLaw(q["mean"]))
        return inv.draw
    if dist == "skellam":
        inv = Inversion(PoissonLaw(q["var"] / 2))
        return lambda b: inv.draw(b) - inv.draw(b)
    if dist == "polya":
        inv = Inversion(PolyaLaw(q["r"], q["scale"]))
        return inv.draw
    if dist == "polya-diff":
        inv = Inversion(PolyaLaw(q["r"], q["scale"]))
        return lambda b: inv.draw(b) - inv.draw(b)
    return None


def replay_draws(draw, seed, stream, count):
    bits = Bits(seed, stream)
    outputs, bits_each = [], []
    for _ in range(count):
        before = bits.consumed
        outputs.append(draw(bits))
        bits_each.append(bits.consumed - before)
    return outputs, bits_each, bits.consumed


def compare_draws(rec, outputs, bits_each, total):
    for i, (a, b) in enumerate(zip(rec["outputs"], outputs)):
        if isinstance(a, str):  # outputs wider than 64 bits are decimal strings
            if a != str(b):
                return "outputs[%d]: file %s, replayed %s" % (i, a, b)
        elif isinstance(a, bool) or a != b:
            return "outputs[%d]: file %s, replayed %s" % (i, a, b)
    if len(rec["outputs"]) != len(outputs):
        return "outputs: file has %d, replayed %d" % (len(rec["outputs"]), len(outputs))
    for i, (a, b) in enumerate(zip(rec["bits_each"], bits_each)):
        if a != b:
            return "bits_each[%d]: file %s, replayed %s" % (i, a, b)
    if rec["bits"] != total:
        return "bits: file %s, replayed %s" % (rec["bits"], total)
    return None


def check_sampler_record(rec):
    kind = rec["kind"]
    if kind == "stream":
        key = derive_key(rec["seed"], rec["stream"]).hex()
        if rec["key"] != key:
            return "key: file %s, computed %s" % (rec["key"], key)
        data = keystream(rec["seed"], rec["stream"], len(rec["bytes"]) // 2).hex()
        if rec["bytes"] != data:
            return "bytes: file %s, computed %s" % (rec["bytes"], data)
        return None
    if kind == "uniform":
        n = int(rec["n"])
        out = replay_draws(lambda b: uniform_below(b, n), rec["seed"], rec["stream"], rec["count"])
        return compare_draws(rec, *out)
    if kind == "sampler":
        data = keystream(rec["seed"], rec["stream"], len(rec["stream_hex"]) // 2).hex()
        if rec["stream_hex"] != data:
            return "stream_hex: file %s, computed %s" % (rec["stream_hex"], data)
        draw = make_sampler(rec["dist"], rec["params"], rec.get("method"))
        if draw is None:
            return "unknown dist %r (method %r)" % (rec["dist"], rec.get("method"))
        out = replay_draws(draw, rec["seed"], rec["stream"], rec["count"])
        return compare_draws(rec, *out)
    return "unknown kind %r" % kind


# --------------------------------------------------------------------------------------------------------------
# Category pmf: re-enclose every value and check each string is the stated rounding of it.


def parse_decimal(s):
    """'d.ddde-N' (D significant digits) -> (Fraction value, mantissa digits as int, exponent of the last digit)."""
    if s == "0":
        return Fraction(0), 0, 0
    mant, _, exp = s.partition("e")
    neg = mant.startswith("-")
    if neg:
        raise ValueError("negative pmf value " + s)
    digits = mant.replace(".", "")
    e = int(exp) - (len(digits) - 1)  # value = int(digits) * 10^e
    m = int(digits)
    v = Fraction(m) * (Fraction(10) ** e)
    return v, m, e


def _ulps(m, e, D):
    """The gaps to the neighbouring D-digit decimals below and above m*10^e (10^(D-1) <= m < 10^D)."""
    up = Fraction(10) ** e
    down = up / 10 if m == 10 ** (D - 1) else up
    return down, up


def _show(x):
    """A rational for a message (40 significant digits; display only)."""
    with decimal.localcontext() as ctx:
        ctx.prec = 40
        return str(decimal.Decimal(x.numerator) / decimal.Decimal(x.denominator))


def check_rounding(s, lo, hi, mode, D):
    """Is s the D-digit rounding (mode: 'down', 'up', 'nearest') of every x in [lo, hi]? None if certainly,
    'undecided' if the enclosure is too wide, else a description of the error."""
    v, m, e = parse_decimal(s)
    if s == "0":
        return None if lo == hi == 0 else ("'0' for a positive value" if lo > 0 else "undecided")
    if len(str(m)) != D:
        return "%r does not have %d significant digits" % (s, D)
    down, up = _ulps(m, e, D)
    if mode == "down":  # v <= x < v + up
        if v <= lo and hi < v + up:
            return None
        if hi < v or lo >= v + up:
            return "%r is not x rounded down (x in [%s, %s])" % (s, _show(lo), _show(hi))
    elif mode == "up":  # v - down < x <= v
        if v - down < lo and hi <= v:
            return None
        if lo > v or hi <= v - down:
            return "%r is not x rounded up (x in [%s, %s])" % (s, _show(lo), _show(hi))
    else:  # v - down/2 < x < v + up/2
        if v - down / 2 < lo and hi < v + up / 2:
            return None
        if hi <= v - down / 2 or lo >= v + up / 2:
            return "%r is not x rounded to nearest (x in [%s, %s])" % (s, _show(lo), _show(hi))
    return "undecided"


def _fx_bounds(x):
    return Fraction(x.lo, 1 << x.P), Fraction(x.hi, 1 << x.P)


def _binom(n, k):
    return math.comb(n, k)


def exact_pmf(dist, q, k):
    """Exact rational pmfs, or None when the law is not rational."""
    if dist == "bernoulli":
        p = q["p"]
        return p if k == 1 else (1 - p if k == 0 else Fraction(0))
    if dist == "binomial":
        n, p = int(q["n"]), q["p"]
        if k < 0 or k > n:
            return Fraction(0)
        return _binom(n, k) * p ** k * (1 - p) ** (n - k)
    if dist == "round":
        xg = q["x"] * int(q["g"])
        fl = _floor(xg)
        phi = xg - fl
        return 1 - phi if k == fl else (phi if k == fl + 1 else Fraction(0))
    return None


def poisson_p(lam, k, P):
    p = exp_neg_fx(lam, P)
    for j in range(k):
        p = p.scale(lam / (j + 1))
    return p


def polya_p(r, beta, k, P):
    p = beta.one_minus().pow_rational(r)
    for j in range(k):
        p = (p * beta).scale((j + r) / (j + 1))
    return p


def _sum_convolution(term, mode, ratio_bound, P):
    """Σ_{j>=0} term(j) for a unimodal-in-j positive series: sums j = 0.. upward until the terms are past the mode
    and the ratio bound rho = ratio_bound(j) < 1 (an upper bound on every later term ratio) makes the rest
    t_j rho/(1-rho) negligible; adds that rest to the upper end."""
    total = Fx(0, 0, P)
    j = 0
    while True:
        t = term(j)
        total = total + t
        if j >= mode:
            rho = ratio_bound(j)
            if rho < 1:
                rest = t.hi * rho.numerator
                rest_hi = _cdiv(rest, rho.denominator - rho.numerator)
                # Stop once the rest is a few ulps or below 2^(-P/2) of the sum (it is added either way).
                if rest_hi <= 16 or rest_hi < total.lo >> (P // 2):
                    return Fx(total.lo, total.hi + rest_hi + 1, P)
        j += 1


_Z_CACHE = {}


def _dgauss_normalizer(w, sigma2, mu, P):
    """Z = Σ_y w(y), w(y) = e^{-(y-mu)²/(2σ²)}: sums y = c, c+1, ... and c-1, c-2, ... from c = floor(mu); beyond
    distance d >= 1 from mu the ratio w(y±1)/w(y) = e^{-(2d+1)/(2σ²)} =: rho decreases, so the rest after a term t
    is at most t rho/(1 - rho)."""
    c = _floor(mu)
    Z = w(c)
    for direction in (1, -1):
        y = c + direction
        while True:
            t = w(y)
            Z = Z + t
            d = (y - mu) * direction
            if d >= 1:
                rho = exp_neg_fx((2 * d + 1) / (2 * sigma2), P)
                if rho.hi < (1 << P):
                    rest = _cdiv(t.hi * rho.hi, (1 << P) - rho.hi)
                    if rest <= 16 or rest < Z.lo >> (P // 2):
                        Z = Fx(Z.lo, Z.hi + rest + 1, P)
                        break
            y += direction
    return Z


def certified_pmf(dist, q, k, P):
    """An enclosure [lo, hi] (Fractions) of P[X = k] at working precision P."""
    if dist == "bernoulli-exp":
        e = exp_neg_fx(q["gamma"], P)
        x = e if k == 1 else (e.one_minus() if k == 0 else Fx(0, 0, P))
        return _fx_bounds(x)
    if dist == "geometric":
        if k < 0:
            return Fraction(0), Fraction(0)
        beta = exp_neg_fx(1 / q["scale"], P)
        return _fx_bounds(beta.one_minus() * exp_neg_fx(k / q["scale"], P))
    if dist == "dlaplace":
        beta = exp_neg_fx(1 / q["scale"], P)
        one = Fx(1 << P, 1 << P, P)
        c = beta.one_minus().div(one + beta)
        return _fx_bounds(c * exp_neg_fx(abs(k) / q["scale"], P))
    if dist == "poisson":
        if k < 0:
            return Fraction(0), Fraction(0)
        return _fx_bounds(poisson_p(q["mean"], k, P))
    if dist == "polya":
        if k < 0:
            return Fraction(0), Fraction(0)
        beta = exp_neg_fx(1 / q["scale"], P)
        return _fx_bounds(polya_p(q["r"], beta, k, P))
    if dist == "dgauss":
        sigma2, mu = q["sigma2"], q.get("mu", Fraction(0))

        def w(y):
            return exp_neg_fx((y - mu) ** 2 / (2 * sigma2), P)

        key = (sigma2, mu, P)
        if key not in _Z_CACHE:
            _Z_CACHE[key] = _dgauss_normalizer(w, sigma2, mu, P)
        return _fx_bounds(w(k).div(_Z_CACHE[key]))
    if dist == "skellam":
        lam = q["var"] / 2
        a = abs(k)
        # P[x] = Σ_j p(j + |x|) p(j); term ratio λ²/((j+1)(j+1+|x|)) decreases in j.
        e = exp_neg_fx(lam, P)
        e2 = e * e
        lam2 = lam * lam
        first = Fx(1 << P, 1 << P, P)
        for i in range(a):
            first = first.scale(lam / (i + 1))  # λ^a/a!
        state = {"t": (e2 * first), "j": 0}

        def term(j):
            while state["j"] < j:
                jj = state["j"]
                state["t"] = state["t"].scale(lam2 / ((jj + 1) * (jj + 1 + a)))
                state["j"] += 1
            return state["t"]

        mode = _floor(lam) + 1
        return _fx_bounds(_sum_convolution(term, mode, lambda j: lam2 / ((j + 1) * (j + 1 + a)), P))
    if dist == "polya-diff":
        r, scale = q["r"], q["scale"]
        a = abs(k)
        beta = exp_neg_fx(1 / scale, P)
        b2 = beta * beta
        p_a = polya_p(r, beta, a, P)
        p_0 = polya_p(r, beta, 0, P)
        state = {"t": p_a * p_0, "j": 0}

        def term(j):  # p(j + a) p(j); ratio β² (j+a+r)(j+r)/((j+a+1)(j+1))
            while state["j"] < j:
                jj = state["j"]
                state["t"] = (state["t"] * b2).scale((jj + a + r) * (jj + r) / ((jj + a + 1) * (jj + 1)))
                state["j"] += 1
            return state["t"]

        # Every later ratio is at most β² max(1, (j+a+r)/(j+a+1)) max(1, (j+r)/(j+1)) (monotone factors tending
        # to 1); β² < 1 is bounded above by beta.hi².
        b2_hi = Fraction(beta.hi, 1 << P) ** 2

        def bound(j):
            return b2_hi * max(Fraction(1), (j + a + r) / (j + a + 1)) * max(Fraction(1), (j + r) / (j + 1))

        mode = int(r * scale) + 2
        return _fx_bounds(_sum_convolution(term, mode, bound, P))
    return None


def check_pmf_record(rec):
    q = {k: _q(v) for k, v in rec["params"].items()}
    D, DN = rec["enclosure_digits"], rec["value_digits"]
    dist = rec["dist"]
    for i, entry in enumerate(rec["values"]):
        k = entry["k"]
        x = exact_pmf(dist, q, k)
        P = 256
        while True:
            if x is not None:
                lo = hi = x
            else:
                bounds = certified_pmf(dist, q, k, P)
                if bounds is None:
                    return "unknown dist %r" % dist
                lo, hi = bounds
            errors = [
                check_rounding(entry["lo"], lo, hi, "down", D),
                check_rounding(entry["hi"], lo, hi, "up", D),
                check_rounding(entry["value"], lo, hi, "nearest", DN),
            ]
            bad = [e for e in errors if e not in (None, "undecided")]
            if bad:
                return "values[%d] (k=%d): %s" % (i, k, bad[0])
            if all(e is None for e in errors):
                break
            if x is not None or P > 1 << 14:
                return "values[%d] (k=%d): could not confirm %s" % (i, k, entry)
            P *= 2
    return None


# --------------------------------------------------------------------------------------------------------------
# Category calibrations: seed 000's calibration per theorem (reference/protocols/calibration.hpp), recomputed with
# exact rationals and certified ceilings of the irrational tau formulas.


def _atanh_sum(z, P):
    """2 atanh(z) = ln((1+z)/(1-z)) for a rational 0 <= z <= 1/3, as an Fx."""
    one = 1 << P
    z2 = z * z
    pl = (z.numerator << P) // z.denominator  # z^(2i+1), lower and upper
    ph = _cdiv(z.numerator << P, z.denominator)
    lo = hi = 0
    i = 0
    while True:
        lo += pl // (2 * i + 1)
        hi += _cdiv(ph, 2 * i + 1)
        # The rest Σ_{j>i} z^(2j+1)/(2j+1) <= z^(2i+3)/(1 - z²) <= z^(2i+1) (z² <= 1/9).
        if ph <= 1:
            hi += ph + 1
            break
        pl = (pl * z2.numerator) // z2.denominator
        ph = _cdiv(ph * z2.numerator, z2.denominator)
        i += 1
    del one
    return Fx(2 * lo, 2 * hi, P)


def ln_fx(x, P):
    """ln x for a rational x >= 1."""
    assert x >= 1
    k = 0
    while x / (1 << (k + 1)) >= 1:
        k += 1
    y = x / (1 << k)  # in [1, 2)
    ln2 = _atanh_sum(Fraction(1, 3), P)
    r = _atanh_sum((y - 1) / (y + 1), P)
    return Fx(k * ln2.lo + r.lo, k * ln2.hi + r.hi, P)


def sqrt_fx(x):
    return Fx(math.isqrt(x.lo << x.P), _iroot_ceil(x.hi << x.P, 2), x.P)


def certified_ceil(f):
    P = 128
    while P <= 1 << 16:
        v = f(P)
        lo, hi = _cdiv(v.lo, 1 << P), _cdiv(v.hi, 1 << P)
        if lo == hi:
            return lo
        P *= 2
    raise RuntimeError("certified_ceil: not decided")


def ceil_rational_times_sqrt(q, n):
    x = q * q * n
    r = math.isqrt(_floor(x))
    return r if r * r == x else r + 1


def _qs(x):
    return str(x.numerator) if x.denominator == 1 else "%d/%d" % (x.numerator, x.denominator)


def calibrate(variant, inp):
    eps = _q(inp["eps"])
    n = int(inp["n"])
    horizon = int(inp["horizon"])
    s = _q(inp["s"]) if "s" in inp else Fraction(1)
    p = _q(inp["p"]) if "p" in inp else Fraction(1, horizon)
    # Lemma 5's constant: the default is docs/protocol-000.md's 159421/100000 (the committed vectors always give c).
    c = (_q(inp["c"]) if "c" in inp else Fraction(159421, 100000)) if variant == "local" else None
    out = {"s": s, "p": p}
    if c is not None:
        out["c"] = c
    eps_noise, p_tau = eps, p
    if variant in ("dist-dp", "central", "local"):
        g = ceil_rational_times_sqrt(eps, n)
    elif variant in ("dist-rdp", "dist-cdp"):
        g = ceil_rational_times_sqrt(s * eps, n)
    elif variant == "shuffle":
        eps_noise = eps / 2
        out["eps_tilde"], out["q_tilde"], out["p_prime"] = eps / 4, p / 2, p / 2
        p_tau = p / 2
        g = ceil_rational_times_sqrt(eps_noise, n)
    else:
        raise ValueError("unknown variant " + variant)
    out["eps_noise"] = eps_noise
    b = Fraction(g) / eps_noise

    def L(P):
        return ln_fx(2 / p_tau, P)

    if variant in ("dist-dp", "central", "shuffle"):
        tau = certified_ceil(lambda P: L(P).scale(b))  # (g/eps) log(2/p)
    elif variant == "dist-rdp":
        tau = certified_ceil(lambda P: sqrt_fx(L(P)).scale(2 * b) + sqrt_fx(Fx.rational(Fraction(2), P)) * L(P))
    elif variant == "dist-cdp":
        tau = certified_ceil(lambda P: sqrt_fx(L(P).scale(Fraction(2))).scale(b))
    else:  # local: c b max(sqrt(2 n L), 2 L)

        def local_tau(P):
            a, d = sqrt_fx(L(P).scale(Fraction(2 * n))), L(P).scale(Fraction(2))
            return Fx(max(a.lo, d.lo), max(a.hi, d.hi), P).scale(c * b)

        tau = certified_ceil(local_tau)
    threshold = n * g + tau
    m = threshold + tau + 1
    out.update(g=g, tau=tau, m=m, threshold=threshold, bits_per_message=(m - 1).bit_length())
    none = {"kind": "none"}
    s2 = b * b
    if variant in ("dist-dp", "shuffle"):
        laws = ({"kind": "polya_difference", "r": Fraction(1, n), "scale": b}, none,
                {"kind": "discrete_laplace", "scale": b})
    elif variant == "dist-rdp":
        laws = ({"kind": "skellam", "variance": s2 / n}, none, {"kind": "skellam", "variance": s2})
    elif variant == "dist-cdp":
        laws = ({"kind": "discrete_gaussian", "variance": s2 / n}, none, none)
    elif variant == "central":
        laws = (none, {"kind": "discrete_laplace", "scale": b}, none)
    else:
        laws = ({"kind": "discrete_laplace", "scale": b}, none,
                {"kind": "polya_difference", "r": Fraction(n), "scale": b})
    out["per_user_noise"], out["analyzer_noise"], out["aggregate_noise"] = laws
    out["failure_probability"] = p
    return out


def _as_json_values(d):
    """Rationals as canonical strings, as the vectors write them."""
    if isinstance(d, dict):
        return {k: _as_json_values(v) for k, v in d.items()}
    if isinstance(d, Fraction):
        return _qs(d)
    return d


# Returning users (seed 000 App. I; reference/privacy/returning_users.hpp): the record's per-batch calibration is
# recomputed exactly at its eps_param; the route's identities are checked exactly (pure: eps_param = eps/B, total eps;
# approx: delta_i = delta/(2B), delta' = delta/2, B delta_i + delta' = delta) and its inequalities in floating point
# with a relative margin of 1e-9 (approx: eps_i against eps/(2 sqrt(2B ln(1/delta'))), the Dwork-Roth Thm 3.20 total
# <= eps; rdp: Lemma 10 of the B-fold curve <= eps on a dense alpha grid; one batch at delta_i <= eps_i).
def _lemma10_float(curve, delta):
    """min over (alpha, eps(alpha)) of eps + ln(1/(alpha delta))/(alpha-1) + ln(1-1/alpha)."""
    return max(0.0, min(e + math.log(1 / (a * delta)) / (a - 1) + math.log(1 - 1 / a) for a, e in curve))


def _batch_curve_float(variant, eps_b, n, g, B):
    """B times the batch's Renyi curve: Lemma 3 (Delta = g, sigma^2 = g^2/eps_b^2, integer alpha) or alpha*rho with
    rho = eps_hat^2/2 of Lemma 4 (xi over n - 1 terms)."""
    if variant == "dist-rdp":
        D, s2 = float(g), float(g) ** 2 / float(eps_b) ** 2
        # The same integer grid as returning_integer_alpha_grid: 2..64, 96 (x3/2) to 4096, then a += a // 11 to 2^40.
        alphas = list(range(2, 65))
        a = 96
        while a <= 4096:
            alphas.append(a)
            a = a * 3 // 2
        a = 4096
        while a <= 1 << 40:
            alphas.append(a)
            a += a // 11
        return [(a, B * (a * D * D / (2 * s2) + min(((2 * a - 1) * D * D + 6 * D) / (4 * s2 * s2), 3 * D / (2 * s2))))
                for a in alphas]
    s2u = float(g) ** 2 / (n * float(eps_b) ** 2)
    xi = 10 * sum(math.exp(-2 * math.pi ** 2 * s2u * k / (k + 1)) for k in range(1, min(n, 100000)))
    e = float(eps_b)
    e_hat = min(math.sqrt(e * e + xi / 2), e + xi)
    rho = e_hat * e_hat / 2
    # The same real grid as returning_real_alpha_grid: alpha - 1 = 2^(j/16), j = -160..224, then 2^(j/8), j = 113..320.
    alphas = [1 + 2 ** (j / 16) for j in range(-160, 225)] + [1 + 2 ** (j / 8) for j in range(113, 321)]
    return [(a, B * a * rho) for a in alphas]


def check_returning_record(rec):
    variant = rec["variant"]
    inp = dict(rec["input"])
    eps, B, route = _q(inp["eps"]), int(rec["B"]), rec["route"]
    delta = _q(rec["delta"])
    eps_b = _q(rec["eps_param"])
    inp["eps"] = rec["eps_param"]
    cal = calibrate(variant, inp)
    for key in ("g", "tau", "m"):
        if rec[key] != cal[key]:
            return "%s: file %s, recomputed at eps_param %s" % (key, rec[key], cal[key])
    total = _q(rec["eps_total_upper"])
    n, g = int(inp["n"]), cal["g"]
    margin = 1 + 1e-9
    if route == "pure":
        if eps_b != eps / B or total != eps or _q(rec["delta_total"]) != 0:
            return "pure: eps_param %s, total %s (expected eps/B and eps)" % (eps_b, total)
        return None
    if route == "approx":
        di, dp = _q(rec["delta_i"]), _q(rec["delta_prime"])
        if di != delta / (2 * B) or dp != delta / 2 or B * di + dp != delta or _q(rec["delta_total"]) != delta:
            return "approx: delta_i %s, delta' %s do not add up to delta %s" % (di, dp, delta)
        ei = float(_q(rec["eps_i"]))
        formula = float(eps) / (2 * math.sqrt(2 * B * math.log(1 / float(dp))))
        if ei > formula * margin or ei < formula / margin:
            return "approx: eps_i %r, formula %r" % (ei, formula)
        thm320 = math.sqrt(2 * B * math.log(1 / float(dp))) * ei + B * ei * math.expm1(ei)
        if thm320 > float(eps) * margin or float(total) < thm320 / margin:
            return "approx: Thm 3.20 total %r, file %r, eps %s" % (thm320, float(total), eps)
        if variant in ("dist-rdp", "dist-cdp"):
            one = _lemma10_float(_batch_curve_float(variant, eps_b, n, g, 1), float(di))
            if one > ei * margin:
                return "approx: one batch's eps at delta_i %r > eps_i %r" % (one, ei)
        elif eps_b > _q(rec["eps_i"]):
            return "approx: eps_param %s > eps_i %s" % (eps_b, rec["eps_i"])
        return None
    if route == "rdp":
        composed = _lemma10_float(_batch_curve_float(variant, eps_b, n, g, B), float(delta))
        if composed > float(eps) * margin:
            return "rdp: Lemma 10 of the %d-fold curve %r > eps %s" % (B, composed, eps)
        if _q(rec["delta_total"]) != delta:
            return "rdp: delta_total %s" % rec["delta_total"]
        return None
    return "unknown route %r" % route


def check_calibration_record(rec):
    if rec.get("kind") == "returning_calibration":
        return check_returning_record(rec)
    out = _as_json_values(calibrate(rec["variant"], rec["input"]))
    for key in ("s", "p", "c", "eps_noise", "eps_tilde", "q_tilde", "p_prime", "g", "tau", "m", "threshold",
                "bits_per_message", "per_user_noise", "analyzer_noise", "aggregate_noise", "failure_probability"):
        if rec.get(key) != out.get(key):
            return "%s: file %s, recomputed %s" % (key, json.dumps(rec.get(key)), json.dumps(out.get(key)))
    return None


# --------------------------------------------------------------------------------------------------------------
# Category transcripts: one batch of seed 000's protocol (reference/protocols/protocol.hpp: bit order of one run),
# replayed with the samplers above.


def noise_sampler(law):
    kind = law["kind"]
    if kind == "none":
        return None
    if kind == "polya_difference":
        inv = Inversion(PolyaLaw(law["r"], law["scale"]))
        return lambda b: inv.draw(b) - inv.draw(b)
    if kind == "skellam":
        inv = Inversion(PoissonLaw(law["variance"] / 2))
        return lambda b: inv.draw(b) - inv.draw(b)
    if kind == "discrete_gaussian":
        return lambda b: discrete_gaussian(b, law["variance"], Fraction(0))
    if kind == "discrete_laplace":
        return lambda b: discrete_laplace(b, law["scale"])
    raise ValueError("unknown noise kind " + kind)


def replay_transcript(rec):
    cal_in = dict(rec["calibration"])
    variant = cal_in.pop("variant")
    cal = calibrate(variant, cal_in)
    n, g, m, threshold = int(cal_in["n"]), cal["g"], cal["m"], cal["threshold"]
    xs = [_q(v) for v in rec["x"]]
    bits = Bits(rec["seed"], rec["stream"])
    t = {"n": n, "g": g, "tau": cal["tau"], "m": m, "threshold": threshold, "x_hat": [], "noise": [],
         "noise_sum": 0, "messages": [], "masks": [], "masked_messages": [], "shares": [], "shuffled_shares": []}
    k = rec["shares_per_message"]
    local = cal["per_user_noise"]["kind"] != "none"
    if rec["path"] == "per-user":
        eta = noise_sampler(cal["per_user_noise"])
        for x in xs:
            xh = randomized_rounding(bits, x, g)
            e = eta(bits) if eta else 0
            t["x_hat"].append(xh)
            if local:
                t["noise"].append(e)
            t["noise_sum"] += e
            t["messages"].append((xh + e) % m)
        if rec["secure_sum"] == "modular":
            y_hat = sum(t["messages"]) % m
        elif rec["secure_sum"] == "masked":
            masked = list(t["messages"])
            for i in range(n):
                for j in range(i + 1, n):
                    r = uniform_below(bits, m)
                    masked[i] = (masked[i] + r) % m
                    masked[j] = (masked[j] - r) % m
                    t["masks"].append(r)
            t["masked_messages"] = masked
            y_hat = sum(masked) % m
        elif rec["secure_sum"] == "shuffled-shares":
            for v in t["messages"]:
                rest = v
                for _ in range(k - 1):
                    share = uniform_below(bits, m)
                    rest -= share
                    t["shares"].append(share)
                t["shares"].append(rest % m)
            a = list(t["shares"])
            for i in range(len(a) - 1, 0, -1):
                j = uniform_below(bits, i + 1)
                a[i], a[j] = a[j], a[i]
            t["shuffled_shares"] = a
            y_hat = sum(a) % m
        else:
            raise ValueError("unknown secure_sum " + rec["secure_sum"])
    else:
        for x in xs:
            t["x_hat"].append(randomized_rounding(bits, x, g))
        agg = cal["aggregate_noise"]
        if agg["kind"] == "polya_difference" and not (0 < agg["r"] <= 1 << 20 and 0 < agg["scale"] <= 1 << 32):
            agg = {"kind": "none"}  # no aggregate sampler: n per-user draws
        if agg["kind"] != "none":
            t["noise_sum"] = noise_sampler(agg)(bits)
        elif local:
            eta = noise_sampler(cal["per_user_noise"])
            t["noise_sum"] = sum(eta(bits) for _ in range(n))
        y_hat = (sum(t["x_hat"]) + t["noise_sum"]) % m
    t["y_hat"] = y_hat
    t["analyzer_noise"] = 0
    y = y_hat
    if cal["analyzer_noise"]["kind"] != "none":
        t["analyzer_noise"] = noise_sampler(cal["analyzer_noise"])(bits)
        y = (y_hat + t["analyzer_noise"] % m) % m
    t["y_analyzed"] = y
    t["decoded"] = y - m if y > threshold else y
    t["z"] = _qs(Fraction(t["decoded"], g))
    t["bits"] = bits.consumed
    return t


def check_transcript_record(rec):
    t = replay_transcript(rec)
    for key, value in t.items():
        if rec.get(key) != value:
            return "%s: file %s, replayed %s" % (key, json.dumps(rec.get(key)), json.dumps(value))
    return None


# --------------------------------------------------------------------------------------------------------------
# Category trajectories (docs/vectors.md §9): learner runs on a recorded tape. Replayed here: the tape from its
# seed and streams (Bernoulli and clipped discrete Gaussian arms); the pull counts, the exact pseudo-regret and the
# ranges of every record; for FTNL and naive FTNL the whole run (epochs, noise, Report-Noisy-Max, releases,
# actions); for Anytime-Lazy-UCB every release value (array schedule and noise) and every action whose index
# comparison is not a near tie in floating point (the C++ decides those with certified intervals).


def replay_tape(rec):
    inst, tape, T = rec["instance"], rec["tape"], rec["T"]
    G = inst["grid"]
    rows = []
    for a, mean in enumerate(inst["means"]):
        bits = Bits(tape["seed"], tape["first_stream"] + a)
        mu = Fraction(mean)
        if inst["law"] == "bernoulli":
            rows.append([int(bernoulli(bits, mu)) for _ in range(T)])
        elif inst["law"] == "gaussian":
            s2 = Fraction(inst["sigma"]) ** 2 * G * G
            rows.append([min(max(discrete_gaussian(bits, s2, mu * G), 0), G) for _ in range(T)])
        else:
            return None
    return rows


def _release(round_, arm, index, first, count, value):
    return {"round": round_, "arm": arm, "index": index, "first": first, "count": count, "value": _qs(value)}


def replay_ftnl(rec, units, c):
    K, T, G = rec["K"], rec["T"], rec["instance"]["grid"]
    eps = Fraction(rec["eps"])
    bits = Bits(rec["noise"]["seed"], rec["noise"]["stream"])
    actions, releases, J, s = [], [], 0, 0
    while (1 << s) <= T:
        start, end = 1 << s, min((1 << (s + 1)) - 1, T)
        actions += [J] * (end - start + 1)
        if end == T:
            break
        best, best_value = 0, None
        for j in range(K):
            noisy = sum(units[j][start - 1:end]) + discrete_laplace(bits, c * G / eps)
            releases.append(_release(end, j, s, start - 1, start, Fraction(noisy, G)))
            if best_value is None or noisy > best_value:
                best, best_value = j, noisy
        J, s = best, s + 1
    return actions, releases


def replay_anytime_lazy_ucb(rec, units):
    K, T, G = rec["K"], rec["T"], rec["instance"]["grid"]
    eps = Fraction(rec["eps"])
    bits = Bits(rec["noise"]["seed"], rec["noise"]["stream"])
    r, noisy, pulls, filled, acc = [0] * K, [0] * K, [0] * K, [0] * K, [0] * K
    actions, releases, undecided = [], [], 0
    for t in range(1, T + 1):
        if t <= K:
            j = t - 1
            noisy[j] = units[j][0] + discrete_laplace(bits, G / eps)
            pulls[j] = 1
            actions.append(j)
            releases.append(_release(t, j, 0, 0, 1, Fraction(noisy[j], G)))
            continue
        idx = []
        for i in range(K):
            lam = 1 << r[i]
            idx.append(noisy[i] / (G * lam) + math.sqrt(3 * math.log(t) / lam) + 3 * math.log(t) / (float(eps) * lam))
        order = sorted(range(K), key=lambda i: (-idx[i], i))
        j = rec["actions"][t - 1]  # follow the record where floating point cannot decide
        if abs(idx[order[0]] - idx[order[1]]) > 1e-9 * max(1.0, abs(idx[order[0]])):
            j = order[0]
        else:
            undecided += 1
        actions.append(j)
        acc[j] += units[j][pulls[j]]
        pulls[j] += 1
        filled[j] += 1
        if filled[j] == 1 << (r[j] + 1):
            r[j] += 1
            noisy[j] = acc[j] + discrete_laplace(bits, G / eps)
            size = 1 << r[j]
            releases.append(_release(t, j, r[j], pulls[j] - size, size, Fraction(noisy[j], G)))
            filled[j], acc[j] = 0, 0
    return actions, releases


def check_trajectory_record(rec):
    K, T = rec["K"], rec["T"]
    units = rec["tape"]["units"]
    replayed = replay_tape(rec)
    if replayed is not None and replayed != units:
        a = next(i for i in range(K) if replayed[i] != units[i])
        n = next(i for i in range(T) if replayed[a][i] != units[a][i])
        return "field tape.units[%d][%d]: committed %s, replayed %s" % (a, n, units[a][n], replayed[a][n])
    actions = rec["actions"]
    if len(actions) != T:
        return "field actions: %d actions for T = %d" % (len(actions), T)
    pulls = [actions.count(a) for a in range(K)]
    if pulls != rec["pulls"]:
        return "field pulls: committed %s, counted from the actions %s" % (rec["pulls"], pulls)
    means = [Fraction(m) for m in rec["instance"]["means"]]
    regret = sum((max(means) - means[a]) * pulls[a] for a in range(K))
    if _qs(regret) != rec["pseudo_regret"]:
        return "field pseudo_regret: committed %s, recomputed %s" % (rec["pseudo_regret"], _qs(regret))
    learner = rec["learner"]
    if learner in ("ftnl", "naive-ftnl"):
        want = replay_ftnl(rec, units, 1 if learner == "ftnl" else K)
    elif learner == "anytime-lazy-ucb":
        want = replay_anytime_lazy_ucb(rec, units)
    else:
        return None
    for name, got, exp in (("actions", actions, want[0]), ("releases", rec["releases"], want[1])):
        if got != exp:
            n = next((i for i in range(min(len(got), len(exp))) if got[i] != exp[i]), min(len(got), len(exp)))
            return "field %s[%d]: committed %s, replayed %s" % (
                name, n, got[n] if n < len(got) else "(none)", exp[n] if n < len(exp) else "(none)")
    return None


# --------------------------------------------------------------------------------------------------------------
# Category accountants (e): privacy accountants and exact view privacy (docs/privacy-000.md, docs/vectors.md §10),
# replayed in double precision: every value must agree with the double computation to a relative 1e-9 (the file's
# values are certified and directed; this replay checks the formulas, not the last digits).


def _acc_close(text, value, what):
    got = float(Fraction(text)) if "/" in text else float(text)
    if abs(got - value) <= 1e-9 * abs(value) + 1e-13:
        return None
    return "%s: file %s, replayed %.15g" % (what, text, value)


def _acc_alpha_grid():
    grid = []
    for j in range(-160, 225):
        x = 2.0 ** (j / 16.0)
        grid.append(1 + math.ceil(x * (1 << 20)) / float(1 << 20))
    return grid


def _acc_lemma10(alpha, e, delta):
    return e + math.log(1 / (alpha * delta)) / (alpha - 1) + math.log(1 - 1 / alpha)


def _acc_view_pure_eps(rec):
    variant = rec["variant"]
    eps = float(Fraction(rec["input"]["eps"]))
    g, m = rec["g"], rec["m"]
    if variant not in ("dist-dp", "central", "local", "shuffle"):
        return None  # Skellam / discrete-Gaussian views: structure only
    eps_noise = eps / 2 if variant == "shuffle" else eps
    F = [(math.exp(-eps_noise * r / g) + math.exp(-eps_noise * (m - r) / g)) for r in range(m)]
    return max(abs(math.log(F[r]) - math.log(F[(r - d) % m])) for d in range(1, g + 1) for r in range(m))


def check_accountant_record(rec):
    kind = rec["kind"]
    q = lambda k: float(Fraction(rec[k]))
    errors = []
    if kind == "pure_to_rdp":
        eps, alpha = q("eps"), q("alpha")
        rr = math.log((math.exp(alpha * eps) + math.exp((1 - alpha) * eps)) / (1 + math.exp(eps))) / (alpha - 1)
        if Fraction(rec["bun_steinke"]) != Fraction(rec["alpha"]) * Fraction(rec["eps"]) ** 2 / 2:
            errors.append("bun_steinke")
        errors += [_acc_close(rec["rr_upper"], rr, "rr_upper"),
                   _acc_close(rec["upper"], min(rr, eps, alpha * eps * eps / 2), "upper")]
    elif kind == "rdp_to_dp":
        delta = q("delta")
        curve = [(float(Fraction(a)), float(Fraction(e))) for a, e in rec["curve"]]
        errors += [_acc_close(rec["standard_upper"], min(e + math.log(1 / delta) / (a - 1) for a, e in curve), "standard_upper"),
                   _acc_close(rec["lemma10_upper"], min(_acc_lemma10(a, e, delta) for a, e in curve), "lemma10_upper")]
    elif kind == "zcdp_to_dp":
        rho, delta = q("rho"), q("delta")
        cks = min(_acc_lemma10(a, a * rho, delta) for a in _acc_alpha_grid())
        errors += [_acc_close(rec["cks_upper"], cks, "cks_upper"),
                   _acc_close(rec["bun_steinke_upper"], rho + 2 * math.sqrt(rho * math.log(1 / delta)), "bun_steinke_upper")]
    elif kind == "zcdp_delta":
        rho, eps = q("rho"), q("eps")
        logs = [(a - 1) * (a * rho - eps) + (a - 1) * math.log(1 - 1 / a) - math.log(a) for a in _acc_alpha_grid()]
        best = min([l for l in logs if l <= 0] or [0.0])
        errors.append(_acc_close(rec["cks_delta_upper"], min(math.exp(best), 1.0), "cks_delta_upper"))
    elif kind == "advanced_composition":
        eps, k, dp = q("eps"), rec["k"], q("delta_prime")
        total = math.sqrt(2 * k * math.log(1 / dp)) * eps + k * eps * math.expm1(eps)
        step = 0.5 / (2 * math.sqrt(2 * k * math.log(1 / dp)))
        errors += [_acc_close(rec["eps_total_upper"], total, "eps_total_upper"),
                   _acc_close(rec["theorem7_per_step_lower"], step, "theorem7_per_step_lower")]
    elif kind == "returning_users":
        eps, delta, B = q("eps"), q("delta"), rec["B"]
        dp = delta / 2
        step = eps / (2 * math.sqrt(2 * B * math.log(1 / dp)))
        if Fraction(rec["delta_batch"]) != Fraction(rec["delta"]) / (2 * B) or \
           Fraction(rec["delta_total"]) != Fraction(rec["delta"]):
            errors.append("delta_batch/delta_total")
        errors += [_acc_close(rec["eps_batch_lower"], step, "eps_batch_lower"),
                   _acc_close(rec["eps_total_upper"], math.sqrt(2 * B * math.log(1 / dp)) * step + B * step * math.expm1(step),
                              "eps_total_upper"),
                   _acc_close(rec["zcdp_route_eps_upper"],
                              min(_acc_lemma10(a, a * B / 200.0, delta) for a in _acc_alpha_grid()), "zcdp_route_eps_upper")]
    elif kind == "view_privacy":
        lo, hi = float(rec["pure_eps"]["lo"]), float(rec["pure_eps"]["hi"])
        if not 0 < lo <= hi:
            errors.append("pure_eps: lo %s, hi %s" % (lo, hi))
        v = _acc_view_pure_eps(rec)
        if v is not None:
            errors.append(_acc_close(rec["pure_eps"]["hi"], v, "pure_eps.hi"))
    else:
        return "unknown kind %r" % kind
    errors = [e for e in errors if e]
    return errors[0] if errors else None


# --------------------------------------------------------------------------------------------------------------
# Category mechanisms001 (docs/vectors.md §11): seed 001's mechanisms and calibrations. Each record is checked for
# every deterministic relation of docs/protocol-001.md between its fields (encodings, counts, analyzer outputs, sums,
# the tree's dyadic releases) exactly with fractions, the calibrations' formulas in floating point against their
# enclosures, and then its draws are replayed on its stream (the rounded Gaussian and the sublinear binomial below).


def _m1_pvec(rec):
    g, b, B = rec["g"], rec["b"], rec["B"]
    p, delta = Fraction(rec["p"]), Fraction(rec["delta"])
    r = 2 * delta if rec["range"] == "2delta" else delta
    ell = int(rec["message_bits"])
    if ell != (g + b if rec["range"] == "2delta" else 2 * g + b):
        return "message_bits"
    values = [[Fraction(v) for v in row] for row in rec["values"]]
    x_hat = [[int(v) for v in row] for row in rec["x_hat"]]
    L = len(values[0])
    counts = [0] * L
    for i in range(B):
        for k in range(L):
            scaled = (values[i][k] + delta) * g / r
            low = scaled.numerator // scaled.denominator
            if x_hat[i][k] not in ((low,) if scaled == low else (low, low + 1)):
                return "x_hat[%d][%d]" % (i, k)
            counts[k] += x_hat[i][k]
            if rec["path"] == "per-user":
                n = int(rec["noise"][i][k])
                if not 0 <= n <= b or x_hat[i][k] + n > ell:
                    return "noise[%d][%d]" % (i, k)
                counts[k] += n
    if rec["path"] == "aggregate":
        for k in range(L):
            a = int(rec["aggregate_noise"][k])
            if not 0 <= a <= B * b:
                return "aggregate_noise[%d]" % k
            counts[k] += a
    if [int(c) for c in rec["counts"]] != counts:
        return "counts"
    for k in range(L):
        if Fraction(rec["output"][k]) != r / g * (counts[k] - p * b * B) - B * delta:
            return "output[%d]" % k
    if rec["shuffle"] == "explicit":
        bits = rec["shuffled"]
        ones, total, number = [0] * L, [0] * L, ""
        for ch in bits:
            if ch.isdigit():
                number += ch
            else:
                total[int(number)] += 1
                ones[int(number)] += ch == "+"
                number = ""
        if total != [B * ell] * L or ones != counts:
            return "shuffled"
    elif rec["shuffled"] != "":
        return "shuffled"
    return None


def _m1_pamp(rec):
    scale = 2 if rec["matrix_noise"] == "symmetrized" else 1
    if rec["output_grid_bits"] != rec["grid_bits"] + scale - 1:
        return "output_grid_bits"
    values = [[int(v) for v in row] for row in rec["values"]]
    noise = [[int(v) for v in row] for row in rec["noise"]]
    msgs = [[int(v) for v in row] for row in rec["messages"]]
    B, L = rec["B"], len(values[0])
    for i in range(B):
        for k in range(L):
            if msgs[i][k] != scale * values[i][k] + noise[i][k]:
                return "messages[%d][%d]" % (i, k)
    perm = rec["permutation"]
    if sorted(perm) != list(range(B)) or (rec["shuffle"] == "none" and perm != list(range(B))):
        return "permutation"
    if [int(x) for x in rec["sum"]] != [sum(msgs[i][k] for i in range(B)) for k in range(L)]:
        return "sum"
    return None


def _m1_tree(rec):
    N = rec["N"]
    m = (N - 1).bit_length() + 1
    if rec["levels"] != m or len(rec["steps"]) != N:
        return "levels/steps"
    latest = {}
    prefix = None
    for t, step in enumerate(rec["steps"], start=1):
        leaf = [int(x) for x in step["leaf"]]
        prefix = leaf if prefix is None else [a + c for a, c in zip(prefix, leaf)]
        # one node per leaf: the left child (v2(t), t/2^v2(t) - 1) that t's cover uses (issue 20, session 20)
        expected_levels = [(t & -t).bit_length() - 1]
        if [n["level"] for n in step["completed"]] != expected_levels:
            return "completed levels at leaf %d" % t
        for n in step["completed"]:
            if int(n["index"]) != t // (1 << n["level"]) - 1:
                return "node index at leaf %d" % t
            latest[n["level"]] = [int(x) for x in n["noise"]]
        release = list(prefix)
        for h in range(m):
            if (t >> h) & 1:
                release = [a + c for a, c in zip(release, latest[h])]
        if [int(x) for x in step["release"]] != release:
            return "release at leaf %d" % t
    return None


def _m1_within(enclosure, value, rel=1e-9):
    lo, hi = float(enclosure["lower"]), float(enclosure["upper"])
    slack = rel * max(abs(value), 1e-300)
    return lo - slack <= value <= hi + slack


def _m1_calibration(rec):
    args = rec["args"].split()
    variant = args[0]
    kv = dict(zip(args[1::2], args[2::2]))
    res = rec["result"]
    f = lambda k: float(Fraction(kv[k]))
    if variant == "fmt":
        e0, d0, n, dp = f("--eps0"), f("--delta0"), int(kv["--n"]), f("--delta-prime")
        et = math.log1p((math.expm1(e0) / (math.exp(e0) + 1)) * (8 * math.sqrt(math.exp(e0) * math.log(4 / dp)) / math.sqrt(n)
                                                                 + 8 * math.exp(e0) / n))
        dt = dp + (math.exp(et) + 1) * (1 + math.exp(-e0) / 2) * n * d0
        if res["applicable"] != (e0 <= math.log(n / (16 * math.log(2 / dp)))):
            return "applicable"
        if not _m1_within(res["eps_tilde"], et) or not _m1_within(res["delta_tilde"], dt):
            return "eps_tilde/delta_tilde"
    elif variant == "p-amp":
        eps, delta, B = f("--eps"), f("--delta"), int(kv["--n"])
        sigma = 4 * math.sqrt(2 * math.log(2.5 * B / delta) * math.log(2 / delta)) / (eps * math.sqrt(B))
        if not _m1_within(res["sigma"], sigma):
            return "sigma"
        sb = Fraction(res["sigma_bar"])
        if sb.denominator > 2 ** 32 or not 0 <= float(sb) - sigma <= 2.0 ** -32 * (1 + 1e-6):
            return "sigma_bar"
    elif variant == "p-vec":
        eps, delta, B, d = f("--eps"), f("--delta"), int(kv["--n"]), int(kv["--d"])
        r2 = math.isqrt(4 * B)
        g = max(r2 if r2 * r2 == 4 * B else r2 + 1, d, 4)
        x = 24e4 * g * g * math.log(4 * (d * d + 1) / delta) ** 2 / (eps * eps * B)
        if int(res["g"]) != g or abs(int(res["b"]) - x) > 1 or int(res["b"]) < x * (1 - 1e-12):
            return "g/b"
        if int(res["message_bits"]) != g + int(res["b"]):
            return "message_bits"
    elif variant == "tree":
        N = int(kv["--horizon"])
        if int(res["m"]) != (N - 1).bit_length() + 1:
            return "m"
    elif variant == "ldp-gauss":
        e0, d0 = f("--eps0"), f("--delta0")
        if not _m1_within(res["sigma"], 4 * math.sqrt(2 * math.log(2.5 / d0)) / e0):
            return "sigma"
    else:
        return "unknown calibration variant %r" % variant
    return None


# --------------------------------------------------------------------------------------------------------------
# Seed 001's samplers (docs/samplers.md "Rounded Gaussian (seed 001)" and "Binomial for large n (seed 001)"),
# replayed from the documents: Karney's exact normal with lazily drawn digits and the lazy rounding, and the
# exact rejection sampler of Bin(n, 1/2) (Bin(n, 1/4) = Bin(Bin(n, 1/2), 1/2)) with the chunk rule of docs/bits.md §6.


def _rn_fresh_less(bits, y):
    """Compares a fresh u-rand Z with the u-rand y = [digits as an integer, count] (extended in place when a
    comparison needs y's next digit). Returns (Z < y, Z's known digits, their count)."""
    i = 0
    while True:
        zd = bits.next_bits(1)
        if i == y[1]:
            y[0] = (y[0] << 1) | bits.next_bits(1)
            y[1] += 1
        yd = (y[0] >> (y[1] - 1 - i)) & 1
        if zd != yd:
            return zd == 0, ((y[0] >> (y[1] - i)) << 1) | zd, i + 1
        i += 1


def _rn_exp_half(bits):
    """Karney's H: true with probability e^(-1/2)."""
    if bits.next_bits(1):
        return True
    y, n = [0, 1], 1
    while True:
        less, za, zm = _rn_fresh_less(bits, y)
        if not less:
            return n % 2 == 0
        y, n = [za, zm], n + 1


def _rn_b(bits, k, x):
    """Karney's B(k, x): true with probability e^(-x(2k+x)/(2k+2)); x = [digits, count] shared, extended in place."""
    n, y = 0, x
    while True:
        less, za, zm = _rn_fresh_less(bits, y)
        if not less:
            break
        f = uniform_below(bits, 2 * k + 2)
        if f == 2 * k + 1:
            break
        if f == 2 * k and not _rn_fresh_less(bits, x)[0]:
            break
        y, n = [za, zm], n + 1
    return n % 2 == 0


def rounded_normal(bits, c):
    """K with K·2^-r = sigma·X rounded to the nearest grid point, c = sigma·2^r a Fraction (docs/samplers.md)."""
    cn, cd = c.numerator, c.denominator
    while True:
        k = 0
        while _rn_exp_half(bits):
            k += 1
        if not all(_rn_exp_half(bits) for _ in range(k * (k - 1))):
            continue
        x = [0, 0]
        if not all(_rn_b(bits, k, x) for _ in range(k + 1)):
            continue
        negative = bits.next_bits(1)
        while True:
            a, m = x
            # c(k + U) + 1/2 lies in [lo, hi) = [(2cn(k·2^m + a) + cd·2^m), + 2cn) / (2cd·2^m)
            den = (2 * cd) << m
            lo = 2 * cn * ((k << m) + a) + (cd << m)
            M = lo // den
            if lo + 2 * cn <= (M + 1) * den:
                return -M if negative else M
            x[0], x[1] = (a << 1) | bits.next_bits(1), m + 1


# ln z! at 80 significant digits: exactly rounded ln of the integer z! for z < 200, else Stirling's series with ten
# Bernoulli terms, whose remainder is below |B_22|/(22·21·z^21) < 10^-46 for z >= 200. Together with the roundings
# of the context (each below 10^-66 at the magnitudes here), |error| < 10^-45: decisions closer than _BL_MARGIN are
# taken from the exact rational instead.
_BL_CTX = decimal.Context(prec=80)
_BL_MARGIN = decimal.Decimal("1e-30")
_BL_FORCE_EXACT = os.environ.get("DPB_CHECK_VECTORS_EXACT_BINOMIAL") == "1"  # every decision from the exact rational
_BL_BERNOULLI = [Fraction(1, 6), Fraction(-1, 30), Fraction(1, 42), Fraction(-1, 30), Fraction(5, 66),
                 Fraction(-691, 2730), Fraction(7, 6), Fraction(-3617, 510), Fraction(43867, 798),
                 Fraction(-174611, 330)]


def _bl_ln_fact(z):
    c = _BL_CTX
    if z < 200:
        return c.ln(decimal.Decimal(math.factorial(z)))
    D = decimal.Decimal(z)
    r = c.subtract(c.multiply(c.add(D, decimal.Decimal("0.5")), c.ln(D)), D)
    r = c.add(r, c.divide(c.ln(c.multiply(2, _GLM_PI)), 2))
    for i, b2k in enumerate(_BL_BERNOULLI, start=1):
        t = b2k / (2 * i * (2 * i - 1))
        r = c.add(r, c.divide(decimal.Decimal(t.numerator), c.multiply(decimal.Decimal(t.denominator),
                                                                          c.power(D, 2 * i - 1))))
    return r


def _bl_exact_acceptance(n, m, j, b):
    num = den = 1
    if j > 0:
        for i in range(1, j + 1):
            num *= n - m - i + 1
            den *= m + i
    else:
        for i in range(1, -j + 1):
            num *= m - i + 1
            den *= n - m + i
    return Fraction(num << b, den)


def _bl_accept(bits, n, m, j, b):
    """U < a = 2^b·P(m+j)/P(m), U read in 64-bit chunks (docs/bits.md §6)."""
    c = _BL_CTX
    ln_a = c.add(c.multiply(b, c.ln(decimal.Decimal(2))),
                 c.subtract(c.add(_bl_ln_fact(m), _bl_ln_fact(n - m)),
                            c.add(_bl_ln_fact(m + j), _bl_ln_fact(n - m - j))))
    exact = None
    u, chunks = bits.next_bits(64), 1
    while True:
        shift = 64 * chunks
        ln_scale = c.multiply(shift, c.ln(decimal.Decimal(2)))
        ln_hi = c.subtract(c.ln(decimal.Decimal(u + 1)), ln_scale)
        ln_lo = c.subtract(c.ln(decimal.Decimal(u)), ln_scale) if u > 0 else None
        near = lambda v: v is not None and c.subtract(v, ln_a).copy_abs() <= _BL_MARGIN
        if exact is None and (_BL_FORCE_EXACT or near(ln_hi) or near(ln_lo)):
            exact = _bl_exact_acceptance(n, m, j, b)
        if exact is not None:
            if Fraction(u + 1, 1 << shift) <= exact:
                return True
            if Fraction(u, 1 << shift) >= exact:
                return False
        else:
            if ln_hi < ln_a:
                return True
            if ln_lo is not None and ln_lo > ln_a:
                return False
        u, chunks = (u << 64) | bits.next_bits(64), chunks + 1


def binomial_half_large(bits, n):
    m = n // 2
    r = math.isqrt(m)
    w = (r if r * r == m else r + 1) + 2
    while True:
        b = 0
        while bits.next_bits(1) == 0:
            b += 1
        u = uniform_below(bits, w)
        j = -(b * w + u + 1) if bits.next_bits(1) else b * w + u
        if not 0 <= m + j <= n:
            continue
        if b == 0 and (j == 0 or (n % 2 == 1 and j == 1)):
            return m + j
        if _bl_accept(bits, n, m, j, b):
            return m + j


def binomial_large(bits, n, p):
    x = binomial_half_large(bits, n)
    return x if p == Fraction(1, 2) else binomial_half_large(bits, x)


def _m1_labels(name):
    """'vector3' -> 3 labels; 'matrix2' -> the upper triangle (i, j), i <= j < 2, row-major."""
    if name.startswith("vector"):
        return [(k, None) for k in range(int(name[6:]))]
    D = int(name[6:])
    return [(i, j) for i in range(D) for j in range(i, D)]


def _m1_replay_pamp(rec):
    bits = Bits(rec["seed"], rec["stream"])
    c = Fraction(rec["sigma"]) * (1 << rec["grid_bits"])
    labels = _m1_labels(rec["labels"])
    B = rec["B"]
    noise = []
    for _ in range(B):
        if rec["matrix_noise"] == "symmetrized":
            D = int(rec["labels"][6:])
            full = [rounded_normal(bits, c) for _ in range(D * D)]
            noise.append([full[i * D + j] + full[j * D + i] for (i, j) in labels])
        else:
            noise.append([rounded_normal(bits, c) for _ in labels])
    perm = list(range(B))
    if rec["shuffle"] == "permute":
        for i in range(B - 1, 0, -1):
            j = uniform_below(bits, i + 1)
            perm[i], perm[j] = perm[j], perm[i]
    if [[int(v) for v in row] for row in rec["noise"]] != noise:
        return "noise (replayed %s)" % noise
    if rec["permutation"] != perm:
        return "permutation (replayed %s)" % perm
    if rec["bits"] != bits.consumed:
        return "bits: committed %d, replayed %d" % (rec["bits"], bits.consumed)
    return None


def _m1_replay_tree(rec):
    """Seed 001's tree, and seed 003's matrix trees (tree003: each label draws at its own sigma-bar, label_sigmas)."""
    bits = Bits(rec["seed"], rec["stream"])
    L = len(_m1_labels(rec["labels"]))
    sigmas = rec.get("label_sigmas", [rec["sigma"]] * L)
    cs = [Fraction(s) * (1 << rec["grid_bits"]) for s in sigmas]
    for t, step in enumerate(rec["steps"], start=1):
        if len(step["completed"]) != 1:
            return "leaf %d records %d drawn nodes, not 1" % (t, len(step["completed"]))
        for node in step["completed"]:
            drawn = [rounded_normal(bits, c) for c in cs]
            if [int(v) for v in node["noise"]] != drawn:
                return "noise of node (%d, %s) at leaf %d (replayed %s)" % (node["level"], node["index"], t, drawn)
    if rec["bits"] != bits.consumed:
        return "bits: committed %d, replayed %d" % (rec["bits"], bits.consumed)
    return None


def _m1_replay_pvec(rec):
    bits = Bits(rec["seed"], rec["stream"])
    g, b, B = rec["g"], rec["b"], rec["B"]
    p, delta = Fraction(rec["p"]), Fraction(rec["delta"])
    r = 2 * delta if rec["range"] == "2delta" else delta
    ell = int(rec["message_bits"])
    values = [[Fraction(v) for v in row] for row in rec["values"]]
    L = len(values[0])
    x_hat, noise = [], []
    per_user = rec["path"] == "per-user"
    for i in range(B):
        xr, nr = [], []
        for k in range(L):
            scaled = (values[i][k] + delta) * g / r
            low = scaled.numerator // scaled.denominator
            frac = scaled - low
            gamma1 = 1 if frac != 0 and uniform_below(bits, frac.denominator) < frac.numerator else 0
            xr.append(low + gamma1)
            if per_user:
                nr.append(binomial_large(bits, b, p))
        x_hat.append(xr)
        noise.append(nr)
    if [[int(v) for v in row] for row in rec["x_hat"]] != x_hat:
        return "x_hat (replayed %s)" % x_hat
    if per_user:
        if [[int(v) for v in row] for row in rec["noise"]] != noise:
            return "noise (replayed %s)" % noise
    else:
        agg = [binomial_large(bits, B * b, p) for _ in range(L)]
        if [int(v) for v in rec["aggregate_noise"]] != agg:
            return "aggregate_noise (replayed %s)" % agg
    if rec["shuffle"] == "explicit":
        tokens = []
        for i in range(B):
            for k in range(L):
                ones = x_hat[i][k] + noise[i][k]
                tokens += ["%d+" % k] * ones + ["%d-" % k] * (ell - ones)
        for i in range(len(tokens) - 1, 0, -1):
            j = uniform_below(bits, i + 1)
            tokens[i], tokens[j] = tokens[j], tokens[i]
        if rec["shuffled"] != "".join(tokens):
            return "shuffled (replayed Fisher-Yates differs)"
    if rec["bits"] != bits.consumed:
        return "bits: committed %d, replayed %d" % (rec["bits"], bits.consumed)
    return None


def _m1_replay_draws(rec):
    bits = Bits(rec["seed"], rec["stream"])
    q = rec["params"]
    if rec["dist"] == "normal":
        c = Fraction(q["sigma"]) * (1 << q["grid_bits"])
        draw = lambda: rounded_normal(bits, c)
    elif rec["dist"] == "binomial-large":
        n, p = int(q["n"]), Fraction(q["p"])
        draw = lambda: binomial_large(bits, n, p)
    else:
        return "unknown dist %r" % rec["dist"]
    outputs, each = [], []
    for _ in range(rec["count"]):
        before = bits.consumed
        outputs.append(str(draw()))
        each.append(bits.consumed - before)
    for i in range(rec["count"]):
        if rec["outputs"][i] != outputs[i]:
            return "outputs[%d]: committed %s, replayed %s" % (i, rec["outputs"][i], outputs[i])
        if rec["bits_each"][i] != each[i]:
            return "bits_each[%d]: committed %d, replayed %d" % (i, rec["bits_each"][i], each[i])
    if rec["bits"] != bits.consumed:
        return "bits: committed %d, replayed %d" % (rec["bits"], bits.consumed)
    return None


def check_mechanism001_record(rec):
    kind = rec["kind"]
    if kind == "pvec":
        return _m1_pvec(rec) or _m1_replay_pvec(rec)
    if kind == "pamp":
        return _m1_pamp(rec) or _m1_replay_pamp(rec)
    if kind == "tree":
        return _m1_tree(rec) or _m1_replay_tree(rec)
    if kind == "calibration001":
        return _m1_calibration(rec)
    if kind == "draws001":
        return _m1_replay_draws(rec)
# tree003 (seed 003's matrix trees, docs/vectors.md §14): the dyadic releases from the recorded node noise (_m1_tree),
# the per-label sigma-bar (the least point of 2^-32 at or above sqrt(c_e) sigma, exact Fractions), the node noise
# replayed at those sigma-bars (_m1_replay_tree), and the calibration's formulas (doubles against the enclosures).


def _t3_label_sigmas(rec):
    dim = int(rec["labels"][len("matrix"):])
    sigma = Fraction(rec["sigma"])
    sym = rec["symmetrisation"]
    ulp = Fraction(1, 2 ** 32)
    got = [Fraction(x) for x in rec["label_sigmas"]]
    k = 0
    for i in range(dim):
        for j in range(i, dim):
            c = {"half": (Fraction(1), Fraction(1, 2)), "root2": (Fraction(2), Fraction(1))}[sym][0 if i == j else 1]
            g = got[k]
            if c == 1:
                if g != sigma:
                    return "label_sigmas[%d]" % k
            else:
                target = c * sigma * sigma
                if (g / ulp).denominator != 1 or g * g < target or (g - ulp >= 0 and (g - ulp) ** 2 >= target):
                    return "label_sigmas[%d] not the least point of 2^-32 above sqrt(%s) sigma" % (k, c)
            k += 1
    return None if k == len(got) else "label_sigmas length"


def _t3_calibration(rec):
    args = rec["args"].split()
    kv = dict(zip(args[1::2], args[2::2]))
    res = rec["result"]
    eps, delta = float(Fraction(kv["--eps"])), float(Fraction(kv["--delta"]))
    T, d, ks = int(kv["--horizon"]), int(kv["--d"]), float(Fraction(kv["--kappa-star"]))
    m = (T - 1).bit_length() + 1
    n = T.bit_length()
    if int(res["m"]) != m or int(res["nodes_per_leaf_max"]) != n:
        return "m / nodes_per_leaf_max"
    s2 = 2.0 if d >= 2 else 1.0
    c = 1.0 if res["symmetrisation"] == "half" else 0.5
    if kv["--profile"] == "theorem":
        sigma = 6 * math.sqrt(m) * math.log(32 / delta) / (ks * eps)
        if not _m1_within(res["sigma_noise"], sigma):
            return "sigma_noise"
        sb = Fraction(res["sigma_bar"])
        if sb.denominator > 2 ** 32 or not 0 <= float(sb) - sigma <= 2.0 ** -32 * (1 + 1e-6) + 1e-9 * sigma:
            return "sigma_bar"
        sv = sh = sigma
        claim = 1.0 / 3
    else:
        rho = float(res["rho"]["approx"])
        if abs(rho + 2 * math.sqrt(rho * math.log(3 / delta)) - eps / 3) > 1e-12:
            return "rho"
        sv, sh = math.sqrt(m / (2 * rho)), math.sqrt(m / (2 * rho)) / ks
        if not _m1_within(res["sigma_V"], sv) or not _m1_within(res["sigma_H"], sh):
            return "sigma_V/sigma_H"
        claim = 2.0 / 3
    mu2 = c * n * max(s2 / sv ** 2, s2 / (ks * ks * sh ** 2), 1 / sv ** 2 + 1 / (ks * ks * sh ** 2))
    if not _m1_within(res["joint_mu"], math.sqrt(mu2), 1e-8):
        return "joint_mu"
    if Fraction(res["claim_eps"]) != claim * Fraction(kv["--eps"]) and abs(float(Fraction(res["claim_eps"])) - claim * eps) > 1e-15:
        return "claim_eps"
    return None


def check_tree003_record(rec):
    kind = rec["kind"]
    if kind == "tree":
        return _m1_tree(rec) or _t3_label_sigmas(rec) or _m1_replay_tree(rec)
    if kind == "calibration003":
        return _t3_calibration(rec)
    return "unknown kind %r" % kind


# pgd003 (seed 003's P_GD, docs/vectors.md §16, docs/protocol-003.md "P_GD"): checked for consistency only — the
# certified gradient roundings are not replayed. From the recorded counts: the analyzer's de-biasing
# ((rho/g)(C - n b/4) - n L)/n with rho = 2L (range 2delta) or L, the step y = theta - eta g, the iterate rule (the ball:
# rounding toward 0 inside, the rounded projection outside, exact Fractions; the ellipsoid: on the grid and inside),
# theta_bar the mean, counts within [0, n ceil(2L g/rho) + n b]; the calibration's T_it (float against the certified
# floor), L and delta_total.


def _pgd_inside(rec, th):
    if rec["domain"] == "ball":
        S = Fraction(rec["S"])
        return sum(v * v for v in th) <= S * S
    c = [Fraction(v) for v in rec["center"]]
    V = [[Fraction(v) for v in row] for row in rec["V"]]
    u = [a - b for a, b in zip(th, c)]
    return sum(u[i] * V[i][j] * u[j] for i in range(len(u)) for j in range(len(u))) <= Fraction(rec["radius2"])


def _pgd_run(rec):
    q = rec["q"]
    grid = Fraction(1, 2 ** q)
    n = len(rec["data"])
    L, g, b, eta = Fraction(rec["L"]), int(rec["g"]), int(rec["b"]), Fraction(rec["eta"])
    rho = 2 * L if rec["range"] == "2delta" else L
    max_xhat = -((-2 * L * g) // rho)
    theta = [Fraction(v) for v in rec["theta0"]]
    if not _pgd_inside(rec, theta):
        return "theta0 outside Theta"
    total = [Fraction(0)] * len(theta)
    T = int(rec["T_it"])
    if len(rec["steps"]) != T or rec["released"] != (T > 0):
        return "steps / released"
    for t, st in enumerate(rec["steps"]):
        counts = [int(c) for c in st["counts"]]
        if any(c < 0 or c > n * max_xhat + n * b for c in counts):
            return "steps[%d].counts out of range" % t
        gbar = [(rho / g * (c - Fraction(n * b, 4)) - n * L) / n for c in counts]
        if gbar != [Fraction(v) for v in st["mean_gradient"]]:
            return "steps[%d].mean_gradient" % t
        total = [a + b2 for a, b2 in zip(total, theta)]
        y = [a - eta * gg for a, gg in zip(theta, gbar)]
        nxt = [Fraction(v) for v in st["next"]]
        if any((v / grid).denominator != 1 for v in nxt) or not _pgd_inside(rec, nxt):
            return "steps[%d].next off the grid or outside Theta" % t
        if rec["domain"] == "ball":
            S = Fraction(rec["S"])
            n2 = sum(v * v for v in y)
            for k, (yk, vk) in enumerate(zip(y, nxt)):
                if vk != 0 and (vk > 0) != (yk > 0):
                    return "steps[%d].next[%d] sign" % (t, k)
                if n2 <= S * S:
                    if abs(vk) > abs(yk) or abs(yk) - abs(vk) >= grid:
                        return "steps[%d].next[%d] not y rounded toward 0" % (t, k)
                elif vk * vk * n2 > yk * yk * S * S or (abs(vk) + grid) ** 2 * n2 <= yk * yk * S * S:
                    return "steps[%d].next[%d] not the rounded projection" % (t, k)
        theta = nxt
    bar = [Fraction(v) for v in rec["theta_bar"]]
    want = [v / T for v in total] if T > 0 else [Fraction(v) for v in rec["theta0"]]
    if bar != want:
        return "theta_bar"
    return None


def _pgd_calibration(rec):
    args = rec["args"].split()
    kv = dict(zip(args[1::2], args[2::2]))
    res = rec["result"]
    eps, delta = Fraction(kv["--eps"]), Fraction(kv["--delta"])
    n, d = int(kv["--n"]), int(kv["--d"])
    lam = Fraction(kv.get("--lambda-max", "0"))
    t = float(eps) ** 2 * n * n / (d * math.log(n * d / float(delta)) ** 3)
    T = int(res["T_it"])
    if abs(t - round(t)) > 1e-6 and T != math.floor(t):
        return "T_it"
    if Fraction(res["L"]) != 1 + lam * 1 / n:
        return "L"
    if T > 0 and Fraction(res["delta_total"]) != delta:
        return "delta_total"
    if T > 0 and float(Fraction(res["eps_total_kov_upper"])) > float(Fraction(res["eps_total_upper"])):
        return "kov above advanced composition"
    return None


def check_pgd003_record(rec):
    kind = rec["kind"]
    if kind == "pgd":
        return _pgd_run(rec)
    if kind == "calibration_pgd":
        return _pgd_calibration(rec)
    return "unknown kind %r" % kind


# multiagent (seed 004, docs/vectors.md §12): η_ξ and M replayed exactly with Fractions; R(e) and the SE ceilings
# recomputed in double (a value within 1e-9 relative of an integer is not decided here and is skipped, counted as
# agreeing); the run records are checked for their invariants (V22) and their M.


def _ma_eta_xi(eta, xi, K):
    v = 1 - (1 - eta) / (1 - xi) ** (K - 1)
    return v if v > 0 else Fraction(0)


def _ma_smallest_power(q, delta):
    M, p = 0, Fraction(1)
    while p > delta:
        M, p = M + 1, p * q
    return M


def _ma_floor_or_none(x):
    n = round(x)
    if abs(x - n) <= 1e-9 * max(1.0, abs(x)):
        return None
    return math.floor(x)


def check_multiagent_record(rec):
    kind = rec["kind"]
    if kind == "eta-xi":
        v = _ma_eta_xi(Fraction(rec["eta"]), Fraction(rec["xi"]), rec["K"])
        return None if v == Fraction(rec["eta_xi"]) else "eta_xi: expected %s" % v
    if kind == "vote-threshold":
        M = _ma_smallest_power(Fraction(rec["q"]), Fraction(rec["delta"]))
        return None if M == rec["M"] else "M: expected %d, recorded %d" % (M, rec["M"])
    if kind == "dp-se-epoch-length":
        S, e, beta, eps = rec["active"], rec["e"], float(Fraction(rec["beta"])), float(Fraction(rec["eps"]))
        a = _ma_floor_or_none(32 * 4 ** e * math.log(8 * S * e * e / beta))
        b = _ma_floor_or_none(8 * 2 ** e * math.log(4 * S * e * e / beta) / eps)
        if a is None or b is None:
            return None
        R = 1 + max(a, b)
        return None if R == int(rec["R"]) else "R: expected %d" % R
    if kind == "se-threshold":
        K, G, c, rho = rec["K"], rec["G"], float(Fraction(rec["c"])), float(Fraction(rec["rho"]))
        factor = 4 if rec["radius"] == "t" else 2
        for t, recorded in enumerate(rec["thresholds"], start=1):
            f = _ma_floor_or_none(math.sqrt(factor * G * G * t * math.log(c * K * t * t / rho)))
            if f is not None and f + 1 != int(recorded):
                return "threshold at t = %d: expected %d" % (t, f + 1)
        return None
    if kind == "multi-agent-run":
        K, N = 10, rec["N"]
        p = rec["params"]
        learner = rec["learner"]
        delta = Fraction(p["delta"])
        q = {"mase": Fraction(p["beta"]), "dp-mase": Fraction(p["beta"]), "decentralized-elimination": Fraction(p["eta"]),
             "corrupted-elimination": _ma_eta_xi(Fraction(p["eta"]), Fraction(p["xi"]), K)}.get(learner)
        if q is not None and _ma_smallest_power(q, delta) != rec["M"]:
            return "M: expected %d" % _ma_smallest_power(q, delta)
        seen, per_agent, sent = set(), [0] * N, [0] * K
        for rnd, agent, arm, ok in rec["messages"]:
            if (agent, arm) in seen:
                return "two messages for (agent %d, arm %d)" % (agent, arm)
            seen.add((agent, arm))
            per_agent[agent] += 1
            sent[arm] += ok
        if max(per_agent) > K - 1:
            return "an agent sent more than K - 1 messages"
        if sent != rec["votes"]:
            return "votes differ from the sent messages"
        if rec["rounds"] != sum(rec["activations"]) + rec["wasted"]:
            return "rounds != activations + wasted"
        gone = [arm for _, arm, _, _ in rec["eliminations"]]
        if len(set(gone)) != len(gone):
            return "an arm eliminated twice"
        if rec["reason"] == "decided" and learner != "independent-se":
            if len(gone) != K - 1 or rec["arm"] in gone:
                return "the returned arm is not the one left"
        return None
    if kind == "dp-mase-epoch-law":
        return _ma_check_epoch_law(rec)
    if kind == "eta-game":
        return _ma_check_eta_game(rec)
    return "unknown kind %r" % kind


_MA_DIFF_CACHE = {}


def _ma_difference_pmf(t):
    """P(N0 - N1 = d) for i.i.d. discrete Laplace Lap_Z(t), |d| <= 300, in double."""
    if t not in _MA_DIFF_CACHE:
        b = math.exp(-1 / t)
        c = (1 - b) / (1 + b)
        W = 300
        single = {k: c * b ** abs(k) for k in range(-2 * W, 2 * W + 1)}
        _MA_DIFF_CACHE[t] = {d: sum(single[k + d] * single[k] for k in range(-W, W + 1)) for d in range(-W, W + 1)}
    return _MA_DIFF_CACHE[t]


def _ma_check_epoch_law(rec):
    # Two arms: position 1 is eliminated iff V0 - V1 >= theta, position 0 iff V1 - V0 >= theta (docs/privacy-004.md §3).
    t, theta = float(Fraction(rec["scale"])), rec["theta"]
    gap = rec["sums"][0] - rec["sums"][1]
    pmf = _ma_difference_pmf(t)
    p = {2: sum(v for d, v in pmf.items() if d >= theta - gap), 1: sum(v for d, v in pmf.items() if d <= -theta - gap)}
    p[0] = 1 - p[1] - p[2]
    for mask, lo, hi in rec["law"]:
        lo, hi = float(lo), float(hi)
        if not (lo * (1 - 1e-9) - 1e-15 <= p[mask] <= hi * (1 + 1e-9) + 1e-15):
            return "outcome %d: %.17g outside [%s, %s]" % (mask, p[mask], lo, hi)
    return None


def _ma_check_eta_game(rec):
    K = rec["setting"]["K"]
    adv = rec["adversary"]
    wins = 0
    for run in rec["runs"]:
        view, guess, winning = run["view"], run["guess"], set(run["winning"])
        if len(winning) != 1:
            return "run %d: %d winning arms (pac-eps 0: the best only)" % (run["run"], len(winning))
        rounds = [r for r, _ in view]
        named = [a for _, a in view]
        if rounds != sorted(rounds) or len(set(named)) != len(named) or len(named) > K - 1:
            return "run %d: malformed view" % run["run"]
        if rounds and rounds[-1] > run["rounds"]:
            return "run %d: a message after the end" % run["run"]
        unvoted = [a for a in range(K) if a not in named]
        if not 0 <= guess < K:
            return "run %d: guess out of range" % run["run"]
        if adv == "unvoted" and guess not in unvoted:
            return "run %d: unvoted guessed a named arm" % run["run"]
        if adv == "complete" and len(named) == K - 1 and guess != unvoted[0]:
            return "run %d: complete did not name the one unvoted arm" % run["run"]
        if adv == "timed":
            lone = len(view) == 1 and len(unvoted) >= 2 and view[0][0] * K < run["rounds"]
            if (lone and guess != named[0]) or (not lone and guess not in unvoted):
                return "run %d: timed broke its rule" % run["run"]
        wins += guess in winning
    return None if wins == rec["wins"] else "wins: expected %d" % wins



# linear001 (seed 001's learners, docs/vectors.md §13): every action is replayed from the recorded broadcast (exact
# index q + beta*sqrt(r) compared with Fractions and integer square roots, ties to the lowest arm), every update's
# PD flag from the exact leading minors, every broadcast theta = V^-1 u (after the PD policy), and for linucb every
# statistic from the actions, features and rewards. The protocols' noise is not replayed (no Python twin of the
# rounded Gaussian and the large binomial): for the private learners D*V_m and D*u_m are taken as recorded.

def _lin_solve(V, u):
    """Exact solution of V x = u (Fractions; V positive definite)."""
    n = len(u)
    A = [[Fraction(V[i][j]) for j in range(n)] + [Fraction(u[i])] for i in range(n)]
    for c in range(n):
        p = next(r for r in range(c, n) if A[r][c] != 0)
        A[c], A[p] = A[p], A[c]
        for r in range(n):
            if r != c and A[r][c] != 0:
                f = A[r][c] / A[c][c]
                A[r] = [a - f * b for a, b in zip(A[r], A[c])]
    return [A[i][n] / A[i][i] for i in range(n)]


def _leading_minors_positive(V):
    n = len(V)
    A = [[Fraction(x) for x in row] for row in V]
    for k in range(n):
        if A[k][k] <= 0:
            return False
        for i in range(k + 1, n):
            f = A[i][k] / A[k][k]
            A[i] = [a - f * b for a, b in zip(A[i], A[k])]
    return True


def _sign_sum_roots(a, X, Y):
    """sign(a + sqrt(X) - sqrt(Y)) for integers a and X, Y >= 0, exactly."""
    if a < 0:
        if X < a * a:
            return -1
        if X == a * a:
            return -1 if Y > 0 else 0
    p, c = 2 * a, Y - a * a - X  # sign(p*sqrt(X) - c)
    if p == 0 or X == 0:
        return -1 if c > 0 else (1 if c < 0 else 0)
    if p > 0:
        if c <= 0:
            return 1
        l, r = p * p * X, c * c
        return (l > r) - (l < r)
    if c >= 0:
        return -1
    l, r = p * p * X, c * c
    return (r > l) - (r < l)


def _index_greater(qa, ra, qb, rb, beta):
    """Is qa + beta*sqrt(ra) > qb + beta*sqrt(rb)? (Fractions, exact.)"""
    c, A, B = qa - qb, beta * beta * ra, beta * beta * rb
    L = c.denominator * A.denominator * B.denominator
    return _sign_sum_roots(c.numerator * (L // c.denominator), A.numerator * A.denominator * (L // A.denominator) ** 2,
                           B.numerator * B.denominator * (L // B.denominator) ** 2) > 0


# Spec 001 §6.4's table (d, eps) -> learner -> (s, Gamma, cew), and sdp-vec's (b at scale 1, Gamma, cew): the printed
# digits, compared at 0.5% (the table's rounding); the recorded values are also recomputed from the authors'
# formulas in floats (spec 001 §6.2-6.3) and must be those values rounded up onto their grids.
_SEC64 = {
    (5, "1/5"): {"linucb-ldp": (8.971, 2836.8, 123.1), "linucb-jdp": (50.65, 356.4, 46.5),
                 "linucb-sdp-amp": (2.787, 881.4, 70.5), "linucb-sdp-vec": (1530.4, 345.8, 45.9)},
    (5, "1"): {"linucb-ldp": (1.794, 567.4, 57.5), "linucb-jdp": (10.13, 71.3, 23.4),
               "linucb-sdp-amp": (0.557, 176.3, 34.1), "linucb-sdp-vec": (61.2, 69.2, 23.1)},
    (5, "10"): {"linucb-ldp": (0.179, 56.7, 21.4), "linucb-jdp": (1.013, 7.13, 10.8),
                "linucb-sdp-amp": (0.056, 17.6, 14.1), "linucb-sdp-vec": (0.61, 6.92, 10.7)},
    (10, "1"): {"linucb-ldp": (1.794, 802.4, 95.5), "linucb-jdp": (10.13, 100.8, 38.1),
                "linucb-sdp-amp": (0.557, 249.3, 56.1), "linucb-sdp-vec": (106.0, 115.1, 40.2)},
    (15, "1"): {"linucb-ldp": (1.794, 982.7, 128.6), "linucb-jdp": (10.13, 123.5, 50.7),
                "linucb-sdp-amp": (0.557, 305.3, 75.1), "linucb-sdp-vec": (282.5, 153.4, 55.6)},
}
_SEC64_LINUCB_CEW = {5: 7.30, 10: 10.32, 15: 12.64}


def _check_paper_code_constants(rec):
    d, eps, n, L2 = rec["d"], float(Fraction(rec["eps"])), rec["n"], 2.0
    delta = float(Fraction(rec["delta"]))
    table = _SEC64.get((d, rec["eps"]))
    if table is None:
        return "no row of spec 001 §6.4 for d = %d, eps = %s" % (d, rec["eps"])

    def near_above(name, rec_value, x, grid):
        v = float(Fraction(rec_value))
        if not (v >= x * (1 - 1e-12) and v <= x * (1 + 1e-12) + grid):
            return "%s: recorded %r is not %r rounded up onto 2^-%d" % (name, v, x, round(-math.log2(grid)))
        return None

    for row in rec["learners"]:
        lr, B = row["learner"], row["B"]
        if lr == "linucb":
            s, gamma = None, 1.0
        elif lr == "linucb-ldp":
            s = math.sqrt(math.log(2.5 / delta)) / eps
            gamma = s * math.sqrt(n * d)
        elif lr == "linucb-sdp-amp":
            s = math.sqrt(math.log(2.5 * B / delta)) / (eps * math.sqrt(B))
            gamma = s * math.sqrt(n * d)
        elif lr == "linucb-jdp":
            s = math.sqrt(math.log(n)) * math.log(2.5 / delta) / eps
            gamma = s * math.sqrt(math.log(n)) * math.sqrt(d)
        elif lr == "linucb-sdp-vec":
            s = None
            gamma = 0.25 * math.log(d / delta) / (eps * math.sqrt(B)) * math.sqrt(n * d)
        else:
            return "unknown learner %r" % lr
        cew = math.sqrt(gamma * d) + 0.5 * math.sqrt(d * math.log((1 + n * L2 / gamma) * n))
        for err in (near_above(lr + " gamma", row["gamma"], gamma, 2.0 ** -32),
                    near_above(lr + " cew", row["cew"], cew, 2.0 ** -32),
                    near_above(lr + " lambda", row["lambda"], 1e-4 if lr == "linucb" else 2 * gamma, 2.0 ** -31),
                    near_above(lr + " s", row["s"], s, 2.0 ** -20) if s is not None else None):
            if err:
                return err
        if lr == "linucb":
            if abs(cew - _SEC64_LINUCB_CEW[d]) > 0.005 * _SEC64_LINUCB_CEW[d]:
                return "linucb cew %.4f differs from spec §6.4's %.2f" % (cew, _SEC64_LINUCB_CEW[d])
            continue
        printed = table[lr]
        first = float(Fraction(row["b"])) if lr == "linucb-sdp-vec" else float(Fraction(row["s"]))
        ours = (first, float(Fraction(row["gamma"])), float(Fraction(row["cew"])))
        for name, a, b in zip(("b" if lr == "linucb-sdp-vec" else "s", "gamma", "cew"), ours, printed):
            # b is recorded truncated (numpy's binomial); the table prints the real b.
            tol = 1.0 if name == "b" else 0.005 * b + 0.0051
            if abs(a - b) > tol:
                return "%s %s: %r, spec §6.4 prints %r" % (lr, name, a, b)
        if lr == "linucb-sdp-vec":
            g2 = max(4 * B, max(d, 4) ** 2)
            b_exact = Fraction(row["scale"]) * g2 * math.log(d / delta) ** 2 / (eps * eps * B)
            if int(row["b"]) != math.floor(b_exact):
                return "sdp-vec b = %s, floor(C g^2 ln^2(d/delta)/(eps^2 B)) = %d" % (row["b"], math.floor(b_exact))
            gc = int(row["g_c"])
            if not ((gc - 1) ** 2 < g2 * 2 ** 39 <= gc ** 2):
                return "sdp-vec g_c = %d is not ceil(sqrt(g^2 2^39))" % gc
    return None


def check_linear001_record(rec):
    if rec["kind"] == "header":
        return None
    if rec["kind"] == "paper-code-constants":
        return _check_paper_code_constants(rec)
    if rec["kind"] != "linear-run":
        return "unknown kind %r" % rec["kind"]
    d, K, q = rec["d"], rec["K"], rec["q"]
    T, B = rec["params"]["T"], rec["params"]["B"]
    policy = rec["params"]["pd_policy"]
    D, lam = int(rec["D"]), Fraction(rec["lambda"])
    betas = [Fraction(b) for b in rec["beta"]]
    actions, rewards = rec["actions"], rec["rewards"]
    feats = rec["features"]
    if len(actions) != T or len(rewards) != T:
        return "actions/rewards: %d/%d values for T = %d" % (len(actions), len(rewards), T)
    if len(rec["updates"]) != T // B or len(betas) != T // B + 1:
        return "%d updates, %d radii for T = %d, B = %d" % (len(rec["updates"]), len(betas), T, B)
    scale = Fraction(1, 2 ** q)
    lamD = lam * D
    if lamD.denominator != 1:
        return "lambda*D is not an integer"
    # The broadcast (V, u) as Fractions.
    bV = [[Fraction(int(lamD) if i == j else 0, D) for j in range(d)] for i in range(d)]
    bu = [Fraction(0)] * d
    stats_V = [[int(lamD) if i == j else 0 for j in range(d)] for i in range(d)]
    stats_u = [0] * d
    pd_failures = 0
    for m in range(T // B + 1):
        # Replay the actions of batch m + 1 on the broadcast of update m (m = 0: lambda I, theta = 0).
        theta = _lin_solve(bV, bu)
        Vinv_cols = [_lin_solve(bV, [Fraction(int(i == j)) for i in range(d)]) for j in range(d)]
        for t in range(m * B + 1, min((m + 1) * B, T) + 1):
            X = feats[0] if len(feats) == 1 else feats[t - 1]
            best = None
            for a in range(K):
                x = [Fraction(v) * scale for v in X[a * d:(a + 1) * d]]
                qa = sum(xi * ti for xi, ti in zip(x, theta))
                ra = sum(x[i] * sum(Vinv_cols[j][i] * x[j] for j in range(d)) for i in range(d))
                if best is None or _index_greater(qa, ra, best[1], best[2], betas[m]):
                    best = (a, qa, ra)
            if best[0] != actions[t - 1]:
                return "round %d: replayed arm %d, recorded %d" % (t, best[0], actions[t - 1])
            # linucb: the statistics from the chosen features and rewards (units D/4^q, D/2^q).
            f = X[actions[t - 1] * d:(actions[t - 1] + 1) * d]
            for i in range(d):
                stats_u[i] += f[i] * rewards[t - 1] * (D >> q)
                for j in range(d):
                    stats_V[i][j] += f[i] * f[j] * (D >> (2 * q))
        if m == T // B:
            break
        up = rec["updates"][m]
        if up["m"] != m + 1 or up["t"] != (m + 1) * B:
            return "update %d: m = %r, t = %r" % (m + 1, up["m"], up["t"])
        V = [[int(up["V"][i * d + j]) for j in range(d)] for i in range(d)]
        u = [int(x) for x in up["u"]]
        if any(V[i][j] != V[j][i] for i in range(d) for j in range(d)):
            return "update %d: V is not symmetric" % (m + 1)
        if rec["learner"] == "linucb" and (V != stats_V or u != stats_u):
            return "update %d: D*V or D*u differs from the sums of the actions' statistics" % (m + 1)
        pd = _leading_minors_positive(V)
        if pd != up["pd"]:
            return "update %d: recorded pd %r, exact %r" % (m + 1, up["pd"], pd)
        shift = int(up["shift"])
        if pd:
            bV = [[Fraction(x, D) for x in row] for row in V]
            bu = [Fraction(x, D) for x in u]
        else:
            pd_failures += 1
            if policy == "skip":
                if up["changed"] or shift != 0:
                    return "update %d: skip changed the broadcast" % (m + 1)
            else:
                s = shift * int(lamD) if policy == "raise-lambda" else shift
                W = [[V[i][j] + (s if i == j else 0) for j in range(d)] for i in range(d)]
                if not _leading_minors_positive(W):
                    return "update %d: the policy's matrix is not positive definite" % (m + 1)
                bV = [[Fraction(x, D) for x in row] for row in W]
                bu = [Fraction(x, D) for x in u]
        th = _lin_solve(bV, bu)
        if [Fraction(x) for x in up["theta"]] != th:
            return "update %d: theta differs from V^-1 u" % (m + 1)
    if pd_failures != rec["pd_failures"]:
        return "pd_failures: recorded %d, counted %d" % (rec["pd_failures"], pd_failures)
    return None

# --------------------------------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------------------------------
# glm003 (seed 003's GLM layer, docs/vectors.md §15, docs/protocol-003.md): the link values are recomputed with the
# decimal module at 130 digits (exp by decimal's correctly rounded exp, erf by its Taylor series, pi by Machin's
# formula); a floor or comparison is accepted only when the value is more than 10^-100 away from the boundary, so
# the arithmetic error (far below 10^-120) cannot change it. Exact values (z = 0) are handled as Fractions. The
# G-optimal design's solver is replayed in Python floats (IEEE binary64, the same operations in the same order),
# then the largest-remainder rounding and the exact leverages in Fractions, and the draws from the design.

_GLM_CTX = decimal.Context(prec=130)
_GLM_MARGIN = Fraction(1, 10 ** 100)


def _glm_pi():
    c = _GLM_CTX

    def atan_inv(n):  # arctan(1/n) by its alternating series
        x = c.divide(1, n)
        x2 = c.multiply(x, x)
        term, total, k = x, x, 1
        while True:
            term = c.multiply(term, x2)
            t = c.divide(term, 2 * k + 1)
            if t < decimal.Decimal(10) ** -128:
                break
            total = c.subtract(total, t) if k % 2 else c.add(total, t)
            k += 1
        return total

    return c.subtract(c.multiply(16, atan_inv(5)), c.multiply(4, atan_inv(239)))


_GLM_PI = _glm_pi()


def _glm_erf(x):
    c = _GLM_CTX
    x2 = c.multiply(x, x)
    term, total, n = x, x, 0
    while True:
        n += 1
        term = c.divide(c.multiply(c.minus(term), x2), n)  # (-1)^n x^(2n+1)/n!
        t = c.divide(term, 2 * n + 1)
        total = c.add(total, t)
        if abs(t) < decimal.Decimal(10) ** -125:
            break
    return c.multiply(c.divide(2, c.sqrt(_GLM_PI)), total)


def _glm_values(link, z):
    """(mu, mu_dot, mu_ddot, b) at the rational z as Decimals (z != 0)."""
    c = _GLM_CTX
    zd = c.divide(decimal.Decimal(z.numerator), decimal.Decimal(z.denominator))
    if link == "logistic":
        e = c.exp(c.minus(zd))
        mu = c.divide(1, c.add(1, e))
        mu_dot = c.multiply(mu, c.subtract(1, mu))
        mu_ddot = c.multiply(mu_dot, c.subtract(1, c.multiply(2, mu)))
        b = c.ln(c.add(1, c.exp(zd)))
        return mu, mu_dot, mu_ddot, b
    phi0 = c.divide(1, c.sqrt(c.multiply(2, _GLM_PI)))
    phi = c.multiply(c.exp(c.minus(c.divide(c.multiply(zd, zd), 2))), phi0)
    cdf = c.divide(c.add(1, _glm_erf(c.divide(zd, c.sqrt(decimal.Decimal(2))))), 2)
    return cdf, phi, c.multiply(c.minus(zd), phi), c.subtract(c.add(c.multiply(zd, cdf), phi), phi0)


def _glm_floor(value, k):
    """floor(value * 2^k) for a Fraction (exact) or a Decimal (approximate: None when within the margin)."""
    if isinstance(value, Fraction):
        return _floor(value * (1 << k))
    x = Fraction(value) * (1 << k)
    f = _floor(x)
    if x - f < _GLM_MARGIN or f + 1 - x < _GLM_MARGIN:
        return None
    return f


def _glm_exact(link, z):
    """The exact values at z = 0 (None where irrational)."""
    if link == "logistic":
        return Fraction(1, 2), Fraction(1, 4), Fraction(0), None
    return Fraction(1, 2), None, Fraction(0), Fraction(0)


def _glm_check_value(rec):
    link, z = rec["link"], Fraction(rec["z"])
    approx = _glm_values(link, z) if z != 0 else _glm_values_at_zero(link)
    exact = _glm_exact(link, z) if z == 0 else (None, None, None, None)

    def val(i):
        return exact[i] if exact[i] is not None else approx[i]

    want = {
        "mu": _glm_floor(val(0), 64),
        "mu_dot": _glm_floor(val(1), 64),
        "mu_dot_2p52": _glm_floor(val(1), 52),
        "mu_ddot": _glm_floor(val(2), 64),
        "b": _glm_floor(val(3), 64),
    }
    for key, w in want.items():
        if w is None:
            return "%s: undecided at 130 digits" % key
        if str(w) != rec[key]:
            return "field %s: committed %s, replayed %s" % (key, rec[key], w)
    for r in (0, 1):
        m = val(0)
        g = (m - r) * Fraction(-3, 4) if isinstance(m, Fraction) else _GLM_CTX.multiply(_GLM_CTX.subtract(m, r), decimal.Decimal("-0.75"))
        w = _glm_floor(g, 52)
        if w is None or str(w) != rec["grad_2p52"][r]:
            return "field grad_2p52[%d]: committed %s, replayed %s" % (r, rec["grad_2p52"][r], w)
    return None


def _glm_values_at_zero(link):
    """The irrational values at z = 0: ln 2 (logistic b), 1/sqrt(2 pi) (probit mu_dot)."""
    c = _GLM_CTX
    if link == "logistic":
        return None, None, None, c.ln(decimal.Decimal(2))
    phi0 = c.divide(1, c.sqrt(c.multiply(2, _GLM_PI)))
    return None, phi0, None, None


def _glm_check_rewards(rec):
    link, z = rec["link"], Fraction(rec["z"])
    mu = Fraction(1, 2) if z == 0 else Fraction(_glm_values(link, z)[0])
    exact = z == 0
    bits = Bits(rec["seed"], rec["stream"])
    out = ""
    for _ in range(64):
        u, c = bits.next_bits(64), 1
        while True:
            lo, hi = Fraction(u, 1 << (64 * c)), Fraction(u + 1, 1 << (64 * c))
            if not exact and (abs(mu - lo) < _GLM_MARGIN or abs(mu - hi) < _GLM_MARGIN):
                return "a reward is undecided at 130 digits"
            if hi <= mu:
                out += "1"
                break
            if mu <= lo:
                out += "0"
                break
            u, c = (u << 64) | bits.next_bits(64), c + 1
    if out != rec["rewards"]:
        return "field rewards: committed %s, replayed %s" % (rec["rewards"], out)
    if bits.consumed != rec["bits"]:
        return "field bits: committed %d, replayed %d" % (rec["bits"], bits.consumed)
    return None


def _glm_arms(seed, K, d):
    bits = Bits(seed, 0)
    arms = []
    while len(arms) < K:
        x = [Fraction(bits.next_bits(11) - 1024, 1024) for _ in range(d)]
        n2 = sum(v * v for v in x)
        if 0 < n2 <= 1:
            arms.append(x)
    return arms


def _glm_leverages(arms, w):
    """c_i a_i^T A^-1 a_i (c = 1) by LDL^T without pivoting, in the type of w (float or Fraction); None if singular."""
    d, K = len(arms[0]), len(arms)
    zero = w[0] - w[0]
    A = [[zero] * d for _ in range(d)]
    for i in range(K):
        wi = w[i] * (1.0 if isinstance(zero, float) else 1)
        for r in range(d):
            for c in range(r + 1):
                A[r][c] = A[r][c] + wi * arms[i][r] * arms[i][c]
    L = [[zero] * d for _ in range(d)]
    D = [zero] * d
    for j in range(d):
        s = A[j][j]
        for k in range(j):
            s = s - L[j][k] * L[j][k] * D[k]
        if s <= 0:
            return None
        D[j] = s
        for r in range(j + 1, d):
            t = A[r][j]
            for k in range(j):
                t = t - L[r][k] * L[j][k] * D[k]
            L[r][j] = t / D[j]
    out = []
    for i in range(K):
        lev, y = zero, [zero] * d
        for r in range(d):
            t = arms[i][r]
            for k in range(r):
                t = t - L[r][k] * y[k]
            y[r] = t
            lev = lev + t * t / D[r]
        out.append(lev * (1.0 if isinstance(zero, float) else 1))
    return out


def _glm_check_design(rec):
    K, d = rec["K"], rec["d"]
    arms = _glm_arms(rec["arm_seed"], K, d)
    if [[str(v) for v in a] for a in arms] != rec["arms"]:
        return "field arms: not the generated arm set"
    fa = [[float(v) for v in a] for a in arms]  # exact: grid 2^-10
    w = [1.0 / K] * K
    target, it = 3 * d / 2, 0
    while True:
        lev = _glm_leverages(fa, w)
        if lev is None:
            return "the replayed solver met a non-positive pivot"
        best = 0
        for i in range(1, K):
            if lev[i] > lev[best]:
                best = i
        m = lev[best]
        if m <= target or it >= 20000:
            break
        gamma = (m - d) / (d * (m - 1.0))
        keep = 1.0 - gamma
        for i in range(K):
            w[i] = w[i] * keep
            if w[i] < 2.0 ** -60:
                w[i] = 0.0
        w[best] = w[best] + gamma
        it += 1
    if it != rec["solver_iterations"]:
        return "field solver_iterations: committed %d, replayed %d" % (rec["solver_iterations"], it)
    ws = [Fraction(x) for x in w]
    total, unit = sum(ws), 1 << rec["weight_bits"]
    quotas = [x * unit / total for x in ws]
    counts = [_floor(q) for q in quotas]
    order = sorted(range(K), key=lambda i: (-(quotas[i] - counts[i]), i))
    for j in range(unit - sum(counts)):
        counts[order[j]] += 1
    if [str(n) for n in counts] != rec["counts"]:
        return "field counts: committed %s, replayed %s" % (rec["counts"], counts)
    exact = _glm_leverages(arms, [Fraction(n, unit) for n in counts])
    if exact is None or str(max(exact)) != rec["max_leverage"] or max(exact) > 2 * d:
        return "field max_leverage: committed %s, replayed %s" % (rec["max_leverage"], exact and max(exact))
    bits = Bits(rec["seed"], rec["stream"])
    draws = []
    for _ in range(16):
        u, cum = uniform_below(bits, unit), 0
        for i, n in enumerate(counts):
            cum += n
            if u < cum:
                draws.append(i)
                break
    if draws != rec["draws"] or bits.consumed != rec["bits"]:
        return "fields draws/bits: committed %s/%d, replayed %s/%d" % (rec["draws"], rec["bits"], draws, bits.consumed)
    return None


# calibration003glm (calibrate shuffle-glm|jdp-glm): the formulas recomputed in doubles against the enclosures, the
# integers (batch sizes, cutoffs, iteration counts) against their definitions.
def _g3_cal(rec):
    args = rec["args"].split()
    variant = args[0]
    kv = dict(zip(args[1::2], args[2::2]))
    res = rec["result"]
    F = lambda k: float(Fraction(kv[k]))
    eps, delta, T, d = F("--eps"), F("--delta"), int(kv["--horizon"]), int(kv["--d"])
    kappa, ks, S, R = F("--kappa"), F("--kappa-star"), F("--theta-norm"), 1.0
    lt = math.log(T)
    if variant == "shuffle-glm":
        M = int(kv.get("--batches", 0)) or ((T.bit_length() - 1).bit_length() - 1)
        if int(res["M"]) != M:
            return "M"
        ell = math.log(4 * (d * d + 1) / (delta / 2))
        sig = lambda r: math.sqrt(6e4 * r * r * ell * ell / (eps / 2) ** 2 + r * r / 8)
        sv = sig(2.0)
        if not _m1_within(res["sigma_tilde_V"], sv) or not _m1_within(res["sigma_tilde_H"], sig(2.0 / ks)):
            return "sigma_tilde"
        l2 = math.log(2 * d * M * T / delta)
        nu = R * S * S / eps * math.sqrt(d * math.log(T * d / delta) ** 3)
        if not _m1_within(res["nu"], nu):
            return "nu"
        gamma = 30 * R * S * math.sqrt(d * R * lt + 12 * sv * math.sqrt(l2)) + math.sqrt(4 * R * S * nu)
        if not _m1_within(res["gamma"], gamma):
            return "gamma"
        ae = 1 / (2 * (1 - 2.0 ** (1 - M)))
        alpha = T ** ae
        if not _m1_within(res["alpha"], alpha):
            return "alpha"
        b1 = (math.sqrt(kappa) * math.exp(3 * S) * d * d * gamma * gamma * alpha / S) ** (2.0 / 3)
        if int(res["batch_1_size"]) != math.ceil(b1) and abs(int(res["batch_1_size"]) - b1) > 1e-6 * b1:
            return "batch_1_size"
        total = int(res["batch_1_size"])
        for k in range(2, M + 1):
            e = Fraction(2) - Fraction(4, 2 ** k)
            e *= Fraction(2 ** (M - 1), 2 * (2 ** (M - 1) - 1))  # alpha's exponent 1/(2(1 - 2^(1-M)))
            # ceil(T^e) exactly: least c with c^q >= T^p
            c = max(0, int(T ** float(e)) - 2)
            while c ** e.denominator < T ** e.numerator:
                c += 1
            total += c
        if int(res["schedule_total"]) != total:
            return "schedule_total"
        users = int(res["batch_1_users"])
        it = math.floor((eps / 2) ** 2 * users * users / (d * math.log(users * d / (delta / 2)) ** 3))
        if abs(int(res["batch_1_pgd_iterations"]) - it) > 1:
            return "batch_1_pgd_iterations"
        return None
    paper = kv.get("--profile") == "paper-code"
    zeta = float(Fraction(res["zeta"]))
    if paper:
        l4t = math.log(4 * T / zeta)
        spread = math.log(4 / delta) * l4t * l4t / (eps * ks)
        lam = 2 * spread + 0.75 * d * l4t / R ** 2
        gamma = R * S * math.sqrt(d * math.log(T / zeta))
        if Fraction(res["criterion1_threshold"]) != 1 / (Fraction(1, 100) * Fraction(kv["--kappa"]) * Fraction(kv["--theta-norm"]) ** 2 * d):
            return "criterion1_threshold"
        k1 = max(1, math.floor(d * R * R * kappa * gamma * gamma * lt / 20000))
        if int(res["theta_o_calls"]) != k1:
            return "theta_o_calls"
        e0 = float(Fraction(res["theta_o_eps_call"]))
        if k1 <= 10:
            if abs(e0 - eps / 3 / k1) > 1e-15:
                return "theta_o_eps_call (naive split)"
        else:
            f = lambda e: math.sqrt(2 * k1 * math.log(2 / (delta / 3))) * e + k1 * e * math.expm1(e)
            if not (f(e0) <= eps / 3 * (1 + 1e-12) and f(e0 + 2 * 2.0 ** -40) > eps / 3):
                return "theta_o_eps_call (advanced composition)"
    else:
        q = 4 * math.sqrt(d) + 1
        lam = 64 * q * math.log(32 / delta) * lt * (math.log(16 * T / zeta) + math.sqrt(d)) / (eps * ks)
        core = R ** 5 * S ** 4 * d * math.log(T * d / zeta) ** 2 * math.log(32 / delta)
        gamma = core / (min(eps, 1) * ks * ks)
        c1 = 8 * d * R * R * kappa * gamma * gamma * lt
        if int(res["theta_o_calls"]) != max(1, math.ceil(c1)):
            return "theta_o_calls"
        k = int(res["theta_o_calls"])
        e = eps / (6 * math.sqrt(2 * k * math.log(4 / delta)))
        if abs(float(Fraction(res["theta_o_eps_call"])) - e) > 1e-9 * e:
            return "theta_o_eps_call"
    if not _m1_within(res["lambda"], lam) or not _m1_within(res["gamma"], gamma):
        return "lambda/gamma"
    return None


def check_glm003_record(rec):
    if rec["kind"] == "header":
        return None
    if rec["kind"] == "calibration003glm":
        return _g3_cal(rec)
    if rec["kind"] == "glm_value":
        return _glm_check_value(rec)
    if rec["kind"] == "glm_rewards":
        return _glm_check_rewards(rec)
    if rec["kind"] == "g_design":
        return _glm_check_design(rec)
    return "unknown kind %r" % rec["kind"]


# glmlearners003 (seed 003's GLM instances and glm-ucb runs, docs/vectors.md §17, docs/bits.md §8): every instance's
# sizes and exact norms, the authors' θ* replayed from its stream (the sphere generator's and the arms' rounded
# normals have no Python twin: checked for ‖x‖ ≤ 1 only), κ and κ* recomputed at 130 digits from the exact z of
# every arm; every run's rewards replayed from the per-round streams 2^40·(r + 1) + t given its actions (the actions
# themselves are the learner's decisions, not replayed).
_GLM_INSTANCES = {}


def _glm_draw(link, z, bits):
    mu = Fraction(1, 2) if z == 0 else Fraction(_glm_values(link, z)[0])
    exact = z == 0
    u, c = bits.next_bits(64), 1
    while True:
        lo, hi = Fraction(u, 1 << (64 * c)), Fraction(u + 1, 1 << (64 * c))
        if not exact and (abs(mu - lo) < _GLM_MARGIN or abs(mu - hi) < _GLM_MARGIN):
            return None
        if hi <= mu:
            return 1
        if mu <= lo:
            return 0
        u, c = (u << 64) | bits.next_bits(64), c + 1


def _glml_check_instance(rec):
    d, K, q, sets = rec["d"], rec["K"], rec["q"], rec["sets"]
    S = Fraction(rec["S"])
    theta, arms = rec["theta"], rec["arms"]
    if len(theta) != d or len(arms) != sets * K * d:
        return "sizes of theta/arms"
    if Fraction(sum(t * t for t in theta), 4 ** q) > S * S:
        return "theta outside the S-ball"
    for i in range(sets * K):
        if sum(v * v for v in arms[i * d:(i + 1) * d]) > 4 ** q:
            return "arm %d outside the unit ball" % i
    if rec["generator"] == "authors":
        bits = Bits(rec["seed"], rec["stream"])
        while True:
            u = [uniform_below(bits, (1 << 33) + 1) - (1 << 32) for _ in range(d)]
            if any(u):
                break
        n2 = sum(v * v for v in u)
        want = []
        for v in u:
            y = Fraction(v * v * 4 ** q, n2) * S * S
            m = math.isqrt(y.numerator // y.denominator)
            want.append(-m if v < 0 else m)
        if want != theta:
            return "field theta: committed %s, replayed %s" % (theta, want)
    zs = [Fraction(sum(arms[i * d + j] * theta[j] for j in range(d)), 4 ** q) for i in range(sets * K)]
    far, near = max(zs, key=abs), min(zs, key=abs)
    for field, z in (("kappa_2p32", far), ("kappa_star_2p32", near)):
        if z != 0:
            value = 1 / Fraction(_glm_values(rec["link"], z)[1])
        elif rec["link"] == "logistic":
            value = Fraction(4)  # 1/μ̇(0)
        else:
            value = Fraction(_GLM_CTX.sqrt(_GLM_CTX.multiply(2, _GLM_PI)))  # 1/φ(0) = √(2π)
        f = value * (1 << 32)
        fl = f.numerator // f.denominator
        if abs(f - fl) < _GLM_MARGIN * (1 << 40) or abs(f - fl - 1) < _GLM_MARGIN * (1 << 40):
            return "field %s undecided at 130 digits" % field
        if str(fl) != rec[field]:
            return "field %s: committed %s, replayed %d" % (field, rec[field], fl)
    _GLM_INSTANCES[rec["id"]] = rec
    return None


def _glml_check_run(rec):
    inst = _GLM_INSTANCES.get(rec["instance"])
    if inst is None:
        return "instance %r not seen before this run" % rec["instance"]
    d, K, q, sets = inst["d"], inst["K"], inst["q"], inst["sets"]
    actions, T = rec["actions"], rec["T"]
    if len(actions) != T or len(rec["rewards"]) != T or any(a < 0 or a >= K for a in actions):
        return "actions/rewards of the wrong length or out of range"
    out = ""
    for t in range(1, T + 1):
        s, a = (t - 1) % sets, actions[t - 1]
        x = inst["arms"][(s * K + a) * d:(s * K + a + 1) * d]
        z = Fraction(sum(x[j] * inst["theta"][j] for j in range(d)), 4 ** q)
        r = _glm_draw(inst["link"], z, Bits(rec["seed"], (1 << 40) * (rec["run"] + 1) + t))
        if r is None:
            return "round %d's reward is undecided at 130 digits" % t
        out += str(r)
    if out != rec["rewards"]:
        return "field rewards: committed %s, replayed %s" % (rec["rewards"], out)
    return None


def check_glmlearners003_record(rec):
    if rec["kind"] == "header":
        return None
    if rec["kind"] == "glm_instance":
        return _glml_check_instance(rec)
    if rec["kind"] == "glm_ucb_run":
        return _glml_check_run(rec)
    return "unknown kind %r" % rec["kind"]


# bglincb003 (b-glincb runs, docs/vectors.md §18): the instance as glmlearners003's; each run's schedule recomputed
# with exact integer roots (α = T^a, a = 1/(2(1 − 2^{1−M})); B_1 = ⌈α^{2/3}⌉, B_k = ⌈α^{2−2^{2−k}}⌉, cut at T), its
# rewards replayed from its actions on the per-round streams, the warm-up's weights 2^32 and the survivor counts in
# [1, K] (K in the warm-up); the eliminations, designs and MLEs are the learner's decisions (`vectors check`).
def _ceil_power(T, e):
    num, den = e.numerator, e.denominator
    target = T ** num
    r = int(round(float(target) ** (1.0 / den)))
    while r ** den < target:
        r += 1
    while r > 0 and (r - 1) ** den >= target:
        r -= 1
    return r


def _bglincb_schedule(T, M):
    a = 1 / (2 * (1 - Fraction(1, 2 ** (M - 1))))
    expo = [a * Fraction(2, 3)] + [a * (2 - Fraction(4, 2 ** k)) for k in range(2, M + 1)]
    out, used = [], 0
    for e in expo:
        if used >= T:
            break
        n = min(_ceil_power(T, e), T - used)
        out.append(n)
        used += n
    return out


def check_bglincb003_record(rec):
    if rec["kind"] == "header":
        return None
    if rec["kind"] == "glm_instance":
        return _glml_check_instance(rec)
    if rec["kind"] != "b_glincb_run":
        return "unknown kind %r" % rec["kind"]
    err = _glml_check_run(rec)
    if err:
        return err
    T, M = rec["T"], rec["M"]
    want = _bglincb_schedule(T, M)
    if rec["schedule"] != want:
        return "field schedule: committed %s, recomputed %s" % (rec["schedule"], want)
    K = _GLM_INSTANCES[rec["instance"]]["K"]
    b1 = want[0]
    if any(w != str(1 << 32) for w in rec["weights_2p32"][:b1]) or any(s != K for s in rec["survivors"][:b1]):
        return "the warm-up's weights or survivors"
    if any(not 1 <= s <= K for s in rec["survivors"]) or len(rec["theta_2p24"]) != len(want) - 1:
        return "survivors out of [1, K] or the number of broadcast estimates"
    return None


# shuffleglm003 (shuffle-glm runs, scaled profile, docs/vectors.md §20): the instance as glmlearners003's; each run's
# schedule recomputed with exact integer roots (α = T^a, a = 1/(2(1 − 2^{1−M})); B_1 = ⌈(64α)^{2/3}⌉, the least n with
# n^{3·den(a)} >= 64^{2·den(a)}·T^{2·num(a)}; B_k = ⌈α^{2−2^{2−k}}⌉, cut at T), its rewards replayed from its actions,
# the warm-up's unit weights 2^w (w = 62 − 2q), every later weight <= ⌊2^w/κ*⌋ (line 15's clip), survivors in [1, K]
# and one P₂ count vector (d(d+1)/2 labels) and one θ̄ per released batch (all batches but the last). The P₂/P_GD
# noise, the eliminations and the designs are the learner's (`vectors check` in both builds).
def _shuffleglm_schedule(T, M):
    a = 1 / (2 * (1 - Fraction(1, 2 ** (M - 1))))
    p, q = a.numerator, a.denominator
    target = 64 ** (2 * q) * T ** (2 * p)
    b1 = int(round(float(target) ** (1.0 / (3 * q))))
    while b1 ** (3 * q) < target:
        b1 += 1
    while b1 > 0 and (b1 - 1) ** (3 * q) >= target:
        b1 -= 1
    want = [b1] + [_ceil_power(T, a * (2 - Fraction(4, 2 ** k))) for k in range(2, M + 1)]
    out, used = [], 0
    for n in want:
        if used >= T:
            break
        n = min(n, T - used)
        out.append(n)
        used += n
    return out


def check_shuffleglm003_record(rec):
    if rec["kind"] == "header":
        return None
    if rec["kind"] == "glm_instance":
        return _glml_check_instance(rec)
    if rec["kind"] != "shuffle_glm_run":
        return "unknown kind %r" % rec["kind"]
    err = _glml_check_run(rec)
    if err:
        return err
    want = _shuffleglm_schedule(rec["T"], rec["M"])
    if rec["schedule"] != want:
        return "field schedule: committed %s, recomputed %s" % (rec["schedule"], want)
    inst = _GLM_INSTANCES[rec["instance"]]
    K, d, q = inst["K"], inst["d"], inst["q"]
    w = rec["weight_bits"]
    if w != 62 - 2 * q:
        return "field weight_bits: committed %d, want 62 - 2q = %d" % (w, 62 - 2 * q)
    ks = Fraction(rec["kappa_star"])
    cap = (Fraction(2 ** w) / ks).numerator // (Fraction(2 ** w) / ks).denominator
    b1 = want[0]
    ws = [int(x) for x in rec["weights"]]
    if any(x != 2 ** w for x in ws[:b1]) or any(s != K for s in rec["survivors"][:b1]):
        return "the warm-up's weights or survivors"
    for t in range(b1, rec["T"]):
        if not 0 <= ws[t] <= cap:
            return "round %d: weight %d above the clip floor(2^%d/kappa*) = %d" % (t + 1, ws[t], w, cap)
    if any(not 1 <= s <= K for s in rec["survivors"]):
        return "survivors out of [1, K]"
    released = len(want) - 1
    if len(rec["theta"]) != released or len(rec["p2_counts"]) != released:
        return "the number of released batches"
    if any(len(c) != d * (d + 1) // 2 for c in rec["p2_counts"]) or any(len(th) != d for th in rec["theta"]):
        return "the size of a release"
    S = Fraction(rec["S"])
    for k, th in enumerate(rec["theta"]):
        if sum(Fraction(x) ** 2 for x in th) > S * S:
            return "batch %d: theta outside the S-ball" % (k + 1)
    return None


# rsglincb003 (rs-glincb runs on glmlearners003's instances, docs/vectors.md §18): the instances as glmlearners003's;
# every run's rewards replayed as there, and, in exact rationals, Criterion I at every round (max ‖x‖²_{V⁻¹} ≥
# 1/(γ²κ) with V = λI + Σ_{T_o} x xᵀ) and the exploration argmax (lowest index); switch rounds are checked to be
# increasing exploitation rounds (det H needs μ̇ at the MLE: not replayed).
def _rsg_solve(A, b):
    n = len(b)
    M = [row[:] + [b[i]] for i, row in enumerate(A)]
    for k in range(n):
        p = next(i for i in range(k, n) if M[i][k] != 0)
        M[k], M[p] = M[p], M[k]
        for i in range(k + 1, n):
            f = M[i][k] / M[k][k]
            for j in range(k, n + 1):
                M[i][j] -= f * M[k][j]
    y = [Fraction(0)] * n
    for i in reversed(range(n)):
        y[i] = (M[i][n] - sum(M[i][j] * y[j] for j in range(i + 1, n))) / M[i][i]
    return y


def _rsg_check_run(rec):
    err = _glml_check_run(rec)
    if err:
        return err
    inst = _GLM_INSTANCES[rec["instance"]]
    d, K, q, sets = inst["d"], inst["K"], inst["q"], inst["sets"]
    T, actions, explore = rec["T"], rec["actions"], rec["explore"]
    if len(explore) != T or any(c not in "01" for c in explore):
        return "field explore: wrong length or not 0/1"
    lam, gamma, kappa = Fraction(rec["lambda"]), Fraction(rec["gamma"]), Fraction(rec["kappa"])
    thr = 1 / (gamma * gamma * kappa)
    V = [[lam if i == j else Fraction(0) for j in range(d)] for i in range(d)]
    for t in range(1, T + 1):
        s = (t - 1) % sets
        xs = [[Fraction(v, 1 << q) for v in inst["arms"][(s * K + a) * d:(s * K + a + 1) * d]] for a in range(K)]
        lev = [sum(x[i] * y for i, y in enumerate(_rsg_solve(V, x))) for x in xs]
        fires = max(lev) >= thr
        if fires != (explore[t - 1] == "1"):
            return "round %d: Criterion I %s in the record" % (t, "fires" if fires else "does not fire")
        if fires:
            best = lev.index(max(lev))
            if actions[t - 1] != best:
                return "round %d: exploration plays %d, the argmax of ||x||_{V^-1} is %d" % (t, actions[t - 1], best)
            x = xs[best]
            for i in range(d):
                for j in range(d):
                    V[i][j] += x[i] * x[j]
    sw = rec["switches"]
    if any(not 1 <= r <= T or explore[r - 1] == "1" for r in sw) or sorted(set(sw)) != sw:
        return "field switches: not increasing exploitation rounds"
    return None


# gloc003 (gloc runs on glmlearners003's instances, docs/vectors.md §22): the instances as glmlearners003's; every
# run's rewards replayed as there, and, in exact rationals, the decisions that need no ONS iterate: round 1 (θ_1 = 0,
# θ̂_0 = 0: the index is a common positive factor times ‖x‖_{V_0⁻¹}, so argmax ‖x‖², lowest index) and, in the paper
# profile, round 2 (z_1 = ⟨x_1, θ_1⟩ = 0 keeps θ̂_1 = 0 and Q = 0: argmax ‖x‖²_{V_1⁻¹}, V_1 = λI + x_1x_1ᵀ).
def _gloc_check_run(rec):
    inst = _GLM_INSTANCES.get(rec["instance"])
    if inst is None:
        return "instance %r not seen before this run" % rec["instance"]
    d, K, q, sets = inst["d"], inst["K"], inst["q"], inst["sets"]
    if len(rec["actions"]) != rec["T"] or rec["T"] < 1:
        return "field actions: wrong length"
    if rec["profile"] not in ("paper", "baseline-code"):
        return "field profile: %r" % rec["profile"]
    lam = Fraction(rec["lambda"])
    if lam <= 0 or Fraction(rec["kappa"]) <= 0 or not 0 < Fraction(rec["delta"]) < 1:
        return "lambda, kappa or delta out of range"
    V = [[lam if i == j else Fraction(0) for j in range(d)] for i in range(d)]
    rounds = 2 if rec["profile"] == "paper" else 1
    for t in range(1, min(rounds, rec["T"]) + 1):
        s = (t - 1) % sets
        xs = [[Fraction(v, 1 << q) for v in inst["arms"][(s * K + a) * d:(s * K + a + 1) * d]] for a in range(K)]
        lev = [sum(x[i] * y for i, y in enumerate(_rsg_solve(V, x))) for x in xs]
        best = lev.index(max(lev))
        if rec["actions"][t - 1] != best:
            return "round %d: gloc plays %d, the argmax of ||x||_{V^-1} is %d" % (t, rec["actions"][t - 1], best)
        x = xs[best]
        for i in range(d):
            for j in range(d):
                V[i][j] += x[i] * x[j]
    return _glml_check_run(rec)


def check_gloc003_record(rec):
    if rec["kind"] == "header":
        return None
    if rec["kind"] == "glm_instance":
        return _glml_check_instance(rec)
    if rec["kind"] == "gloc_run":
        return _gloc_check_run(rec)
    return "unknown kind %r" % rec["kind"]


def check_rsglincb003_record(rec):
    if rec["kind"] == "header":
        return None
    if rec["kind"] == "glm_instance":
        return _glml_check_instance(rec)
    if rec["kind"] == "rs_glincb_run":
        return _rsg_check_run(rec)
    return "unknown kind %r" % rec["kind"]


# p2003 (seed 003's P₂, the matrix P_Vec, docs/vectors.md §20): the runs are checked for consistency only — the
# randomized rounding's and the binomial's draws are not replayed — but everything deterministic is recomputed
# exactly: each user's Frobenius clip, the encoding x̂ ∈ {⌊(v + Δ)g/r⌋, ⌈·⌉}, the per-user and aggregate noise
# ranges, the counts, the bit multiset of the literal path, the analyzer (de-bias) o = (r/g)(Σ − n·b/4) − n·Δ and its
# exactly symmetric d×d matrix. The calibrations' integers and rationals (g, b, message and user bits, the V2/V3
# variances and proxies, the flags) are recomputed exactly; b's ceiling from ln at 60 digits (decimal module).


def _p2_run(rec):
    d, n, g, b = rec["d"], rec["n"], rec["g"], rec["b"]
    Delta = Fraction(rec["Delta"])
    if Fraction(rec["p"]) != Fraction(1, 4):
        return "p"
    r = 2 * Delta if rec["range"] == "2delta" else Delta
    ell = int(rec["message_bits"])
    if ell != (g + b if rec["range"] == "2delta" else 2 * g + b):
        return "message_bits"
    L = d * (d + 1) // 2
    labels = [(i, j) for i in range(d) for j in range(i, d)]
    users = [[Fraction(v) for v in row] for row in rec["users"]]
    x_hat = [[int(v) for v in row] for row in rec["x_hat"]]
    if len(users) != n or any(len(u) != L for u in users) or len(x_hat) != n:
        return "users/x_hat shape"
    counts = [0] * L
    for u in range(n):
        frob = sum(v * v * (1 if i == j else 2) for v, (i, j) in zip(users[u], labels))
        if frob > Delta * Delta:
            return "users[%d]: Frobenius norm above Delta" % u
        for k in range(L):
            scaled = (users[u][k] + Delta) * g / r
            low = scaled.numerator // scaled.denominator
            if x_hat[u][k] not in ((low,) if scaled == low else (low, low + 1)):
                return "x_hat[%d][%d]" % (u, k)
            counts[k] += x_hat[u][k]
            if rec["path"] == "per-user":
                z = int(rec["noise"][u][k])
                if not 0 <= z <= b or x_hat[u][k] + z > ell:
                    return "noise[%d][%d]" % (u, k)
                counts[k] += z
    if rec["path"] == "aggregate":
        if rec["noise"] != [] and rec["noise"] != [[] for _ in range(n)]:
            return "noise (aggregate path)"
        for k in range(L):
            a = int(rec["aggregate_noise"][k])
            if not 0 <= a <= n * b:
                return "aggregate_noise[%d]" % k
            counts[k] += a
    elif rec["aggregate_noise"] != []:
        return "aggregate_noise (per-user path)"
    if [int(c) for c in rec["counts"]] != counts:
        return "counts"
    out = [Fraction(o) for o in rec["output"]]
    for k in range(L):
        if out[k] != r / g * (counts[k] - Fraction(b * n, 4)) - n * Delta:
            return "output[%d]" % k
    matrix = [Fraction(o) for o in rec["matrix"]]
    if len(matrix) != d * d:
        return "matrix shape"
    for k, (i, j) in enumerate(labels):
        if matrix[i * d + j] != out[k] or matrix[j * d + i] != out[k]:
            return "matrix[%d][%d]" % (i, j)
    if rec["shuffle"] == "explicit":
        ones, total, number = [0] * L, [0] * L, ""
        for ch in rec["shuffled"]:
            if ch.isdigit():
                number += ch
            elif ch in "+-":
                total[int(number)] += 1
                ones[int(number)] += ch == "+"
                number = ""
            else:
                return "shuffled"
        if number or total != [n * ell] * L or ones != counts:
            return "shuffled"
    elif rec["shuffled"] != "":
        return "shuffled"
    return None


def _p2_ceil_b(g, eps, delta, n, d):
    # ⌈24·10⁴ g² ln²(4(d²+1)/δ)/(ε² n)⌉ from ln at 60 digits; None when the value is within 10⁻⁴⁰ of an integer.
    with decimal.localcontext() as ctx:
        ctx.prec = 60
        arg = decimal.Decimal(4 * (d * d + 1) * delta.denominator) / decimal.Decimal(delta.numerator)
        ln = arg.ln()
        x = ln * ln * decimal.Decimal(240000 * g * g * eps.denominator ** 2) / decimal.Decimal(eps.numerator ** 2 * n)
        c = int(x.to_integral_value(rounding=decimal.ROUND_CEILING))
        if abs(x - c) < decimal.Decimal(10) ** -40 or abs(x - (c - 1)) < decimal.Decimal(10) ** -40:
            return None
        return c


def _p2_calibration(rec):
    args = rec["args"].split()
    if args[0] != "p-vec-matrix":
        return "variant"
    kv = dict(zip(args[1::2], args[2::2]))
    res = rec["result"]
    eps, delta = Fraction(kv["--eps"]), Fraction(kv["--delta"])
    n, d = int(kv["--n"]), int(kv["--d"])
    Delta = Fraction(kv.get("--sensitivity-bound", "1"))
    rng = kv.get("--range", "2delta")
    r = 2 * Delta if rng == "2delta" else Delta
    s = math.isqrt(4 * n)
    g = max(s if s * s == 4 * n else s + 1, d, 4)
    b = _p2_ceil_b(g, eps, delta, n, d)
    if b is None:
        return "b: too close to an integer for 60 digits"
    L = d * (d + 1) // 2
    ell = g + b if rng == "2delta" else 2 * g + b
    exact = {
        "p": Fraction(1, 4), "g": g, "b": b, "Delta": Delta, "r": r, "scale": Fraction(g) / r, "labels": L,
        "message_bits": ell, "bits_per_user": ell * L, "bits_per_user_as_written": (g + b) * d * d,
        "shuffled_bits": n * ell * L,
        "v2_binomial_variance": (r / g) ** 2 * n * b * Fraction(3, 16),
        "v2_rounding_variance_bound": (r / g) ** 2 * Fraction(n, 4),
        "v2_variance_bound": (r / g) ** 2 * (Fraction(n, 4) + Fraction(3 * n * b, 16)),
        "v3_subgaussian_proxy": (r / g) ** 2 * Fraction(n * (b + 1), 4),
    }
    for name, value in exact.items():
        if name not in res or Fraction(res[name]) != value:
            return name
    if res.get("range") != rng or res.get("variant") != "p-vec-matrix":
        return "range/variant"
    if res.get("v2_rounding_within_r2_over_16") is not (exact["v2_rounding_variance_bound"] <= r * r / 16):
        return "v2_rounding_within_r2_over_16"
    ln = math.log(4 * (d * d + 1) / float(delta))
    before = 24e4 * g * g * ln * ln / (float(eps) ** 2 * n)
    if not _m1_within(res["b_before_ceiling"], before):
        return "b_before_ceiling"
    if not _m1_within(res["v2_binomial_closed_form"], 45000 * float(r) ** 2 * ln * ln / float(eps) ** 2):
        return "v2_binomial_closed_form"
    bound = 6e4 * float(r) ** 2 * ln * ln / float(eps) ** 2 + float(r) ** 2 / 8
    if not _m1_within(res["v3_proxy_bound"], bound):
        return "v3_proxy_bound"
    proxy = float(exact["v3_subgaussian_proxy"])
    if abs(proxy - bound) > 1e-9 * bound and res.get("v3_proxy_within_bound") is not (proxy <= bound):
        return "v3_proxy_within_bound"
    return None


def check_p2003_record(rec):
    kind = rec["kind"]
    if kind == "p2":
        return _p2_run(rec)
    if kind == "calibration_p2":
        return _p2_calibration(rec)
    return "unknown kind %r" % kind


# jdpglm003 (jdp-glm runs, theorem profile, docs/vectors.md §21): the instances as glmlearners003's; every run's
# rewards replayed as there; both trees replayed from the leaves the record implies (V: x xᵀ·2^32 on its Criterion-I
# rounds, H: w·x xᵀ with the recorded weights on the others, on the grid 2^-(2q+32); `half` symmetrisation: diagonal
# σ, off-diagonal ⌈σ/√2·2^32⌉·2^-32), every node's rounded Gaussians drawn by Karney's algorithm on
# jdp_glm_stream(run, 0|1), the last releases and the bits compared; then, in exact rationals at every round on the
# replayed V_t, H_t: V's positive definiteness (v_not_pd), Criterion I (max ‖x‖²_{V⁻¹} ≥ 1/(γ²κ)) and the
# exploration argmax (argmax ‖x‖₂ when V is not PD), the running maximum D of det H and Criterion II (D > 2·D_τ,
# count2 < k₂), H_τ's positive definiteness (h_not_pd, then argmax ‖x‖_{V⁻¹}); the weights ⌊μ̇(0)/e·2^32⌋ ∧ ⌊2^32/κ*⌋
# while θ̂_o = 0 (130 digits) and w ≤ ⌊2^32/κ*⌋ always; the P_GD call sequence (θ̂_o calls while count1 < k₁, θ̂_τ
# calls at switches with data) against pgd_iterations, and θ̂ = θ₀ when T_it = 0. Consistency only: the elimination
# and the UCB argmax on exploitation rounds, and θ̂ when T_it > 0 (P_GD's draws are not replayed).
def _jdp_pd(M):
    """Exact LDLᵀ: every pivot > 0."""
    n = len(M)
    A = [row[:] for row in M]
    for k in range(n):
        if A[k][k] <= 0:
            return False
        for i in range(k + 1, n):
            f = A[i][k] / A[k][k]
            for j in range(k, n):
                A[i][j] -= f * A[k][j]
    return True


def _jdp_det(M):
    n = len(M)
    A = [row[:] for row in M]
    det = Fraction(1)
    for k in range(n):
        p = next((i for i in range(k, n) if A[i][k] != 0), None)
        if p is None:
            return Fraction(0)
        if p != k:
            A[k], A[p] = A[p], A[k]
            det = -det
        det *= A[k][k]
        for i in range(k + 1, n):
            f = A[i][k] / A[k][k]
            for j in range(k, n):
                A[i][j] -= f * A[k][j]
    return det


def _jdp_ceil_sqrt(n):
    r = math.isqrt(n)
    return r if r * r == n else r + 1


class _JdpTree:
    def __init__(self, T, labels, sigma, r, bits):
        self.m = (T - 1).bit_length() + 1
        a, b = sigma.numerator, sigma.denominator
        N, D = a * a * (1 << 63), b * b  # (sigma/sqrt 2)^2 * 2^64
        off = Fraction(_jdp_ceil_sqrt(-(-N // D)), 1 << 32)
        self.cs = [(sigma if i == j else off) * (1 << r) for (i, j) in labels]
        self.L = len(labels)
        self.open = [[0] * self.L for _ in range(self.m)]
        self.noisy = [[0] * self.L for _ in range(self.m)]
        self.t, self.bits = 0, bits

    def add(self, leaf):
        self.t += 1
        for h in range(self.m):
            for k in range(self.L):
                self.open[h][k] += leaf[k]
        v = (self.t & -self.t).bit_length() - 1  # only the left child (v, t/2^v - 1) draws noise
        for h in range(v):
            self.open[h] = [0] * self.L
        for k in range(self.L):
            self.noisy[v][k] = self.open[v][k] + rounded_normal(self.bits, self.cs[k])
            self.open[v][k] = 0
        return [sum(self.noisy[h][k] for h in range(self.m) if (self.t >> h) & 1) for k in range(self.L)]


def _jdp_check_run(rec):
    err = _glml_check_run(rec)
    if err:
        return err
    inst = _GLM_INSTANCES[rec["instance"]]
    d, K, q, sets, link = inst["d"], inst["K"], inst["q"], inst["sets"], inst["link"]
    T, actions, explore, c = rec["T"], rec["actions"], rec["explore"], rec["constants"]
    if len(explore) != T or any(x not in "01" for x in explore):
        return "field explore: wrong length or not 0/1"
    r = c["grid_bits"]
    if r != 2 * q + 32:
        return "constants.grid_bits"
    lam, gamma, kappa, ks = Fraction(c["lambda"]), Fraction(c["gamma"]), Fraction(rec["kappa"]), Fraction(rec["kappa_star"])
    if rec["lambda_override"] is not None and lam != Fraction(rec["lambda_override"]):
        return "constants.lambda differs from lambda_override"
    thr = Fraction(c["threshold"])
    if thr != 1 / (gamma * gamma * kappa):
        return "constants.threshold is not 1/(gamma^2 kappa)"
    k1, k2 = int(c["k1"]), int(c["k2"])
    wcap = (1 << 32) * ks.denominator // ks.numerator
    ctx = _GLM_CTX
    md0 = ctx.divide(1, 4) if link == "logistic" else ctx.divide(1, ctx.sqrt(ctx.multiply(2, _GLM_PI)))
    w0 = int(ctx.divide(ctx.multiply(md0, 1 << 32), ctx.exp(1)).to_integral_value(rounding=decimal.ROUND_FLOOR))
    labels = [(i, j) for i in range(d) for j in range(i, d)]
    stream0 = (1 << 40) * (rec["run"] + 1) + (1 << 39) + (1 << 37)
    bV, bH = Bits(rec["seed"], stream0), Bits(rec["seed"], stream0 + 1)
    tV = _JdpTree(T, labels, Fraction(c["sigma_V"]), r, bV)
    tH = _JdpTree(T, labels, Fraction(c["sigma_H"]), r, bH)
    den = Fraction(1, 1 << r)

    def matrix(rel):
        M = [[lam if i == j else Fraction(0) for j in range(d)] for i in range(d)]
        for k, (i, j) in enumerate(labels):
            M[i][j] += rel[k] * den
            if i != j:
                M[j][i] += rel[k] * den
        return M

    relV, relH = [0] * len(labels), [0] * len(labels)
    D = D_tau = lam ** d
    H_tau = matrix(relH)
    count1 = count2 = 0
    switches, v_not_pd, h_not_pd, calls = [], [], [], []
    weights = [int(w) for w in rec["weights"]]
    wi = 0
    theta_o_zero, data_x = True, 0
    theta_o = rec["theta_o"]
    for t in range(1, T + 1):
        s = (t - 1) % sets
        f = inst["arms"][s * K * d:(s + 1) * K * d]
        xs = [[Fraction(v, 1 << q) for v in f[a * d:(a + 1) * d]] for a in range(K)]
        V = matrix(relV)
        a_t, e_t = actions[t - 1], explore[t - 1] == "1"
        lev = [Fraction(0)] * K
        if not _jdp_pd(V):
            v_not_pd.append(t)
            n2 = [sum(v * v for v in f[a * d:(a + 1) * d]) for a in range(K)]
            crit1, best = True, n2.index(max(n2))
        else:
            lev = [sum(x[i] * y for i, y in enumerate(_rsg_solve(V, x))) for x in xs]
            crit1, best = max(lev) >= thr, lev.index(max(lev))
        H = matrix(relH)
        D = max(D, _jdp_det(H))
        if crit1:
            if not e_t or a_t != best:
                return "round %d: Criterion I %s, the record explores %s playing %d" % (
                    t, "fires (argmax %d)" % best, explore[t - 1], a_t)
        else:
            if D > 2 * D_tau and count2 < k2:
                switches.append(t)
                D_tau, H_tau = D, H
                count2 += 1
                if data_x:
                    calls.append(("tau", t))
            if not _jdp_pd(H_tau):
                h_not_pd.append(t)
                if not e_t or a_t != lev.index(max(lev)):
                    return "round %d: H_tau is not PD: the record should explore the argmax of ||x||_{V^-1}" % t
            elif e_t:
                return "round %d: Criterion I does not fire, the record explores" % t
        if e_t:
            leafV = [f[a_t * d + i] * f[a_t * d + j] << 32 for (i, j) in labels]
            leafH = [0] * len(labels)
        else:
            if wi >= len(weights):
                return "field weights: fewer than the exploitation rounds"
            w = weights[wi]
            wi += 1
            if w > wcap or w < 0 or (theta_o_zero and w != min(w0, wcap)):
                return "round %d: weight %d (theta_o = 0: expected %d, cap %d)" % (t, w, min(w0, wcap), wcap)
            leafV = [0] * len(labels)
            leafH = [f[a_t * d + i] * f[a_t * d + j] * w for (i, j) in labels]
            data_x += 1
        relV, relH = tV.add(leafV), tH.add(leafH)
        if e_t and count1 < k1:
            calls.append(("o", t))
            if count1 < len(theta_o):
                theta_o_zero = all(Fraction(v) == 0 for v in theta_o[count1])
            count1 += 1
    if wi != len(weights):
        return "field weights: more than the exploitation rounds"
    if [str(v) for v in relV] != rec["release_V"] or [str(v) for v in relH] != rec["release_H"]:
        return "the replayed trees' last releases differ"
    if bV.consumed != rec["bits_V"] or bH.consumed != rec["bits_H"]:
        return "tree bits: committed %d/%d, replayed %d/%d" % (rec["bits_V"], rec["bits_H"], bV.consumed, bH.consumed)
    if switches != rec["switches"]:
        return "Criterion II: committed switches %s, replayed %s" % (rec["switches"], switches)
    if v_not_pd != rec["v_not_pd"] or h_not_pd != rec["h_not_pd"]:
        return "non-PD rounds: replayed V %s, H_tau %s" % (v_not_pd, h_not_pd)
    if (count1, count2) != (rec["count1"], rec["count2"]) or rec["not_pd"] != len(v_not_pd) + len(h_not_pd):
        return "count1/count2/not_pd"
    its = [int(v) for v in rec["pgd_iterations"]]
    if len(its) != len(calls) or len(rec["theta_o"]) != count1 or len(rec["theta_tau"]) != count2:
        return "the P_GD calls: %d recorded, %d implied" % (len(its), len(calls))
    io = 0
    for (kind, t), it in zip(calls, its):
        if kind == "o":
            if it == 0 and any(Fraction(v) != 0 for v in rec["theta_o"][io]):
                return "round %d: theta_o after a call with T_it = 0 is not theta_0 = 0" % t
            io += 1
    return None


def check_jdpglm003_record(rec):
    if rec["kind"] == "header":
        return None
    if rec["kind"] == "glm_instance":
        return _glml_check_instance(rec)
    if rec["kind"] == "jdp_glm_run":
        return _jdp_check_run(rec)
    return "unknown kind %r" % rec["kind"]


# ecolog003 (ECOLog runs on two logistic instances, docs/vectors.md §24): the instances as glmlearners003's; every
# run's rewards replayed as there; and the learner replayed completely from docs/learners.md "ecolog", which defines it
# exactly on 2^-G grids (G = 32): W_1 = lambda*I, theta_1 = 0; round t plays the argmax of h(<x, theta_t>) +
# gamma_t*||x||_{W_t^-1} (h = identity in the paper profile, mu in baseline-code; ties, i.e. equal (centre, s) pairs,
# to the lowest index), with gamma_t^2 = 2*lambda*S^2 + (1 + S)^2*(sqrt(lambda)/2 + (2/sqrt(lambda))*
# log(2*sqrt(1 + t/(4*lambda))/delta)); then, with c = <x, theta_t>, g = ||x||^2_{W_t^-1}, the recorded z (z~ * 2^G)
# must be the grid floor of the root of F(z) = z + g*(mu(z) - r) - c (F increasing: F(z~) <= 0 < F(z~ + 2^-G)),
# theta_{t+1} = theta_t + ((z~ - c)/g)*W_t^-1 x rounded to the nearest point of 2^-G (ties up), the weight
# floor(mu'(z~)*2^G) and W_{t+1} = W_t + w*x x^T; a zero context changes nothing (z = 0, w = 2^(G-2)). W^-1 x, c, g,
# theta and W are exact Fractions; mu, sqrt, log and gamma_t are Decimals at 130 digits, and a comparison closer than
# 1e-100 is reported as undecided (a mismatch), never guessed. mu(0) = 1/2 and mu'(0) = 1/4 are exact.
_ECO_G = 32


def _eco_dec(q):
    return _GLM_CTX.divide(decimal.Decimal(q.numerator), decimal.Decimal(q.denominator))


def _eco_mu(z):
    c = _GLM_CTX
    return c.divide(1, c.add(1, c.exp(c.minus(_eco_dec(z)))))


def _eco_radius(lam, S, delta, t):
    c = _GLM_CTX
    sl = c.sqrt(_eco_dec(lam))
    lg = c.ln(c.multiply(c.sqrt(_eco_dec(1 + Fraction(t) / (4 * lam))), _eco_dec(2 / delta)))
    bracket = c.add(c.divide(sl, 2), c.divide(c.multiply(2, lg), sl))
    return c.sqrt(c.add(_eco_dec(2 * lam * S * S), c.multiply(_eco_dec((1 + S) * (1 + S)), bracket)))


def _eco_sign_F(m, c, g, y):
    """The sign of F(m) = m + g*(mu(m) - y) - c at a rational m; None when undecided at 130 digits."""
    if m == 0:
        v = g * (Fraction(1, 2) - y) - c
        return (v > 0) - (v < 0)
    ctx = _GLM_CTX
    v = ctx.add(ctx.multiply(_eco_dec(g), ctx.subtract(_eco_mu(m), y)), _eco_dec(m - c))
    if abs(Fraction(v)) < _GLM_MARGIN:
        return None
    return 1 if v > 0 else -1


def _eco_det(M):
    """The determinant of a small integer matrix (Laplace expansion along the first row)."""
    n = len(M)
    if n == 1:
        return M[0][0]
    return sum((-1) ** j * M[0][j] * _eco_det([row[:j] + row[j + 1:] for row in M[1:]]) for j in range(n) if M[0][j])


def _eco_adj(M):
    """The adjugate of a small integer matrix: adj[i][j] = (-1)^(i+j) * minor(j, i)."""
    n = len(M)
    if n == 1:
        return [[1]]
    return [[(-1) ** (i + j) * _eco_det([r[:i] + r[i + 1:] for k, r in enumerate(M) if k != j]) for j in range(n)]
            for i in range(n)]


def _eco_argmax(fs, theta, adj, det, q, profile, gamma):
    """The index of the replayed argmax, or an error string. fs: the arms' numerators on 2^-q; theta: numerators on
    2^-G; W^-1 = 2^(G+2q) adj/det (N = 2^(G+2q) W = adj^-1 det)."""
    G, d = _ECO_G, len(theta)
    ctx = _GLM_CTX
    index = {}
    for a, f in enumerate(fs):
        z = Fraction(sum(f[i] * theta[i] for i in range(d)), 1 << (q + G))
        s = Fraction(sum(f[i] * adj[i][j] * f[j] for i in range(d) for j in range(d)) << G, det)  # x^T W^-1 x
        if (z, s) in index:  # the same index exactly: the lower arm keeps it
            continue
        h = _eco_dec(z) if profile == "paper" else (decimal.Decimal("0.5") if z == 0 else _eco_mu(z))
        index[(z, s)] = (ctx.add(h, ctx.multiply(gamma, ctx.sqrt(_eco_dec(s)))), a)
    ranked = sorted(index.values(), key=lambda e: (e[0], -e[1]), reverse=True)
    if len(ranked) > 1 and abs(Fraction(ranked[0][0] - ranked[1][0])) < _GLM_MARGIN:
        return "arms %d and %d undecided at 130 digits" % (ranked[0][1], ranked[1][1])
    return ranked[0][1]


def _eco_check_run(rec):
    err = _glml_check_run(rec)  # the instance, the lengths of actions and rewards, every reward
    if err:
        return err
    inst = _GLM_INSTANCES[rec["instance"]]
    d, K, q, sets = inst["d"], inst["K"], inst["q"], inst["sets"]
    T, G = rec["T"], _ECO_G
    if inst["link"] != "logistic":
        return "ecolog on a %s instance" % inst["link"]
    if rec["grid_bits"] != G:
        return "field grid_bits: %r (the learner's grid is 2^-%d)" % (rec["grid_bits"], G)
    if rec["profile"] not in ("paper", "baseline-code"):
        return "field profile: %r" % rec["profile"]
    lam, delta, S = Fraction(rec["lambda"]), Fraction(rec["delta"]), Fraction(inst["S"])
    if lam <= 0 or (lam * (1 << (G + 2 * q))).denominator != 1 or not 0 < delta < 1:
        return "lambda or delta out of range"
    if len(rec["z"]) != T or len(rec["weights"]) != T or len(rec["theta"]) != d:
        return "fields z, weights, theta: wrong lengths"
    # N = 2^(G+2q) W (integers: lambda is a multiple of 2^-(G+2q), the weights are on 2^-G, x on 2^-q); theta's
    # numerators on 2^-G.
    N = [[int(lam * (1 << (G + 2 * q))) if i == j else 0 for j in range(d)] for i in range(d)]
    theta = [0] * d
    one = 1 << G
    for t in range(1, T + 1):
        s = (t - 1) % sets
        fs = [inst["arms"][(s * K + a) * d:(s * K + a + 1) * d] for a in range(K)]
        adj, det = _eco_adj(N), _eco_det(N)
        if det <= 0:
            return "round %d: W is not positive definite" % t
        best = _eco_argmax(fs, theta, adj, det, q, rec["profile"], _eco_radius(lam, S, delta, t))
        if isinstance(best, str):
            return "round %d: %s" % (t, best)
        a = rec["actions"][t - 1]
        if a != best:
            return "round %d: ecolog plays %d, the replayed argmax is %d" % (t, a, best)
        f, y = fs[a], int(rec["rewards"][t - 1])
        if not any(f):
            zt, w = 0, 1 << (G - 2)
        else:
            # v = W^-1 x = 2^(G+q) adj f/det, g = <x, v> = 2^G f^T adj f/det, c = <x, theta> = f.theta/2^(q+G).
            av = [sum(adj[i][j] * f[j] for j in range(d)) for i in range(d)]
            v = [Fraction(av[i] << (G + q), det) for i in range(d)]
            g = Fraction(sum(f[i] * av[i] for i in range(d)) << G, det)
            c = Fraction(sum(f[i] * theta[i] for i in range(d)), 1 << (q + G))
            zt = rec["z"][t - 1]
            lo, hi = _eco_sign_F(Fraction(zt, one), c, g, y), _eco_sign_F(Fraction(zt + 1, one), c, g, y)
            if lo is None or hi is None:
                return "round %d: the sign of F at the recorded z is undecided at 130 digits" % t
            if lo > 0 or hi <= 0:
                return "round %d: field z: committed %d is not the grid floor of the root (F(z) %s 0, F(z + 2^-%d) %s 0)" % (
                    t, zt, ">" if lo > 0 else "<=", G, ">" if hi > 0 else "<=")
            coef = (Fraction(zt, one) - c) / g * one  # 2^G (z~ - c)/g
            theta = [_floor(theta[i] + coef * v[i] + Fraction(1, 2)) for i in range(d)]
            if zt == 0:
                w = 1 << (G - 2)
            else:
                mu = _eco_mu(Fraction(zt, one))
                w = _glm_floor(_GLM_CTX.multiply(mu, _GLM_CTX.subtract(1, mu)), G)
                if w is None:
                    return "round %d: the weight is undecided at 130 digits" % t
        if w != rec["weights"][t - 1]:
            return "round %d: field weights: committed %d, replayed %d" % (t, rec["weights"][t - 1], w)
        if zt != rec["z"][t - 1]:
            return "round %d: field z: committed %d, replayed %d" % (t, rec["z"][t - 1], zt)
        for i in range(d):
            for j in range(d):
                N[i][j] += w * f[i] * f[j]
    if theta != rec["theta"]:
        return "field theta: committed %s, replayed %s" % (rec["theta"], theta)
    return None


def check_ecolog003_record(rec):
    if rec["kind"] == "header":
        return None
    if rec["kind"] == "glm_instance":
        return _glml_check_instance(rec)
    if rec["kind"] == "ecolog_run":
        return _eco_check_run(rec)
    return "unknown kind %r" % rec["kind"]


CHECKERS = {
    "samplers": check_sampler_record,
    "pmf": check_pmf_record,
    "calibrations": check_calibration_record,
    "transcripts": check_transcript_record,
    "trajectories": check_trajectory_record,
    "accountants": check_accountant_record,
    "mechanisms001": check_mechanism001_record,
    "multiagent": check_multiagent_record,
    "linear001": check_linear001_record,
    "tree003": check_tree003_record,
    "glm003": check_glm003_record,
    "pgd003": check_pgd003_record,
    "glmlearners003": check_glmlearners003_record,
    "bglincb003": check_bglincb003_record,
    "rsglincb003": check_rsglincb003_record,
    "p2003": check_p2003_record,
    "shuffleglm003": check_shuffleglm003_record,
    "gloc003": check_gloc003_record,
    "jdpglm003": check_jdpglm003_record,
    "ecolog003": check_ecolog003_record,
}

# Categories whose records are checked for consistency only (their draws are not replayed).
CONSISTENCY_ONLY = {"pgd003", "p2003"}


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    verbose = "--verbose" in argv
    if len(args) != 1 or not os.path.isdir(args[0]):
        sys.stderr.write("usage: check_vectors.py DIR [--verbose]   (DIR: a directory of golden vectors)\n")
        return 2
    _self_test_chacha20()
    directory = args[0]
    replayed = mismatches = consistency = 0
    names = sorted(n for n in os.listdir(directory) if n.endswith(".jsonl"))
    if not names:
        sys.stderr.write("check_vectors.py: no .jsonl files in %s\n" % directory)
        return 2
    skipped = []
    for name in names:
        with open(os.path.join(directory, name), encoding="ascii") as f:
            lines = f.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        try:
            header = json.loads(lines[0])
        except (IndexError, ValueError):
            print("%s: MISMATCH line 1: not a header record" % name)
            mismatches += 1
            continue
        if header.get("format") != FORMAT or header.get("version") != VERSION:
            print("%s: MISMATCH line 1: format %r version %r (this checker reads %s %d)"
                  % (name, header.get("format"), header.get("version"), FORMAT, VERSION))
            mismatches += 1
            continue
        category = header.get("category")
        if name != "%s.jsonl" % category:
            print("%s: MISMATCH line 1: category %r does not match the file name" % (name, category))
            mismatches += 1
            continue
        checker = CHECKERS.get(category)
        if checker is None:
            skipped.append("%s (%d records)" % (name, len(lines) - 1))
            continue
        count = 0
        for number, line in enumerate(lines[1:], start=2):
            rid = "?"
            try:
                rec = json.loads(line)
                rid = rec.get("id", "?")
                error = checker(rec)
            except Exception as e:  # a malformed record is a mismatch, never a crash
                error = "unreadable record (%s: %s)" % (type(e).__name__, e)
            if category in CONSISTENCY_ONLY:
                consistency += 1
            else:
                replayed += 1
            count += 1
            if error:
                mismatches += 1
                print("%s: MISMATCH line %d (record %s): %s" % (name, number, rid, error))
            elif verbose:
                print("%s: ok line %d (record %s)" % (name, number, rid))
        if category in CONSISTENCY_ONLY:
            print("%s: %d records checked for consistency only (their samplers have no Python twin yet)" % (name, count))
        else:
            print("%s: %d records replayed" % (name, count))
    for s in skipped:
        print("not replayed (category unknown to this checker): %s" % s)
    extra = " (%d further records checked for consistency only)" % consistency if consistency else ""
    print("%d records replayed, %d mismatches%s" % (replayed, mismatches, extra))
    return 0 if mismatches == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
