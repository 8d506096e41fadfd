"""Killer reasoning over a whole unit: the cages inside a unit together.

A unit of ``n`` cells holds each digit ``1..n`` once, so the killer cages lying wholly
inside it use pairwise different digits, and the digits they leave are those of the
unit's other cells. A cage's combinations that cannot be chosen together with some
combination of each other cage, leaving digits its other cells can hold, are out; so are
the other cells' candidates that no such choice leaves. Killer solvers call this
*combination elimination* across cages, or *hidden cage combinations* (for instance
"Killer Sudoku" strategies, Andrew Stuart, SudokuWiki.org): a person lists each cage's
combinations and crosses out those that clash.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

from sudoku_cp.engine.sums import distinct_combinations
from sudoku_cp.model.constraints import AllDifferent, Linear, OriginKind, Sum
from sudoku_cp.reasoning.techniques.board import Board, Deduction, values_of

MAX_CHOICES = 4096
"""The most joint choices of combinations looked at in one unit (past it the unit is
skipped: a person would not list them either)."""


@functools.lru_cache(maxsize=1 << 16)
def fits(masks: tuple[int, ...], digits: int) -> bool:
    """Whether the cells of candidate ``masks`` can hold the digits of ``digits`` (a bit
    set of as many digits as cells), each once: a perfect matching, by trying the cell
    with the fewest choices first.

    >>> fits((0b011, 0b011, 0b100), 0b111), fits((0b001, 0b001, 0b110), 0b111)
    (True, False)
    """
    if not masks:
        return not digits
    index = min(range(len(masks)), key=lambda i: (masks[i] & digits).bit_count())
    options = masks[index] & digits
    rest = masks[:index] + masks[index + 1 :]
    while options:
        bit = options & -options
        options ^= bit
        if fits(rest, digits & ~bit):
            return True
    return False


def _combinations(cage: Sum, candidates: Sequence[int], n: int) -> list[int]:
    """The digit combinations of ``cage`` (bit sets) its cells' candidates can hold."""
    masks = tuple(candidates[c] for c in cage.cells)
    union = 0
    for m in masks:
        union |= m
    return [
        combo
        for combo in distinct_combinations(n, len(cage.cells), cage.total)
        if not combo & ~union and fits(masks, combo)
    ]


def _joint(options: list[list[int]], rest: tuple[int, ...], full: int) -> tuple[list[int], int] | None:
    """Per cage, the union of its combinations that some joint choice keeps (pairwise
    disjoint, leaving digits the ``rest`` cells can hold), and the union of the digits left
    to the rest; ``None`` past :data:`MAX_CHOICES` choices."""
    kept = [0] * len(options)
    left_union = 0
    chosen = [0] * len(options)
    count = 0
    order = sorted(range(len(options)), key=lambda i: len(options[i]))

    def walk(depth: int, used: int) -> bool:
        nonlocal left_union, count
        if depth == len(order):
            count += 1
            if count > MAX_CHOICES:
                return False
            left = full & ~used
            if fits(rest, left):
                for i, combo in enumerate(chosen):
                    kept[i] |= combo
                left_union |= left
            return True
        i = order[depth]
        for combo in options[i]:
            if not combo & used:
                chosen[i] = combo
                if not walk(depth + 1, used | combo):
                    return False
        return True

    if not walk(0, 0):
        return None
    return kept, left_union


