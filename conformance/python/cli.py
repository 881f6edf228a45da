"""The refmath command the package must agree with ($REFMATH_CLI, set by
ctest to the build's bin/refmath)."""
import os
import subprocess

import pytest

CLI = os.environ.get("REFMATH_CLI")


def run_cli(*args, ok=(0,)):
    """Runs `refmath ARGS`; its completed process (exit status in `ok`)."""
    if not CLI:
        pytest.fail("REFMATH_CLI is not set (ctest sets it to bin/refmath)")
    proc = subprocess.run([CLI] + [str(a) for a in args], capture_output=True,
                          text=True)
    assert proc.returncode in ok, (args, proc.returncode, proc.stderr)
    return proc
