"""Candidates (pencil marks) as people write them down: read and written for :func:`sudoku_cp.hint`.

Two text layouts are accepted, for grids up to 9x9 (digits ``1`` to ``n``):

* the **pencil-mark grid**: ``n`` lines of ``n`` cells separated by spaces, each cell the
  string of its candidates (``"123 5 79 ..."``; a given or filled cell is its one digit).
  Box borders are allowed and ignored: ``|`` characters, and lines made only of ``-``,
  ``+``, ``=`` and ``*`` (as HoDoKu and most solvers print them);
* the **candidates string**: ``n * n * n`` characters (729 for 9x9) where the character at
  position ``(r * n + c) * n + v - 1`` (0-based row ``r`` and column ``c``) is the digit
  ``v`` while ``v`` is a candidate of that cell, ``.`` (or ``0``) otherwise.

On a grid of other digits (``0..8``: :attr:`sudoku_cp.model.grid.Grid.digits`) the text is
written in those digits (``"012 4 68 ..."``; in the candidates string, ``.`` for a missing
candidate) and read as their positions ``1..n``, the values the grid's cells hold.

Or, from code, a sequence of ``n * n`` collections of values, row-major (what
:meth:`sudoku_cp.Explanation.state` returns: the values ``1..n``, which are the digits'
positions on a grid of other digits). Malformed text raises
:class:`~sudoku_cp.errors.InvalidPuzzleError` naming the line and column (or the
character) at fault.

>>> masks = parse_candidates("12 3 4 12\\n3 4 12 12\\n4 12 3 12\\n12 12 12 4", 4)
>>> masks[:4]
[3, 4, 8, 3]
>>> print(format_candidates(masks, 4).splitlines()[0])
12  3   4   12
>>> parse_candidates("12 3 4\\n3 4 12 12\\n4 12 3 12\\n12 12 12 4", 4)
Traceback (most recent call last):
...
sudoku_cp.errors.InvalidPuzzleError: candidates line 1: 3 cells, expected 4
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from sudoku_cp.errors import InvalidPuzzleError
from sudoku_cp.model.grid import digit_char

CandidatesInput = str | Sequence[Collection[int]]
"""What :func:`as_masks` takes: a text in one of the two layouts, or per-cell values."""

_BORDER = frozenset("-+=* ")


def parse_candidates(text: str, side: int = 9, digits: Sequence[int] | None = None) -> list[int]:
    """The candidate masks (bit ``v - 1`` set while ``v`` is possible), row-major, of a
    text in either layout (see the module docstring); with ``digits`` (a grid of other
    digits, as many as ``side``), the text's characters are those digits and ``v`` is a
    digit's position.

    >>> parse_candidates("01 2 3 01\\n2 3 01 01\\n3 01 2 01\\n01 01 01 3", 4, digits=range(4))[:4]
    [3, 4, 8, 3]

    Raises:
        InvalidPuzzleError: the text is neither layout, or names a value outside
            ``1..side`` (a digit not of ``digits``), with the line and column (or
            character) at fault.
    """
    chars = "".join(digit_char(d) for d in digits) if digits else "123456789"[:side]
    if side > 9:
        raise InvalidPuzzleError(
            f"candidates as text are for grids up to 9x9; a {side}x{side} grid takes a sequence of values"
        )
    stripped = "".join(text.split())
    if len(text.strip().splitlines()) == 1 and len(stripped) == side**3:
        return _parse_string(stripped, side, chars)
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        cleaned = line.replace("|", " ")
        if not cleaned.strip() or set(cleaned) <= _BORDER:
            continue
        lines.append((number, cleaned.split()))
    if len(lines) == 1 and len(lines[0][1]) == 1:
        raise InvalidPuzzleError(
            f"a candidates string has {side**3} characters (one per cell and value), got {len(stripped)}"
        )
    if len(lines) != side:
        raise InvalidPuzzleError(f"candidates: {len(lines)} lines of cells, expected {side}")
    masks = []
    for number, cells in lines:
        if len(cells) != side:
            raise InvalidPuzzleError(f"candidates line {number}: {len(cells)} cells, expected {side}")
        for column, cell in enumerate(cells, 1):
            mask = 0
            for ch in cell:
                if ch not in chars:  # not isdigit(): '²' is a digit int() refuses
                    which = f"one of {chars}" if digits else f"a digit 1-{side}"
                    raise InvalidPuzzleError(
                        f"candidates line {number}, column {column}: {ch!r} is not {which}"
                    )
                mask |= 1 << chars.index(ch)
            masks.append(mask)
    return masks


def _parse_string(text: str, side: int, chars: str) -> list[int]:
    """The candidates string, ``chars[v - 1]`` the character of the value ``v``."""
    missing = "." if "0" in chars else ".0"
    masks = []
    for cell in range(side * side):
        mask = 0
        for value in range(1, side + 1):
            position = cell * side + value - 1
            ch = text[position]
            if ch == chars[value - 1]:
                mask |= 1 << (value - 1)
            elif ch not in missing:
                row, column = divmod(cell, side)
                raise InvalidPuzzleError(
                    f"candidates string, character {position + 1} (r{row + 1}c{column + 1}, value "
                    f"{chars[value - 1]}): expected {chars[value - 1]!r} or '.', got {ch!r}"
                )
        masks.append(mask)
    return masks


def _show(value: object) -> str:
    """A value as a message shows it, cut to 30 characters (an int too long to print too)."""
    try:
        return repr(value)[:30]
    except ValueError:  # an int over Python's digit limit for str()
        return f"an int of about {value.bit_length() * 3 // 10} digits"  # type: ignore[attr-defined]


def as_masks(
    candidates: CandidatesInput, side: int, cell_count: int | None = None, digits: Sequence[int] | None = None
) -> list[int]:
    """The candidate masks of ``candidates``: a text in either layout (one ``side x side``
    grid; in ``digits``, a grid of other digits, when given), or ``cell_count`` (default
    ``side * side``; a multi-grid board's inside cells) collections of values ``1..side``,
    in the model's cell order.

    Raises:
        InvalidPuzzleError: malformed text, a wrong number of cells, or a value outside
            ``1..side`` (naming the cell).
    """
    count = side * side if cell_count is None else cell_count
    if isinstance(candidates, str):
        if count != side * side:
            raise InvalidPuzzleError(
                "candidates of a multi-grid board are given per cell (collections of values), not as text"
            )
        return parse_candidates(candidates, side, digits)
    if isinstance(candidates, bytes | Mapping) or not isinstance(candidates, Iterable):
        raise InvalidPuzzleError(
            f"candidates are a text or one collection of values per cell, not {type(candidates).__name__}"
        )
    cells = list(candidates)
    if len(cells) != count:
        raise InvalidPuzzleError(f"candidates: {len(cells)} cells, expected {count}")
    masks = []
    for index, values in enumerate(cells):
        mask = 0
        where = (
            f"cell {index + 1}"
            if count != side * side
            else "r{}c{}".format(*(k + 1 for k in divmod(index, side)))
        )
        if isinstance(values, str | bytes | Mapping) or not isinstance(values, Iterable):
            raise InvalidPuzzleError(
                f"candidates of {where}: a collection of values such as {{1, 2}}, not {_show(values)}"
            )
        for value in values:
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= side:
                raise InvalidPuzzleError(f"candidates of {where}: {_show(value)} is not a value 1-{side}")
            mask |= 1 << (value - 1)
        masks.append(mask)
    return masks


def filled(masks: Sequence[int], peers: Sequence[Sequence[int]]) -> set[int]:
    """The cells that count as filled: one candidate left, which no peer still holds
    (``peers``: each cell's peers, :attr:`sudoku_cp.model.constraints.Model.peers`)."""
    return {
        cell
        for cell, mask in enumerate(masks)
        if mask and not mask & (mask - 1) and not any(masks[p] & mask for p in peers[cell])
    }


def format_candidates(candidates: Sequence[int] | Sequence[Collection[int]], side: int = 9) -> str:
    """The pencil-mark grid of ``candidates`` (``side`` lines, cells padded to one width),
    which :func:`parse_candidates` reads back.

    Args:
        candidates: ``side * side`` cells, row-major: bit masks (bit ``v - 1`` set while
            ``v`` is possible), or collections of values (:meth:`Explanation.state`).

    >>> print(format_candidates([(1,), (2, 3), (2, 3), (4,)] * 4, side=4))
    1   23  23  4
    1   23  23  4
    1   23  23  4
    1   23  23  4
    """
    masks = [c if isinstance(c, int) else sum(1 << (v - 1) for v in c) for c in candidates]
    cells = ["".join(str(v + 1) for v in range(side) if mask >> v & 1) for mask in masks]
    width = max(map(len, cells), default=1)
    return "\n".join(
        "  ".join(cell.ljust(width) for cell in cells[row * side : (row + 1) * side]).rstrip()
        for row in range(side)
    )


__all__ = ["CandidatesInput", "as_masks", "filled", "format_candidates", "parse_candidates"]
