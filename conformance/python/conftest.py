"""Shared set-up of the Python package's tests (run by ctest with
PYTHONPATH at build/python, or against an installed refmath)."""
import hypothesis

# No example database in the working directory; a fixed budget so the
# suite takes seconds.
hypothesis.settings.register_profile(
    "refmath", database=None, deadline=None, max_examples=40,
    suppress_health_check=[hypothesis.HealthCheck.too_slow])
hypothesis.settings.load_profile("refmath")
