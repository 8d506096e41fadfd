"""Interactive teaching: widgets in the notebook and the same widgets as standalone pages.

Three views, each from the package's own records:

* :func:`explanation_widget`: step through :func:`sudoku_cp.reasoning.stepwise.explain` (next, back,
  jump, the candidates before and after, graded hints: technique, house, cells, deduction);
* :func:`tree_widget`: explore a :func:`sudoku_cp.engine.trace.trace_search` tree
  (expand, collapse, click a node for its domains and its propagation; thousands of nodes:
  only expanded nodes are drawn);
* :func:`propagation_widget`: :func:`sudoku_cp.engine.trace.propagate` one rule
  application at a time.

Each returns an `anywidget` widget (optional: ``pip install "sudoku_cp[notebooks]"``);
:func:`write_html` writes the same view as a page that needs no server and no kernel
(``sudoku-cp explain PUZZLE --html out.html``, ``sudoku-cp trace PUZZLE --html out.html``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from sudoku_cp.interactive.data import (
    HINT_LEVELS,
    explanation_data,
    hint_levels,
    propagation_data,
    trace_data,
)
from sudoku_cp.interactive.page import to_html

if TYPE_CHECKING:
    from sudoku_cp.engine.trace import Propagation, SearchTrace
    from sudoku_cp.io.inputs import PuzzleInput
    from sudoku_cp.reasoning.stepwise import Explanation

__all__ = [
    "HINT_LEVELS",
    "explanation_data",
    "explanation_widget",
    "hint_levels",
    "propagation_data",
    "propagation_widget",
    "to_html",
    "trace_data",
    "tree_widget",
    "write_html",
]


def _widgets():
    try:
        from sudoku_cp.interactive import widgets
    except ImportError as error:  # anywidget is optional
        from sudoku_cp.errors import BackendUnavailableError

        raise BackendUnavailableError(
            f"the widgets need anywidget ({error}): pip install 'sudoku_cp[notebooks]'"
        ) from None
    return widgets


def explanation_widget(explanation: Explanation | PuzzleInput, *, step: int = 0):
    """An :class:`~sudoku_cp.interactive.widgets.ExplanationStepper` over ``explanation``
    (or over ``explain(puzzle)`` for a puzzle), showing step ``step`` first."""
    from sudoku_cp.reasoning.stepwise import Explanation, explain

    if not isinstance(explanation, Explanation):
        explanation = explain(explanation)
    return _widgets().ExplanationStepper(data=explanation_data(explanation), step=step)


def tree_widget(trace: SearchTrace, puzzle: PuzzleInput, *, selected: int = 0):
    """A :class:`~sudoku_cp.interactive.widgets.SearchTreeExplorer` over ``trace``, the
    recorded search of ``puzzle`` (for its givens, regions and starting domains)."""
    return _widgets().SearchTreeExplorer(data=trace_data(trace, _model(puzzle)), selected=selected)


def propagation_widget(propagation: Propagation, puzzle: PuzzleInput, *, step: int = 0):
    """A :class:`~sudoku_cp.interactive.widgets.PropagationStepper` over ``propagation``,
    the result of :func:`~sudoku_cp.engine.trace.propagate` on ``puzzle``."""
    return _widgets().PropagationStepper(data=propagation_data(propagation, _model(puzzle)), step=step)


def _model(puzzle):
    from sudoku_cp.io.inputs import as_puzzle
    from sudoku_cp.model.constraints import Model

    return puzzle if isinstance(puzzle, Model) else as_puzzle(puzzle)[0].model


def write_html(data: dict[str, Any], path: str | Path, *, title: str = "sudoku_cp") -> Path:
    """Write :func:`to_html` of ``data`` to ``path`` (whole or not at all); returns the path.

    Raises:
        OSError: the file cannot be written.
    """
    from sudoku_cp.io.files import write_atomic

    path = Path(path)
    write_atomic(path, to_html(data, title=title))
    return path
