"""Line clues and tables read with their cells' different digits (the board's "apart"
filters): a table or a short line clue some of whose cells see each other, filtered as the
table of its fillings without a repeated digit there (:func:`apart_fillings`), and a sandwich
clue over a whole row or column, filtered by its crusts' placements and the combinations
between them matched to the cells (:func:`unit_sandwich_supports`).

The board asks this module through :func:`apart_clues` (which clues it reads as tables of
their fillings), :func:`reads_apart` (whose filter reads that its cells see each other) and
:func:`apart_filter` (the filter of such a clue); the steps through
:func:`unit_sandwich_placements` and :func:`is_unit_sandwich`.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Sequence

from sudoku_cp.engine.propagators import narrow, propagator
from sudoku_cp.engine.sums import distinct_combinations
from sudoku_cp.model.constraints import (
    LINE_AUTOMATON_KINDS,
    Constraint,
    Model,
    Regular,
    Sandwich,
    Skyscraper,
    Table,
)
from sudoku_cp.reasoning.techniques._filtering import (
    MAX_GROUP_FILLINGS,
    _reader,
    _set_matchings,
    _TooMany,
    _unpacked,
    remembered,
)


def value_classes(constraint: Constraint, values: int) -> tuple[int, ...] | None:
    """The classes of values (masks over ``1..values``) that ``constraint``'s line automaton
    moves alike from every state, when some class holds two values and the automaton is its
    transitions alone (``meaning`` ``None``); else ``None``. Values of a class are
    interchangeable in every accepted word, so the supports of the line (generalised arc
    consistency) depend only on which classes each cell's candidates meet: removing a value
    from a cell that keeps another of its class changes nothing the filter reads.

    >>> from sudoku_cp.model.constraints import Automaton, Regular
    >>> low = Automaton.build(0, lambda s, v: 1 if v <= 3 else s, lambda s: s == 1, 9)
    >>> square = Regular((0, 1, 2, 3), low, pattern="[1-9]*[123][1-9]*", label="a low digit")
    >>> [bin(m) for m in value_classes(square, 9)]
    ['0b111', '0b111111000']
    """
    automaton = constraint.automaton(values)  # type: ignore[attr-defined]
    if automaton.meaning is not None:
        return None
    by_moves: dict[tuple, int] = {}
    for value in range(1, values + 1):
        moves = tuple(out.get(value) for out in automaton.transitions.values())
        by_moves[moves] = by_moves.get(moves, 0) | 1 << (value - 1)
    return tuple(by_moves.values()) if len(by_moves) < values else None


MAX_APART_LINE = 6
"""The most cells of a line clue whose words :func:`apart_fillings` enumerates (an
ambiguous arrow has 3 or 4; the words are pruned position by position, and at most
:data:`MAX_GROUP_FILLINGS` kept)."""


def reads_apart(constraint: Constraint, model: Model) -> bool:
    """Whether the filter of a line clue (the board's, :func:`apart_filter`) reads that
    some of its cells see each other: a clue of two cells that see each other, a sandwich over a whole unit, a
    short line (:func:`apart_fillings`) with two such cells, each when its automaton has
    no classes of values alike (:func:`value_classes`). A line read by classes (an entropy
    square's "a low digit here") keeps its filter by classes, woken only when a cell loses
    the last value of a class: the values of a class are interchangeable on the line, so
    what their being different adds is the units' own subsets."""
    cells = constraint.cells  # type: ignore[attr-defined]
    peers = model.peers
    if len(set(cells)) != len(cells) or not any(b in peers[a] for a, b in itertools.combinations(cells, 2)):
        return False
    if value_classes(constraint, model.value_count) is not None:
        return False
    if len(cells) == 2 or is_unit_sandwich(constraint, model):
        return True
    return len(cells) <= MAX_APART_LINE and constraint.automaton(model.value_count).meaning is None  # type: ignore[attr-defined]


def _apart_table(
    constraint: Constraint, fillings: frozenset[tuple[int, ...]], model: Model
) -> Callable[[list[int]], list[int] | None]:
    """The filter of a clue as the table of its ``fillings`` (:func:`apart_fillings`: those
    whose cells that see each other differ), remembered per state of its cells."""
    cells = constraint.cells  # type: ignore[attr-defined]
    table = Table(cells, fillings, origin=constraint.origin, label=model.label_of(constraint))
    return remembered(propagator(table, model), cells)


def apart_fillings(constraint: Constraint, model: Model) -> frozenset[tuple[int, ...]] | None:
    """The fillings of a table or a short line clue (a regular line, a sandwich or
    skyscraper clue of at most :data:`MAX_APART_LINE` different cells) in which the cells
    that see each other (``model.peers``) take different values: the table's allowed
    tuples, or the words the clue's automaton accepts (a depth-first walk of its states
    alive at each position, :meth:`~sudoku_cp.model.constraints.Automaton.alive`), less
    those repeating a value in two such cells.

    The clue's own filter reads its cells as free to repeat (an ambiguous arrow, "one end
    is the sum of the others", allows ``4 = 2 + 2`` on two cells of a box); filtered with
    the AllDifferents between its cells, the table of these fillings keeps only what both
    allow (generalised arc consistency of the clue and the AllDifferents on its cells
    together), which a solver sees at a glance and the clue alone finds only by a forcing
    chain. ``None`` when no two of its cells see each other, for a table no tuple repeats
    a value there, for a line that is longer, repeats a cell or has an automaton read
    another way (its ``meaning``), or past :data:`MAX_GROUP_FILLINGS` fillings.

    >>> from sudoku_cp.model.constraints import AllDifferent
    >>> model = Model(4, (0,) * 16, (AllDifferent((0, 1, 2, 3), label="row 1"),))
    >>> either = Table((0, 1, 2), frozenset({(2, 1, 1), (3, 1, 2), (1, 1, 2)}), label="arrow")
    >>> sorted(apart_fillings(either, model))  # r1c1..r1c3 differ
    [(3, 1, 2)]
    >>> sandwich = Sandwich((0, 1, 2, 3), 2, label="sandwich 2")  # 1 and 4 around 2
    >>> sorted(apart_fillings(sandwich, model))
    [(1, 2, 4, 3), (3, 1, 2, 4), (3, 4, 2, 1), (4, 2, 1, 3)]
    """
    cells = constraint.cells  # type: ignore[attr-defined]
    peers = model.peers
    pairs = [(i, j) for i, j in itertools.combinations(range(len(cells)), 2) if cells[j] in peers[cells[i]]]
    if not pairs or len(set(cells)) != len(cells):
        return None
    if isinstance(constraint, Table):
        kept = frozenset(t for t in constraint.allowed if all(t[i] != t[j] for i, j in pairs))
        return kept if len(kept) < len(constraint.allowed) else None
    if not isinstance(constraint, LINE_AUTOMATON_KINDS) or len(cells) > MAX_APART_LINE:
        return None
    automaton = constraint.automaton(model.value_count)
    if automaton.meaning is not None:
        return None
    alive = automaton.alive(len(cells))
    earlier = [tuple(i for i, j in pairs if j == position) for position in range(len(cells))]
    found: set[tuple[int, ...]] = set()
    word: list[int] = []

    def extend(position: int, state: object) -> None:
        if position == len(cells):
            found.add(tuple(word))
            if len(found) > MAX_GROUP_FILLINGS:
                raise _TooMany
            return
        for value, following in automaton.transitions[state].items():
            if following in alive[position + 1] and all(word[i] != value for i in earlier[position]):
                word.append(value)
                extend(position + 1, following)
                word.pop()

    try:
        if automaton.start in alive[0]:
            extend(0, automaton.start)
    except _TooMany:
        return None
    return frozenset(found)


def unit_sandwich_placements(
    masks: Sequence[int], total: int, side: int
) -> Iterator[tuple[int, int, int, tuple[int, ...]]]:
    """The fillings of a sandwich clue over a whole unit (``side`` cells that see each
    other, holding each value once; ``masks`` their candidates), grouped by where its
    crusts stand and what lies between: ``(position of 1, position of side, the
    combination between as a mask, each position's values in some filling of that
    group)``, for every group with a filling. The cells between hold a combination of
    different middle values (``2..side-1``) adding up to ``total``, those outside hold the
    other middle values, each one-to-one within its candidates (two perfect matchings,
    :func:`~sudoku_cp.reasoning.techniques._filtering._matched_supports`: Régin's supports
    of an AllDifferent). Only the crusts' distances the total allows are tried
    (:func:`_sandwich_groups`).

    >>> from sudoku_cp.reasoning.techniques._filtering import values_of
    >>> [(a, b, values_of(c)) for a, b, c, _ in unit_sandwich_placements([0b1111] * 4, 3, 4)]
    [(0, 2, (3,)), (1, 3, (3,)), (2, 0, (3,)), (3, 1, (3,))]
    """
    for a, b, combination, packed in _sandwich_fillings(masks, total, side):
        yield a, b, combination, _unpacked(packed, len(masks), side)


def _sandwich_fillings(
    masks: Sequence[int], total: int, side: int, known: list[int] | None = None
) -> Iterator[tuple[int, int, int, int]]:
    """:func:`unit_sandwich_placements` with each group's values packed in one int
    (:func:`_packed_masks`' layout), which its filter merges with one ``|``. Given
    ``known`` (a list whose one item is the values already found in a filling, packed so:
    the filter's union so far, which it updates between two groups), a group that could
    add none is passed over unmatched."""
    one, top = 1, 1 << (side - 1)
    packed = _packed_masks(masks, side) if known is not None else 0
    for a, b, between, outside, splits in _sandwich_groups(len(masks), side, total):
        if not masks[a] & one or not masks[b] & top:
            continue
        for combination, rest, window in splits:
            if known is not None and not packed & window & ~known[0]:
                continue  # every value this group allows is known already
            inner = tuple([masks[i] & combination for i in between])
            outer = tuple([masks[i] & rest for i in outside])
            if not all(inner) or not all(outer):
                continue
            filled_in = _set_matchings(inner, combination) if inner else ()
            if filled_in is None:
                continue
            filled_out = _set_matchings(outer, rest) if outer else ()
            if filled_out is None:
                continue
            kept = one << (a * side) | top << (b * side)
            for i, mask in zip(between, filled_in, strict=True):
                kept |= mask << (i * side)
            for i, mask in zip(outside, filled_out, strict=True):
                kept |= mask << (i * side)
            yield a, b, combination, kept


def _packed_masks(masks: Sequence[int], side: int) -> int:
    """``masks`` in one int, position ``i``'s at bits ``i·side``.

    >>> bin(_packed_masks([0b01, 0b10], 2))
    '0b1001'
    """
    packed = 0
    for i, mask in enumerate(masks):
        packed |= mask << (i * side)
    return packed


@functools.cache
def _sandwich_groups(
    count: int, side: int, total: int
) -> tuple[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, int, int], ...]], ...]:
    """The placements of a sandwich clue's crusts over ``count`` positions whose distance
    the ``total`` allows (:func:`crust_gaps`: two or three of the 72 pairs of a 9-cell row
    for most totals), each as ``(position of 1, position of side, positions between,
    positions outside, splits)``; a split is ``(combination between, the middle values
    left outside, window)``, the window being the values the split allows each position
    (:func:`_packed_masks`' layout: the crusts, the combination between, the rest outside).

    >>> [(a, b, between) for a, b, between, _, _ in _sandwich_groups(4, 4, 3)]
    [(0, 2, (1,)), (1, 3, (2,)), (2, 0, (1,)), (3, 1, (2,))]
    """
    one, top = 1, 1 << (side - 1)
    middle = ((1 << side) - 1) & ~one & ~top
    groups = []
    for a in range(count):
        for b in range(count):
            low, high = min(a, b), max(a, b)
            combinations = _middle_combinations(side, high - low - 1, total) if a != b else ()
            if not combinations:
                continue
            between = tuple(range(low + 1, high))
            outside = tuple(i for i in range(count) if i not in (a, b) and not low < i < high)
            crusts = one << (a * side) | top << (b * side)
            splits = []
            for c in combinations:
                window = [c if i in between else middle & ~c if i in outside else 0 for i in range(count)]
                splits.append((c, middle & ~c, crusts | _packed_masks(window, side)))
            groups.append((a, b, between, outside, tuple(splits)))
    return tuple(groups)


