"""refmath.conform(): the conformance runner from Python."""
import json
import os

from . import _refmath


def default_golden_dir():
    """$REFMATH_GOLDEN_DIR if set, else the digests installed with the package."""
    return os.environ.get("REFMATH_GOLDEN_DIR") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "golden")


class ConformReport:
    """What ``refmath conform --json`` writes, as attributes.

    ``rows``: one dict per function x variant x usable target (function,
    variant, target, match, time_ms, digest, expected, and on a failure
    first_difference and note); ``module_rows``: one dict per emulator
    row (module, row, match, digest, expected); ``errors``; ``passed``.
    """

    def __init__(self, json_text, text):
        self._dict = json.loads(json_text)
        self._text = text
        self.golden_dir = self._dict["golden_dir"]
        self.rows = self._dict["rows"]
        self.module_rows = self._dict["module_rows"]
        self.errors = self._dict["errors"]
        self.passed = self._dict["verdict"] == "pass"

    def to_dict(self):
        """The report as ``refmath conform --json`` writes it."""
        return json.loads(json.dumps(self._dict))

    def __bool__(self):
        return self.passed

    def __repr__(self):
        return self._text


def conform(golden_dir=None):
    """Runs every function x variant x usable target and every emulator
    module against the golden digests; returns a ConformReport.

    ValueError if a golden file is missing or malformed.
    """
    json_text, text = _refmath.conform(golden_dir or default_golden_dir())
    return ConformReport(json_text, text)
