"""Search for fp32 coefficient vectors near a real minimax solution.

Linear model: with coefficients a_k = a*_k + u_k (n_k - g_k), where u_k is
the fp32 spacing of a*_k, g_k = a*_k / u_k and n_k an integer, the error at
the reference (alternation) points x_i of the minimax solution a* is

    e(x_i) = s_i E + s_i y_i * eta,    y = M (n - g),
    M[i][k] = s_i * de/da_k(x_i) * u_k / eta,

s_i the sign of the error at x_i, E the minimax level, eta = target - E.
The target is met at the reference points when y_i <= 1 for all i.  The
twelve rows of M are positively dependent (that is the alternation), so
{y <= rho} is a simplex in the 11-dimensional n-space.  Its integer points
are listed by a depth-first search over an LLL-reduced basis, with the range
of each coordinate taken from the vertices of the current slice of the
simplex.  The callers re-check every candidate on a dense grid and in MPFR.

LLL and the vertex inverses are done in pure Python floats so that the
search path does not depend on the BLAS/LAPACK build.
"""

import math
from itertools import combinations

import gmpy2
import numpy as np
from gmpy2 import mpfr


def to_f32(v, rnd=gmpy2.RoundToNearest):
    """Round an mpfr to binary32 (returned as mpfr with the exact value)."""
    with gmpy2.local_context(gmpy2.ieee(32), round=rnd):
        r = +mpfr(v)
    return mpfr(r)


def ulp32(v):
    """Spacing of binary32 numbers in the binade of v (v normal, nonzero)."""
    m, e = math.frexp(abs(float(v)))
    return 2.0 ** (e - 24)


def is_f32(v):
    return to_f32(v) == v


# ---------------------------------------------------------------- LLL ----

def _dot(u, v):
    return math.fsum(x * y for x, y in zip(u, v))


def _matvec_cols(M, U):
    """Columns of M @ U, M given as rows (list of lists), U as int columns."""
    m = len(M)
    return [[math.fsum(M[i][j] * U[c][j] for j in range(len(U[c])) if U[c][j])
             for i in range(m)] for c in range(len(U))]


def lll(M, delta=0.99):
    """LLL-reduce the lattice spanned by the columns of M (rows: lists).
    Returns the unimodular U (list of integer columns)."""
    n = len(M[0])
    U = [[1 if i == j else 0 for i in range(n)] for j in range(n)]

    def gso(B):
        Bs, Bn = [], []
        mu = [[0.0] * n for _ in range(n)]
        for i in range(n):
            v = list(B[i])
            for j in range(i):
                mu[i][j] = _dot(B[i], Bs[j]) / Bn[j]
                v = [x - mu[i][j] * y for x, y in zip(v, Bs[j])]
            Bs.append(v)
            Bn.append(_dot(v, v))
        return Bn, mu

    B = _matvec_cols(M, U)
    Bn, mu = gso(B)
    k = 1
    while k < n:
        for j in range(k - 1, -1, -1):
            r = round(mu[k][j])
            if r:
                U[k] = [x - r * y for x, y in zip(U[k], U[j])]
                B[k] = [x - r * y for x, y in zip(B[k], B[j])]
                for l in range(j):
                    mu[k][l] -= r * mu[j][l]
                mu[k][j] -= r
        if Bn[k] >= (delta - mu[k][k - 1] ** 2) * Bn[k - 1]:
            k += 1
        else:
            U[k], U[k - 1] = U[k - 1], U[k]
            B = _matvec_cols(M, U)
            Bn, mu = gso(B)
            k = max(k - 1, 1)
    return U


# ------------------------------------------------ simplex enumeration ----

def _inverse(A):
    """Gauss-Jordan inverse with partial pivoting (pure Python floats);
    None if (numerically) singular."""
    n = len(A)
    M = [list(map(float, row)) + [1.0 if i == j else 0.0 for j in range(n)]
         for i, row in enumerate(A)]
    scale = max(abs(x) for row in A for x in row) or 1.0
    for k in range(n):
        piv = max(range(k, n), key=lambda i: abs(M[i][k]))
        if abs(M[piv][k]) < 1e-12 * scale:
            return None
        M[k], M[piv] = M[piv], M[k]
        p = M[k][k]
        M[k] = [x / p for x in M[k]]
        for i in range(n):
            if i != k and M[i][k]:
                r = M[i][k]
                M[i] = [x - r * y for x, y in zip(M[i], M[k])]
    return [row[n:] for row in M]


class SimplexEnumerator:
    """Integer points n with M (n - g) <= rho (componentwise)."""

    def __init__(self, M, g):
        self.M = np.array(M, dtype=np.float64)
        self.m, self.n = self.M.shape
        self.g = np.array(g, dtype=np.float64)
        self.n0 = np.array([int(math.floor(v + 0.5)) for v in g], dtype=np.int64)
        Ucols = lll([list(r) for r in M])
        self.U = np.array(Ucols, dtype=np.int64).T          # n = n0 + U m
        Gcols = _matvec_cols([list(r) for r in M], Ucols)
        self.G = np.array(Gcols, dtype=np.float64).T         # y = G m - t
        self.t = np.array([math.fsum(M[i][k] * (float(g[k]) - float(self.n0[k]))
                                     for k in range(self.n)) for i in range(self.m)])
        self.combos, self.invs = {}, {}
        G = self.G.tolist()
        for d in range(1, self.n + 1):
            cl, il = [], []
            for S in combinations(range(self.m), d):
                inv = _inverse([G[i][:d] for i in S])
                if inv is not None:
                    cl.append(S)
                    il.append(inv)
            self.combos[d] = np.array(cl, dtype=np.int64)
            self.invs[d] = np.array(il, dtype=np.float64)

    def _range(self, k, h):
        d = k + 1
        S = self.combos[d]
        V = np.einsum("sij,sj->si", self.invs[d], h[S])
        lhs = np.einsum("sj,ij->si", V, self.G[:, :d])
        ok = (lhs <= h[None, :] + 1e-9 * (1.0 + np.abs(h[None, :]))).all(axis=1)
        if not ok.any():
            return None
        return V[ok, k].min(), V[ok, k].max()

    def run(self, rho, nmax, nodemax=300000):
        leaves = []
        mvec = np.zeros(self.n, dtype=np.int64)
        nodes = [0]

        def rec(k, h):
            nodes[0] += 1
            if len(leaves) >= nmax or nodes[0] > nodemax:
                return
            r = self._range(k, h)
            if r is None:
                return
            lo, hi = r
            mid = 0.5 * (lo + hi)
            vals = list(range(math.ceil(lo - 1e-9), math.floor(hi + 1e-9) + 1))
            vals.sort(key=lambda v: (abs(v - mid), v))
            for v in vals:
                mvec[k] = v
                if k == 0:
                    nvec = self.n0 + self.U @ mvec
                    y = (self.M * (nvec - self.g)[None, :]).sum(axis=1)
                    leaves.append((float(y.max()), tuple(int(x) for x in nvec)))
                else:
                    rec(k - 1, h - self.G[:, k] * v)
                if len(leaves) >= nmax:
                    break
            mvec[k] = 0

        rec(self.n - 1, rho + self.t)
        return leaves, nodes[0]