@functools.cache
def _middle_combinations(side: int, count: int, total: int) -> tuple[int, ...]:
    """The sets (masks) of ``count`` different values of ``2..side-1`` adding up to ``total``."""
    return tuple(m << 1 for m in distinct_combinations(side - 2, count, total - count))


def unit_sandwich_supports(constraint: Sandwich, side: int) -> Callable[[list[int]], list[int] | None]:
    """The filter of a sandwich clue over a whole unit (its cells see each other, one per
    value): each cell keeps the values of :func:`unit_sandwich_placements` (generalised arc
    consistency of the clue with its unit). The clue's automaton alone lets the cells
    between the crusts repeat a digit (18 as 9 + 9) and the cells outside take any.

    >>> from sudoku_cp.reasoning.techniques._filtering import values_of
    >>> clue = Sandwich((0, 1, 2, 3), 3, label="sandwich 3")  # 1 and 4 around a 3
    >>> candidates = [0b1111, 0b0011, 0b1111, 0b1111]  # r1c2 is 1 or 2: it cannot be between
    >>> unit_sandwich_supports(clue, 4)(candidates), [values_of(m) for m in candidates]
    ([0, 1, 2, 3], [(2,), (1,), (3,), (4,)])
    """
    cells = constraint.cells
    read = _reader(cells)

    def propagate(candidates: list[int]) -> list[int] | None:
        masks = read(candidates)
        everything = _packed_masks(masks, side)
        known = [0]
        for _, _, _, found in _sandwich_fillings(masks, constraint.total, side, known):
            known[0] |= found
            if known[0] == everything:  # every value has a filling: nothing to narrow
                return []
        kept = _unpacked(known[0], len(cells), side)
        if not all(kept):
            return None
        return narrow(candidates, cells, kept)

    return propagate


