"""The exceptions raised by sudoku_cp.

Every error the package raises on purpose is a :class:`SudokuError`, so one
``except SudokuError`` catches them all. Each also derives from the built-in
exception a Python user would expect (``ValueError``, ``TimeoutError``).
"""

from __future__ import annotations

from collections.abc import Callable


class SudokuError(Exception):
    """Base class of every error raised by sudoku_cp."""


class InvalidPuzzleError(SudokuError, ValueError):
    """The puzzle is malformed.

    Raised for a wrong number of rows or cells, an unknown character, a value
    out of range, or a value repeated in a row, column or box. The message says
    what is wrong and where (line, row, column, box).
    """


class InvalidArgumentError(SudokuError, ValueError, TypeError):
    """An argument other than the puzzle is wrong: a misspelt backend option, a negative
    ``time_limit``, an unknown solver or data set name. Both a ``ValueError`` and a
    ``TypeError`` (what the plain built-ins raised before), so older ``except`` clauses hold;
    the message names the argument and what it takes.
    """


class UnsupportedRuleError(InvalidPuzzleError):
    """A puzzle link holds a rule the package does not model or cannot tell for sure: a
    drawn element (line, cage, overlay, text, ...), a key or value of the link's data, or a
    sentence of its rules text. The message names each element, or quotes each sentence,
    with its position (``line 2``, ``sentence 3``); the puzzle is never solved without it.

    Attributes:
        elements: the names of the refused elements (``["line 2", "sentence 3"]``), which
            ``ignore=`` of :meth:`sudoku_cp.Puzzle.from_link` (CLI ``--ignore``) accepts
            to solve without them anyway.
        rows: the whole account of the link (``element``, ``read as``, ``reason`` rows;
            :mod:`sudoku_cp.io.account`), refused rows included.
    """

    def __init__(self, *args: object, elements: tuple[str, ...] = (), rows: tuple = ()) -> None:
        super().__init__(*args)
        self.elements = tuple(elements)
        self.rows = tuple(rows)

    def __reduce__(self):
        return (_rebuild_unsupported, (self.args, self.elements, self.rows))


def _rebuild_unsupported(args: tuple, elements: tuple[str, ...], rows: tuple = ()) -> UnsupportedRuleError:
    return UnsupportedRuleError(*args, elements=elements, rows=rows)


class NoSolutionError(SudokuError):
    """The givens are consistent (no repeated value in any unit) but no solution exists.

    Attributes:
        puzzle: the :class:`~sudoku_cp.Puzzle` that has no solution; set by
            :func:`sudoku_cp.solve` (``None`` when a backend module raised it directly).
        explainer: ``explainer(puzzle)`` returns why it has no solution (a
            :class:`sudoku_cp.reasoning.conflict.Conflict`); set by :func:`sudoku_cp.solve` with the
            puzzle, ``None`` otherwise. It must pickle (a module-level function), so that
            the error crosses processes (``solve_many``'s workers).

    :attr:`conflict` says why; it is computed on first access (lazily), not when the
    error is raised, because explaining costs more than proving (a fraction of a second
    on 9x9, more on large grids) and most callers never ask. This module imports nothing
    of the package: the raiser supplies the explainer.
    """

    def __init__(self, *args: object, puzzle: object = None, explainer: Callable | None = None) -> None:
        super().__init__(*args)
        self.puzzle = puzzle
        self.explainer = explainer
        self._explanation: object = _NOT_YET

    def __reduce__(self):  # keep the puzzle and its explainer across processes (solve_many's workers)
        return (_rebuild_no_solution, (self.args, self.puzzle, self.explainer))

    @property
    def explanation(self):
        """The :class:`sudoku_cp.reasoning.conflict.Conflict` (givens and the constraints they break),
        from the explainer on first access; ``None`` without a puzzle or an explainer."""
        if self._explanation is _NOT_YET:
            known = self.puzzle is not None and self.explainer is not None
            self._explanation = self.explainer(self.puzzle) if known else None
        return self._explanation

    @property
    def conflict(self) -> tuple[tuple[int, int, int], ...] | None:
        """A minimal set of givens that, with the rules, admit no solution (removing any one
        leaves a solvable set): ``(row, column, value)`` triples, 0-based row and column,
        the value the puzzle's own digit (``0`` on a grid of digits ``0..8``); ``()`` when
        the rules alone admit no solution; ``None`` without a puzzle."""
        explanation = self.explanation
        if explanation is None:
            return None
        digits = getattr(explanation.model, "digits", None)  # the model holds digit positions
        if digits:
            return tuple((row, column, digits[value - 1]) for row, column, value in explanation.givens)
        return explanation.givens


_NOT_YET = object()


def _rebuild_no_solution(args: tuple, puzzle: object, explainer: Callable | None = None) -> NoSolutionError:
    return NoSolutionError(*args, puzzle=puzzle, explainer=explainer)


class NotProperError(SudokuError, ValueError):
    """The puzzle has several solutions, and reasoning cannot go on from the state given
    (:func:`sudoku_cp.hint`): no step follows from the constraints alone."""


class SolveTimeoutError(SudokuError, TimeoutError):
    """The ``time_limit`` (in seconds) ran out before the answer was found and proven."""


class UnknownBackendError(SudokuError, ValueError):
    """The backend name is not registered; the message lists the known ones."""


class BackendUnavailableError(SudokuError, ImportError):
    """The backend needs an optional package that is not installed; the message says how
    to install it (``pip install "sudoku_cp[sat]"``)."""


class NotSupportedError(SudokuError, NotImplementedError):
    """The backend does not provide this operation (counting, listing solutions); the
    message names the backend and the missing function."""


class MarksExcludeSolutionError(NoSolutionError):
    """Pencil marks given to :func:`sudoku_cp.hint` exclude every solution: a candidate
    the solution needs was removed (or a cell filled with a wrong digit). The message
    names a house holding it, never the cell and digit, so that it does not give the
    answer away.

    Attributes:
        house: the label of the house named (``"row 4"``), or ``None`` when naming any
            would give the digit away (a house with one removed candidate).
        wrong: how many removed candidates the solution needs.
    """

    def __init__(self, *args: object, house: str | None = None, wrong: int = 0) -> None:
        super().__init__(*args)
        self.house = house
        self.wrong = wrong


# -- message helpers, shared by every layer ---------------------------------------------------


class HugeInt:
    """An integer of more than :data:`sudoku_cp.io.readers.MAX_JSON_INT_DIGITS` digits met in
    JSON: kept as its digit count, never converted (Python refuses ``int()`` of 4,300+ digits), so that the
    key holding it is named when it is refused."""

    __slots__ = ("digits",)

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))

    def __repr__(self) -> str:
        return f"an integer of {self.digits} digits"


def quote(value: object, width: int = 40) -> str:
    """``value`` as it may be printed in a message: ``repr`` (control characters and
    terminal escapes escaped), cut to ``width`` characters."""
    try:
        text = repr(value) if isinstance(value, str | int | float | HugeInt) else type(value).__name__
    except ValueError:  # an int beyond Python's 4,300-digit limit for str()
        text = f"an integer of {value.bit_length()} bits"  # type: ignore[union-attr]
    text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return text if len(text) <= width else text[: width - 3] + "..."
