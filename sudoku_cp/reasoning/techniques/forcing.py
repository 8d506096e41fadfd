"""Forcing chains, the last named technique (HoDoKu "Forcing Chains"; SudokuWiki
"Cell Forcing Chains", "Unit Forcing Chains", "Nishio Forcing Chains").

Suppose a candidate is true and follow what singles force (a placed digit leaves its
peers; a value with one place left in a unit goes there; a cage, thermometer or dot
keeps the values it supports): the propagation of the engine's search, with a record of
the constraints it uses.

* *Contradiction*: supposing ``r1c2 = 5`` empties a cell or leaves a value no place in a
  unit, so 5 leaves r1c2.
* *Cell forcing chain*: whichever candidate a cell takes, the same candidate is removed
  (or the same digit placed): it is, whatever the cell holds.
* *Unit forcing chain*: whichever place a value takes in a unit, the same follows.

* *Nested forcing net* (:func:`find_nested_forcing_nets`): a contradiction whose branch,
  whenever singles stop, removes a candidate whose own supposition contradicts itself
  within the branch (a nested branch, written out); tried before the search-backed
  minimal deduction.

Every step carries its net (:attr:`Deduction.net`, :mod:`sudoku_cp.reasoning.techniques.nets`):
each branch's implications in first-in first-out order (a fact from the earliest facts
that give it), cut to those the end needs; of the first :data:`NET_CHOICES`
contradictions, the smallest net is the step. A forcing step never rests on the
solution: :func:`find_nested_forcing_nets` lets the solution choose *which* candidate to
suppose, and the net is the whole argument.

Units: every constraint of the model (AllDifferents of any size, units for hidden
singles, and the variants' sums, thermometers and dots), and on a killer the sums the
rule of 45 implies (:attr:`Board.implied`: "innies of rows 8, 9", "outies of row 9"), as a
killer solver follows a supposition through innies and outies. Premises: the constraints
the propagations used, with the current candidates of their cells (an implied sum's
units and cages with it); the supposed cell, unit and candidates.
"""

from __future__ import annotations

import array
import functools
import itertools
import operator
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence

from sudoku_cp.engine.count_lines import seeing_pairs
from sudoku_cp.model.constraints import (
    AllDifferent,
    Constraint,
    Less,
    Linear,
    Relation,
    Sandwich,
    Skyscraper,
    Sum,
    Table,
)
from sudoku_cp.reasoning.techniques._filtering import _reader
from sudoku_cp.reasoning.techniques._links import Geometry, geometry, links, premise
from sudoku_cp.reasoning.techniques.arguments import apart_groups, distinct_groups
from sudoku_cp.reasoning.techniques.basic import implied_premise
from sudoku_cp.reasoning.techniques.board import Board, Deduction, values_of
from sudoku_cp.reasoning.techniques.nets import (
    Branch,
    Net,
    RecordNode,
    record_node,
    slice_branch,
    slice_size,
)

MAX_BRANCHES = 9
"""The most candidates of a cell (places of a value in a unit) a forcing chain splits on."""


_AFTERS: tuple = (None, None, None)
"""``(board, key, answers)``: :meth:`_Propagation.afters`' answers on the last state."""

_OUTCOMES: tuple = (None, None)
"""``(key, answers)``: :meth:`_Propagation.outcomes`' answers on the last state, by
supposition."""


def _group_links(
    geo: Geometry, cells: Sequence[int], groups: Iterable[Sequence[int]]
) -> tuple[Constraint, ...]:
    """The AllDifferents (:func:`links`) that make the cells of each group differ: ``groups``
    are positions into ``cells`` (:func:`apart_groups`, :func:`distinct_groups`)."""
    return links(geo, [(cells[a], cells[b]) for g in groups for a, b in itertools.combinations(g, 2)])