def is_unit_sandwich(constraint: Constraint, model: Model) -> bool:
    """Whether ``constraint`` is a sandwich clue over a whole unit: as many cells as
    values, each seeing every other (:func:`unit_sandwich_supports` applies)."""
    if not isinstance(constraint, Sandwich) or model.hidden:
        return False
    cells = constraint.cells
    return len(set(cells)) == len(cells) == model.value_count == model.side and all(
        b in model.peers[a] for a, b in itertools.combinations(cells, 2)
    )


def _filtered_whole(constraint: Constraint, model: Model) -> bool:
    """Whether ``constraint`` is a sandwich clue over a whole unit too long for a table of
    its fillings (more than :data:`MAX_APART_LINE` cells): :func:`unit_sandwich_supports`
    filters it."""
    return is_unit_sandwich(constraint, model) and len(constraint.cells) > MAX_APART_LINE  # type: ignore[attr-defined]


def apart_clues(model: Model) -> dict[int, frozenset[tuple[int, ...]]]:
    """The tables and short line clues of ``model`` some of whose cells see each other,
    by ``id``, with their fillings in which those differ (:func:`apart_fillings`; a line
    of more than two cells whose filter reads its cells apart, :func:`reads_apart`; not a
    sandwich over a whole unit, which :func:`apart_filter` filters by its placements):
    :attr:`~sudoku_cp.reasoning.techniques.board.Board.apart`."""
    return {
        id(c): found
        for c in model.constraints
        if isinstance(c, Table | Regular | Sandwich | Skyscraper)
        and (isinstance(c, Table) or (len(c.cells) > 2 and reads_apart(c, model)))
        and not _filtered_whole(c, model)
        and (found := apart_fillings(c, model)) is not None
    }


