"""An :class:`~sudoku_cp.model.constraints.Or` of constraints too wide for a table, as one
``Regular`` line: the alternatives run side by side over one reading of their cells.

An ``Or`` is rewritten, by default, as the table of the assignments one alternative
accepts; over more than six cells of 9x9 that table cannot be listed (an alternative of
hidden-skyscraper clues reads a whole row, ``9**9`` assignments). Every kind an
alternative is made of is, over its cells read in some order, a regular language: a line
clue's automaton, a table's trie, a running (weighted) sum, the digits seen so far of an
``AllDifferent``. So the ``Or`` is the *union* of those languages, read over one order of
all its cells, and a deterministic automaton of the union is the product of the
alternatives' automata (the standard product construction, Hopcroft, Motwani and Ullman,
*Introduction to Automata Theory*, 3rd ed., 2007, §4.2.1), each reading only its own cells
and ignoring the others. Its state is the position on the line and, per alternative still
alive, the state of each of its pieces; once one alternative has read all its cells and
accepted, the line is accepted whatever follows. No auxiliary variable is needed: the
``Or`` becomes one ``Regular`` over the model's own cells (Pesant, CP 2004), which every
backend compiles.

The order of the cells is one in which every piece reads its cells in its own order (a
topological order of "this cell comes before that one" over the pieces; a row read from
the right and a column read from the bottom meet at their corner first); a piece whose
order conflicts with the pieces before it is read backwards, by the automaton of its
reversed language (the reversed transitions, determinised). When no order suits every
piece either way, or the product exceeds
:data:`MAX_STATES` states, :func:`union_line` answers ``None`` and the caller refuses.

>>> from sudoku_cp.model.constraints import Or, Skyscraper
>>> row = tuple(range(9))
>>> either = Or((Skyscraper(row, 2, label="a"), Skyscraper(row, 3, label="b")), label="2 or 3")
>>> line = union_line(either, 9)
>>> line.cells == row, line.holds((9, 1, 2, 3, 4, 5, 6, 7, 8)), line.holds((1, 2, 9, 3, 4, 5, 6, 7, 8))
(True, False, True)
"""

from __future__ import annotations

import functools
import hashlib
import itertools
from collections.abc import Sequence

from sudoku_cp.errors import InvalidPuzzleError, NotSupportedError
from sudoku_cp.model import constraints as kinds
from sudoku_cp.model.constraints import Automaton, State

MAX_STATES = 200_000
"""States of the union's automaton at most (a larger product is refused)."""

Piece = tuple[tuple[int, ...], Automaton]
"""Cells read in order, and the automaton their values must be a word of."""

_ACCEPTED = "accepted"


def rewrite_or(constraint: kinds.Or, side: int) -> tuple[kinds.Constraint, ...]:
    """The rewriting of an ``Or`` in the decomposition layer (:mod:`sudoku_cp.model.decompose`):
    its table where it can be listed (``Or.decompose``), else one ``Regular`` line of the
    union (:func:`union_line`).

    Raises:
        NotSupportedError: too many assignments for a table and no union line (a part of
            no regular kind, no reading order, or too many states).
    """
    if side ** len(constraint.cells) > kinds.TABLE_LIMIT:
        line = union_line(constraint, side)
        if line is not None:
            return (line,)
    else:  # the same table as Or.decompose's, listed from the union's words
        try:
            line = union_line(constraint, side, any_order=True)
        except NotSupportedError:  # a part's own rewriting refused: test every assignment
            line = None
        if line is not None:
            return (table_of_line(constraint, line),)
    return constraint.decompose(side)


