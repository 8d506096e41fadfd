"""The finders of the basic techniques: singles, a variant's own constraints, the rule of
45, locked candidates, naked and hidden subsets (the table of :mod:`sudoku_cp.reasoning.techniques`
lists them, simplest first, with their names and grades).

Each finder takes a :class:`~sudoku_cp.reasoning.techniques.board.Board`, the candidates (bit
``v - 1`` of a cell's mask is set while ``v`` is possible) and the cells placed so far,
and yields :class:`~sudoku_cp.reasoning.techniques.board.Deduction`\\ s. A variant's constraint is
applied with the engine's propagator for it (:func:`sudoku_cp.engine.propagators.propagator`,
the one the backtracker searches with), so the reasoning is written once; so are the
rule of 45's sums (:func:`sudoku_cp.engine.sums.implied_sum_sources`).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import operator
from collections.abc import Iterator, Mapping, Sequence

from sudoku_cp.engine.sums import ImpliedDifference, ImpliedSum
from sudoku_cp.model.constraints import (
    LINE_KINDS,
    AllDifferent,
    Constraint,
    Linear,
    OriginKind,
    Regular,
    Relation,
    Sandwich,
    Skyscraper,
    Sum,
    Table,
    cell_name,
    union_name,
)
from sudoku_cp.reasoning.techniques._links import geometry
from sudoku_cp.reasoning.techniques._unchanged import found_nothing, per_group, unchanged, value_planes
from sudoku_cp.reasoning.techniques.arguments import (
    Argument,
    Bounds,
    Counts,
    Crusts,
    apart_groups,
    bounds_of,
    combinations_of,
    crusts_of,
    distinct_groups,
    fillings_of,
    reduced_totals,
    runs_of,
    totals_of,
)
from sudoku_cp.reasoning.techniques.board import (
    Board,
    Deduction,
    Finder,
    placement_eliminations,
    values_of,
)
from sudoku_cp.reasoning.techniques.board import places as places_of
from sudoku_cp.reasoning.techniques.line_fillings import is_unit_sandwich, unit_sandwich_placements

# -- the techniques ---------------------------------------------------------------------------


def _single(
    technique: str, board: Board, candidates: Sequence[int], cell: int, value: int, used: tuple
) -> Deduction:
    """The deduction that places ``value`` in ``cell`` (a naked or hidden single)."""
    return Deduction(
        technique,
        ((cell, value),),
        placement_eliminations(board, candidates, cell, value),
        (cell,),
        (value,),
        ((cell, value),),
        used,
    )


def naked_singles(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """A cell with one candidate left, not yet placed, takes it."""
    for cell, mask in enumerate(candidates):
        if cell not in placed and mask and not mask & (mask - 1):
            value = mask.bit_length()
            used = tuple(board.alldifferents[i] for i in board.containing[cell])
            yield _single("naked single", board, candidates, cell, value, used)


def hidden_singles(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """A value with one place left in a unit goes there."""
    for unit in board.units:
        for value in range(1, board.side + 1):
            places = places_of(unit, candidates, 1 << (value - 1))
            if len(places) == 1 and places[0] not in placed:
                cell = places[0]
                used = _unit_premise(board, unit, cell)
                yield _single("hidden single", board, candidates, cell, value, used)


def required_digits(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """On a grid of more digits than its side (``k > n``: a unit's ``n`` cells hold ``n``
    of the ``k`` digits), a digit that must be in a unit (any AllDifferent), with one
    place left there, goes there. A digit must be in it when some of its cells (a Hall
    set) hold only as many digits between them as they are: those cells take each of
    those digits once (all ``n`` cells of a row holding only ``n`` digits between them is
    the common case). By Hall's marriage theorem these are all the digits it must hold:
    a digit ``d`` may be absent exactly when its cells can take different digits other
    than ``d``, that is when no group of them is short of digits once ``d`` is left out.

    Yields the placement with the Hall set as its cells and its digits as its values,
    the smallest set first; on a board whose units hold every value it is the hidden
    single (the table tries this row only on boards of more digits than the side)."""
    for unit in board.alldifferents:  # (a grid of more digits than its side has no units)
        cells = unit.cells
        once = twice = 0
        for c in cells:
            twice |= once & candidates[c]
            once |= candidates[c]
        for value in values_of(once & ~twice):
            cell = next(c for c in cells if candidates[c] >> (value - 1) & 1)
            group = None if cell in placed else _hall_set_with(candidates, cell, unit)
            if group is not None:
                used = _unit_premise(board, unit, cell)
                step = _single("required digit", board, candidates, cell, value, used)
                union = functools.reduce(operator.or_, (candidates[c] for c in group))
                pattern = tuple((c, v) for c in group for v in values_of(candidates[c]))
                reason = _required_reason(board, unit, group, union, value)
                yield dataclasses.replace(
                    step, cells=group, values=values_of(union), candidates=pattern, reason=reason
                )


def _required_reason(board: Board, unit: AllDifferent, group: Sequence[int], union: int, value: int) -> str:
    """Why a required digit goes where it does: a unit holding every digit (a doppelganger's
    row with its missing digit: ``n + 1`` cells for the digits ``0..n``) says it as a hidden
    single, "the only place for 1 in ..."; otherwise its Hall set, "r1c1, r1c2 hold only 1,
    2 between them: each is in row 1, and this is its one place there"."""
    model = board.model
    where = model.label_of(unit)
    if len(group) == len(unit.cells) == board.value_count:
        return f"the only place for {board.digit(value)} in {where}"
    cells = ", ".join(model.cell_name(c) for c in group)
    digits = ", ".join(str(board.digit(v)) for v in values_of(union))
    return f"{cells} hold only {digits} between them: each is in {where}, and this is its one place there"