def apart_readers(model: Model, apart: dict[int, frozenset[tuple[int, ...]]]) -> frozenset[int]:
    """The constraints of ``model`` (by ``id``) whose filter reads which of their cells see
    each other: those of ``apart`` (:func:`apart_clues`) and the line clues
    :func:`reads_apart` tells (two cells that see each other, a sandwich over a whole unit):
    :attr:`~sudoku_cp.reasoning.techniques.board.Board.reads_apart`."""
    lines = (c for c in model.constraints if isinstance(c, LINE_AUTOMATON_KINDS))
    return frozenset((*apart, *(id(c) for c in lines if reads_apart(c, model))))


def apart_filter(
    constraint: Constraint, model: Model, fillings: frozenset[tuple[int, ...]] | None
) -> Callable[[list[int]], list[int] | None] | None:
    """The filter of a table or a line clue of more than two cells read with its cells'
    different digits: for a sandwich clue over a whole unit,
    :func:`unit_sandwich_supports` (remembered per state of its cells); given its
    ``fillings`` (:func:`apart_clues`), the table of them; else ``None`` (the clue's own
    filter applies). Each is idempotent (generalised arc consistency)."""
    if _filtered_whole(constraint, model) and reads_apart(constraint, model):
        return remembered(unit_sandwich_supports(constraint, model.side), constraint.cells)  # type: ignore[arg-type, attr-defined]
    if fillings is not None:
        return _apart_table(constraint, fillings, model)
    return None