def table_of_line(constraint: kinds.Or, line: kinds.Regular) -> kinds.Table:
    """The table ``Or.decompose`` lists (over the ``Or``'s cells, in their order), read
    off the words the union line accepts: a walk from the start through the states on some
    accepted path (:meth:`~sudoku_cp.model.constraints.Automaton.alive`), one leaf per
    allowed assignment, instead of testing every one of the ``side**k`` assignments
    against every alternative (42 ambiguous arrows of five cells: 2.5 million tests).

    >>> from sudoku_cp.model.constraints import Less, Or
    >>> either = Or((Less(0, 1, label="a"), Less(1, 0, label="b")), label="differ")
    >>> sorted(table_of_line(either, union_line(either, 3)).allowed)
    [(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)]
    """
    automaton = line.language
    length = len(line.cells)
    alive = automaton.alive(length)
    words: list[tuple[int, ...]] = []
    stack: list[tuple[State, tuple[int, ...]]] = (
        [(automaton.start, ())] if automaton.start in alive[0] else []
    )
    while stack:
        state, prefix = stack.pop()
        if len(prefix) == length:
            words.append(prefix)
            continue
        following = alive[len(prefix) + 1]
        for value, after in automaton.transitions[state].items():
            if after in following:
                stack.append((after, (*prefix, value)))
    cells = kinds._distinct_cells(constraint.cells)
    at = [line.cells.index(cell) for cell in cells]
    allowed = frozenset(tuple(word[i] for i in at) for word in words)
    return kinds.Table(cells, allowed, **kinds._origin_of(constraint))


def union_line(constraint: kinds.Or, side: int, any_order: bool = False) -> kinds.Regular | None:
    """The :class:`~sudoku_cp.model.constraints.Or` as one ``Regular`` line over its cells
    (values ``1..side``), or ``None`` when a part is of no regular kind, no reading order
    suits every part, or the automaton needs more than :data:`MAX_STATES` states. With
    ``any_order``, a part whose language does not depend on the order of its cells (a sum,
    different values) reads them in increasing order (:func:`pieces`), so that alternatives
    naming one set of cells in turned orders (the arrows of one clue read from each end) meet
    one order."""
    alternatives = []
    for part in constraint.parts:
        found = pieces(part, side, any_order)
        if found is None:
            return None
        alternatives.append(found)
    kept = []
    for alternative in alternatives:  # a piece of no cells holds or not, once and for all
        if any(not cells and automaton.start not in automaton.accepting for cells, automaton in alternative):
            continue
        kept.append([(cells, automaton) for cells, automaton in alternative if cells])
    if not kept:
        return None
    lines: list[tuple[int, ...]] = []
    alternatives = []
    for alternative in kept:  # each piece in its order, or read backwards where that conflicts
        turned = []
        for cells, automaton in alternative:
            if _order([*lines, cells]) is None:
                backwards = _reversed(automaton, side)
                if backwards is None or _order([*lines, cells[::-1]]) is None:
                    return None
                cells, automaton = cells[::-1], backwards
            lines.append(cells)
            turned.append((cells, automaton))
        alternatives.append(turned)
    order = _order(lines)
    if order is None:
        return None
    at = {cell: i for i, cell in enumerate(order)}
    placed = tuple(
        tuple((tuple(at[c] for c in cells), automaton) for cells, automaton in alternative)
        for alternative in alternatives
    )
    language = _product(placed, len(order), side)
    if language is None:
        return None
    digest = hashlib.sha1(repr(constraint.parts).encode(), usedforsecurity=False).hexdigest()[:16]
    pattern = f"one of {len(alternatives)} alternatives {digest}"
    return kinds.Regular(tuple(order), language, pattern=pattern, **kinds._origin_of(constraint))