def cage_combinations_in_units(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """The cages inside a unit together (see the module docstring): the candidates no
    joint choice of their combinations keeps, in the cages or in the unit's other cells.
    From a unit's candidates when it last removed none (:attr:`Board.quiet`), it is not
    tried again."""
    n = board.side
    full = (1 << n) - 1
    if board.digit_sum(0, 0) is None:
        return  # digits that are not consecutive: no sum of them is told by the values'
    cages = [(clue, cage) for clue, cage in _sums(board) if len(cage.cells) > 1]
    if not cages:
        return
    for unit in board.units:
        cells = set(unit.cells)
        clues, caged = [], set()
        for clue, cage in cages:  # disjoint ones (two sums over one cell choose no disjoint digits)
            if cells.issuperset(cage.cells) and caged.isdisjoint(cage.cells):
                clues.append((clue, cage))
                caged.update(cage.cells)
        inside = [cage for _, cage in clues]
        if len(inside) < 2 and not (inside and len(inside[0].cells) < n):
            continue
        masks = tuple(candidates[c] for c in unit.cells)
        key = ("cages in unit", id(unit))
        if board.quiet.get(key) == masks:
            continue
        rest = tuple(c for c in unit.cells if c not in caged)
        options = [_combinations(cage, candidates, n) for cage in inside]
        found = None if not all(options) else _joint(options, tuple(candidates[c] for c in rest), full)
        if found is None:
            continue  # a contradiction (not a step) or too many choices
        kept, left = found
        removed = [
            (c, v)
            for cage, mask in zip(inside, kept, strict=True)
            for c in cage.cells
            for v in values_of(candidates[c] & ~mask)
        ]
        removed += [(c, v) for c in rest for v in values_of(candidates[c] & ~left)]
        if not removed:
            board.quiet[key] = masks
            continue
        yield _deduction(board, candidates, unit, clues, options, kept, rest, left, removed)


def _deduction(
    board: Board,
    candidates: Sequence[int],
    unit: AllDifferent,
    clues: list[tuple[Sum | Linear, Sum]],
    options: list[list[int]],
    kept: list[int],
    rest: tuple[int, ...],
    left: int,
    removed: list[tuple[int, int]],
) -> Deduction:
    """The step: its premise (the unit and the cages: the unit makes their digits differ) and its argument
    in words, each cage's combinations and those kept."""
    parts = []
    for (clue, cage), combos, mask in zip(clues, options, kept, strict=True):
        kept_combos = [c for c in combos if not c & ~mask]
        written = ", ".join(_digits(c, board.model.digits) for c in combos)
        after = ", ".join(_digits(c, board.model.digits) for c in kept_combos)
        parts.append(
            f"{_name(board, clue, cage)}: {written}"
            + ("" if len(kept_combos) == len(combos) else f", of which only {after} fit")
        )
    reason = (
        f"the cages inside {unit.label} use different digits, and its other cells hold the digits "
        "they leave; "
        if len(clues) > 1
        else f"the other cells of {unit.label} hold the digits the cage inside it leaves; "
    ) + "; ".join(parts)
    if rest:
        reason += f"; the other cells keep {_digits(left, board.model.digits)}"
    cells = tuple(unit.cells)
    return Deduction(
        "cage combinations in a unit",
        (),
        tuple(sorted(removed)),
        cells,
        (),
        tuple((c, v) for c in cells for v in values_of(candidates[c])),
        (unit, *(clue for clue, _ in clues)),
        reason,
    )


def _sums(board: Board) -> list[tuple[Sum | Linear, Sum]]:
    """Each sum of the model (a killer cage, a plain sum of ISS's), with it as a
    :class:`Sum`."""
    sums: list[tuple[Sum | Linear, Sum]] = [(c, c) for c in board.model.of_kind(Sum)]
    sums += [(c, c.as_sum()) for c in board.model.of_kind(Linear) if c.is_plain_sum]
    return sums


def _name(board: Board, clue: Sum | Linear, cage: Sum) -> str:
    """``"cage 3 (21 in 6)"``: a cage with its total (in the puzzle's digits) and number of
    cells; another sum by its label (which gives its total) and number of cells."""
    count = len(cage.cells)
    if clue.origin.kind is OriginKind.CAGE:
        return f"cage {clue.origin.number} ({board.digit_sum(cage.total, count)} in {count})"
    return f"{clue.label} in {count} cells"


def _digits(mask: int, digits: Sequence[int] | None = None) -> str:
    """A set of values as the puzzle writes them (``digits``: the digit of each value 1..k)."""
    return "{" + ",".join(str(digits[v - 1] if digits else v) for v in values_of(mask)) + "}"


def _apart(board: Board, cells: Sequence[int]) -> tuple[AllDifferent, ...] | None:
    """AllDifferents that make every two of ``cells`` differ (each pair in one of them),
    or ``None`` when some two may be equal."""
    used: dict[int, None] = {}
    for i, a in enumerate(cells):
        for b in cells[i + 1 :]:
            shared = set(board.containing[a]).intersection(board.containing[b])
            if not shared:
                return None
            used.setdefault(min(shared), None)
    return tuple(board.alldifferents[i] for i in used)


def cage_pointing(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """A digit every combination of a cage holds (its cells' candidates allowing) lies in
    the cage (a killer cage, or any sum whose cells see each other); a cell outside it
    that sees each of the cage's cells with that digit cannot
    hold it. The killer form of locked candidates, the places in one unit or not (a cage
    split over a row and a box): "Killer Sudoku" strategies, SudokuWiki.org. From a
    cage's candidates when it last removed none (:attr:`Board.quiet`), it is not tried
    again."""
    n = board.value_count
    peers = board.model.peers
    if board.digit_sum(0, 0) is None:
        return  # digits that are not consecutive: no sum of them is told by the values'
    for clue, cage in _sums(board):
        if len(cage.cells) < 2:
            continue
        masks = tuple(candidates[c] for c in cage.cells)
        key = ("cage pointing", id(clue))
        if board.quiet.get(key) == masks:
            continue
        apart = _apart(board, cage.cells)
        combos = [] if apart is None else _combinations(cage, candidates, n)
        required = full = (1 << n) - 1
        for combo in combos:
            required &= combo
        found = False
        for value in values_of(required if combos and required != full else 0):
            bit = 1 << (value - 1)
            places = [c for c in cage.cells if candidates[c] & bit]
            if len(places) < 2:
                continue
            inside = set(cage.cells)
            seen = set(peers[places[0]]).intersection(*(peers[c] for c in places[1:]))
            removed = sorted(c for c in seen - inside if candidates[c] & bit)
            if not removed:
                continue
            containing = board.containing
            links = {min(set(containing[t]).intersection(containing[p])) for t in removed for p in places}
            found = True
            written = ", ".join(_digits(c, board.model.digits) for c in combos)
            name = _name(board, clue, cage)
            digit = _digits(bit, board.model.digits)[1:-1]
            reason = f"{name} can hold only {written}: each holds {digit}"
            used = (clue, *apart, *(board.alldifferents[i] for i in sorted(links)))
            yield Deduction.of_digit(
                "cage pointing", value, removed, places, tuple(dict.fromkeys(used)), reason
            )
        if not found:
            board.quiet[key] = masks
