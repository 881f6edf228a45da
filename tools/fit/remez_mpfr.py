"""Rational minimax fitting of erf(c/sqrt 2) in MPFR (through gmpy2).

The approximant is R(c) = c * P(c^2) / Q(c^2) with P = p0 + ... + p5 z^5 and
Q = 1 + q1 z + ... + q5 z^5.  Coefficients are kept in one list
a = [p0, p1, p2, p3, p4, p5, q1, q2, q3, q4, q5].  The error is absolute,
e(c) = R(c) - erf(c/sqrt 2), on [0, B].

Everything here is plain MPFR arithmetic at PREC bits; no floating-point
library routine is involved, so the results are the same on every machine.
"""

import gmpy2
from gmpy2 import mpfr

PREC = 200
NAMES = ["p0", "p1", "p2", "p3", "p4", "p5", "q1", "q2", "q3", "q4", "q5"]
NCOEF = 11


def set_precision(prec=PREC):
    ctx = gmpy2.get_context()
    ctx.precision = prec
    ctx.round = gmpy2.RoundToNearest


set_precision()
SQRT2 = gmpy2.sqrt(mpfr(2))


def target(c):
    """erf(c / sqrt 2) at the working precision."""
    return gmpy2.erf(c / SQRT2)


def horner(co, z):
    acc = co[-1]
    for k in co[-2::-1]:
        acc = acc * z + k
    return acc


def pq(a, c):
    z = c * c
    return horner(a[:6], z), horner([mpfr(1)] + list(a[6:]), z)


def approx(a, c):
    p, q = pq(a, c)
    return c * p / q


def err(a, c, fc=None):
    return approx(a, c) - (target(c) if fc is None else fc)


def jacobian(a, c):
    """d e(c) / d a_k for the 11 coefficients."""
    z = c * c
    p, q = pq(a, c)
    zk = [mpfr(1)]
    for _ in range(5):
        zk.append(zk[-1] * z)
    return ([c * zk[k] / q for k in range(6)] +
            [-c * p * zk[k] / (q * q) for k in range(1, 6)])


def solve(A, b):
    """Gaussian elimination with partial pivoting on lists of mpfr."""
    n = len(b)
    M = [list(row) + [b[i]] for i, row in enumerate(A)]
    for k in range(n):
        piv = max(range(k, n), key=lambda i: abs(M[i][k]))
        M[k], M[piv] = M[piv], M[k]
        if M[k][k] == 0:
            raise ZeroDivisionError("singular system")
        for i in range(k + 1, n):
            r = M[i][k] / M[k][k]
            if r:
                for j in range(k, n + 1):
                    M[i][j] -= r * M[k][j]
    x = [mpfr(0)] * n
    for i in range(n - 1, -1, -1):
        s = M[i][n]
        for j in range(i + 1, n):
            s -= M[i][j] * x[j]
        x[i] = s / M[i][i]
    return x


def _row(c, fc):
    z = c * c
    zk = [mpfr(1)]
    for _ in range(5):
        zk.append(zk[-1] * z)
    return [c * zk[k] for k in range(6)] + [-fc * zk[k] for k in range(1, 6)]


def lawson_start(B, npts=400, iters=40, log=print):
    """Starting point: Loeb's linearised least squares (divide by the previous
    Q) with Lawson's multiplicative weights, on Chebyshev nodes of [0, B]."""
    pi = gmpy2.const_pi()
    pts = [B * (1 - gmpy2.cos(pi * (i + mpfr(0.5)) / npts)) / 2 for i in range(npts)]
    fv = [target(c) for c in pts]
    rows = [_row(c, f) for c, f in zip(pts, fv)]
    w = [mpfr(1) / npts] * npts
    qold = [mpfr(1)] * npts
    a = None
    for it in range(iters):
        A = [[mpfr(0)] * NCOEF for _ in range(NCOEF)]
        b = [mpfr(0)] * NCOEF
        for i in range(npts):
            ww = w[i] / (qold[i] * qold[i])
            r = rows[i]
            for s in range(NCOEF):
                rs = r[s] * ww
                b[s] += rs * fv[i]
                As = A[s]
                for t in range(s, NCOEF):
                    As[t] += rs * r[t]
        for s in range(NCOEF):
            for t in range(s):
                A[s][t] = A[t][s]
        a = solve(A, b)
        e = [approx(a, c) - f for c, f in zip(pts, fv)]
        qold = [pq(a, c)[1] for c in pts]
        tot = sum((w[i] * abs(e[i]) for i in range(npts)), mpfr(0))
        w = [w[i] * abs(e[i]) / tot for i in range(npts)]
        if it % 10 == 9 or it == iters - 1:
            log("  Lawson iteration %2d: max error on nodes %.6e" %
                (it + 1, float(max(abs(x) for x in e))))
    return a


