"""Progress bars for long batches (tqdm), shown only where someone is watching.

A bar is shown when asked (``progress=True``), or by default (``progress=None``) when
standard error is a terminal or the code runs in a Jupyter notebook; never in a pipe, a
log file or a test. In a notebook the bar is tqdm's widget when ``ipywidgets`` is
installed (the ``notebooks`` extra brings it), otherwise tqdm's text bar, quietly (no
``TqdmWarning``).
"""

from __future__ import annotations

import importlib.util
import sys
from typing import Any


def wanted(progress: bool | None) -> bool:
    """Whether to show a bar: ``progress`` itself, or for ``None`` whether standard error
    is a terminal or this is a Jupyter notebook."""
    if progress is not None:
        return bool(progress)
    return _stderr_is_terminal() or in_notebook()


def progress_bar(total: int, desc: str, progress: bool | None = None, **options: Any):
    """A tqdm bar over ``total`` puzzles (another ``unit`` in ``options``), a disabled one
    when :func:`wanted` says no; other ``options`` go to tqdm."""
    if not wanted(progress):
        from tqdm import tqdm

        return tqdm(total=total, disable=True)
    if in_notebook() and _has_widgets():
        from tqdm.notebook import tqdm
    else:
        from tqdm import tqdm
    options.setdefault("unit", "puzzle")
    return tqdm(total=total, desc=desc, **options)


def in_notebook() -> bool:
    """True inside a Jupyter kernel (IPython's ZMQ shell)."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


def _has_widgets() -> bool:
    """True when ``ipywidgets`` (which tqdm's notebook bar needs) is installed."""
    return importlib.util.find_spec("ipywidgets") is not None
