"""The argument of a variant step, as data: what a killer cage's digit combinations, an
arrow's totals or a sandwich's crusts still allow, from which the step's removals follow.

The variant community argues a step this way (SudokuWiki's "Killer Combinations", the
cage tables of every killer solving guide): "12 in 3 cells without 1: {2,3,7}, {2,4,6},
{3,4,5}", so a cell whose candidates meet none of them loses them. A finder computes the
argument from the candidates before the step (:func:`combinations_of`, :func:`totals_of`,
:func:`crusts_of`); the step's text is written from it (:meth:`Combinations.text`...),
never parsed back. Each argument holds no cell index, only digits, totals and positions
along the constraint's cells, so it reads the same over a model's cells and over
``(row, column)`` positions.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from sudoku_cp.model.constraints import AllDifferent, Linear, Sandwich, Sum
from sudoku_cp.model.digits import shift_of

MAX_ASSIGNMENTS = 20_000
"""The most assignments (or digit sets) :func:`combinations_of` enumerates: beyond it
(a sum over cells that may repeat a digit with many candidates, a large cage of a 16x16
or 25x25 grid) the step carries no combinations."""


def _values(mask: int) -> tuple[int, ...]:
    return tuple(v + 1 for v in range(mask.bit_length()) if mask >> v & 1)


def _differ(groups: Sequence[Sequence[int]], name: Callable[[int], str]) -> str:
    """``"r1c1, r1c2; r3c3, r4c4 differ"``: the groups of positions that take different
    digits, each position by ``name``."""
    return "; ".join(", ".join(map(name, group)) for group in groups) + " differ"


def _braces(digits: Sequence[int]) -> str:
    return "{" + ",".join(map(str, digits)) + "}"


@dataclass(frozen=True)
class Combinations:
    """The digit combinations a sum (a killer cage, a little killer, an outside sum) can
    still take: the digit sets that fill its cells within their candidates.

    Attributes:
        total: the sum.
        size: the number of cells.
        distinct: True when the cells are pairwise different (a cage): each combination
            is a set of digits; else a multiset (a digit may repeat).
        without: digits some combination of the bare arithmetic uses that no cell can
            take any more, increasing.
        left: each combination still possible, its digits increasing; the combinations
            in increasing order.
        groups: for a sum whose cells may repeat a digit, the positions (along its cells)
            of the groups of cells that must differ (:func:`distinct_groups`): a
            combination fills them with different digits.
    """

    total: int
    size: int
    distinct: bool
    without: tuple[int, ...]
    left: tuple[tuple[int, ...], ...]
    groups: tuple[tuple[int, ...], ...] = ()

    def text(self, names: Sequence[str] = ()) -> str:
        """The community's wording: ``"12 in 3 cells without 1: {2,3,7}, {2,4,6}, {3,4,5}"``;
        a sum whose cells may repeat names the groups of cells that differ.

        >>> Combinations(12, 3, True, (1,), ((2, 3, 7), (2, 4, 6), (3, 4, 5))).text()
        '12 in 3 cells without 1: {2,3,7}, {2,4,6}, {3,4,5}'
        >>> Combinations(5, 3, False, (), ((1, 1, 3), (1, 2, 2)), ((0, 1),)).text(["r1c1", "r1c2", "r3c3"])
        '5 in 3 cells (r1c1, r1c2 differ): {1,1,3}, {1,2,2}'
        """
        head = f"{self.total} in {self.size} cell{'s' if self.size != 1 else ''}"
        if self.groups:

            def name(i: int) -> str:
                return names[i] if names else f"#{i + 1}"

            head += f" ({_differ(self.groups, name)})"
        if self.without:
            head += " without " + ", ".join(map(str, self.without))
        return f"{head}: {', '.join(_braces(c) for c in self.left)}"


@dataclass(frozen=True)
class Totals:
    """The totals an arrow (or any ``Σ a_i·x_i = rhs`` clue) can still reach: the sums of
    its positive side (an arrow's shaft) that its negative side (the circle) can match.

    Attributes:
        totals: the totals still possible, increasing.
        side: the positions (indices into the constraint's cells) of the positive side.
        other: the positions of the negative side (an arrow's circle).
        weights: the negative side's coefficients, as positive numbers (``(10, 1)`` for
            a two-digit circle), one per position of ``other``.
        groups: the positions of the cells that must differ (peers), group by group.
        side_weights: the positive side's coefficients, one per position of ``side``;
            ``()`` when all are 1 (an arrow's shaft).
        units: the units summed first (a clue holding whole units,
            :func:`reduced_totals`), by name; ``()`` for none.
        unit_total: what each of those units adds up to (``n(n+1)/2``).
    """

    totals: tuple[int, ...]
    side: tuple[int, ...]
    other: tuple[int, ...] = ()
    weights: tuple[int, ...] = ()
    groups: tuple[tuple[int, ...], ...] = ()
    side_weights: tuple[int, ...] = ()
    units: tuple[str, ...] = ()
    unit_total: int = 0

    def text(self, names: Sequence[str] = ()) -> str:
        """``"r1c2 + r1c3 (= r1c1) can total only 3, 4"`` (over the cell names, when
        given); a candidate goes when no total is left with it. Cells that must differ
        (:attr:`groups`: peers) are named after the equation.

        >>> Totals((3, 4), (1, 2), (0,)).text(["r1c1", "r1c2", "r1c3"])
        'r1c2 + r1c3 (= r1c1) can total only 3, 4'
        >>> Totals((12, 13), (2, 3, 4), (0, 1), (10, 1)).text(["r1c1", "r1c2", "r2c1", "r3c1", "r4c1"])
        'r2c1 + r3c1 + r4c1 (= 10·r1c1 + r1c2) can total only 12, 13'
        >>> Totals((3, 4, 5), (1, 2), (0,), (1,), ((1, 2),)).text(["r1c1", "r1c2", "r1c3"])
        'r1c2 + r1c3 (= r1c1; r1c2, r1c3 differ) can total only 3, 4, 5'
        """
        if not names:
            return f"the sum can total only {', '.join(map(str, self.totals))}"
        shaft = " + ".join(_term(a, names[i]) for i, a in zip(self.side, self._side_weights, strict=True))
        inside = []
        if self.other:
            weights = self.weights or (1,) * len(self.other)
            terms = [_term(a, names[i]) for i, a in zip(self.other, weights, strict=True)]
            inside.append(f"= {' + '.join(terms)}")
        if self.groups:
            inside.append(_differ(self.groups, names.__getitem__))
        if inside:
            shaft += f" ({'; '.join(inside)})"
        said = f"{shaft} can total only {', '.join(map(str, self.totals))}"
        if len(self.units) == 1:
            said = f"{self.units[0]} adds up to {self.unit_total}, so {said}"
        elif self.units:
            said = f"{', '.join(self.units)} add up to {self.unit_total} each, so {said}"
        return said

    @property
    def _side_weights(self) -> tuple[int, ...]:
        return self.side_weights or (1,) * len(self.side)


def _term(weight: int, name: str) -> str:
    return name if weight == 1 else f"{weight}·{name}"


@dataclass(frozen=True)
class Crusts:
    """Where a sandwich clue's crusts (its ``1`` and its ``n``) can still stand: each pair
    of positions along the line for which the cells between can add up to the clue.

    Attributes:
        total: the clue.
        side: ``n``.
        pairs: ``(position of 1, position of n)`` along the line's cells, in order.
        between: for a clue over a whole unit (its digits all different), the
            combinations of digits that can still stand between the crusts, each
            increasing, in increasing order; ``()`` otherwise.
    """

    total: int
    side: int
    pairs: tuple[tuple[int, int], ...]
    between: tuple[tuple[int, ...], ...] = ()

    def text(self, names: Sequence[str] = ()) -> str:
        """``"1 and 9 around 15 only at r1c2/r1c6, r1c6/r1c2"``, then the combinations
        between them when known.

        >>> Crusts(15, 9, ((1, 5), (5, 1))).text([f"r1c{c}" for c in range(1, 10)])
        '1 and 9 around 15 only at r1c2/r1c6, r1c6/r1c2'
        >>> Crusts(4, 9, ((3, 5),), ((4,),)).text()
        '1 and 9 around 4 only at #4/#6, with {4} between'
        """

        def name(i: int) -> str:
            return names[i] if names else f"#{i + 1}"

        where = ", ".join(f"{name(i)}/{name(j)}" for i, j in self.pairs)
        said = f"1 and {self.side} around {self.total} only at {where}"
        if self.between:
            said += f", with {' or '.join(_braces(c) for c in self.between)} between"
        return said


@dataclass(frozen=True)
class Runs:
    """The runs a renban line can still hold: the sets of consecutive digits its cells can
    be matched to one-to-one within their candidates (the digits of each run increasing,
    the runs in increasing order).

    Attributes:
        size: the number of cells.
        left: each run still possible.
    """

    size: int
    left: tuple[tuple[int, ...], ...]

    def text(self, names: Sequence[str] = ()) -> str:
        """The community's wording: ``"4 cells: runs 3-6, 4-7 left"``.

        >>> Runs(4, ((3, 4, 5, 6), (4, 5, 6, 7))).text()
        '4 cells: runs 3-6, 4-7 left'
        """

        def run(digits: Sequence[int]) -> str:
            if list(digits) == list(range(digits[0], digits[0] + len(digits))):
                return f"{digits[0]}-{digits[-1]}" if len(digits) > 1 else str(digits[0])
            return _braces(digits)

        word = "run" if len(self.left) == 1 else "runs"
        return f"{self.size} cells: {word} {', '.join(map(run, self.left))} left"


def runs_of(runs: Sequence[int], masks: Sequence[int]) -> Runs:
    """The :class:`Runs` of a renban line whose cells have candidate ``masks`` among its
    ``runs`` (value masks, :func:`~sudoku_cp.reasoning.techniques.board.renban_runs`):
    those a matching of digits to cells fits.

    >>> runs_of([0b111, 0b1110, 0b11100], [0b10, 0b1000, 0b11111])  # 2 and 4 on a 3-line
    Runs(size=3, left=((2, 3, 4),))
    """
    left = tuple(_values(r) for r in runs if _matches(masks, _values(r)))
    return Runs(len(masks), left)


MAX_FILLINGS_SHOWN = 12
"""The most fillings a :class:`Fillings` text lists (then how many more)."""


@dataclass(frozen=True)
class Fillings:
    """The digits a group of cells that see each other can still hold under the pair
    clues between them (a whispers or other relation line whose cells lie in one box):
    each filling the clues allow, as the digits of the cells in order, and why each digit
    removed fails.

    Attributes:
        left: each filling still possible (one digit per cell, the cells' order).
        apart: for a clue over cells only some of which see each other (an ambiguous
            arrow: :func:`~sudoku_cp.reasoning.techniques.line_fillings.apart_fillings`), the groups
            of positions that take different digits, said instead of "see each other";
            ``()`` for a group of cells that all do.
        why: for each digit removed, when the clues say it at a glance, ``(position, digit,
            others, digits, clash)``: with that digit at that cell (a position into the
            cells), the cells at ``others`` could hold only ``digits`` between them, fewer
            than they are (none: a cell left without a digit), or with ``clash``, two cells
            whose own clue fits no two of those digits; empty when some removal needs the
            fillings.
    """

    left: tuple[tuple[int, ...], ...]
    why: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...], bool], ...] = ()
    apart: tuple[tuple[int, ...], ...] = ()

    def text(self, names: Sequence[str] = ()) -> str:
        """When each digit set left may go in any order, the sets (``"r1c1, r1c2, r2c1 see
        each other: {1,5,9} in any order left"``); else why each removed digit fails
        (``"r1c2=4 leaves r1c1, r1c3 only 9"``); else the fillings left (``"1-6-2, 2-7-1
        left"``). Without ``names``, ``"3 cells that see each other"``, ``"cell 2=4"``.

        >>> Fillings(tuple(itertools.permutations((1, 5, 9)))).text()
        '3 cells that see each other: {1,5,9} in any order left'
        >>> Fillings(((1, 6, 2), (2, 7, 1))).text(["r1c1", "r1c2", "r2c1"])
        'r1c1, r1c2, r2c1 see each other: 1-6-2, 2-7-1 left'
        >>> why = ((1, 4, (0, 2), (9,), False), (0, 5, (1,), (), False))
        >>> Fillings(((1, 6, 2),), why).text(["r1c1", "r1c2", "r1c3"])
        'r1c1, r1c2, r1c3 see each other: r1c2=4 leaves r1c1, r1c3 only 9; r1c1=5 leaves r1c2 no digit'
        >>> Fillings(((6, 2, 4, 9), (6, 4, 2, 1)), apart=((0, 1, 2),)).text(["r1c1", "r1c2", "r2c2", "r4c4"])
        'r1c1, r1c2, r2c2 differ: 6-2-4-9, 6-4-2-1 left'
        """
        size = len(self.left[0]) if self.left else 0
        called = list(names) or [f"cell {i + 1}" for i in range(max([size, *(w[0] + 1 for w in self.why)]))]
        if self.apart:  # a clue over cells some of which see each other: which differ
            listed = ", ".join("-".join(map(str, f)) for f in self.left[:MAX_FILLINGS_SHOWN])
            if len(self.left) > MAX_FILLINGS_SHOWN:
                listed += f" and {len(self.left) - MAX_FILLINGS_SHOWN} more"
            return f"{_differ(self.apart, called.__getitem__)}: {listed or 'none'} left"
        who = ", ".join(names) if names else f"{size} cells that"
        sets = sorted({tuple(sorted(f)) for f in self.left})
        if len(self.left) == len(sets) * math.factorial(size) > len(sets):  # every order of each set
            shown, more, tail = [_braces(d) for d in sets], len(sets), " in any order left"
        elif self.why:
            reasons = [
                f"{called[p]}={v} leaves "
                + (
                    f"{', '.join(called[i] for i in others)} only {', '.join(map(str, digits))}"
                    + (", no two of which their clue allows together" if clash else "")
                    if digits
                    else f"{called[others[0]]} no digit"
                )
                for p, v, others, digits, clash in self.why
            ]
            return f"{who} see each other: " + "; ".join(reasons)
        else:
            shown, more, tail = ["-".join(map(str, f)) for f in self.left], len(self.left), " left"
        listed = ", ".join(shown[:MAX_FILLINGS_SHOWN])
        if more > MAX_FILLINGS_SHOWN:
            listed += f" and {more - MAX_FILLINGS_SHOWN} more"
        return f"{who} see each other: {listed or 'none'}{tail}"


def fillings_of(
    allowed: Iterable[tuple[int, ...]],
    masks: Sequence[int],
    pairs: Sequence[tuple[int, int, frozenset[tuple[int, int]]]] = (),
) -> Fillings:
    """The :class:`Fillings` of a group of cells with candidate ``masks`` among the tuples
    its clues ``allowed`` (values, ascending): those within every cell's candidates, and
    why each candidate in no such filling fails when one look says it: placed, its clues
    ``pairs`` (positions ``i``, ``j`` and the value pairs the clue allows them) leave some
    of the other cells fewer digits than they are, the cells seeing each other
    (:attr:`Fillings.why`, up to :data:`MAX_FILLINGS_SHOWN` of them).

    >>> fillings_of([(1, 6, 2), (2, 7, 1), (3, 8, 1)], [0b11, 0b11100000, 0b11])  # r1c2=8 needs r1c1=3
    Fillings(left=((1, 6, 2), (2, 7, 1)), why=(), apart=())
    >>> far = frozenset((a, b) for a in range(1, 10) for b in range(1, 10) if abs(a - b) >= 5)
    >>> line = [(a, b, c) for a in range(1, 10) for b in range(1, 10) for c in range(1, 10)
    ...         if len({a, b, c}) == 3 and (a, b) in far and (b, c) in far]  # a German whisper
    >>> why = fillings_of(line, [0b111111111] * 3, [(0, 1, far), (1, 2, far)]).why  # its middle: not 4-6
    >>> [(p, v, others, digits) for p, v, others, digits, _ in why]
    [(0, 5, (1,), ()), (1, 4, (0, 2), (9,)), (1, 5, (0,), ()), (1, 6, (0, 2), (1,)), (2, 5, (1,), ())]
    """
    inside = tuple(t for t in sorted(allowed) if all(m >> (v - 1) & 1 for m, v in zip(masks, t, strict=True)))
    kept = [0] * len(masks)
    for t in inside:
        for i, v in enumerate(t):
            kept[i] |= 1 << (v - 1)
    why = []
    for p, mask in enumerate(masks):
        for v in _values(mask & ~kept[p]):
            found = _short_of_digits(masks, pairs, p, v) if pairs else None
            if found is None or len(why) == MAX_FILLINGS_SHOWN:
                return Fillings(inside)
            why.append((p, v, *found))
    return Fillings(inside, tuple(why))


def _short_of_digits(
    masks: Sequence[int], pairs: Sequence[tuple[int, int, frozenset[tuple[int, int]]]], p: int, v: int
) -> tuple[tuple[int, ...], tuple[int, ...], bool] | None:
    """With ``v`` at position ``p`` (the cells seeing each other), the smallest group of the
    other cells whose digits its clues ``pairs`` allow (each within its candidates, ``v``
    out) are fewer than they are: ``(positions, digits, False)``; else two other cells
    whose own clue fits no two of the digits left them: ``(their positions, the digits,
    True)``; ``None`` when neither (the removal needs the fillings)."""
    bit = 1 << (v - 1)
    options = {i: m & ~bit for i, m in enumerate(masks) if i != p}
    for i, j, allowed in pairs:
        if p in (i, j):
            other = j if i == p else i
            fits = 0
            for w in _values(options[other]):
                if ((v, w) if i == p else (w, v)) in allowed:
                    fits |= 1 << (w - 1)
            options[other] = fits
    others = list(options)
    for size in range(1, len(others) + 1):
        for group in itertools.combinations(others, size):
            union = 0
            for i in group:
                union |= options[i]
            if union.bit_count() < size:
                return group, _values(union), False
    for i, j, allowed in pairs:  # two others whose clue fits no two of their digits left
        if p not in (i, j) and not any(
            a != b and (a, b) in allowed for a in _values(options[i]) for b in _values(options[j])
        ):
            return (i, j), _values(options[i] | options[j]), True
    return None


MAX_CLIQUE_SEARCH = 10
"""The most linked cells :func:`distinct_groups` searches for their largest set of pairwise
peers exhaustively (at most ``2**10`` subsets); a larger linked set is cut greedily."""


def distinct_groups(
    cells: Sequence[int], peers: Sequence[frozenset[int] | set[int]], weights: Sequence[int] = ()
) -> tuple[tuple[int, ...], ...]:
    """The groups of a sum's cells that must hold different digits, as positions into
    ``cells``, none sharing a cell: each set of two or more cells linked by ``peers`` (a
    little killer's cells in one box), or when they are not pairwise peers (a chain of
    peers, an arrow's shaft down a column with its circle beside it), its largest set of
    pairwise peers, then the largest among the rest, and so on (among sets of one size,
    those whose cells have one coefficient of ``weights`` first, the shaft before the
    circle; then the first in order); cells in no group are free to repeat.

    >>> peers = [{1}, {0}, set(), {4}, {3}]  # 0-1 and 3-4 are peers
    >>> distinct_groups(range(5), peers)
    ((0, 1), (3, 4))
    >>> peers = [{1, 2}, {0, 2, 3}, {0, 1, 3}, {1, 2}]  # 0 sees 1, 2; 1, 2, 3 see each other
    >>> distinct_groups(range(4), peers, (-1, 1, 1, 1))  # an arrow: circle 0, shaft 1-3
    ((1, 2, 3),)
    """
    cells = list(cells)
    seen: set[int] = set()
    groups = []
    for start in range(len(cells)):
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            i = stack.pop()
            group.append(i)
            for j in range(len(cells)):
                if j not in seen and cells[j] in peers[cells[i]]:
                    seen.add(j)
                    stack.append(j)
        group.sort()
        while len(group) > 1:
            clique = _largest_clique(group, cells, peers, weights)
            if len(clique) < 2:
                break
            groups.append(clique)
            group = [i for i in group if i not in clique]
    return tuple(sorted(groups))


def _largest_clique(
    group: Sequence[int], cells: Sequence[int], peers: Sequence[frozenset[int] | set[int]], weights
) -> tuple[int, ...]:
    """The largest set of positions of ``group`` whose cells are pairwise peers (of one
    weight first, then the first in order); beyond :data:`MAX_CLIQUE_SEARCH` positions, one
    grown greedily from the first."""

    def pairwise(positions) -> bool:
        return all(cells[b] in peers[cells[a]] for a, b in itertools.combinations(positions, 2))

    if len(group) > MAX_CLIQUE_SEARCH:
        clique: list[int] = []
        for i in group:
            if all(cells[i] in peers[cells[j]] for j in clique):
                clique.append(i)
        return tuple(clique)
    for size in range(len(group), 1, -1):
        found = [c for c in itertools.combinations(group, size) if pairwise(c)]
        if found:
            return min(found, key=lambda c: len({weights[i] for i in c}) if weights else 0)
    return ()


@dataclass(frozen=True)
class Counts:
    """What count lines read together (a set of counting circles: digit ``d`` in 0 or
    ``d`` of them) still allow: for each counted digit, the numbers of the cells it can
    still be in, no two of them in one house (cells that see each other hold different
    digits), and, when every candidate of the cells is a counted digit, that the counts
    add up to the number of cells. A count left to 0 removes the digit from every cell; a
    cell that no set of cells apart large enough can hold loses it.

    Attributes:
        size: the number of cells.
        adding: True when the counts add up to ``size``.
        left: per counted digit, increasing, its counts left, increasing.
    """

    size: int
    adding: bool
    left: tuple[tuple[int, tuple[int, ...]], ...]

    def text(self, names: Sequence[str] = ()) -> str:
        """``"23 cells, the counts adding up to 23: 1 in 1, 2 in 0, 4 in 0 or 4"``.

        >>> Counts(23, True, ((1, (1,)), (2, (0,)), (4, (0, 4)))).text()
        '23 cells, the counts adding up to 23: 1 in 1, 2 in 0, 4 in 0 or 4'
        """
        head = f"{self.size} cells" + (f", the counts adding up to {self.size}" if self.adding else "")
        return head + ": " + ", ".join(f"{d} in {' or '.join(map(str, k))}" for d, k in self.left)


@dataclass(frozen=True)
class Bounds:
    """What a sum too wide to list by its combinations (a long little killer diagonal whose
    cells may repeat digits, a large cage of a 16x16 grid) still allows, by its bounds: the
    least and the most its cells can add up to over their candidates, and the values each
    cell keeps between what its fellow cells can least and most add up to.

    Attributes:
        total: the sum.
        size: the number of cells.
        groups: the positions of the groups of cells that must differ (:func:`distinct_groups`);
            ``((0, 1, ..., size - 1),)`` for a cage.
        low: the least the cells can add up to over their candidates.
        high: the most.
        kept: for each position (along the sum's cells) that loses a candidate, in order, the
            values it keeps: those for which its fellow cells can still make up the rest.
    """

    total: int
    size: int
    groups: tuple[tuple[int, ...], ...]
    low: int
    high: int
    kept: tuple[tuple[int, tuple[int, ...]], ...]

    def text(self, names: Sequence[str] = ()) -> str:
        """``"22 in 9 cells (r1c1, r2c2 differ) add up to 12 at least and 66 at most, so
        r1c1 keeps 1-7"``: a value leaves a cell when its fellow cells cannot make up the
        rest, at their least too much or at their most too little. Cells that keep the same
        values are named together.

        >>> Bounds(9, 4, (), 5, 30, ((0, (1, 2, 3, 4)), (2, (1, 3)), (3, (1, 2, 3, 4)))).text()
        '9 in 4 cells add up to 5 at least and 30 at most, so #1, #4 keep 1-4; #3 keeps 1, 3'
        """

        def name(i: int) -> str:
            return names[i] if names else f"#{i + 1}"

        head = f"{self.total} in {self.size} cells"
        if self.groups and self.groups != (tuple(range(self.size)),):
            head += f" ({_differ(self.groups, name)})"
        alike: dict[tuple[int, ...], list[int]] = {}
        for i, values in self.kept:
            alike.setdefault(values, []).append(i)
        kept = "; ".join(
            f"{', '.join(map(name, at))} keep{'s' if len(at) == 1 else ''} {_run_or_list(values)}"
            for values, at in alike.items()
        )
        return f"{head} add up to {self.low} at least and {self.high} at most, so {kept}"


def _run_or_list(values: Sequence[int]) -> str:
    """``"1-7"`` for a run of three or more consecutive values, else ``"1, 3"``."""
    if len(values) > 2 and values[-1] - values[0] == len(values) - 1:
        return f"{values[0]}-{values[-1]}"
    return ", ".join(map(str, values))


MAX_BLOCK_ASSIGNMENTS = 4096
"""The most assignments :func:`bounds_of` enumerates for one group of cells that differ;
beyond it (a large cage) the group's bounds are those of its smallest (largest) distinct
candidates, which are sound but may keep more."""


def bounds_of(constraint: Sum, masks: Sequence[int], groups: Sequence[Sequence[int]] = ()) -> Bounds | None:
    """The :class:`Bounds` of a sum whose cells have candidate ``masks`` (bit ``v - 1`` for
    ``v``), each of ``groups`` (positions of cells that differ) taking different digits:
    a value ``v`` of a cell stays when ``v`` plus the least its fellow cells can add up to
    (its group's other cells not ``v``) is at most the total, and ``v`` plus their most
    at least it. ``None`` when no cell loses a candidate that way, or a cell would keep
    none (a contradiction, not a step).

    >>> diagonal = Sum(tuple(range(3)), 4, label="little killer")  # 4 in 3 cells, 0 and 1 differ
    >>> found = bounds_of(diagonal, [0b1111] * 3, [(0, 1)])
    >>> found.low, found.high, found.kept
    (4, 11, ((0, (1, 2)), (1, (1, 2)), (2, (1,))))
    """
    size = len(masks)
    grouped = {i for g in groups for i in g}
    blocks = [tuple(g) for g in groups] + [(i,) for i in range(size) if i not in grouped]
    spans = [_block_span(block, masks, None) for block in blocks]
    if any(span is None for span in spans):
        return None
    low = sum(span[0] for span in spans)
    high = sum(span[1] for span in spans)
    kept = []
    for b, block in enumerate(blocks):
        rest_low, rest_high = low - spans[b][0], high - spans[b][1]
        for i in block:
            values = []
            for v in _values(masks[i]):
                span = _block_span(block, masks, (i, v))
                if span is not None and rest_low + span[0] <= constraint.total <= rest_high + span[1]:
                    values.append(v)
            if not values:
                return None
            if len(values) < masks[i].bit_count():
                kept.append((i, tuple(values)))
    if not kept:
        return None
    return Bounds(constraint.total, size, tuple(tuple(g) for g in groups), low, high, tuple(sorted(kept)))


def _block_span(
    block: Sequence[int], masks: Sequence[int], fixed: tuple[int, int] | None
) -> tuple[int, int] | None:
    """The least and most the cells at ``block`` (positions that differ) can add up to
    within ``masks``, the position and value ``fixed`` set; ``None`` when they cannot be
    filled. Beyond :data:`MAX_BLOCK_ASSIGNMENTS`, the sums of the smallest and largest
    distinct candidates of the cells (a sound bound)."""
    options = [(fixed[1],) if fixed is not None and i == fixed[0] else _values(masks[i]) for i in block]
    if math.prod(map(len, options)) <= MAX_BLOCK_ASSIGNMENTS:
        sums = [sum(a) for a in itertools.product(*options) if len(set(a)) == len(a)]
        return (min(sums), max(sums)) if sums else None
    forced = [o[0] for o in options if len(o) == 1]
    pool = sorted({v for o in options if len(o) > 1 for v in o} - set(forced))
    free = len(block) - len(forced)
    if len(set(forced)) < len(forced) or len(pool) < free:
        return None
    return sum(forced) + sum(pool[:free]), sum(forced) + sum(pool[len(pool) - free :])


Argument = Combinations | Totals | Crusts | Runs | Fillings | Counts | Bounds
"""The argument a variant step may carry."""


def _matches(masks: Sequence[int], digits: Sequence[int]) -> bool:
    """True when the digits can be given one to a cell, each within the cell's mask
    (a perfect matching, by augmenting paths)."""
    owner: dict[int, int] = {}  # digit -> cell

    def place(cell: int, seen: set[int]) -> bool:
        for d in digits:
            if masks[cell] >> (d - 1) & 1 and d not in seen:
                seen.add(d)
                if d not in owner or place(owner[d], seen):
                    owner[d] = cell
                    return True
        return False

    return all(place(cell, set()) for cell in range(len(masks)))


def combinations_of(
    constraint: Sum, masks: Sequence[int], side: int, distinct: bool, groups: Sequence[Sequence[int]] = ()
) -> Combinations | None:
    """The :class:`Combinations` of a sum whose cells have candidate ``masks`` (bit
    ``v - 1`` for ``v``): for distinct cells, the ``size``-sets of ``1..side`` adding up
    to the total that a matching of digits to cells fits; else the multisets of the
    assignments within the candidates that give each of ``groups`` (positions of cells
    that differ) different digits (``None`` beyond :data:`MAX_ASSIGNMENTS`).

    >>> cage = Sum((0, 1, 2), 12, label="cage")
    >>> every = 0b111111110  # 2..9
    >>> combinations_of(cage, [every] * 3, 9, True).text()
    '12 in 3 cells without 1: {2,3,7}, {2,4,6}, {3,4,5}'
    """
    size, total = len(masks), constraint.total
    anywhere = 0
    for mask in masks:
        anywhere |= mask
    if distinct:
        if math.comb(side, size) > MAX_ASSIGNMENTS:
            return None
        arithmetic = [c for c in itertools.combinations(range(1, side + 1), size) if sum(c) == total]
        left = tuple(c for c in arithmetic if _matches(masks, c))
    else:
        if math.prod(m.bit_count() for m in masks) > MAX_ASSIGNMENTS:
            return None
        arithmetic = []
        if math.comb(side + size - 1, size) <= MAX_ASSIGNMENTS:  # else no digit is said missing
            every = itertools.combinations_with_replacement(range(1, side + 1), size)
            arithmetic = [c for c in every if sum(c) == total]
        groups = tuple(tuple(g) for g in groups)
        found = {
            tuple(sorted(a))
            for a in itertools.product(*map(_values, masks))
            if sum(a) == total and all(len({a[i] for i in g}) == len(g) for g in groups)
        }
        left = tuple(sorted(found))
    used = {d for c in arithmetic for d in c}
    without = tuple(d for d in sorted(used) if not anywhere >> (d - 1) & 1)
    return Combinations(total, size, distinct, without, left, () if distinct else groups)


def totals_of(
    constraint: Linear, masks: Sequence[int], groups: Sequence[Sequence[int]] = ()
) -> Totals | None:
    """The :class:`Totals` of an equation ``Σ a_i·x_i = rhs`` whose cells have candidate
    ``masks``: the sums its positive terms can reach that its negative terms plus ``rhs``
    also reach, each group of ``groups`` (positions of cells that must differ) taking
    different digits; ``None`` for an inequality.

    >>> arrow = Linear((0, 1, 2), (-1, 1, 1), "==", 0, label="arrow")  # r1c1 = r1c2 + r1c3
    >>> totals_of(arrow, [0b111111111, 0b11, 0b110]).totals
    (3, 4, 5)
    >>> totals_of(arrow, [0b111111111, 0b11, 0b11], [(1, 2)]).totals  # r1c2 and r1c3 differ
    (3,)
    """
    if constraint.operator != "==":
        return None
    coefficients = constraint.coefficients
    positive = [i for i, a in enumerate(coefficients) if a > 0]
    negative = [i for i, a in enumerate(coefficients) if a < 0]
    grouped = {i for g in groups for i in g}
    blocks = [tuple(g) for g in groups] + [(i,) for i in range(len(masks)) if i not in grouped]
    every_options = [_sides(block, masks, coefficients) for block in blocks]  # per block
    # the least and most the blocks from i on can add to (positive - negative): a pair whose
    # difference they cannot bring to rhs is dropped (a 3-digit circle's negative sums run to
    # 999, and the pairs to tens of thousands, most of them off by more than the rest can add)
    low, high = [0] * (len(blocks) + 1), [0] * (len(blocks) + 1)
    for i in range(len(blocks) - 1, -1, -1):
        differences = [q - n for q, n in every_options[i]] or [0]
        low[i], high[i] = low[i + 1] + min(differences), high[i + 1] + max(differences)
    rhs = constraint.rhs
    pairs = {(0, 0)}  # (positive side's sum, negative side's sum) over the blocks so far
    for i, options in enumerate(every_options):
        pairs = {
            (p + q, m + n)
            for p, m in pairs
            for q, n in options
            if low[i + 1] <= rhs - (p + q - m - n) <= high[i + 1]
        }
    totals = tuple(sorted({p for p, m in pairs if p - m == rhs}))
    weights = tuple(-coefficients[i] for i in negative)
    side_weights = tuple(coefficients[i] for i in positive)
    return Totals(
        totals,
        tuple(positive),
        tuple(negative),
        weights,
        tuple(tuple(g) for g in groups),
        () if set(side_weights) <= {1} else side_weights,
    )


def _sides(block: Sequence[int], masks: Sequence[int], coefficients: Sequence[int]) -> set[tuple[int, int]]:
    """The (positive terms' sum, negative terms' sum negated) pairs of a block of an
    equation's cells (positions ``block``) over its assignments of different digits, by
    dynamic programming over the digits used so far (a group of 5 open cells has 15,120
    assignments but a few hundred such states).

    >>> sorted(_sides((0, 1), [0b11, 0b11], (-10, 1)))  # -10·a + b, a != b: (2, 10) or (1, 20)
    [(1, 20), (2, 10)]
    """
    states = {(0, 0, 0)}  # (digits used, positive sum, negative sum)
    for i in block:
        a = coefficients[i]
        steps = [(1 << (v - 1), max(a * v, 0), max(-a * v, 0)) for v in _values(masks[i])]
        states = {
            (used | bit, p + q, n + m) for used, p, n in states for bit, q, m in steps if not used & bit
        }
    return {(p, n) for _, p, n in states}


def reduced_totals(
    constraint: Linear,
    left: Linear,
    units: Sequence[AllDifferent],
    candidates: Sequence[int],
    peers: Sequence[frozenset[int] | set[int]],
) -> Totals | None:
    """The :class:`Totals` of a clue holding whole units (an arrow over most of the grid)
    told as the clue ``left`` the sums of its ``units`` leave
    (:func:`sudoku_cp.engine.sums.unit_reduced`), over the candidate masks
    ``candidates`` (by cell), its positions those of ``constraint``'s cells; ``None`` for
    an inequality.

    >>> clue = Linear(tuple(range(6)), (-10, -1, 1, 1, 1, 1), "==", 0, label="arrow")
    >>> left = Linear((0, 1), (11, 2), "==", 19, label="arrow")  # a unit of cells 1..4 summed
    >>> row = AllDifferent((1, 2, 3, 4), label="row 1")
    >>> found = reduced_totals(clue, left, [row], [0b1111] * 6, [set()] * 6)
    >>> found.text(["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c6"])
    'row 1 adds up to 10, so 11·r1c1 + 2·r1c2 can total only 19'
    """
    groups = apart_groups(left.cells, peers, left.coefficients)
    found = totals_of(left, [candidates[c] for c in left.cells], groups)
    if found is None:
        return None
    at = {cell: i for i, cell in enumerate(constraint.cells)}

    def moved(positions: Sequence[int]) -> tuple[int, ...]:
        return tuple(at[left.cells[i]] for i in positions)

    names = tuple(u.label for u in units)
    size = len(units[0].cells) if units else 0
    return replace(
        found,
        side=moved(found.side),
        other=moved(found.other),
        groups=tuple(moved(g) for g in found.groups),
        units=names,
        unit_total=size * (size + 1) // 2,
    )


MAX_APART = 5
"""The most cells of an equation :func:`apart_groups` puts in one group (a group's
assignments of different digits are enumerated: 15,120 for 5 cells of 9 candidates)."""


def apart_groups(
    cells: Sequence[int], peers: Sequence[frozenset[int] | set[int]], weights: Sequence[int] = ()
) -> tuple[tuple[int, ...], ...]:
    """The groups of an equation's cells (an arrow, a region-sum line) that its step
    reads as different digits: :func:`distinct_groups`, each cut into runs of at most
    :data:`MAX_APART` positions (every run still pairwise peers).

    >>> apart_groups(range(7), [set(range(7)) - {i} for i in range(7)])
    ((0, 1, 2, 3, 4), (5, 6))
    """
    return tuple(
        group[i : i + MAX_APART]
        for group in distinct_groups(cells, peers, weights)
        for i in range(0, len(group), MAX_APART)
        if len(group[i : i + MAX_APART]) > 1
    )


def crusts_of(constraint: Sandwich, masks: Sequence[int], side: int) -> Crusts:
    """The :class:`Crusts` of a sandwich clue whose line has candidate ``masks``: the
    pairs (1's position, ``side``'s position) with the ``1`` and the ``side`` among their
    cells' candidates, every other cell able to take a middle digit (``2..side-1``), and
    the cells between able to add up to the clue.

    >>> line = Sandwich(tuple(range(4)), 0, label="sandwich 0")
    >>> crusts_of(line, [0b0001, 0b1000, 0b0110, 0b0110], 4).pairs  # 1, 4, {2,3}, {2,3}
    ((0, 1),)
    """
    one, top = 1, 1 << (side - 1)
    middle = ((1 << side) - 1) & ~one & ~top
    bare = {k for k, mask in enumerate(masks) if not mask & middle}  # a crust, or nothing
    if len(bare) > 2:
        return Crusts(constraint.total, side, ())
    pairs = []
    for low in range(len(masks)):
        sums = {0}  # the totals the cells strictly between low and high can reach
        for high in range(low + 1, len(masks)):
            if constraint.total in sums and bare <= {low, high}:
                if masks[low] & one and masks[high] & top:
                    pairs.append((low, high))
                if masks[high] & one and masks[low] & top:
                    pairs.append((high, low))
            values = _values(masks[high] & middle)
            sums = {t + v for t in sums for v in values if t + v <= constraint.total}
            if not sums:
                break
    pairs.sort()
    return Crusts(constraint.total, side, tuple(pairs))


def in_digits(argument: Argument, digits: Sequence[int] | None) -> Argument | None:
    """``argument`` (over the values ``1..n``, the digits' positions on a grid of other
    digits: :mod:`sudoku_cp.model.digits`) in the puzzle's ``digits``: each digit and each
    total as the digits add up (a sum of ``m`` positions ``t`` is ``t + m·s`` in digits
    ``s`` above their positions); itself when ``digits`` is ``None``. ``None`` when it
    cannot be said in those digits: digits that are not consecutive (a sum of positions
    says nothing of the digits' sum), a sandwich's crusts.

    >>> in_digits(Combinations(12, 3, True, (1,), ((2, 3, 7), (3, 4, 5))), range(9)).text()
    '9 in 3 cells without 0: {1,2,6}, {2,3,4}'
    >>> in_digits(Totals((3, 4), (1, 2), (0,)), range(9)).totals  # r1c2 + r1c3 in digits
    (1, 2)
    """
    if not digits:
        return argument
    shift = shift_of(digits)
    if shift is None or isinstance(argument, Crusts):
        return None
    if isinstance(argument, Counts):  # counts of cells, of each digit
        return replace(argument, left=tuple((d + shift, k) for d, k in argument.left))
    if isinstance(argument, Combinations):

        def moved(values: Sequence[int]) -> tuple[int, ...]:
            return tuple(v + shift for v in values)

        return replace(
            argument,
            total=argument.total + shift * argument.size,
            without=moved(argument.without),
            left=tuple(moved(c) for c in argument.left),
        )
    if isinstance(argument, Fillings):
        why = tuple((p, v + shift, o, tuple(d + shift for d in ds), c) for p, v, o, ds, c in argument.why)
        return replace(argument, left=tuple(tuple(v + shift for v in r) for r in argument.left), why=why)
    if isinstance(argument, Runs):
        return replace(argument, left=tuple(tuple(v + shift for v in r) for r in argument.left))
    if isinstance(argument, Bounds):
        lift = shift * argument.size
        kept = tuple((i, tuple(v + shift for v in values)) for i, values in argument.kept)
        return replace(
            argument,
            total=argument.total + lift,
            low=argument.low + lift,
            high=argument.high + lift,
            kept=kept,
        )
    lift = shift * sum(argument._side_weights)
    return replace(argument, totals=tuple(t + lift for t in argument.totals))