def pieces(constraint: object, side: int, any_order: bool = False) -> list[Piece] | None:
    """The constraint as lines of cells each with its automaton over ``1..side`` (all of
    them must accept), or ``None`` for a kind that is not regular over its cells here. With
    ``any_order``, sums and different values read their cells in increasing order (the
    same language: each is a condition on the multiset of its values)."""
    if isinstance(constraint, kinds.LINE_AUTOMATON_KINDS):
        cells = tuple(constraint.cells)
        return [(cells, constraint.automaton(side))] if len(set(cells)) == len(cells) else None
    if isinstance(constraint, kinds.Table):
        return [(constraint.cells, kinds._trie(constraint.allowed))]
    if isinstance(constraint, kinds.Relation):
        return [((constraint.first, constraint.second), kinds._trie(constraint.allowed))]
    if isinstance(constraint, kinds.ValueIn):
        return [((constraint.cell,), kinds._trie((v,) for v in constraint.values if 1 <= v <= side))]
    if isinstance(constraint, kinds.Less):
        pairs = ((a, b) for a in range(1, side + 1) for b in range(a + 1, side + 1))
        return [((constraint.first, constraint.second), kinds._trie(pairs))]
    if isinstance(constraint, kinds.AllDifferent):
        return [(tuple(sorted(constraint.cells)) if any_order else tuple(constraint.cells), _different(side))]
    if isinstance(constraint, kinds.Sum):
        cells = tuple(sorted(constraint.cells)) if any_order else tuple(constraint.cells)
        out = [(cells, _weighted((1,) * len(cells), "==", constraint.total, side))]
        if constraint.distinct:
            out.append((cells, _different(side)))
        return out
    if isinstance(constraint, kinds.Linear):
        terms = list(zip(constraint.cells, constraint.coefficients, strict=True))
        if any_order:
            terms.sort()
        automaton = _weighted([a for _, a in terms], constraint.operator, constraint.rhs, side)
        return [(tuple(c for c, _ in terms), automaton)]
    if isinstance(constraint, kinds.Or):
        line = union_line(constraint, side, any_order)
        return None if line is None else [(line.cells, line.language)]
    if isinstance(constraint, kinds.And):
        parts = constraint.parts
    elif hasattr(constraint, "decompose"):  # Count, Element...: their rewriting
        parts = constraint.decompose(side)
    else:
        return None
    out: list[Piece] = []
    for part in parts:
        found = pieces(part, side, any_order)
        if found is None:
            return None
        out += found
    return out


@functools.cache
def _different(side: int) -> Automaton:
    """Different values: the state is the set of values read (a bitmask)."""
    return Automaton.build(
        0, lambda seen, v: None if seen >> (v - 1) & 1 else seen | 1 << (v - 1), lambda s: True, side
    )


def _weighted(coefficients: Sequence[int], operator: str, rhs: int, side: int) -> Automaton:
    """``Σ a_i·x_i (operator) rhs`` over the cells in order: states (position, sum so far),
    a sum that the rest can no longer bring to the bound cut off."""
    coefficients = tuple(coefficients)
    count = len(coefficients)
    low = [0] * (count + 1)  # the least and most the cells from i on can still add
    high = [0] * (count + 1)
    for i in reversed(range(count)):
        a = coefficients[i]
        low[i] = low[i + 1] + min(a, a * side)
        high[i] = high[i + 1] + max(a, a * side)

    def step(state: tuple[int, int], value: int) -> tuple[int, int] | None:
        position, total = state
        if position == count:
            return None
        total += coefficients[position] * value
        position += 1
        if operator in ("==", "<=") and total + low[position] > rhs:
            return None
        if operator in ("==", ">=") and total + high[position] < rhs:
            return None
        return (position, total)

    def accepting(state: tuple[int, int]) -> bool:
        position, total = state
        if position != count:
            return False
        return total == rhs if operator == "==" else total <= rhs if operator == "<=" else total >= rhs

    return Automaton.build((0, 0), step, accepting, side)


def _reversed(automaton: Automaton, side: int) -> Automaton | None:
    """The automaton of the reversed words: the reversed transitions as a nondeterministic
    automaton, determinised (:func:`~sudoku_cp.model.expressions.nfa_automaton`); ``None``
    past its bound of states."""
    from sudoku_cp.model.expressions import nfa_automaton

    number = {state: i for i, state in enumerate(automaton.transitions)}
    moves: list[tuple[int, int, int]] = []
    for state, out in automaton.transitions.items():  # each move backwards
        moves += [(number[after], value, number[state]) for value, after in out.items()]
    starts = [number[s] for s in automaton.accepting]
    try:
        return nfa_automaton((starts, [number[automaton.start]], moves), side)
    except InvalidPuzzleError:
        return None


