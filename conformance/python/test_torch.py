"""A real client: PyTorch (Debian's python3-torch) measured with
refmath.compare for exp, log, tanh, erf, sigmoid and both GELUs.  Skipped
where torch is missing.

The report's invariants are checked, and the oracle's figures against
the truth equal ulp_tables/exact.csv: the inputs are drawn from each
function's "hot" sweep range with the sweep's worst input among them, so
the oracle's max ulp and where it occurs are the table's.

Run as a script, it prints the Markdown table docs/python.md shows.
"""
import csv
import os
import sys

import numpy as np
import pytest

import refmath

torch = pytest.importorskip("torch") if __name__ != "__main__" else None

TABLE = os.path.join(os.path.dirname(__file__), "..", "..", "ulp_tables",
                     "exact.csv")
COUNT = 100000


def torch_functions(torch):
    f = torch.nn.functional
    return {
        "exp": torch.exp, "log": torch.log, "tanh": torch.tanh,
        "erf": torch.erf, "sigmoid": torch.sigmoid,
        "gelu_erf": f.gelu,
        "gelu_tanh": lambda t: f.gelu(t, approximate="tanh"),
    }


def hot_rows():
    """{function: the exact variant's "hot [LO, HI] stride 1" row}."""
    rows = {}
    with open(TABLE) as fh:
        for row in csv.DictReader(fh):
            if row["variant"] == "exact" and row["sweep"].startswith("hot "):
                rows[row["function"]] = row
    return rows


def inputs(row, seed):
    lo, hi = (float(v) for v in row["sweep"].split("[")[1].split("]")[0]
              .split(","))
    x = np.random.default_rng(seed).uniform(lo, hi, COUNT).astype(np.float32)
    x[COUNT // 2] = np.uint32(int(row["at_x_bits"], 16)).view(np.float32)
    return x


def measure(torch, function, row, seed=0):
    x = inputs(row, seed)
    y = torch_functions(torch)[function](torch.from_numpy(x)).numpy()
    return refmath.compare(function, x, y)


def check_invariants(r, row):
    count = r.count
    for side in (r.backend["vs_truth"], r.oracle["vs_truth"]):
        assert sum(side["histogram"].values()) + \
            side["nan_inf_disagreements"] == count
        assert side["correctly_rounded"] <= side["histogram"]["<=0.5"]
    d = r.backend["vs_oracle"]
    assert sum(d["histogram"].values()) + d["nan_inf_disagreements"] == count
    assert d["histogram"]["0"] == d["identical"]
    assert sum(r.closer.values()) == count
    assert r.backend["vs_truth"]["nan_inf_disagreements"] == 0
    # The oracle against the truth: the sweep's own figures.
    oracle = r.oracle["vs_truth"]
    assert round(oracle["max_ulp"], 6) == float(row["max_ulp"])
    assert oracle["at_x_bits"] == row["at_x_bits"]
    assert oracle["at_index"] == COUNT // 2 or \
        r.x_bits[oracle["at_index"]] == int(row["at_x_bits"], 16)


@pytest.mark.parametrize("function", list(torch_functions(torch)) if torch
                         else [])
def test_torch_against_refmath(function):
    row = hot_rows()[function]
    check_invariants(measure(torch, function, row), row)


def markdown_table(torch):
    lines = ["| function | range | torch max ulp | torch mean ulp | torch "
             "correctly rounded | refmath exact max ulp | bit-identical to "
             "refmath | nearer the truth: torch / refmath / equally |",
             "|---|---|---|---|---|---|---|---|"]
    rows = hot_rows()
    for function in torch_functions(torch):
        r = measure(torch, function, rows[function])
        b, o = r.backend["vs_truth"], r.oracle["vs_truth"]
        lines.append("| %s | %s | %.3f | %.4f | %.2f%% | %.3f | %.2f%% | "
                     "%d / %d / %d |" % (
                         function, rows[function]["sweep"].split(" stride")[0]
                         .replace("hot ", ""), b["max_ulp"], b["mean_ulp"],
                         100.0 * b["correctly_rounded"] / r.count,
                         o["max_ulp"],
                         100.0 * r.backend["vs_oracle"]["identical"] / r.count,
                         r.closer["backend"], r.closer["oracle"],
                         r.closer["tie"]))
    return "\n".join(lines)


if __name__ == "__main__":
    import torch as _torch
    print("PyTorch %s, %d inputs per function (refmath %s)" % (
        _torch.__version__, COUNT, refmath.__version__), file=sys.stderr)
    print(markdown_table(_torch))
