"""Hypothesis profiles of the property tests (tests/test_fuzz_*.py).

The default suite runs each property for a few hundred examples (a few
seconds in all); ``SAFARI_THOROUGH=1`` selects the thorough profile, thousands
of examples each, for CI's thorough mode and for a longer local campaign:

    SAFARI_THOROUGH=1 pytest -p no:xdist tests/test_fuzz_properties.py
    SAFARI_THOROUGH=1 pytest -m slow tests/test_fuzz_properties.py

``HYPOTHESIS_MAX_EXAMPLES=N`` overrides the number of examples of either.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

THOROUGH = os.environ.get("SAFARI_THOROUGH", "") not in ("", "0")

_EXAMPLES = int(os.environ.get("HYPOTHESIS_MAX_EXAMPLES", "5000" if THOROUGH else "150"))
settings.register_profile(
    "safari-thorough" if THOROUGH else "safari-default",
    max_examples=_EXAMPLES,
    deadline=None,
    derandomize=not THOROUGH,
    database=None,
    print_blob=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)
settings.load_profile("safari-thorough" if THOROUGH else "safari-default")
