"""Solving techniques as people name them, over any puzzle's constraint model.

Each technique looks at the *candidates* (pencil marks: bit ``v - 1`` of a cell's mask
is set while ``v`` is possible) and yields :class:`Deduction`\\ s: the digits it places
and the candidates it removes, with the premises that justify them (the pattern's
cells, values and candidates, and the constraints used). They work on the constraint
vocabulary (:mod:`sudoku_cp.constraints`), so they apply to every variant and size: a
*unit* is any AllDifferent over ``n`` cells (row, column, box, jigsaw region, diagonal,
window); a smaller AllDifferent (a cage, an anti-knight pair) still excludes repeats.

Simplest first (:data:`TECHNIQUES`), in the spirit of the cost-ordered explanation
steps of Bogaerts, Gamba and Guns, "Step-wise explanations of constraint satisfaction
problems", Artificial Intelligence 2021 (the fewer constraints and candidates a step
needs, the simpler it is):

=========================  ================================================================
technique                  what it sees
=========================  ================================================================
naked single               a cell with one candidate left: it takes it
hidden single              a value with one place left in a unit: it goes there
a variant's constraint     one cage, thermometer, inequality or dot on its own keeps only
                           the values it supports (cage combinations, thermometer order...)
rule of 45                 a unit (or a run of parallel units) adds up to ``n(n+1)/2`` each;
                           less the cages inside it, its other cells (*innies*) have a known
                           sum; the cages meeting it, less it, leave the cells sticking out
                           (*outies*) a known sum: it places a last open cell or keeps the
                           values that can make up the sum
locked candidates          a value whose places in a unit all lie in another AllDifferent
                           leaves the rest of that one: *pointing* (box to line),
                           *claiming* (line to box)
naked pair/triple/quad     ``k`` cells of an AllDifferent with ``k`` candidates between them
                           keep those values from its other cells
hidden pair/triple/quad    ``k`` values with ``k`` places between them in a unit: those
                           cells keep only those values
X-Wing, Swordfish          a value whose places in ``k`` rows lie in ``k`` columns leaves
                           the rest of those columns (and rows with columns swapped)
=========================  ================================================================

The names are those of the Sudoku community's solvers and guides (e.g. HoDoKu; Andrew
Stuart's "SudokuWiki" strategy list). Naked and hidden subsets are Hall's theorem on one
AllDifferent, as in the AllDifferent propagators of Régin (AAAI 1994), limited to
``k <= 4`` as people do.

A variant's constraint is applied with the backtracker's own propagator for it (the one
:mod:`sudoku_cp.backends.backtracking` searches with), so the reasoning is written once;
so are the rule of 45's sums (:func:`sudoku_cp.engine.sums.implied_sum_sources`, which
the backtracker also propagates).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from sudoku_cp.constraints import (
    LINE_KINDS,
    AllDifferent,
    Constraint,
    Less,
    Model,
    OriginKind,
    Relation,
    Sum,
    cell_name,
    union_name,
)
from sudoku_cp.engine.propagators import propagator
from sudoku_cp.engine.sums import ImpliedSum, implied_sum_sources

MAX_SUBSET = 4
"""The largest naked or hidden subset looked for: quads."""


@dataclass(frozen=True)
class Deduction:
    """One step of reasoning, over row-major cell indices.

    Attributes:
        technique: its standard name (``"hidden single"``, ``"X-Wing"``, ``"cage"``...).
        placements: ``(cell, value)`` digits it places.
        eliminations: ``(cell, value)`` candidates it removes (a placement's other
            candidates and the value from the cell's peers included).
        cells: the cells of the pattern it sees.
        values: the values of the pattern.
        candidates: ``(cell, value)``: the pattern's candidates.
        constraints: the constraints it uses (the premise, with the current candidates
            of their cells).
        reason: for a technique whose premise is more than a pattern, the arithmetic or
            argument in words (the rule of 45: ``"row 1 holds 45; ... so r1c9 = 7"``);
            ``""`` otherwise.
        lemma: the rule of 45's sum the step applies (derived from ``constraints``), or
            ``None``: a checker verifies its arithmetic, then may use it as a premise.
    """

    technique: str
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]
    cells: tuple[int, ...]
    values: tuple[int, ...]
    candidates: tuple[tuple[int, int], ...]
    constraints: tuple[Constraint, ...]
    reason: str = ""
    lemma: ImpliedSum | None = None


class Board:
    """What the techniques need from a model, computed once.

    Attributes:
        model: the compiled puzzle.
        side: ``n``.
        units: the AllDifferents over ``n`` cells.
        alldifferents: every AllDifferent.
        containing: for each cell, the indices (into ``alldifferents``) of those holding it.
        others: each Sum, Less and Relation with its propagator.
        implied: each sum of the rule of 45 (an :class:`ImpliedSum` over up to ``n``
            cells) with its propagator.
        lines: the rows then the columns, for fish (X-Wing, Swordfish).
    """

    def __init__(self, model: Model) -> None:
        self.model = model
        self.side = model.side
        self.units = model.units
        self.alldifferents = model.of_kind(AllDifferent)
        containing: list[list[int]] = [[] for _ in range(model.cell_count)]
        for index, constraint in enumerate(self.alldifferents):
            for cell in constraint.cells:
                containing[cell].append(index)
        self.containing = tuple(tuple(c) for c in containing)
        self.others = tuple(
            (c, propagator(c, model)) for c in model.constraints if isinstance(c, Sum | Less | Relation)
        )
        self.implied = tuple(
            (implied, propagator(implied.sum, model)) for implied in implied_sum_sources(model, model.side)
        )
        self.rows = self._lines(OriginKind.ROW)
        self.columns = self._lines(OriginKind.COLUMN)

    def _lines(self, kind: OriginKind) -> tuple[AllDifferent, ...]:
        """The units of that kind, by their number (row 1 first)."""
        return tuple(sorted((u for u in self.units if u.origin.kind is kind), key=lambda u: u.origin.number))

    def initial(self) -> list[int]:
        """The candidates people start from: each cell's domain (givens and even/odd
        applied) less the given digits of its peers."""
        candidates = [sum(1 << (v - 1) for v in domain) for domain in self.model.domains()]
        for cell, value in enumerate(self.model.givens):
            if value:
                for peer in self.model.peers[cell]:
                    candidates[peer] &= ~(1 << (value - 1))
        return candidates


def values_of(mask: int) -> tuple[int, ...]:
    """The values of a candidate mask, ascending."""
    return tuple(v + 1 for v in range(mask.bit_length()) if mask >> v & 1)


def _places(unit: AllDifferent, candidates: Sequence[int], bit: int) -> list[int]:
    return [cell for cell in unit.cells if candidates[cell] & bit]


def _placement(board: Board, candidates: Sequence[int], cell: int, value: int) -> tuple:
    """A placement's eliminations: the cell's other candidates, the value from its peers."""
    bit = 1 << (value - 1)
    others = tuple((cell, v) for v in values_of(candidates[cell] & ~bit))
    peers = tuple((p, value) for p in board.model.peers[cell] if candidates[p] & bit)
    return others + peers


# -- the techniques ---------------------------------------------------------------------------


def _single(
    technique: str, board: Board, candidates: Sequence[int], cell: int, value: int, used: tuple
) -> Deduction:
    """The deduction that places ``value`` in ``cell`` (a naked or hidden single)."""
    return Deduction(
        technique,
        ((cell, value),),
        _placement(board, candidates, cell, value),
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
            places = _places(unit, candidates, 1 << (value - 1))
            if len(places) == 1 and places[0] not in placed:
                cell = places[0]
                used = (unit,) + tuple(
                    board.alldifferents[i] for i in board.containing[cell] if board.alldifferents[i] != unit
                )
                yield _single("hidden single", board, candidates, cell, value, used)


def variant_constraints(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """One cage, thermometer, inequality or Kropki dot keeps only the values it supports."""
    for constraint, propagate in board.others:
        trial = candidates[:]
        if propagate(trial) is None:
            continue  # a contradiction: not a step (the puzzle is checked to have a solution)
        removed = tuple(
            (cell, v) for cell in constraint.cells for v in values_of(candidates[cell] & ~trial[cell])
        )
        if removed:
            used = (constraint,) + tuple(
                a
                for a in board.alldifferents
                if a.origin == constraint.origin and a.cells == constraint.cells
            )
            yield Deduction(
                variant_technique(constraint),
                (),
                removed,
                tuple(constraint.cells),
                (),
                tuple((c, v) for c in constraint.cells for v in values_of(candidates[c])),
                used,
            )


def variant_technique(constraint: Constraint) -> str:
    """The name of the reasoning one variant constraint supports: ``"cage combinations"``,
    ``"thermometer"``, ``"inequality"``, ``"Kropki dot"``..."""
    kind = constraint.origin.kind
    if isinstance(constraint, Sum):
        return "cage combinations" if kind is OriginKind.CAGE else "sum"
    if isinstance(constraint, Less):
        return "thermometer" if kind is OriginKind.THERMOMETER else "inequality"
    if isinstance(constraint, Relation):
        if kind in (OriginKind.WHITE_DOT, OriginKind.BLACK_DOT):
            return "Kropki dot"
        negative = (OriginKind.NO_WHITE_DOT, OriginKind.NO_BLACK_DOT, OriginKind.NO_DOT)
        return "no dot" if kind in negative else "relation"
    return "constraint"


def innies_and_outies(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """The rule of 45: the sum a unit (or a run of parallel units) and the cages inside
    it, or meeting it, leave to the cells not covered (innies) or sticking out (outies).

    A last open cell of such a sum is placed; otherwise its cells keep the values that
    can make up the sum (a sum over cells of one AllDifferent uses distinct digits).
    """
    for implied, propagate in board.implied:
        open_cells = [c for c in implied.sum.cells if c not in placed]
        if not open_cells:
            continue
        trial = candidates[:]
        if propagate(trial) is None:
            continue  # a contradiction: not a step (the puzzle is checked to have a solution)
        removed = tuple((c, v) for c in open_cells for v in values_of(candidates[c] & ~trial[c]))
        if not removed:
            continue
        cells = implied.sum.cells
        used = _implied_premise(board, implied)
        pattern = tuple((c, v) for c in cells for v in values_of(candidates[c]))
        technique = f"rule of 45 ({implied.kind})"
        cell = open_cells[0]
        if len(open_cells) == 1 and not trial[cell] & (trial[cell] - 1):
            value = trial[cell].bit_length()
            around = tuple(board.alldifferents[i] for i in board.containing[cell])
            yield Deduction(
                technique,
                ((cell, value),),
                _placement(board, candidates, cell, value),
                cells,
                (value,),
                pattern,
                tuple(dict.fromkeys(used + around)),
                _implied_reason(board, implied),
                implied,
            )
        else:
            reason = _implied_reason(board, implied)
            yield Deduction(technique, (), removed, cells, (), pattern, used, reason, implied)


def _implied_premise(board: Board, implied: ImpliedSum) -> tuple[Constraint, ...]:
    """The constraints a rule-of-45 step uses: its units, its cages (with the cages'
    AllDifferents), and the AllDifferents that make two of its cells differ."""
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
    whole = f"{units} {_verb(len(implied.units))} {len(implied.units) * n * (n + 1) // 2}"
    numbers = [str(c.origin.number) if c.origin.kind is OriginKind.CAGE else c.label for c in implied.cages]
    cages = f"cage{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}"
    held = f"{_verb(len(numbers))} {sum(c.total for c in implied.cages)}"
    if implied.kind == "outies":
        arithmetic = f"{cages} meeting {units} {held}; {whole}"
    elif implied.cages:
        arithmetic = f"{whole}; {cages} inside {'it' if len(implied.units) == 1 else 'them'} {held}"
    else:
        arithmetic = whole
    names = " + ".join(cell_name(c, n) for c in implied.sum.cells)
    return f"{arithmetic}, so {names} = {implied.sum.total}"


def _verb(count: int) -> str:
    return "holds" if count == 1 else "hold"


def locked_candidates(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """A value whose places in a unit all lie in another AllDifferent leaves the rest of it."""
    for unit in board.units:
        for value in range(1, board.side + 1):
            bit = 1 << (value - 1)
            places = _places(unit, candidates, bit)
            if len(places) < 2 or any(cell in placed for cell in places):
                continue
            shared = set(board.containing[places[0]]).intersection(*(board.containing[c] for c in places[1:]))
            for index in sorted(shared):
                other = board.alldifferents[index]
                if other is unit or other.cells == unit.cells:
                    continue
                removed = tuple((c, value) for c in other.cells if c not in places and candidates[c] & bit)
                if removed:
                    yield Deduction(
                        f"locked candidates ({_locked_kind(unit, other)})",
                        (),
                        removed,
                        tuple(places),
                        (value,),
                        tuple((c, value) for c in places),
                        (unit, other),
                    )


def _locked_kind(unit: AllDifferent, other: AllDifferent) -> str:
    unit_is_line, other_is_line = unit.origin.kind in LINE_KINDS, other.origin.kind in LINE_KINDS
    if not unit_is_line and other_is_line:
        return "pointing"
    if unit_is_line and not other_is_line:
        return "claiming"
    return f"{unit.origin.noun} and {other.origin.noun}"


_SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}


def naked_subsets(size: int) -> Callable[[Board, list[int], set[int]], Iterator[Deduction]]:
    """``size`` cells of an AllDifferent whose candidates hold ``size`` values between
    them keep those values from its other cells (naked pair, triple, quad)."""

    def find(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
        for constraint in board.alldifferents:
            open_cells = [c for c in constraint.cells if c not in placed]
            for group in itertools.combinations(open_cells, size):
                union = 0
                for cell in group:
                    union |= candidates[cell]
                if union.bit_count() != size:
                    continue
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

    find.__name__ = f"naked_{_SUBSET_NAMES[size]}s"
    return find


def hidden_subsets(size: int) -> Callable[[Board, list[int], set[int]], Iterator[Deduction]]:
    """``size`` values with ``size`` places between them in a unit: those cells keep only
    those values (hidden pair, triple, quad)."""

    def find(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
        for unit in board.units:
            open_cells = [c for c in unit.cells if c not in placed]
            done = 0
            for cell in unit.cells:
                if cell in placed:
                    done |= candidates[cell]
            open_values = [v for v in range(1, board.side + 1) if not done >> (v - 1) & 1]
            for group in itertools.combinations(open_values, size):
                mask = sum(1 << (v - 1) for v in group)
                places = [c for c in open_cells if candidates[c] & mask]
                if len(places) != size:
                    continue
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

    find.__name__ = f"hidden_{_SUBSET_NAMES[size]}s"
    return find


_FISH_NAMES = {2: "X-Wing", 3: "Swordfish"}


def fish(size: int) -> Callable[[Board, list[int], set[int]], Iterator[Deduction]]:
    """A value whose places in ``size`` rows lie in ``size`` columns leaves the other
    cells of those columns (and with rows and columns swapped): X-Wing, Swordfish."""

    def find(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
        n = board.side
        for bases, covers, axis in ((board.rows, board.columns, 1), (board.columns, board.rows, 0)):
            if len(bases) != n or len(covers) != n:
                continue
            for value in range(1, n + 1):
                bit = 1 << (value - 1)
                spots = {}
                for index, line in enumerate(bases):
                    places = _places(line, candidates, bit)
                    if 2 <= len(places) <= size and not any(c in placed for c in places):
                        spots[index] = places
                for chosen in itertools.combinations(sorted(spots), size):
                    cells = [c for index in chosen for c in spots[index]]
                    cover = sorted({divmod(c, n)[axis] for c in cells})
                    if len(cover) != size:
                        continue
                    removed = tuple(
                        (c, value)
                        for k in cover
                        for c in covers[k].cells
                        if c not in cells and candidates[c] & bit
                    )
                    if removed:
                        yield Deduction(
                            _FISH_NAMES[size],
                            (),
                            removed,
                            tuple(sorted(cells)),
                            (value,),
                            tuple((c, value) for c in sorted(cells)),
                            tuple(bases[i] for i in chosen) + tuple(covers[k] for k in cover),
                        )

    find.__name__ = _FISH_NAMES[size].lower().replace("-", "_")
    return find


Technique = Callable[[Board, list[int], set[int]], Iterator[Deduction]]

TECHNIQUES: tuple[Technique, ...] = (
    naked_singles,
    hidden_singles,
    variant_constraints,
    innies_and_outies,
    locked_candidates,
    naked_subsets(2),
    hidden_subsets(2),
    naked_subsets(3),
    hidden_subsets(3),
    naked_subsets(4),
    hidden_subsets(4),
    fish(2),
    fish(3),
)
"""Every technique, simplest first."""


def next_deduction(
    board: Board, candidates: list[int], placed: set[int], techniques: Sequence[Technique] = TECHNIQUES
) -> Deduction | None:
    """The first deduction of the simplest technique that finds one, or ``None``."""
    for technique in techniques:
        for deduction in technique(board, candidates, placed):
            return deduction
    return None


__all__ = [
    "Board",
    "Deduction",
    "MAX_SUBSET",
    "TECHNIQUES",
    "Technique",
    "fish",
    "hidden_singles",
    "hidden_subsets",
    "innies_and_outies",
    "locked_candidates",
    "naked_singles",
    "naked_subsets",
    "next_deduction",
    "values_of",
    "variant_constraints",
]