def _hall_set_with(candidates: Sequence[int], cell: int, unit: AllDifferent) -> tuple[int, ...] | None:
    """The smallest group of the unit's cells holding ``cell`` whose cells hold only as
    many values between them as they are (a Hall set), ``cell`` first; ``None`` if none."""
    others = [c for c in unit.cells if c != cell]
    for size in range(len(others) + 1):
        for group in itertools.combinations(others, size):
            union = candidates[cell]
            for c in group:
                union |= candidates[c]
            if union.bit_count() == size + 1:
                return (cell, *group)
    return None


def _unit_premise(board: Board, unit: AllDifferent, cell: int) -> tuple[AllDifferent, ...]:
    """A single's premise: the unit, then the cell's other AllDifferents (where its digit leaves)."""
    others = (board.alldifferents[i] for i in board.containing[cell])
    return (unit,) + tuple(other for other in others if other != unit)


def _filtered(board: Board, key: object, propagate, candidates: list[int], cells, read=None) -> tuple | None:
    """The ``(cell, value)`` candidates ``propagate`` removes from ``cells``; ``None`` when
    they are those it last removed nothing from (:attr:`Board.quiet` under ``key``, which
    an empty answer records) or it finds a contradiction (not a step: the puzzle is checked
    to have a solution). ``read``, if given, reads those candidates (``operator.itemgetter``
    of two or more ``cells``: one call in place of a loop)."""
    masks = read(candidates) if read is not None else tuple(candidates[cell] for cell in cells)
    if board.quiet.get(key) == masks:
        return None
    tried = _propagated(propagate, candidates, cells)
    if tried is not None and not tried[1]:
        board.quiet[key] = masks
    return None if tried is None else tried[1]


def _apart(board: Board, cells: Sequence[int]) -> tuple[AllDifferent, ...]:
    """The AllDifferents holding two or more of ``cells``: what says those cells differ."""
    inside = set(cells)
    return tuple(a for a in board.alldifferents if len(inside.intersection(a.cells)) > 1)


def _propagated(propagate, candidates: list[int], cells) -> tuple[list[int], tuple] | None:
    """``propagate`` run on a copy of ``candidates``: the copy and the ``(cell, value)``
    candidates it removed from ``cells``; ``None`` when it finds a contradiction."""
    trial = candidates[:]
    if propagate(trial) is None:
        return None
    return trial, tuple((cell, v) for cell in cells for v in values_of(candidates[cell] & ~trial[cell]))


