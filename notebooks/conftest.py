"""The notebooks run under pytest (nbmake) in quick mode: a few puzzles per set.

Kernels inherit this process's environment, so setting the variable here reaches them.
Run ``SUDOKU_CP_QUICK=0 pytest notebooks`` for the full run.
"""

import os

os.environ.setdefault("SUDOKU_CP_QUICK", "1")


SLOW_NOTEBOOKS = {"02_comparing_backends.ipynb"}
"""Notebooks that run in the slow pass (``pytest -m slow``, which ``.ci/run`` runs after the
main suite): notebook 2 solves every set with every backend, about 20 s even in quick mode."""


def pytest_collection_modifyitems(config, items):
    import pytest

    for item in items:
        if item.path.name in SLOW_NOTEBOOKS:
            item.add_marker(pytest.mark.slow)