class _Propagation:
    """Singles propagation from a supposition, recording the constraints it uses."""

    def __init__(self, board: Board) -> None:
        # made once per board (:meth:`_Nets.of`): what follows reads the board alone
        self.board = board
        self.geo = geometry(board)
        self.full = (1 << board.side) - 1
        # the units scanned for hidden singles and values with no place: none when a unit
        # holds only n of the k > n values (a value may then be absent from a unit)
        self.hidden_units = self.geo.unit_cells if board.complete_units else ()
        # there, instead, the AllDifferents read as Hall sets: once their cells hold only as
        # many digits as they are, each of those digits is placed there (a required digit
        # with one place left goes there; fewer digits than cells: no way). On complete
        # units, the same rule is the hidden single and the value with no place.
        hall = () if board.complete_units else (a for a in board.alldifferents if len(a.cells) > 2)
        self.hall_units = tuple(hall)
        scanned = self.geo.units if board.complete_units else self.hall_units
        self.scanned = tuple(u.cells for u in scanned)
        self.scanned_lengths = tuple(len(cells) for cells in self.scanned)
        # per scanned unit, its cells' candidates at once (a tuple), for the places counter
        self.gather = tuple(_reader(cells) for cells in self.scanned)
        self.counter = _PlaceCounter.of(board.value_count, max(self.scanned_lengths, default=1))
        self.hidden_gather = tuple(_reader(cells) for cells in self.hidden_units)
        # on units holding every value (classic, jigsaw, extra regions): the places of every
        # unit at once (:meth:`totals`), kept up to date cell by cell, so that a pass of
        # :meth:`_settle` reads the units with something to find off one int (most passes:
        # none) instead of counting each unit changed since its last scan
        lengths = self.scanned_lengths
        self.whole = board.complete_units and bool(lengths) and all(n == board.value_count for n in lengths)
        # each unit's block of fields: counts, then placed values (_PlaceCounter's layout)
        self.block = 2 * self.counter.width * board.value_count
        offsets = [1 << (self.block * u) for u in range(len(self.scanned))]
        self.all_two = sum(self.counter.two * o for o in offsets)
        self.all_high = sum(self.counter.high * o for o in offsets)
        # per cell, a 1 at the start of the block of each scanned unit holding it: a change of
        # its candidates from ``was`` to ``now`` adds ``(spread(now) - spread(was)) * that``
        blocks = [0] * board.model.cell_count
        for u, cells in enumerate(self.scanned):
            for cell in cells:
                blocks[cell] += offsets[u]
        self.cell_blocks = tuple(blocks)
        others = []
        peers = board.model.peers
        for constraint, propagate in board.others:
            extra: tuple[Constraint, ...] = ()
            reduction = board.reduced.get(id(constraint))
            if reduction is not None:  # a clue holding whole units: their sums, and its peers
                left = reduction.left
                groups = apart_groups(left.cells, board.model.peers, left.coefficients)
                others.append(
                    (constraint, propagate, (*reduction.units, *_group_links(self.geo, left.cells, groups)))
                )
                continue
            # A sum's propagator (a plain Linear's too) uses that its cells differ, and a
            # line clue's automaton reads its row as a permutation: cite the AllDifferents.
            if id(constraint) in board.reads_apart:  # a table or line read with its cells' differences
                extra = links(self.geo, seeing_pairs(constraint.cells, peers))
            elif isinstance(constraint, Sum | Sandwich | Skyscraper) or (
                isinstance(constraint, Linear) and constraint.is_plain_sum
            ):
                cells = constraint.cells
                pairs = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1 :]]
                if all(b in self.geo.peers[a] for a, b in pairs):
                    extra = links(self.geo, pairs)  # the propagator uses the cells' distinctness
                elif not isinstance(constraint, Sandwich | Skyscraper):  # its groups of peers differ
                    extra = _group_links(self.geo, cells, distinct_groups(cells, board.model.peers))
            elif id(constraint) in board.count_groups:  # count lines read together, and their peers
                lines = board.count_groups[id(constraint)][0]
                extra = (*lines[1:], *links(self.geo, seeing_pairs(constraint.cells, peers)))
            elif id(constraint) in board.whole_lines:  # a renban line read whole: its pair Relations
                extra = board.whole_lines[id(constraint)][2]
            elif id(constraint) in board.seeing:  # pair clues on cells that see each other
                extra = board.seeing[id(constraint)][1]
            elif isinstance(constraint, Linear):  # an equation's filter reads its peers as different
                groups = apart_groups(constraint.cells, board.model.peers, constraint.coefficients)
                extra = _group_links(self.geo, constraint.cells, groups)
            others.append((constraint, propagate, extra))
        # the rule of 45's sums (innies, outies) too, as a killer solver follows a supposition
        # through them, cited with the units and cages they come from; not a unit's own total
        # (no cage: its AllDifferent says as much), nor the differences (over more cells, they
        # cost more than they prune: 10 times the CPU of forcing chains on a killer)
        others += [(i.sum, propagate, implied_premise(board, i)) for i, propagate in board.implied if i.cages]
        # cheap filters first: run and branch propagate the dirty filter of least cost
        # (the order of the model among equals), so a costly one sees the candidates the
        # cheap ones leave (fewer states, fewer runs); the fixpoint is the same
        others.sort(key=lambda one: _filter_cost(one[0]))
        self.others = others
        # per cell, the scanned units holding it as a bit set (bit u for scanned[u]): run
        # rescans for hidden singles only the units with a cell changed since their last scan;
        # above them, bit len(scanned) + i for others[i]: run and branch propagate only the
        # variant constraints with a cell changed since they last ran
        self.every_unit = (1 << len(self.scanned)) - 1
        shift = len(self.scanned)
        self.other_shift = shift
        self.other_cells = tuple(tuple(c.cells) for c, _, _ in others)
        # per filter, its own dirty bit when it is idempotent (Board.idempotent), else 0:
        # its own removals need no second run of it, which would remove nothing (and cost
        # a supports filter a new state of its cells, a miss of its memo)
        self.once = tuple(
            1 << (shift + i) if id(c) in board.idempotent else 0 for i, (c, _, _) in enumerate(others)
        )
        marks = [0] * board.model.cell_count
        for u, cells in enumerate(self.scanned):
            for cell in cells:
                marks[cell] |= 1 << u
        for i, cells in enumerate(self.other_cells):
            for c in cells:
                marks[c] |= 1 << (shift + i)
        self.unit_marks = tuple(marks)
        # a filter reading its cells by classes of values (Board.classes) is woken by a peer's
        # removal only when the cell loses the last candidate of the removed value's class:
        # per cell, the marks without those filters, and per value bit, (class, their bits)
        wakes = board.memo.get("forcing class wakes")
        if wakes is None:
            wakes = board.memo["forcing class wakes"] = self._class_wakes(marks, shift)
        self.peer_marks, self.class_wakes, self.class_present, self.class_lost = wakes
        self.other_gather = tuple(_reader(cells) for cells in self.other_cells)
        self.propagates = tuple(propagate for _, propagate, _ in others)
        self._unsettled: tuple = (None, (0, (), 0))  # (candidates, (unsettled, unplaced, totals))
        # run records the constraints it uses by a number per constraint object: hashing a
        # constraint (a dataclass) at every removal cost more than the propagation itself
        numbers: dict[int, int] = {}  # id of a constraint -> its number
        objects: list[Constraint] = []
        for one in (*board.alldifferents, *self.geo.units, *(e for c, _, x in others for e in (c, *x))):
            if id(one) not in numbers:
                numbers[id(one)] = len(objects)
                objects.append(one)
        self.constraints = tuple(objects)  # by number
        # per number, the first number of an equal constraint (a class of equal ones)
        first_equal: dict[Constraint, int] = {}
        self.equal_class = tuple(first_equal.setdefault(one, k) for k, one in enumerate(objects))
        self.alldifferent_numbers = tuple(numbers[id(c)] for c in board.alldifferents)
        # per cell, the cells it sees (a comprehension finds those holding a placed digit)
        # and for each the number of the first AllDifferent (in board.containing's order)
        # holding both: run's scan of the AllDifferents when a digit is placed (a cell in
        # several, anti-knight pairs or a cage and its box, once); the numbering is the same
        # for every propagation of the board: worked out once
        peers = board.memo.get("forcing peers")
        if peers is None:
            reach = self._reach_of_cells()
            peers = board.memo["forcing peers"] = (
                tuple(tuple(p for p, _ in seen) for seen in reach),
                tuple(dict(seen) for seen in reach),
            )
        self.peer_cells, self.peer_numbers = peers
        self.unit_numbers = tuple(numbers[id(c)] for c in scanned)
        self.other_numbers = tuple(
            (numbers[id(c)], tuple(numbers[id(e)] for e in extra)) for c, _, extra in others
        )

    def _class_wakes(self, marks: list[int], shift: int) -> tuple:
        """:attr:`peer_marks`, :attr:`class_wakes` (``None`` when no filter reads classes),
        :attr:`class_present` and :attr:`class_lost` (see :meth:`_woken`)."""
        plain = list(marks)
        groups: list[dict[int, int]] = [{} for _ in marks]  # per cell: class -> bits
        for i, (constraint, _, _) in enumerate(self.others):
            classes = self.board.classes.get(id(constraint))
            if classes is None:
                continue
            bit = 1 << (shift + i)
            for cell in self.other_cells[i]:
                plain[cell] &= ~bit
                for group in classes:
                    groups[cell][group] = groups[cell].get(group, 0) | bit
        if not any(groups):
            return tuple(plain), None, {}, ()
        values = range(self.board.value_count)
        wakes = tuple(
            {1 << v: found for v in values if (found := tuple((g, b) for g, b in by.items() if g >> v & 1))}
            for by in groups
        )
        # the classes numbered: a mask -> the numbers of the classes it meets (as bits), and
        # per cell, a set of classes lost -> the bits of the filters reading one of them there
        number = {g: k for k, g in enumerate(sorted({g for by in groups for g in by}))}
        present = _Lazy(lambda mask: sum(1 << k for g, k in number.items() if mask & g))
        lost = tuple(
            _Lazy(lambda classes, by=by: functools.reduce(
                operator.or_, (b for g, b in by.items() if classes >> number[g] & 1), 0))
            for by in groups
        )  # fmt: skip
        return tuple(plain), wakes, present, lost

    def _woken(self, cell: int, was: int, now: int) -> int:
        """The bits of :attr:`unit_marks` that ``cell``'s candidates going from ``was`` to
        ``now`` wake: its units and filters, but a class filter only if ``cell`` lost the
        last candidate of one of its classes (:attr:`class_present`: the classes a mask
        meets, numbered; :attr:`class_lost`: per cell, the filters a set of lost classes
        wakes)."""
        present = self.class_present
        lost = present[was] & ~present[now]
        return self.peer_marks[cell] | self.class_lost[cell][lost] if lost else self.peer_marks[cell]

    def _reach_of_cells(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per cell, ``(peer, number of the first AllDifferent holding both)``, each peer once."""
        board = self.board
        reach = []
        for c, containing in enumerate(board.containing):
            seen: dict[int, int] = {}
            for index in containing:
                for p in board.alldifferents[index].cells:
                    if p != c and p not in seen:
                        seen[p] = self.alldifferent_numbers[index]
            reach.append(tuple(seen.items()))
        return tuple(reach)

    def totals(self, candidates: Sequence[int]) -> int:
        """Every scanned unit's places of each value in ``candidates`` (the sum of
        :class:`_PlaceCounter`'s spread masks of its cells), one block of :attr:`block` bits
        per unit, unit ``u`` from bit ``u * block``: what :meth:`_settle` keeps up to date
        on a board of :attr:`whole` units."""
        spread, block = self.counter.spread, self.block
        units = enumerate(self.gather)
        return sum(sum(map(spread, gather(candidates))) << (block * u) for u, gather in units)

    def unsettled(self, candidates: Sequence[int]) -> int:
        """The units with a hidden single or a value with no place in ``candidates``, and the
        variant constraints whose propagation narrows them or finds them contradictory, as
        bits (see :attr:`unit_marks`); remembered for the last state (a forcing chain
        supposes every candidate of one state, a nested net every candidate where its branch
        stops): a propagation from there need not scan the other units, nor run the other
        constraints, until a cell of theirs changes."""
        return self._start_of(candidates)[0]

    def unplaced(self, candidates: Sequence[int]) -> tuple[int, ...]:
        """The cells of one candidate in ``candidates`` that a peer still holds (a naked
        single not yet followed): a propagation from ``candidates`` queues them with the
        supposed cell, so a fresh run reaches what one resumed from an earlier state does."""
        return self._start_of(candidates)[1]

    def _start_of(self, candidates: Sequence[int]) -> tuple[int, tuple[int, ...]]:
        """:meth:`unsettled` and :meth:`unplaced` of ``candidates``, remembered for the last state."""
        return self._start_with_totals(candidates)[:2]

    def _start_with_totals(self, candidates: Sequence[int]) -> tuple[int, tuple[int, ...], int]:
        """:meth:`_start_of` and :meth:`totals` of ``candidates`` (0 unless :attr:`whole`),
        remembered for the last state."""
        key = tuple(candidates)
        last = self._unsettled
        if last[0] == key:
            return last[1]
        peer_cells = self.peer_cells
        unplaced = tuple(
            c
            for c, m in enumerate(candidates)
            if not m & (m - 1) and any(candidates[p] & m for p in peer_cells[c])
        )
        found = 0
        totals = self.totals(candidates) if self.whole else 0
        for u, cells in enumerate(self.scanned):  # as _settle scans a unit
            once, twice = _spread(candidates, cells)
            size = once.bit_count()
            hidden = once & ~twice if size == len(cells) else 0
            # (a cell holding two values of one place each, and nothing else, contradicts)
            if size < len(cells) or any(
                (h := candidates[c] & hidden) and (h != candidates[c] or h & (h - 1)) for c in cells
            ):
                found |= 1 << u
        trial = list(candidates)
        for i, ((_, propagate, _), cells) in enumerate(zip(self.others, self.other_cells, strict=True)):
            if propagate(trial) is None or any(trial[c] != candidates[c] for c in cells):
                found |= 1 << (self.other_shift + i)
                for c in cells:
                    trial[c] = candidates[c]
        self._unsettled = (key, (found, unplaced, totals))
        return found, unplaced, totals

    def outcomes(
        self, candidates: Sequence[int]
    ) -> Callable[[int, int], tuple[list[int] | None, list[Constraint]]]:
        """``outcome(cell, value)``: :meth:`run` on ``candidates``, once per supposition (a
        technique asks the same one from several patterns; the finders tried one after the
        other on a state, Kraken fish, forcing chains and nested nets, share the answers:
        they are remembered for the last state); the board's deadline is checked before
        each new run. The lists it gives are shared: the caller must not change them."""
        global _OUTCOMES
        key = (self.board, tuple(candidates))
        last = _OUTCOMES  # one read: another thread may replace it
        if last[0] == key:
            found = last[1]
        else:
            found = {}
            _OUTCOMES = (key, found)

        def outcome(cell: int, value: int) -> tuple[list[int] | None, list[Constraint]]:
            key = (cell, value)
            if key not in found:
                self.board.check_deadline()
                found[key] = self.run(candidates, cell, value)
            return found[key]

        return outcome

    def known_afters(self, candidates: Sequence[int]) -> dict[tuple[int, int], list[int] | None]:
        """The answers :meth:`afters` has worked out on ``candidates`` if it was last asked
        there on this board (by supposition ``(cell, value)``; not to be changed), else ``{}``."""
        board, key, found = _AFTERS  # one read: another thread may replace it
        return found if board is self.board and key == tuple(candidates) else {}

    def afters(self, candidates: Sequence[int]) -> Callable[[int, int], list[int] | None]:
        """``after(cell, value)``: :meth:`outcomes`' candidates alone (``None`` on a
        contradiction), and for a supposition worked out on an earlier state of this board
        that ``candidates`` narrows (its last answer: the steps of a path only narrow, and
        a finder asks only some suppositions at a step), resumed from that answer
        (:meth:`resume`: the same candidates, a fraction of the work; a contradiction there
        is one here); remembered for the last state."""
        global _AFTERS
        key = tuple(candidates)
        board, last_key, last = _AFTERS  # one read: another thread may replace it
        if board is self.board and last_key == key:
            found = last
        else:
            found = {}
            _AFTERS = (self.board, key, found)
        # per supposition, its last answer on this board and the state it was worked out on
        history: dict[tuple[int, int], tuple[list[int] | None, tuple[int, ...]]]
        history = self.board.memo.setdefault("forcing afters", {})
        moved_since: dict[int, list[int] | None] = {}  # by earlier state (id): the cells changed since
        fresh = self.outcomes(candidates)

        def moved_from(then: tuple[int, ...]) -> list[int] | None:
            """The cells whose candidates differ in ``then``, an earlier state, if this
            state narrows it (each cell's candidates a subset), else ``None``."""
            if id(then) not in moved_since:
                narrows = len(then) == len(key) and all(
                    now | was == was for now, was in zip(key, then, strict=True)
                )
                moved_since[id(then)] = (
                    [c for c, (now, was) in enumerate(zip(key, then, strict=True)) if now != was]
                    if narrows
                    else None
                )
            return moved_since[id(then)]

        def after(cell: int, value: int) -> list[int] | None:
            ask = (cell, value)
            if ask not in found:
                known = history.get(ask)
                moved = None if known is None else moved_from(known[1])
                if moved is not None:
                    self.board.check_deadline()
                    was = known[0]
                    found[ask] = None if was is None else self._resumed(was, key, moved)[0]
                else:
                    found[ask] = fresh(cell, value)[0]
                history[ask] = (found[ask], key)
            return found[ask]

        return after

    def run(
        self, candidates: Sequence[int], cell: int, value: int
    ) -> tuple[list[int] | None, list[Constraint]]:
        """The candidates after supposing ``cell = value`` (``None`` on a contradiction),
        and the constraints used."""
        cand = _State(candidates)
        cand[cell] = bit = 1 << (value - 1)
        # the units to scan for hidden singles and the others to propagate: those the start
        # leaves unsettled, and those holding a cell changed since
        unsettled, unplaced, totals = self._start_with_totals(candidates)
        if self.whole:
            spread = self.counter.spread
            totals += (spread(bit) - spread(candidates[cell])) * self.cell_blocks[cell]
        after, numbers = self._settle(cand, [cell, *unplaced], unsettled | self.unit_marks[cell], totals)
        return after, self._used(numbers)

    def resume(
        self, previous: Sequence[int], candidates: Sequence[int], moved: Iterable[int]
    ) -> tuple[list[int] | None, list[Constraint]]:
        """:meth:`run`'s candidates from ``candidates`` for the supposition that gave
        ``previous`` (:meth:`run`'s candidates, not ``None``) from an earlier state that
        ``candidates`` narrows (each cell's candidates a subset; ``moved``: the cells where
        they differ): the propagation continues from ``previous`` less what
        ``candidates`` removed, rescanning only the units and constraints with a cell that
        changed. The same answer, as every filter narrows monotonically to one fixpoint
        (Apt, "Principles of Constraint Programming", 2003, ch. 7: chaotic iteration); the
        constraints used are those of the continuation alone."""
        after, numbers = self._resumed(previous, candidates, moved)
        return after, self._used(numbers)

    def _resumed(
        self, previous: Sequence[int], candidates: Sequence[int], moved: Iterable[int]
    ) -> tuple[list[int] | None, dict[int, None]]:
        """:meth:`resume` with the constraints used as :meth:`_settle` gives them (numbers):
        the suppositions' afters and nested nets keep the candidates alone."""
        marks, wakes, woken = self.unit_marks, self.class_wakes, self._woken
        cand = _State(previous)
        queue = []
        dirty = 0
        whole = self.whole
        if whole:  # previous's totals, kept with it (from scratch if it came from elsewhere)
            totals = getattr(previous, "totals", None)
            if totals is None:
                totals = self.totals(previous)
            spread, blocks = self.counter.spread, self.cell_blocks
        for c in moved:
            was = cand[c]
            mask = was & candidates[c]
            if mask != was:
                if not mask:
                    return None, {}
                cand[c] = mask
                if whole:
                    totals += (spread(mask) - spread(was)) * blocks[c]
                dirty |= marks[c] if wakes is None else woken(c, was, mask)
                if not mask & (mask - 1):
                    queue.append(c)
        if not dirty and not queue:
            if whole:
                cand.totals = totals
            return cand, {}  # nothing it reached was removed since: _settle would find no more
        return self._settle(cand, queue, dirty, totals if whole else None)

    def _settle(
        self, cand: list[int], queue: list[int], dirty: int, totals: int | None = None
    ) -> tuple[list[int] | None, dict[int, None]]:
        """Propagate ``cand`` (in place) from the placed cells of ``queue`` and the units
        and constraints of ``dirty`` (bits of :attr:`unit_marks`): :meth:`run`'s answer,
        the constraints used as their numbers (:meth:`_used` names them).

        On a board of :attr:`whole` units, ``totals`` are ``cand``'s :meth:`totals` (worked
        out if ``None``), kept up to date as cells change: a pass reads the units with a
        value of one place (not placed) or none off them at once, in the order of the
        units, the same units a scan of the dirty ones finds (a unit not dirty has nothing
        to find: the callers' start states are settled but for the dirty units); the
        answer, a :class:`_State`, keeps them (:attr:`_State.totals`) when ``cand`` is one."""
        peer_cells, peer_numbers = self.peer_cells, self.peer_numbers
        used: dict[int, None] = {}  # the numbers of the constraints used, in order
        unit_numbers = self.unit_numbers
        done: set[int] = set()
        marks, plain, wakes = self.unit_marks, self.peer_marks, self.class_wakes
        shift = self.other_shift
        scanned, lengths, every_unit = self.scanned, self.scanned_lengths, self.every_unit
        counter, gather = self.counter, self.gather
        spread, one, two, high = counter.spread, counter.one, counter.two, counter.high
        placed_shift = counter.placed_shift
        whole = self.whole
        if whole:
            if totals is None:
                totals = self.totals(cand)
            blocks, all_two, all_high, block = self.cell_blocks, self.all_two, self.all_high, self.block
            block_mask, places = (1 << block) - 1, counter.width * self.board.value_count
        while True:
            while queue:
                c = queue.pop()
                if c in done:
                    continue
                done.add(c)
                b = cand[c]
                hit = [p for p in peer_cells[c] if cand[p] & b]  # each peer once: checked up front
                if not hit:
                    continue
                numbers = peer_numbers[c]
                if whole:  # b's place leaves each unit of each peer (a peer held b and another value)
                    totals -= spread(b) % (1 << places) * sum(map(blocks.__getitem__, hit))
                for p in hit:
                    cand[p] &= ~b
                    dirty |= plain[p]
                    used[numbers[p]] = None
                    if not cand[p]:
                        return None, used
                    if not cand[p] & (cand[p] - 1):
                        queue.append(p)
                        if whole:  # now placed: its second field
                            totals += (spread(cand[p]) >> places << places) * blocks[p]
                if wakes is not None:  # the class filters of a cell that lost b's class
                    for p in hit:
                        for group, bits in wakes[p].get(b, ()):
                            if not cand[p] & group:
                                dirty |= bits
            changed = False
            # the units with a cell changed since their last scan (which did nothing), in
            # order: the next dirty one after u, read off the bits (the others are skipped);
            # on whole units, the next one after u with something to find, off the totals
            u = -1
            while True:
                if whole:
                    found = (all_high & ~((totals + all_two) | totals >> placed_shift)) >> (block * (u + 1))
                    if not found:
                        break
                    u += ((found & -found).bit_length() - 1) // block + 1
                    total = totals >> (block * u) & block_mask
                else:
                    rest = (dirty & every_unit) >> (u + 1)
                    if not rest:
                        break
                    u += (rest & -rest).bit_length()
                    dirty &= ~(1 << u)
                    # each value's places in the unit, counted in its field (_PlaceCounter)
                    total = sum(map(spread, gather[u](cand)))
                    if ((total + two) | total >> placed_shift) & high == high:
                        continue  # each value in two places or placed here: nothing (most scans)
                present = (total + one) & high
                size = present.bit_count()
                length = lengths[u]
                if size < length:  # on a unit holding every value: a value with no place
                    used[unit_numbers[u]] = None
                    return None, used
                if size > length:
                    continue  # more values than cells (Hall units): none is hidden
                # the values of one place, but for those placed there (a placed digit
                # has left its peers: its one place is its own cell, nothing to do)
                hidden = present & ~((total + two) & high) & ~(total >> placed_shift)
                if not hidden:
                    continue
                hidden = counter.values(hidden)
                cells = scanned[u]
                for c in cells:
                    m = cand[c]
                    only = m & hidden
                    if only and (m != only or only & (only - 1)):  # (two values of one place here)
                        used[unit_numbers[u]] = None
                        if only & (only - 1):
                            return None, used
                        cand[c] = only
                        if whole:
                            totals += (spread(only) - spread(m)) * blocks[c]
                        dirty |= marks[c] if wakes is None else self._woken(c, m, only)
                        queue.append(c)
                        changed = True
            if not changed and dirty >> shift:
                # the others with a cell changed since they last ran, in the model's order (one
                # not dirty would change nothing: its cells are as when it last did nothing),
                # taken off ``pending`` (most do nothing: a filter that narrows puts the rest
                # back, and the dirty bits its cells' changes add)
                pending = dirty >> shift
                dirty &= (1 << shift) - 1  # (the units' bits, below the others')
                propagates, other_gather = self.propagates, self.other_gather
                before_read = wakes is not None or whole
                while pending:
                    low = pending & -pending
                    pending ^= low
                    index = low.bit_length() - 1
                    # a filter gives the cells it narrowed (the engine's contract), None on a
                    # contradiction: no copy of its cells' candidates to compare
                    if before_read:  # its cells as before: a class filter is woken by class
                        gathered = other_gather[index](cand)
                    narrowed = propagates[index](cand)
                    if narrowed is None:
                        own, extra_numbers = self.other_numbers[index]
                        used[own] = None
                        used.update(dict.fromkeys(extra_numbers))
                        return None, used
                    if not narrowed:
                        continue
                    if before_read:
                        before = dict(zip(self.other_cells[index], gathered, strict=True))
                    if whole:  # (a cell outside its own: every unit again)
                        if all(c in before for c in narrowed):
                            totals += sum((spread(cand[c]) - spread(before[c])) * blocks[c] for c in narrowed)
                        else:
                            totals = self.totals(cand)
                    for c in narrowed:  # (a cell outside its own, as a count group's: every class)
                        dirty |= marks[c] if wakes is None else self._woken(c, before.get(c, -1), cand[c])
                        if not cand[c] & (cand[c] - 1):
                            queue.append(c)
                    dirty = (dirty | pending << shift) & ~self.once[index]
                    own, extra_numbers = self.other_numbers[index]
                    used[own] = None
                    used.update(dict.fromkeys(extra_numbers))
                    changed = True
                    break  # singles, then the cheapest dirty filter first
            if not changed and not queue:
                if whole and isinstance(cand, _State):
                    cand.totals = totals
                return cand, used

    def _used(self, numbers: dict[int, None]) -> list[Constraint]:
        """The constraints of ``numbers``, in order, each once (of equal constraints, the
        first: as a dict keyed by the constraints themselves would keep them; keyed here by
        their classes of equal constraints, numbers, whose hashing costs nothing)."""
        constraints, equal_class = self.constraints, self.equal_class
        found: dict[int, Constraint] = {}
        for k in numbers:
            found.setdefault(equal_class[k], constraints[k])
        return list(found.values())


class _State(list):
    """A propagation's candidates (a list of masks, by cell) with, on a board of
    :attr:`_Propagation.whole` units, their :meth:`~_Propagation.totals` (:attr:`totals`,
    unset until :meth:`~_Propagation._settle` sets them: read with ``getattr``): a
    propagation resumed from them (:meth:`~_Propagation.resume`) updates those of the
    cells that change. Not to be changed in place once set (the lists
    :meth:`~_Propagation.afters` hands out are not). (No ``__init__`` of its own: list's,
    in C, as a propagation makes one per supposition.)"""

    __slots__ = ("totals",)
    totals: int


class _Record:
    """The implications of one branch, as :class:`RecordNode`\\ s (a slice of them makes
    the :class:`~.nets.NetNode`\\ s of a net), each fact once."""

    def __init__(self, start: Sequence[int]) -> None:
        self.start = start
        self.nodes: list[RecordNode] = []
        self.facts: dict[tuple[str, int, int], int] = {}
        # per supposition tried at a stop of this branch (nested nets), the candidates its
        # singles reached there without a contradiction and the stop's number: the next
        # stop resumes from them; the candidates at each stop
        self.reached: dict[tuple[int, int], tuple[list[int], int]] = {}
        self.stops: list[list[int]] = []

    def add(self, kind, cell, value, rule, unit=None, because=(), nested=None) -> int:
        key = (kind, cell, value)
        if key in self.facts:
            return self.facts[key]
        self.nodes.append(record_node((kind, cell, value, rule, unit, tuple(because), nested)))
        index = len(self.nodes) - 1
        if kind in ("=", "<>"):
            self.facts[key] = index
        return index

    def gone(self, cells, value: int) -> list[int]:
        """The removals of ``value`` from those of ``cells`` that started with it."""
        bit = 1 << (value - 1)
        return [self.facts[("<>", c, value)] for c in cells if self.start[c] & bit]

    def removals(self, cells, candidates: Sequence[int]) -> list[int]:
        """The removals so far among ``cells``."""
        return [self.facts[("<>", c, w)] for c in cells for w in values_of(self.start[c] & ~candidates[c])]

    def placement(self, cell: int, value: int) -> int:
        """The node placing ``value`` in ``cell`` (a naked single unless already there)."""
        key = ("=", cell, value)
        if key in self.facts:
            return self.facts[key]
        others = [self.facts[("<>", cell, w)] for w in values_of(self.start[cell]) if w != value]
        return self.add("=", cell, value, "naked single", None, others)


def _packed(candidates: Sequence[int], values: int) -> int:
    """The candidates as one int, each cell's mask (of ``values`` bits) in a field of
    :func:`_field_bits` bits: one state is within another when ``not inner & ~outer``."""
    return int.from_bytes(array.array(_field_code(values), candidates).tobytes(), "little")


def _field_code(values: int) -> str:
    """The ``array`` type code of one cell's field in :func:`_packed`: 16 bits up to 16
    values, a C ``unsigned long`` past them."""
    return "H" if values <= 16 else "L"


def _free_states(board: Board) -> dict[tuple[int, int], list]:
    """The board's memo of contradiction-free propagations: per supposition ``(cell,
    value)``, the last :data:`FREE_STATES` states (the newest first) its propagation
    reached without a contradiction, each stored as reached (a list of masks) and packed
    (:func:`_packed`) on its first check (:func:`_is_free`). Propagation is monotone
    (singles and the constraints' filters only narrow, and narrow a smaller state at least
    as much), so from any state holding one of them the supposition ends at that state
    again, without a contradiction: its run is skipped where only that matters (the
    contradictions of forcing chains, a nested net's inner suppositions on a board with
    variant constraints; on a classic board they resume from their last propagation,
    :meth:`_Nets._nested`, measured cheaper than asking this memo first)."""
    return board.memo.setdefault("free suppositions", {})


def _remember_free(
    free: dict, cell: int, value: int, after: Sequence[int], replaces: Sequence[int] | None = None
) -> None:
    """Record in ``free`` (:func:`_free_states`) that supposing ``cell = value`` reached
    ``after`` (not to be changed once stored) without a contradiction, unpacked (a nested
    net's next stop checks it against the cells moved since, :meth:`_Nets._nested`: most
    states are replaced before any other check, and never packed). ``replaces``: the state
    ``after`` was resumed from, dropped from the memo (``after`` is within it, so it is
    free wherever that one is)."""
    states = free.get((cell, value), ())
    if replaces is not None:
        states = [state for state in states if state is not replaces]
    free[(cell, value)] = [after, *states[: FREE_STATES - 1]]


def _is_free(free: dict, cell: int, value: int, here: int, values: int, known: object = None) -> bool:
    """Whether one of the states ``free`` (:func:`_free_states`) holds for supposing ``cell
    = value`` is within ``here`` (:func:`_packed` candidates of ``values`` bits a cell):
    that supposition then ends free from ``here``. A state is packed on its first check
    (and kept packed); ``known``: a state already found not within ``here``, skipped."""
    states = free.get((cell, value))
    if not states:
        return False
    for i, state in enumerate(states):
        if state is known:
            continue
        if type(state) is not int:
            state = states[i] = _packed(state, values)
        if not state & ~here:
            return True
    return False


def _filter_cost(constraint: Constraint) -> int:
    """The cost class of a variant constraint's filter, cheapest first: an order or a
    binary table (a bit operation or two, :func:`~.board.relation_supports`, a line clue of
    two cells too); a cage's
    combinations or a table (one memo lookup, mostly); an equation over its totals, a line
    automaton, a chaos construction's regions (a search or dynamic programming per new state)."""
    if isinstance(constraint, Less | Relation) or len(set(constraint.cells)) == 2:
        return 0  # (a line clue over two cells is filtered as a binary table)
    if isinstance(constraint, Sum | Table | AllDifferent):
        return 1
    return 2


class _Lazy(dict):
    """A dict of ``key -> work(key)``, each worked out on first use."""

    def __init__(self, work: Callable[[int], int]) -> None:
        super().__init__()
        self.work = work

    def __missing__(self, key: int) -> int:
        found = self[key] = self.work(key)
        return found


class _PlaceCounter:
    """The places of each value in a unit, counted at once: :attr:`spread` maps a candidate
    mask to one field of :attr:`width` bits per value (bit ``v - 1`` to the low bit of field
    ``v - 1``), so the sum of a unit's spread masks holds in each field how many of its
    cells have that value (at most the unit's size, below the field's top bit: no carry).
    Adding :attr:`one` (:attr:`two`) sets a field's top bit exactly where the count is at
    least one (two); :attr:`high` masks the top bits. A hidden single is a value present
    once; a value with no place, one absent. A mask of one value (a placed digit) also
    counts in a second set of fields, above the first (from bit :attr:`placed_shift` on),
    so shifted down by ``placed_shift`` the sum's top bits are the placed values (with
    the bits of a second count, of no field top: below :attr:`high`'s only if two cells
    hold the same digit, which the peers' propagation rules out first). The same answer
    as a pass over the cells (once, twice) at a few C calls per unit, where a net's
    propagation scans units by the million (``iss/Bicycle race``: 1.5 million scans in
    25 s CPU, most of a propagation's time). Most scans find nothing: every value in two
    places or placed, ``((total + two) | total >> placed_shift) & high == high``, tested
    first (one test in place of four on the forum-hardest sample's 96% of scans that find
    nothing).

    >>> counter = _PlaceCounter.of(3, 3)
    >>> total = sum(map(counter.spread, (0b011, 0b010, 0b100)))  # 1 once, 2 twice, 3 once
    >>> once = (total + counter.one) & ~(total + counter.two) & counter.high
    >>> bin(counter.values(once)), bin(counter.values(once & ~(total >> counter.placed_shift)))
    ('0b101', '0b1')
    """

    def __init__(self, values: int, width: int, spread: Callable[[int], int]) -> None:
        self.width = width
        self.spread = spread
        # a placed value's second field: its count's low bit lands on the first field's top
        self.placed_shift = width * values - (width - 1)
        top = 1 << (width - 1)
        self.one = sum((top - 1) << (width * v) for v in range(values))
        self.two = sum((top - 2) << (width * v) for v in range(values))
        self.high = sum(top << (width * v) for v in range(values))

    @classmethod
    @functools.lru_cache(maxsize=8)
    def of(cls, values: int, longest: int) -> _PlaceCounter:
        """The counter for masks of ``values`` bits over units of at most ``longest``
        cells: fields of ``longest.bit_length() + 1`` bits; the spread of every mask in a
        table up to 16 values (65,536 masks), else worked out per mask."""
        width = longest.bit_length() + 1

        placed = width * values  # where the placed values' fields start

        def spread(mask: int) -> int:
            out = 0
            rest = mask
            while rest:
                low = rest & -rest
                out |= 1 << (width * (low.bit_length() - 1))
                rest ^= low
            return out | out << placed if mask and not mask & (mask - 1) else out

        if values > 16:
            return cls(values, width, spread)
        table = [0] * (1 << values)
        for mask in range(1, 1 << values):
            low = mask & -mask
            table[mask] = table[mask ^ low] | 1 << (width * (low.bit_length() - 1))
        for value in range(values):  # the masks of one value: their second field too
            table[1 << value] |= table[1 << value] << placed
        return cls(values, width, table.__getitem__)

    def values(self, tops: int) -> int:
        """The value mask of the fields whose top bit is set in ``tops``."""
        width = self.width
        found = 0
        while tops:
            low = tops & -tops
            found |= 1 << ((low.bit_length() - 1) // width)
            tops ^= low
        return found


def _spread(cand: Sequence[int], cells: Sequence[int]) -> tuple[int, int]:
    """The values of ``cells``' candidates: of one cell or more, of two cells or more (bit sets)."""
    once = twice = 0
    for c in cells:
        twice |= once & cand[c]
        once |= cand[c]
    return once, twice


def _ends(record: _Record, index: int) -> tuple[None, _Record, int]:
    return None, record, index


def _first_value(mask: int) -> int:
    return (mask & -mask).bit_length()


class _OverBudget(Exception):
    """A nested branch spent its :attr:`_Nets.budget` of suppositions."""


class _OutOfSuppositions(Exception):
    """A nested forcing net's search spent its :attr:`_Nets.left` suppositions."""


class _Nets(_Propagation):
    """The propagation of :class:`_Propagation`, recording every implication (and, with
    ``nest``, removing the candidates whose own supposition contradicts itself).

    ``budget``: how many nested suppositions a branch may still try before it gives up
    (:class:`_OverBudget`); ``None``, no limit. ``left``: how many the whole search may
    still try (:class:`_OutOfSuppositions`); ``None``, no limit."""

    budget: int | None = None
    left: int | None = None

    @classmethod
    def of(cls, board: Board) -> _Nets:
        """The board's engine, made once (its tables follow from the board alone; Kraken
        fish, forcing chains and nested nets ask for it at every step), with no
        :attr:`budget`."""
        engine = board.memo.get("forcing engine")
        if engine is None:
            engine = board.memo["forcing engine"] = cls(board)
        engine.budget = None
        return engine

    def branch(self, candidates: Sequence[int], cell: int, value: int, nest: int = 0, settled: bool = False):
        """``(candidates after, record, None)`` or, on a contradiction,
        ``(None, record, index of the contradiction)``. ``settled``: ``candidates`` are
        a stop of a branch (singles and every filter have nothing left there: no unit or
        constraint to scan but those of ``cell``), as :meth:`_nested` knows."""
        geo = self.geo
        peer_cells, peer_numbers, constraints = self.peer_cells, self.peer_numbers, self.constraints
        record = _Record(candidates)
        nodes, facts = record.nodes, record.facts
        cand = list(candidates)
        bit = 1 << (value - 1)
        root = record.add("=", cell, value, "suppose")
        for w in values_of(cand[cell] & ~bit):
            record.add("<>", cell, w, "placed", None, (root,))
        cand[cell] = bit
        unsettled, unplaced = (0, ()) if settled else self._start_of(candidates)
        # first in, first out: each fact from the earliest facts (shorter nets)
        queue = deque([cell, *unplaced])
        done: set[int] = set()
        # the others to propagate (bit i for others[i]): those the start leaves unsettled,
        # then those with a cell changed since they last ran (``seen``: the cells as then)
        marks, shift, other_cells = self.unit_marks, self.other_shift, self.other_cells
        wakes, woken = self.class_wakes, self._woken
        dirty = unsettled >> shift
        counter, hidden_gather = self.counter, self.hidden_gather
        spread, one, two, high = counter.spread, counter.one, counter.two, counter.high
        placed_shift = counter.placed_shift
        seen = list(candidates)
        # the units to scan for hidden singles (bits of unit_marks, as hidden_units): those
        # the start leaves unsettled, then those with a cell changed since their last scan
        every_unit = self.every_unit if self.hidden_units else 0
        to_scan = (unsettled & every_unit) | marks[cell]
        while True:
            while queue:
                c = queue.popleft()
                if c in done:
                    continue
                done.add(c)
                b = cand[c]
                v = b.bit_length()
                placed = record.placement(c, v)
                # the peers holding v, each once, with the first AllDifferent (in
                # board.containing's order) holding both: a walk over the AllDifferents of c
                # meets them in that order, the cells of one a peer shares come again, emptied
                hit = [p for p in peer_cells[c] if cand[p] & b]
                if not hit:
                    continue
                because = (placed,)
                numbers = peer_numbers[c]
                for p in hit:
                    m = cand[p] ^ b
                    cand[p] = m
                    to_scan |= marks[p]
                    # record.add, inlined (a hot path): the removal is new, as p held v
                    facts[("<>", p, v)] = len(nodes)
                    nodes.append(record_node(("<>", p, v, "peer", constraints[numbers[p]], because, None)))
                    if not m:
                        gone = record.removals((p,), cand)
                        return _ends(record, record.add("no candidate", p, None, "no candidate", None, gone))
                    if not m & (m - 1):
                        queue.append(p)
            changed = False
            u = -1
            while rest := (to_scan & every_unit) >> (u + 1):  # ascending, the newly marked included
                u += (rest & -rest).bit_length()
                to_scan &= ~(1 << u)
                cells = self.hidden_units[u]
                # each value's places in the unit at once (_PlaceCounter), as _settle reads them
                total = sum(map(spread, hidden_gather[u](cand)))
                if ((total + two) | total >> placed_shift) & high == high:
                    continue  # each value in two places or placed here: nothing (most scans)
                present = (total + one) & high
                if present != high:
                    v = _first_value(self.full & ~counter.values(present))
                    return _ends(
                        record,
                        record.add("no place", None, v, "no place", geo.units[u], record.gone(cells, v)),
                    )
                hidden = present & ~((total + two) & high) & ~(total >> placed_shift)
                if not hidden:
                    continue
                hidden = counter.values(hidden)
                unit = geo.units[u]
                for c in cells:
                    m = cand[c]
                    only = m & hidden
                    if only and (m != only or only & (only - 1)):  # (two values of one place here)
                        v = _first_value(only)
                        others = [x for x in cells if x != c]
                        single = record.add("=", c, v, "hidden single", unit, record.gone(others, v))
                        for w in values_of(m & ~(1 << (v - 1))):
                            record.add("<>", c, w, "placed", None, (single,))
                        if only & (only - 1):  # a second value with its one place here
                            w = _first_value(only & ~(1 << (v - 1)))
                            cand[c] = 1 << (v - 1)
                            return _ends(
                                record,
                                record.add("no place", None, w, "no place", unit, record.gone(cells, w)),
                            )
                        cand[c] = only
                        to_scan |= marks[c]
                        queue.append(c)
                        changed = True
            for unit in () if changed else self.hall_units:
                changed = self._hall(record, cand, queue, unit)
                if changed is None:
                    return _ends(record, len(record.nodes) - 1)
                if changed:
                    break
            if not changed and self.others:
                # the others with a cell changed since they last ran, in the model's order
                # (the rest would change nothing), as in :meth:`_Propagation.run`
                moved = 0
                for c in range(len(cand)):
                    if cand[c] != seen[c]:
                        moved |= marks[c] if wakes is None else woken(c, seen[c], cand[c])
                        seen[c] = cand[c]
                dirty |= moved >> shift
                index = -1
                while rest := dirty >> (index + 1):
                    index += (rest & -rest).bit_length()
                    dirty &= ~(1 << index)
                    constraint, propagate, _extra = self.others[index]
                    cells = other_cells[index]
                    before = [cand[c] for c in cells]
                    narrowed = propagate(cand)
                    if narrowed is None:
                        premises = record.removals(cells, dict(zip(cells, before, strict=True)))
                        return _ends(
                            record,
                            record.add("unsatisfiable", None, None, "constraint", constraint, premises),
                        )
                    premises = None
                    for c, was in zip(cells, before, strict=True):
                        if cand[c] != was:
                            changed = True
                            if premises is None:
                                premises = record.removals(cells, dict(zip(cells, before, strict=True)))
                            for w in values_of(was & ~cand[c]):
                                record.add("<>", c, w, "constraint", constraint, premises)
                            if not cand[c] & (cand[c] - 1):
                                queue.append(c)
                            dirty |= (marks[c] if wakes is None else woken(c, was, cand[c])) >> shift
                            seen[c] = cand[c]
                    dirty &= ~(self.once[index] >> shift)
                    if changed:
                        # the units of the cells it narrowed (a unit with none changed since
                        # its last scan has nothing new: as a scan of every unit finds)
                        for c in narrowed:
                            to_scan |= marks[c]
                        break  # singles, then the cheapest dirty filter first
            if not changed and not queue and nest > 0:
                changed = self._nested(record, cand, queue, nest)
                if changed is None:
                    return _ends(record, len(record.nodes) - 1)
                if changed:
                    to_scan = every_unit  # (a nested removal: every unit again)
            if not changed and not queue:
                return cand, record, None

    @staticmethod
    def _hall(record: _Record, cand: list[int], queue: deque[int], unit: Constraint) -> bool | None:
        """On a board of more digits than its side: if the cells of ``unit`` (an
        AllDifferent) hold only as many digits between them as they are, place each of
        those digits with one place left there (a ``"required digit"`` node, from every
        removal among its cells): True if one was; None (a ``"too few digits"`` end added)
        if they hold fewer, or a cell is the one place of two of them; False otherwise."""
        cells = unit.cells
        once, twice = _spread(cand, cells)
        size = once.bit_count()
        if size > len(cells):
            return False
        if size == len(cells):
            for c in cells:
                m = cand[c]
                only = m & ~twice
                if only and (m != only or only & (only - 1)):  # (two digits of one place here)
                    v = _first_value(only)
                    single = record.add("=", c, v, "required digit", unit, record.removals(cells, cand))
                    for w in values_of(m & ~(1 << (v - 1))):
                        record.add("<>", c, w, "placed", None, (single,))
                    cand[c] = 1 << (v - 1)
                    if only & (only - 1):  # a second required digit with its one place here
                        break
                    queue.append(c)
                    return True
            else:
                return False
        record.add("too few digits", None, None, "too few digits", unit, record.removals(cells, cand))
        return None

    def _nested(self, record: _Record, cand: list[int], queue: deque[int], nest: int) -> bool | None:
        """Remove one candidate whose supposition (from ``cand``) contradicts itself, with
        a node for it (the smallest of the first :data:`NET_INNER` such branches): True if
        one was, None if that empties its cell, False if none."""
        marks = self.unit_marks
        found: list[tuple[int, int, list[RecordNode], int, int]] = []  # (cell, value, record, end, size)
        # with variant constraints (a propagation costs some twenty times more), a
        # supposition that once ended free within cand ends free (:func:`_free_states`);
        # on a classic board resuming it costs less than asking (forum-hardest list)
        free = _free_states(self.board) if nest == 1 and self.board.others else None
        values = self.board.model.value_count
        here = _packed(cand, values) if free is not None else 0
        stop = len(record.stops)
        record.stops.append(list(cand))
        moved: dict[int, list[int]] = {}  # per earlier stop, the cells whose candidates changed since
        # the suppositions' propagations from the branch's start, when the forcing chains
        # worked them out: resumed as from an earlier stop (the start: ``moved[-1]``)
        outer = self.known_afters(record.start) if nest == 1 else {}
        for c in sorted(
            (c for c in range(len(cand)) if cand[c] & (cand[c] - 1)), key=lambda c: cand[c].bit_count()
        ):
            for w in values_of(cand[c]):
                if self.budget is not None:
                    if self.budget <= 0:
                        raise _OverBudget
                    self.budget -= 1
                if self.left is not None:
                    if self.left <= 0:
                        raise _OutOfSuppositions
                    self.left -= 1
                if nest == 1:
                    # the branch only narrows: resume this supposition from the last stop's
                    # propagation (the same answer as a new one, a fraction of the work)
                    previous = record.reached.get((c, w))
                    was = None
                    if previous is not None:
                        if previous[1] not in moved:
                            then = record.stops[previous[1]]
                            moved[previous[1]] = [x for x, m in enumerate(cand) if m != then[x]]
                        was, since = previous[0], moved[previous[1]]
                        if free is not None and not any(was[x] & ~cand[x] for x in since):
                            record.reached[(c, w)] = (was, stop)  # within cand: it ends there again
                            continue
                    if free is not None and _is_free(free, c, w, here, values, was):
                        continue
                    if was is not None:
                        after = self._resumed(was, cand, since)[0]
                    elif (c, w) in outer:  # from the branch's start (a contradiction there is one here)
                        if -1 not in moved:
                            moved[-1] = [x for x, m in enumerate(cand) if m != record.start[x]]
                        was = outer[(c, w)]
                        after = None if was is None else self._resumed(was, cand, moved[-1])[0]
                    else:
                        # (a stop is settled: only the supposed cell's units and constraints to scan)
                        supposed = _State(cand)
                        supposed[c] = 1 << (w - 1)
                        after = self._settle(supposed, [c], marks[c])[0]
                    if after is not None:
                        record.reached[(c, w)] = (after, stop)
                        if free is not None:
                            _remember_free(free, c, w, after, was)
                        continue
                after, inner, end = self.branch(cand, c, w, nest - 1, settled=True)
                if after is None:
                    found.append((c, w, inner.nodes, end, slice_size(inner.nodes, [end])))
            if len(found) >= NET_INNER:
                break
        if not found:
            return False
        c, w, nodes, end, _ = min(found, key=lambda f: f[4])  # (the smallest net, built alone)
        sub = slice_branch(nodes, [end])
        record.add("<>", c, w, "nested", None, self._premises(record, cand, sub), sub)
        cand[c] &= ~(1 << (w - 1))
        if not cand[c]:
            record.add("no candidate", c, None, "no candidate", None, record.removals((c,), cand))
            return None
        if not cand[c] & (cand[c] - 1):
            queue.append(c)
        return True

    @staticmethod
    def _premises(record: _Record, cand: list[int], sub: Branch) -> list[int]:
        """The removals of the outer branch that a nested branch relies on: for a naked
        single or an empty cell, every removal from its cell; for a hidden single or a
        value with no place, the value's removals in the unit; for a variant constraint,
        every removal among its cells."""
        whole: set[int] = set()
        values: set[tuple[int, int]] = set()
        for node in sub.nodes:
            if node.rule in ("naked single", "no candidate"):
                whole.add(node.cell)
            elif node.rule in ("hidden single", "no place"):
                values.update((x, node.value) for x in node.unit.cells)
            elif node.rule in ("constraint", "required digit", "too few digits"):
                whole.update(node.unit.cells)
        removed = set(record.removals(sorted(whole), cand))
        for x, v in values:
            if record.start[x] >> (v - 1) & 1 and not cand[x] >> (v - 1) & 1:
                removed.add(record.facts[("<>", x, v)])
        return sorted(removed)


def find_forcing_chains(
    board: Board, candidates: list[int], placed: set[int], choices: int | None = None
) -> Iterator[Deduction]:
    """Forcing chains: contradiction, then cell, then unit (see the module docstring),
    each with its net (:attr:`Deduction.net`: every implication of every branch).

    ``choices``: how many contradictions to compare, the smallest net being the step
    (``None``: :data:`NET_CHOICES`; ``0``: every one, as Sudoku Explainer picks the
    easiest hint: :func:`sudoku_cp.reasoning.grading.grade`'s rating path)."""
    geo: Geometry = geometry(board)
    engine = _Nets.of(board)
    open_cells = sorted(
        (c for c in range(len(candidates)) if c not in placed and candidates[c] & (candidates[c] - 1)),
        key=lambda c: (candidates[c].bit_count(), c),
    )
    outcome = engine.outcomes(candidates)
    after = engine.afters(candidates)

    def net(kind: str, branches, eliminations=(), unit=None) -> Net:
        drawn = []
        for cell, value in branches:
            after, record, end = engine.branch(candidates, cell, value)
            if end is not None:
                ends = [end]
            else:
                ends = [record.facts[("<>", c, v)] for c, v in eliminations]
            drawn.append(slice_branch(record.nodes, ends))
        return Net(kind, tuple(drawn), unit)

    limit = NET_CHOICES if choices is None else choices or len(candidates) * board.side
    contradictions: list[tuple[int, int]] = []
    free, values = _free_states(board), board.model.value_count
    here = _packed(candidates, values)
    for cell in open_cells:  # the first few contradictions (the order of open_cells)
        for value in values_of(candidates[cell]):
            if _is_free(free, cell, value, here, values):
                continue  # it once propagated to a state within this one: no contradiction
            reached = after(cell, value)
            if reached is None:
                contradictions.append((cell, value))
            else:
                _remember_free(free, cell, value, reached)
        if len(contradictions) >= limit:
            break
    removals: dict[tuple[int, int], int | None] = {}

    def gone_of(cell: int, value: int) -> int | None:
        """The candidates supposing ``cell = value`` removes, packed (``None``: a contradiction)."""
        key = (cell, value)
        if key not in removals:
            reached = after(cell, value)
            removals[key] = None if reached is None else here & ~_packed(reached, values)
        return removals[key]

    # the smallest of the first few nets (its size read off its record first); a record
    # must reach the contradiction its propagation did, or its net would be its supposition
    # alone (both follow the same filters to the same fixpoint: a guard, not a choice)
    branches = (engine.branch(candidates, *found)[1:] for found in contradictions[:limit])
    records = [(record, end) for record, end in branches if end is not None]
    if records:
        sizes = [slice_size(record.nodes, [end]) for record, end in records]
        record, end = records[sizes.index(min(sizes))]
        found = Net("contradiction", (slice_branch(record.nodes, [end]),))
        cell, value = found.branches[0].cell, found.branches[0].value
        used = outcome(cell, value)[1]
        yield Deduction(
            "forcing chain (contradiction)",
            (),
            ((cell, value),),
            (cell,),
            (value,),
            ((cell, value),),
            premise(used, (geo.units[u] for u in geo.units_of[cell][:1])),
            f"supposing {_name(board, cell)}={board.digit(value)} leads to a contradiction",
            net=found,
        )
        return
    for cell in open_cells:  # cell
        if candidates[cell].bit_count() > MAX_BRANCHES:
            break
        branches = [(cell, v) for v in values_of(candidates[cell])]
        found = _common(board, candidates, placed, branches, gone_of, outcome)
        if found is not None:
            eliminations, used = found
            yield Deduction(
                "forcing chain (cell)",
                (),
                eliminations,
                (cell,),
                values_of(candidates[cell]),
                tuple(branches),
                premise(used, (geo.units[u] for u in geo.units_of[cell][:1])),
                f"whatever {_name(board, cell)} holds",
                net=net("cell", branches, eliminations),
            )
            return
    for u, cells in enumerate(geo.unit_cells if board.complete_units else ()):  # unit (holding every value)
        for value in range(1, board.side + 1):
            bit = 1 << (value - 1)
            places = [c for c in cells if candidates[c] & bit]
            if not 2 <= len(places) <= MAX_BRANCHES or any(c in placed for c in places):
                continue
            branches = [(c, value) for c in places]
            found = _common(board, candidates, placed, branches, gone_of, outcome)
            if found is not None:
                eliminations, used = found
                yield Deduction(
                    "forcing chain (unit)",
                    (),
                    eliminations,
                    tuple(places),
                    (value,),
                    tuple(branches),
                    premise((geo.units[u],), used),
                    f"wherever {board.digit(value)} goes in {geo.units[u].label}",
                    net=net("unit", branches, eliminations, geo.units[u]),
                )
                return


NET_CHOICES = 8
"""How many contradictions a forcing chain compares: the smallest net is the step."""

NET_INNER = 1
"""How many nested contradictions a nested net compares at each point: the smallest is kept."""

NET_TRIES = 24
"""How many candidates a nested forcing net supposes at most, per step."""

NET_FOUND = 2
"""How many nested nets are compared (the smallest is the step): each more gives smaller
nets and costs more suppositions; 2 keeps the explanations of the forum-hardest puzzles
near a second of CPU (``docs/benchmarks/bench_reasoning_hardest.md``)."""

FREE_STATES = 4
"""How many states each supposition remembers having propagated to without a
contradiction (:func:`_free_states`)."""

NET_BUDGET = 200
"""On a board with variant constraints (cages, sums, lines), how many nested suppositions
one supposition of a nested forcing net may try before it is put aside, in a first pass
over the :data:`NET_TRIES` candidates; a second pass, with no limit, runs only if the first
finds no net, and only on the suppositions put aside. (On a classic board a supposition is
cheap and the budget would only change which net is found: the forum-hardest puzzles'
explanations got longer and slower with it, so there is none.) A
supposition that contradicts itself needs few (57 on average on a published little killer,
``iss/Little Killer Sudoku`` of the links corpus), one that does not scans every candidate
at every stop (4,200 there, 90% of its explanation's CPU time before this budget)."""


NET_SUPPOSITIONS = 40_000
"""On a board with variant constraints, how many nested suppositions one search for a
nested forcing net may try in all (both passes of :func:`_budgets`) before it gives up
(a search that found a net by then keeps it), so that a state where nets are hopeless
reaches the last resort sooner. Counted in suppositions, not seconds, so the steps do not
depend on the machine's load. Searches that found no net tried 27,000 to 135,000 on the
published puzzles of the links corpus that end in the last resort (I want to break free,
The Barbed Cross: about 1 and 3 s of CPU each); most that found one, fewer than 25,000.
(No limit on a classic board: the forum-hardest lists' steps stay as they are.)"""


def _supposition_limit(board: Board) -> int | None:
    """The nested suppositions one search may try in all: :data:`NET_SUPPOSITIONS` on a
    board with variant constraints, no limit (``None``) on a classic board."""
    return NET_SUPPOSITIONS if board.others else None


def _budgets(board: Board) -> tuple[int | None, ...]:
    """The budgets of the passes of :func:`find_nested_forcing_nets`: on a board with variant
    constraints (a supposition there costs some twenty times one on a classic board), put
    the long suppositions aside (:data:`NET_BUDGET`), then, if need be, try them; on a
    classic board, one pass with no limit."""
    return (NET_BUDGET, None) if board.others else (None,)


def _reach(outcome: Callable, candidates: list[int], cell: int, value: int) -> int:
    """How many candidates supposing ``cell = value`` removes by singles alone (a
    contradiction counts as all): the suppositions that reach farthest are tried first."""
    after = outcome(cell, value)  # (:meth:`_Propagation.afters`: forcing chains ran most)
    if after is None:
        return sum(m.bit_count() for m in candidates)
    return sum((was & ~now).bit_count() for was, now in zip(candidates, after, strict=True))


def _first_tries(
    tries: list[tuple[int, int]], candidates: list[int], outcome: Callable
) -> list[tuple[int, int]]:
    """The first :data:`NET_TRIES` of ``tries`` (suppositions ``(cell, value)``) in cells
    with the fewest candidates first, those whose singles reach farthest (:func:`_reach`)
    first among equals, then by cell and value: the reach is worked out only for the cells
    of as few candidates as fill the first :data:`NET_TRIES`."""
    by_count: dict[int, list[tuple[int, int]]] = {}
    for cv in tries:
        by_count.setdefault(candidates[cv[0]].bit_count(), []).append(cv)
    first: list[tuple[int, int]] = []
    for count in sorted(by_count):
        if len(first) >= NET_TRIES:
            break
        first += sorted(by_count[count], key=lambda cv: (-_reach(outcome, candidates, *cv), cv))
    return first[:NET_TRIES]


def find_nested_forcing_nets(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """A nested forcing net (Sudoku Explainer's "dynamic forcing chains (+)"; HoDoKu's
    forcing nets with nested contradictions): suppose a candidate, follow the singles, and
    whenever they stop, remove a candidate whose own supposition (within this branch)
    leads to a contradiction, written out as a nested branch; until the branch
    contradicts itself, so the supposed candidate is false.

    The solution may say *where to look* (only candidates it does not hold are supposed,
    in cells with the fewest candidates first, those whose singles reach farthest first
    among equals), never *why*: the net is the whole
    argument, each implication replayable from the candidates (:mod:`.nets`). Of the
    first :data:`NET_FOUND` nets found among :data:`NET_TRIES` suppositions, the smallest
    (fewest implications) is the step.
    """
    engine = _Nets.of(board)
    solution = board.solution
    tries = [
        (c, v)
        for c in range(len(candidates))
        if c not in placed and candidates[c] & (candidates[c] - 1)
        for v in values_of(candidates[c])
        if solution is None or v != solution[c]
    ]
    outcome = engine.afters(candidates)
    tries = _first_tries(tries, candidates, outcome)
    best: tuple[int, Branch] | None = None
    settled: set[tuple[int, int]] = set()  # suppositions that ended within the budget, with no net
    engine.left = _supposition_limit(board)
    try:
        for budget in _budgets(board):
            found = 0
            for cell, value in tries:
                if (cell, value) in settled:
                    continue  # the same branch again would end the same way
                board.check_deadline()
                engine.budget = budget
                try:
                    after, record, end = engine.branch(candidates, cell, value, nest=1)
                except _OverBudget:
                    continue
                if after is not None:
                    settled.add((cell, value))
                    continue
                branch = slice_branch(record.nodes, [end])
                if best is None or branch.size < best[0]:
                    best = (branch.size, branch)
                found += 1
                if found >= NET_FOUND:
                    break
            if best is not None:
                break
    except _OutOfSuppositions:
        pass  # the nets found so far, if any (the last resort otherwise)
    if best is None:
        return
    branch = best[1]
    units: dict[Constraint, None] = {}
    # a variant constraint's filter may rely on some of its cells differing (a sum's, an
    # arrow's peers): the AllDifferents that say so are premises of its nodes too
    extras = {id(constraint): extra for constraint, _, extra in engine.others}

    def collect(b: Branch) -> None:
        for node in b.nodes:
            if node.unit is not None:
                units[node.unit] = None
                if node.rule == "constraint":
                    units.update(dict.fromkeys(extras.get(id(node.unit), ())))
            if node.nested is not None:
                collect(node.nested)

    collect(branch)
    cell, value = branch.cell, branch.value
    yield Deduction(
        "nested forcing net (contradiction)",
        (),
        ((cell, value),),
        (cell,),
        (value,),
        ((cell, value),),
        tuple(units),
        f"supposing {_name(board, cell)}={board.digit(value)} leads to a contradiction, "
        "nested suppositions included",
        net=Net("contradiction", (branch,)),
    )


def _common(board, candidates, placed, branches, gone_of, outcome):
    """The candidates every branch removes (``gone_of``: per supposition, its removals as
    one :func:`_packed` int; ``None`` on a contradiction), and the constraints used
    (``outcome``'s, asked only then); ``None`` if none."""
    removed = None
    for cell, value in branches:
        gone = gone_of(cell, value)
        if gone is None:
            continue  # that branch is impossible: the others decide
        removed = gone if removed is None else removed & gone
        if not removed:
            return None
    if not removed:
        return None
    width = _field_bits(board.model.value_count)
    eliminations = tuple(cv for cv in _pairs(removed, width) if cv not in branches)
    if not eliminations:
        return None
    used: list[Constraint] = []
    for cell, value in branches:
        reached, by = outcome(cell, value)
        if reached is not None:
            used += by
    return eliminations, used


def _field_bits(values: int) -> int:
    """The bits of one cell's field in :func:`_packed` (:func:`_field_code`)."""
    return array.array(_field_code(values)).itemsize * 8


def _pairs(bits: int, width: int) -> Iterator[tuple[int, int]]:
    """The ``(cell, value)`` pairs of a :func:`_packed` difference, by cell then value."""
    while bits:
        low = bits & -bits
        cell, offset = divmod(low.bit_length() - 1, width)
        yield cell, offset + 1
        bits ^= low


def _name(board: Board, cell: int) -> str:
    return board.model.cell_name(cell)