def chaos_regions(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """A chaos construction's regions (:mod:`sudoku_cp.model.chaos`: the grid cut into
    ``n`` connected regions of ``n`` cells, each holding every digit once, the region of
    each cell a hidden cell) keep only what the engine's propagator for them allows
    (:mod:`sudoku_cp.engine.chaos`: first appearance of the labels, different digits in
    one region, each digit once and ``n`` cells a region, connected): one
    :func:`variant_step` over the grid's digits and the regions."""
    for constraint, propagate in board.others:
        if constraint.origin.kind is OriginKind.CHAOS_CONSTRUCTION:
            yield from variant_step(board, candidates, constraint, propagate, "chaos construction")


def variant_step(
    board: Board, candidates: list[int], constraint: Constraint, propagate, technique: str
) -> Iterator[Deduction]:
    """The step of one variant constraint on its own, named ``technique`` (its table row's
    name): the candidates of its cells that ``propagate`` (the engine's propagator for it)
    removes, with the constraint, the AllDifferents its propagator relies on, and its
    argument (:func:`variant_argument`); nothing if it removes none (or finds a
    contradiction: the puzzle is checked to have a solution). From the candidates of its
    cells when it last removed none (:attr:`Board.quiet`), it is not tried again."""
    cells = constraint.cells
    removed = _filtered(board, id(constraint), propagate, candidates, cells)
    if removed:
        whole = board.whole_lines.get(id(constraint))
        group = board.seeing.get(id(constraint))
        if whole is not None:  # a renban line read whole: its AllDifferent and pair Relations
            used = (constraint, *whole[2])
        elif group is not None:  # pair clues on cells that see each other: the clues, their units
            used = group[1]
        elif id(constraint) in board.count_groups:  # count lines read together
            used = board.count_groups[id(constraint)][0]
        else:
            used = (constraint,) + tuple(
                a
                for a in board.alldifferents
                if a.origin == constraint.origin and a.cells == constraint.cells
            )
        if isinstance(constraint, Linear | Table | Sandwich | Skyscraper | Regular):
            # Their propagators may use that some cells differ (a little killer's or an
            # outside sum's combinations, a line clue's row): the AllDifferents that say so.
            used += _apart(board, cells)
        yield Deduction(
            technique,
            (),
            removed,
            tuple(constraint.cells),
            (),
            tuple((c, v) for c in constraint.cells for v in values_of(candidates[c])),
            used,
            lemma=board.reduced.get(id(constraint)),  # a clue holding whole units: the clue left
            argument=variant_argument(board, candidates, constraint, removed),
        )


def variant_argument(
    board: Board,
    candidates: Sequence[int],
    constraint: Constraint,
    removed: Sequence[tuple[int, int]] = (),
) -> Argument | None:
    """The argument of a variant step over ``constraint`` from the candidates before it
    (:mod:`sudoku_cp.reasoning.techniques.arguments`): a sum's digit combinations left (a killer
    cage, a little killer, an outside sum), or for one too wide to list them, its bounds when
    they account for every ``(cell, value)`` of ``removed``; an equation's totals (an arrow,
    a region-sum line; one holding whole units, those of the clue their sums leave), a
    sandwich's crust positions; ``None`` for another constraint."""
    masks = [candidates[c] for c in constraint.cells]
    reduction = board.reduced.get(id(constraint))
    if reduction is not None:  # a clue holding whole units: the totals of the clue their sums leave
        return reduced_totals(constraint, reduction.left, reduction.units, candidates, board.model.peers)
    if isinstance(constraint, Linear) and constraint.is_plain_sum:
        constraint = constraint.as_sum()
    if isinstance(constraint, Sum):
        peers = board.model.peers
        distinct = all(b in peers[a] for a, b in itertools.combinations(constraint.cells, 2))
        groups = () if distinct else distinct_groups(constraint.cells, peers)
        found = combinations_of(constraint, masks, board.value_count, distinct, groups)
        if found is None and removed:
            return _bounds(constraint, masks, (tuple(range(len(masks))),) if distinct else groups, removed)
        return found
    if isinstance(constraint, Linear):
        return totals_of(
            constraint, masks, apart_groups(constraint.cells, board.model.peers, constraint.coefficients)
        )
    if is_unit_sandwich(constraint, board.model):  # over a unit: the digits between differ
        placements = list(unit_sandwich_placements(masks, constraint.total, board.side))  # type: ignore[attr-defined]
        pairs = tuple(sorted({(a, b) for a, b, _, _ in placements}))
        between = tuple(sorted({values_of(c) for _, _, c, _ in placements if c}))
        return Crusts(constraint.total, board.side, pairs, between)  # type: ignore[attr-defined]
    if isinstance(constraint, Sandwich):
        return crusts_of(constraint, masks, board.value_count)
    whole = board.whole_lines.get(id(constraint))
    if whole is not None:
        return runs_of(whole[1], masks)
    apart = board.apart.get(id(constraint))
    if apart is not None:  # a table or short line whose cells see each other: its fillings left
        cells = constraint.cells  # type: ignore[attr-defined]
        peers = board.model.peers
        pairs = [
            (i, j) for i, j in itertools.combinations(range(len(cells)), 2) if cells[j] in peers[cells[i]]
        ]
        groups = distinct_groups(cells, peers)
        covered = {(i, j) for g in groups for i, j in itertools.combinations(g, 2)}
        groups += tuple(p for p in pairs if p not in covered)  # pairs no group holds
        return dataclasses.replace(fillings_of(apart, masks), why=(), apart=groups)
    group = board.seeing.get(id(constraint))
    if group is not None:  # pair clues on cells that see each other: the fillings they leave
        at = {cell: i for i, cell in enumerate(constraint.cells)}
        pairs = [(at[r.first], at[r.second], r.allowed) for r in group[1] if isinstance(r, Relation)]
        return fillings_of(constraint.allowed, masks, pairs)  # type: ignore[attr-defined]
    counted = board.count_groups.get(id(constraint))
    if counted is not None:  # count lines read together: each digit's counts left
        found = counted[2].counts(candidates)
        return None if found is None else Counts(len(constraint.cells), found[0], found[1])
    return None


def _bounds(
    constraint: Sum, masks: Sequence[int], groups: Sequence[Sequence[int]], removed: Sequence[tuple[int, int]]
) -> Bounds | None:
    """The sum's :class:`Bounds` when they remove exactly the step's ``removed`` on its
    cells (a filter that removes more, by the gaps between its totals, needs another
    argument: ``None``)."""
    found = bounds_of(constraint, masks, groups)
    if found is None:
        return None
    cells = constraint.cells
    kept = dict(found.kept)
    said = {(cells[i], v) for i, values in kept.items() for v in values_of(masks[i]) if v not in values}
    inside = set(cells)
    on_cells = {(c, v) for c, v in removed if c in inside}
    return found if said == on_cells else None


def innies_and_outies(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """The rule of 45: the sum a unit (or a run of parallel units) and the cages inside
    it, or meeting it, leave to the cells not covered (innies) or sticking out (outies).

    A last open cell of such a sum is placed; otherwise its cells keep the values that
    can make up the sum (a sum over cells of one AllDifferent uses distinct digits). From
    the candidates of its cells when it last removed none (:attr:`Board.quiet`), a sum is
    not tried again.
    """
    for implied, propagate in board.implied:
        cells = implied.sum.cells
        open_cells = [c for c in cells if c not in placed]
        if not open_cells:
            continue
        # a contradiction (None) is not a step: the puzzle is checked to have a solution
        removed = _filtered(board, ("implied", id(implied)), propagate, candidates, cells)
        if not removed:
            continue
        used = implied_premise(board, implied)
        pattern = tuple((c, v) for c in cells for v in values_of(candidates[c]))
        technique = f"rule of 45 ({implied.kind})"
        cell = open_cells[0]
        left = candidates[cell] & ~sum(1 << (v - 1) for c, v in removed if c == cell)
        if len(open_cells) == 1 and not left & (left - 1):
            value = left.bit_length()
            around = tuple(board.alldifferents[i] for i in board.containing[cell])
            yield Deduction(
                technique,
                ((cell, value),),
                placement_eliminations(board, candidates, cell, value),
                cells,
                (value,),
                pattern,
                tuple(dict.fromkeys(used + around)),
                _implied_reason(board, implied),
                implied,
            )
        else:
            reason = _implied_reason(board, implied)
            argument = variant_argument(board, candidates, implied.sum, removed)
            yield Deduction(
                technique, (), removed, cells, (), pattern, used, reason, implied, argument=argument
            )
    yield from innie_outie_differences(board, candidates)


def innie_outie_differences(board: Board, candidates: list[int]) -> Iterator[Deduction]:
    """The rule of 45 as a difference: the innies of a unit (or a run of parallel units)
    less the outies of some cages crossing it add up to a known number
    (:class:`~sudoku_cp.engine.sums.ImpliedDifference`, "r3c9 - r4c1 = 2"); the candidates
    no value of the others' fits are out. From the candidates of its cells when it last
    removed none (:attr:`Board.quiet`), a difference is not tried again."""
    readers = board.memo.get("difference readers")
    if readers is None:  # each difference's cells (two or more) read by one itemgetter
        readers = board.memo["difference readers"] = [
            operator.itemgetter(*d.difference.cells) for d, _ in board.differences
        ]
    for (implied, propagate), read in zip(board.differences, readers, strict=True):
        cells = implied.difference.cells
        removed = _filtered(board, ("difference", id(implied)), propagate, candidates, cells, read)
        if not removed:
            continue
        cages = implied.inside + implied.crossing
        origins = {c.origin for c in cages}
        twins = tuple(a for a in board.alldifferents if a.origin in origins)
        used = tuple(dict.fromkeys(implied.units + cages + twins + _apart(board, cells)))
        pattern = tuple((c, v) for c in cells for v in values_of(candidates[c]))
        reason = _difference_reason(board, implied)
        technique = "rule of 45 (innies minus outies)"
        yield Deduction(technique, (), removed, cells, (), pattern, used, reason, implied)


def _difference_reason(board: Board, implied: ImpliedDifference) -> str:
    """The arithmetic of an innie-outie difference in words: ``"rows 1, 2, 3 hold 135;
    cages 1, 2 inside them hold 67; cages 5, 6 crossing them hold 66, so r3c9 - r4c1 = 2"``."""
    n = board.side
    count = len(implied.units)
    parts = [f"{union_name([u.origin for u in implied.units])} {_verb(count)} {count * n * (n + 1) // 2}"]
    for cages, where in ((implied.inside, "inside"), (implied.crossing, "crossing")):
        if cages:
            numbers = [str(c.origin.number) if c.origin.kind is OriginKind.CAGE else c.label for c in cages]
            names = f"cage{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}"
            them = "it" if count == 1 else "them"
            parts.append(f"{names} {where} {them} {_verb(len(numbers))} {sum(c.total for c in cages)}")
    innies = " + ".join(cell_name(c, n) for c in implied.innies)
    outies = " - ".join(cell_name(c, n) for c in implied.outies)
    return f"{'; '.join(parts)}, so {innies} - {outies} = {implied.difference.rhs}"


def implied_premise(board: Board, implied: ImpliedSum) -> tuple[Constraint, ...]:
    """The constraints a rule-of-45 step uses (a forcing chain's step through an implied
    sum too): its units, its cages (with the cages' AllDifferents), and the AllDifferents
    that make two of its cells differ."""
    cage_origins = {c.origin for c in implied.cages}
    twins = tuple(a for a in board.alldifferents if a.origin in cage_origins)
    cells = set(implied.sum.cells)
    apart = tuple(a for a in board.alldifferents if len(cells.intersection(a.cells)) > 1)
    return tuple(dict.fromkeys(implied.units + implied.cages + twins + apart))


def _implied_reason(board: Board, implied: ImpliedSum) -> str:
    """The arithmetic of a rule-of-45 step in words: ``"row 5 holds 45; cages 12, 20
    inside it hold 10, so r5c3 + r5c4 = 35"``."""
    n = board.side
    units = union_name([u.origin for u in implied.units])
    count = len(implied.units)
    whole = f"{units} {_verb(count)} {board.digit_sum(count * n * (n + 1) // 2, count * n)}"
    numbers = [str(c.origin.number) if c.origin.kind is OriginKind.CAGE else c.label for c in implied.cages]
    cages = f"cage{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}"
    caged = sum(len(c.cells) for c in implied.cages)
    held = f"{_verb(len(numbers))} {board.digit_sum(sum(c.total for c in implied.cages), caged)}"
    if implied.kind == "outies":
        arithmetic = f"{cages} meeting {units} {held}; {whole}"
    elif implied.cages:
        arithmetic = f"{whole}; {cages} inside {'it' if len(implied.units) == 1 else 'them'} {held}"
    else:
        arithmetic = whole
    names = " + ".join(cell_name(c, n) for c in implied.sum.cells)
    return f"{arithmetic}, so {names} = {board.digit_sum(implied.sum.total, len(implied.sum.cells))}"


def _verb(count: int) -> str:
    return "holds" if count == 1 else "hold"


def locked_candidates(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """A value whose places in a unit all lie in another AllDifferent leaves the rest of it.

    What it finds on a value depends on that value's places alone: the values it found
    nothing on are skipped while their places are unchanged
    (:mod:`sudoku_cp.reasoning.techniques._unchanged`)."""
    memo = geometry(board).nothing
    planes = value_planes(candidates, placed, board.side)
    values = [v for v in range(1, board.side + 1) if not unchanged(memo, "locked candidates", v, planes)]
    yielded = False  # after a yield the caller may have changed the candidates: record nothing
    for unit in board.units:
        for value in values:
            bit = 1 << (value - 1)
            places = places_of(unit, candidates, bit)
            if len(places) < 2 or any(cell in placed for cell in places):
                continue
            shared = set(board.containing[places[0]]).intersection(*(board.containing[c] for c in places[1:]))
            for index in sorted(shared):
                other = board.alldifferents[index]
                if other is unit or other.cells == unit.cells:
                    continue
                removed = [c for c in other.cells if c not in places and candidates[c] & bit]
                if removed:
                    kind = f"locked candidates ({_locked_kind(unit, other)})"
                    yielded = True
                    yield Deduction.of_digit(kind, value, removed, places, (unit, other))
    for value in () if yielded else values:  # every unit looked at, nothing found
        found_nothing(memo, "locked candidates", value, planes)


def _locked_kind(unit: AllDifferent, other: AllDifferent) -> str:
    unit_is_line, other_is_line = unit.origin.kind in LINE_KINDS, other.origin.kind in LINE_KINDS
    if not unit_is_line and other_is_line:
        return "pointing"
    if unit_is_line and not other_is_line:
        return "claiming"
    return f"{unit.origin.noun} and {other.origin.noun}"


_SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}


def _hall_sets(
    items: Sequence[int], bits: Sequence[int] | Mapping[int, int], size: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """The groups of ``size`` of ``items`` whose bit sets (``bits[item]``) hold ``size``
    bits between them, each with that union: Hall sets, of cells over their candidates
    (naked subsets) or of values over their places (hidden subsets)."""
    for group in itertools.combinations(items, size):
        union = 0
        for item in group:
            union |= bits[item]
        if union.bit_count() == size:
            yield group, union


def naked_subsets(size: int) -> Finder:
    """``size`` cells of an AllDifferent whose candidates hold ``size`` values between
    them keep those values from its other cells (naked pair, triple, quad)."""

    def in_one(
        constraint: AllDifferent, board: Board, candidates: list[int], placed: set[int]
    ) -> Iterator[Deduction]:
        open_cells = [c for c in constraint.cells if c not in placed]
        for group, union in _hall_sets(open_cells, candidates, size):
            removed = tuple(
                (c, v) for c in open_cells if c not in group for v in values_of(candidates[c] & union)
            )
            if removed:
                yield Deduction(
                    f"naked {_SUBSET_NAMES[size]}",
                    (),
                    removed,
                    group,
                    values_of(union),
                    tuple((c, v) for c in group for v in values_of(candidates[c])),
                    (constraint,),
                )

    return _subset_finder(size, "naked", lambda board: board.alldifferents, in_one)


def hidden_subsets(size: int) -> Finder:
    """``size`` values with ``size`` places between them in a unit: those cells keep only
    those values (hidden pair, triple, quad)."""

    def in_one(
        unit: AllDifferent, board: Board, candidates: list[int], placed: set[int]
    ) -> Iterator[Deduction]:
        open_cells = [c for c in unit.cells if c not in placed]
        done = 0
        for cell in unit.cells:
            if cell in placed:
                done |= candidates[cell]
        open_values = [v for v in range(1, board.side + 1) if not done >> (v - 1) & 1]
        spots = {}  # value -> its places among the open cells, as a bit set of their indices
        for v in open_values:
            bit = 1 << (v - 1)
            spots[v] = sum(1 << i for i, c in enumerate(open_cells) if candidates[c] & bit)
        for group, where in _hall_sets(open_values, spots, size):
            mask = sum(1 << (v - 1) for v in group)
            places = [c for i, c in enumerate(open_cells) if where >> i & 1]
            removed = tuple((c, v) for c in places for v in values_of(candidates[c] & ~mask))
            if removed:
                yield Deduction(
                    f"hidden {_SUBSET_NAMES[size]}",
                    (),
                    removed,
                    tuple(places),
                    group,
                    tuple((c, v) for c in places for v in values_of(candidates[c] & mask)),
                    (unit,),
                )

    return _subset_finder(size, "hidden", lambda board: board.units, in_one)


def _subset_finder(size: int, kind: str, groups, in_one) -> Finder:
    """The finder of ``kind`` (``"naked"``, ``"hidden"``) subsets of ``size``: ``in_one(group,
    board, candidates, placed)`` over each of ``groups(board)`` (:func:`per_group`)."""

    def find(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
        yield from per_group(
            board,
            candidates,
            placed,
            groups(board),
            (f"{kind} subset", size),
            lambda group: in_one(group, board, candidates, placed),
        )

    find.__name__ = find.__qualname__ = f"{kind}_{_SUBSET_NAMES[size]}s"
    return find