class ErrorScan:
    """Locates the local extrema of e(c) on [0, B]: a uniform scan followed by
    golden-section refinement of each local extremum."""

    def __init__(self, B, ngrid=3000):
        self.B = B
        self.grid = [B * i / ngrid for i in range(ngrid + 1)]
        self.fgrid = [target(c) for c in self.grid]

    def values(self, a):
        return [err(a, c, f) for c, f in zip(self.grid, self.fgrid)]

    @staticmethod
    def refine(a, lo, hi, positive, iters=60):
        sg = 1 if positive else -1
        g = (gmpy2.sqrt(mpfr(5)) - 1) / 2
        x1 = hi - g * (hi - lo)
        x2 = lo + g * (hi - lo)
        f1 = sg * err(a, x1)
        f2 = sg * err(a, x2)
        for _ in range(iters):
            if f1 > f2:
                hi, x2, f2 = x2, x1, f1
                x1 = hi - g * (hi - lo)
                f1 = sg * err(a, x1)
            else:
                lo, x1, f1 = x1, x2, f2
                x2 = lo + g * (hi - lo)
                f2 = sg * err(a, x2)
        x = (lo + hi) / 2
        return x, err(a, x)

    def extrema(self, a):
        es = self.values(a)
        n = len(es) - 1
        out = []
        for i in range(1, n):
            if es[i] != 0 and (es[i] - es[i - 1]) * (es[i + 1] - es[i]) <= 0:
                out.append(self.refine(a, self.grid[i - 1], self.grid[i + 1], es[i] > 0))
        out.append((self.grid[n], es[n]))  # right end point (e(0) = 0)
        return out


def alternating_subset(ext, n):
    """Keep n alternating extrema: merge equal-sign neighbours (keep the
    larger), then drop the smallest ones (in pairs inside, singly at an end)."""
    out = []
    for x, e in ext:
        if out and (out[-1][1] > 0) == (e > 0):
            if abs(e) > abs(out[-1][1]):
                out[-1] = (x, e)
        else:
            out.append((x, e))
    while len(out) > n:
        i = min(range(len(out)), key=lambda j: abs(out[j][1]))
        if i == 0 or i == len(out) - 1 or len(out) == n + 1:
            if 0 < i < len(out) - 1:
                i = 0 if abs(out[0][1]) < abs(out[-1][1]) else len(out) - 1
            out.pop(i)
        else:
            j = i - 1 if abs(out[i - 1][1]) < abs(out[i + 1][1]) else i + 1
            for k in sorted((i, j), reverse=True):
                out.pop(k)
    return out


def _level(ref, a, free):
    """Solve e(x_i) = (-1)^i h on the reference for the free coefficients and
    the levelled error h (Q in the h term taken from the previous pass)."""
    fv = [target(c) for c in ref]
    h = mpfr(0)
    for _ in range(40):
        A, b = [], []
        for i, c in enumerate(ref):
            col = _row(c, fv[i])
            qo = pq(a, c)[1]
            rhs = fv[i]
            for k in range(NCOEF):
                if k not in free:
                    rhs -= col[k] * a[k]
            A.append([col[k] for k in free] + [-(1 if i % 2 == 0 else -1) * qo])
            b.append(rhs)
        x = solve(A, b)
        a = list(a)
        for j, k in enumerate(free):
            a[k] = x[j]
        hn = x[-1]
        if abs(hn - h) <= abs(hn) * mpfr(2) ** -100:
            return a, hn
        h = hn
    return a, h


def remez(a, scan, free=None, tol=1e-9, maxit=30, log=print):
    """Rational Remez exchange; returns (coefficients, max |error|, extrema)."""
    free = list(range(NCOEF)) if free is None else list(free)
    n = len(free) + 1
    for it in range(maxit):
        ext = scan.extrema(a)
        mx = max(abs(e) for _, e in ext)
        ref = alternating_subset(ext, n)
        if len(ref) < n:
            raise RuntimeError("only %d alternating extrema, need %d" % (len(ref), n))
        mn = min(abs(e) for _, e in ref)
        log("  Remez iteration %d: max |e| %.12e, min on reference %.12e" %
            (it, float(mx), float(mn)))
        if (mx - mn) <= tol * mx:
            return a, mx, ref
        a, _ = _level([x for x, _ in ref], a, free)
    raise RuntimeError("Remez did not converge")


def max_error(a, scan):
    """Max |e| on [0, B] (scan + refinement) and where it occurs."""
    ext = scan.extrema(a)
    x, e = max(ext, key=lambda t: abs(t[1]))
    return abs(e), x, ext