def _order(lines: list[tuple[int, ...]]) -> list[int] | None:
    """The cells of every line, each line's cells in its order, the first cell met first
    where the lines leave a choice (Kahn's topological sort); ``None`` when two lines
    order two cells both ways, or a line lists a cell twice."""
    first_seen: dict[int, int] = {}
    after: dict[int, set[int]] = {}
    for line in lines:
        if len(set(line)) != len(line):
            return None
        for cell in line:
            first_seen.setdefault(cell, len(first_seen))
            after.setdefault(cell, set())
        for a, b in itertools.pairwise(line):
            after[a].add(b)
    before = {cell: 0 for cell in first_seen}
    for cell in after:
        for b in after[cell]:
            before[b] += 1
    ready = sorted((c for c, n in before.items() if n == 0), key=first_seen.__getitem__)
    order: list[int] = []
    while ready:
        cell = ready.pop(0)
        order.append(cell)
        for b in sorted(after[cell], key=first_seen.__getitem__):
            before[b] -= 1
            if before[b] == 0:
                ready.append(b)
        ready.sort(key=first_seen.__getitem__)
    return order if len(order) == len(first_seen) else None


def _product(
    alternatives: tuple[tuple[tuple[tuple[int, ...], Automaton], ...], ...], length: int, side: int
) -> Automaton | None:
    """The automaton of the union over a line of ``length`` cells: each alternative's
    pieces read their positions; ``None`` past :data:`MAX_STATES` states."""
    reads = [
        [
            {pos: (j, k == len(positions) - 1) for k, pos in enumerate(positions)}
            for j, (positions, _) in enumerate(alt)
        ]
        for alt in alternatives
    ]
    if any(not alt for alt in alternatives):  # an alternative with nothing to hold: always true
        return Automaton.build(_ACCEPTED, lambda s, v: s, lambda s: True, side)
    start = (0, tuple(tuple(automaton.start for _, automaton in alt) for alt in alternatives))

    def step(state: State, value: int) -> State | None:
        if state == _ACCEPTED:
            return state
        position, alive = state
        if position == length:
            return None
        following = []
        for index, states in enumerate(alive):
            if states is None:
                following.append(None)
                continue
            new: list[State] = list(states)
            for piece, where in enumerate(reads[index]):
                if position not in where:
                    continue
                automaton = alternatives[index][piece][1]
                after = automaton.transitions.get(states[piece], {}).get(value)
                if after is None or (where[position][1] and after not in automaton.accepting):
                    new = None  # type: ignore[assignment]
                    break
                new[piece] = _ACCEPTED if where[position][1] else after
            if new is not None and all(s == _ACCEPTED for s in new):
                return _ACCEPTED
            following.append(None if new is None else tuple(new))
        if all(s is None for s in following):
            return None
        return (position + 1, tuple(following))

    seen: set[State] = set()

    def bounded(state: State, value: int) -> State | None:
        following = step(state, value)
        if following is not None and following not in seen:
            seen.add(following)
            if len(seen) > MAX_STATES:
                raise _TooLarge
        return following

    try:
        return _minimal(Automaton.build(start, bounded, lambda s: s == _ACCEPTED, side))
    except _TooLarge:
        return None


def _minimal(automaton: Automaton) -> Automaton:
    """The product with its equivalent states merged (same acceptance, same moves to the
    same classes): its states carry their position, so apart from the accepted state's
    loop they form a layered DAG, and one pass from the last position back to the first
    finds the classes (the minimisation of acyclic automata, Revuz, TCS 1992). The
    engine's supports and the backends' encodings grow with the states of each layer."""
    classes: dict[State, int] = {_ACCEPTED: 0}
    signatures: dict[tuple, int] = {}
    later = sorted((s for s in automaton.transitions if s != _ACCEPTED), key=lambda s: -s[0])
    for state in later:
        out = automaton.transitions[state]
        signature = (state in automaton.accepting, tuple(sorted((v, classes[t]) for v, t in out.items())))
        classes[state] = signatures.setdefault(signature, len(signatures) + 1)
    transitions = {}
    for state, out in automaton.transitions.items():
        transitions[classes[state]] = {v: classes[t] for v, t in out.items()}
    accepting = frozenset(classes[s] for s in automaton.accepting)
    return Automaton(classes[automaton.start], transitions, accepting)


class _TooLarge(Exception):
    """The product passed :data:`MAX_STATES` states."""


__all__ = ["MAX_STATES", "pieces", "rewrite_or", "union_line"]
