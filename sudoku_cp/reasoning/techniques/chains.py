"""Chains: X-Chain, XY-Chain and alternating inference chains (AIC) with grouped nodes.

Names and definitions as in HoDoKu's technique list ("Chains and Loops": X-Chain,
XY-Chain, AIC, grouped AIC) and Andrew Stuart's SudokuWiki ("X-Chains", "XY-Chains",
"Alternating Inference Chains", "Grouped X-Cycles"). A *node* is a candidate (a cell and
a value) or, for grouped chains, a *group*: the places of a value where a box (any
non-line unit) meets a line. A *strong link* ``A = B``: if ``A`` is false, ``B`` is true
(a unit where the value has exactly these two places or groups; a cell with exactly
these two candidates). A *weak link* ``A - B``: if ``A`` is true, ``B`` is false (one
value in cells that see each other; two candidates of one cell). A chain
``A = B - C = D ... = Z`` alternates them, starting and ending with a strong link: if
``A`` is false, ``Z`` is true; so one of ``A``, ``Z`` holds, and a candidate weakly
linked to both (seeing both, or sharing a cell with one and seeing the other) is false.

* X-Chain: one value; strong links are units with two places.
* XY-Chain: strong links are cells with two candidates; weak links join one value in
  cells that see each other.
* AIC: both kinds of strong links and of weak links, and grouped nodes.

Each finder returns a shortest chain (fewest links) among those that remove anything.
Units: strong links in any unit (rows, columns, boxes, jigsaw regions, diagonals,
windows), weak links through any AllDifferent; groups where a non-line unit meets a row
or column. Premises: the chain's nodes (its cells, values and candidates), the units of
its strong links, the units of its weak links, and those through which each removed
candidate sees the chain's ends.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Container, Iterator
from typing import Any

from sudoku_cp.model.constraints import Constraint
from sudoku_cp.reasoning.techniques._links import Geometry, geometry, links, premise
from sudoku_cp.reasoning.techniques._unchanged import found_nothing, unchanged, value_planes
from sudoku_cp.reasoning.techniques.board import Board, Deduction, values_of
from sudoku_cp.reasoning.techniques.eureka import ChainNode, alternating

MAX_NODES = 24
"""The longest chain looked for, in nodes (a chain of 12 strong links)."""

_UNKNOWN = object()
"""A :class:`_Graph`'s shortest AIC not worked out yet (``None`` means there is none)."""


class _Graph:
    """Nodes and links of one kind of chain, for one state of the candidates."""

    def __init__(
        self, board: Board, candidates: list[int], placed: set[int], kind: str, only: int = -1
    ) -> None:
        """``only``: for an X-Chain, the values to look at as a bit set (bit ``v - 1``
        for ``v``), all by default."""
        geo = self.geo = geometry(board)
        self.candidates = candidates = list(candidates)  # its own: a graph may outlive the step
        self.placed = placed = set(placed)
        # values per cell (k: more than the side on a grid of more digits), the stride of a
        # candidate's bit ``cell * n + value - 1``
        n = board.value_count
        cells: list[tuple[int, ...]] = []
        values: list[int] = []
        index: dict[tuple[tuple[int, ...], int], int] = {}

        def node(group: tuple[int, ...], value: int) -> int:
            key = (group, value)
            if key not in index:
                index[key] = len(cells)
                cells.append(group)
                values.append(value)
            return index[key]

        open_cells = [c for c in range(len(candidates)) if c not in placed and candidates[c]]
        for c in open_cells:  # a node per candidate (node() inlined: each is new)
            if kind != "xy" or candidates[c].bit_count() == 2:
                single = (c,)
                for v in values_of(candidates[c] & only):
                    index[(single, v)] = len(cells)
                    cells.append(single)
                    values.append(v)
        strong: dict[int, list[tuple[int, Constraint | None]]] = {}

        def link(a: int, b: int, unit: Constraint | None) -> None:
            strong.setdefault(a, []).append((b, unit))
            strong.setdefault(b, []).append((a, unit))

        if kind in ("x", "aic"):
            # per value looked at, its open places and its placed cells, as bit sets
            looked = [v for v in range(1, n + 1) if only >> (v - 1) & 1]
            planes = value_planes(candidates, placed, n)  # (remembered for the state: other finders ask)
            open_places = {v: planes[v - 1][0] for v in looked}
            placed_at = {v: planes[v - 1][1] for v in looked}
            for u, (unit_cells, here) in enumerate(zip(geo.unit_cells, _unit_bits(geo), strict=True)):
                for v in looked:
                    if placed_at[v] & here:
                        continue  # placed in this unit
                    places_bits = open_places[v] & here
                    count = places_bits.bit_count()
                    if count == 2:  # (a link's two ends in either order: the same lists)
                        low = places_bits & -places_bits
                        first, second = low.bit_length() - 1, (places_bits ^ low).bit_length() - 1
                        link(index[((first,), v)], index[((second,), v)], geo.units[u])
                    elif kind == "aic" and count >= 3:
                        self._group_links(u, v, unit_cells, places_bits, node, link)
        if kind in ("xy", "aic"):
            for c in open_cells:
                if candidates[c].bit_count() == 2:
                    x, y = values_of(candidates[c])
                    link(index[((c,), x)], index[((c,), y)], None)
        self.cells = cells
        self.values = values
        self.strong = strong
        self.kind = kind
        self.side = n
        seen_bits = []  # per node, the cells seeing all of it, as a bit set
        group_bits = []  # per node, its cells as a bit set
        peer_bits = geo.peer_bits
        for group in cells:
            if len(group) == 1:
                seen_bits.append(peer_bits[group[0]])
                group_bits.append(1 << group[0])
                continue
            bits = peer_bits[group[0]]
            for c in group[1:]:
                bits &= peer_bits[c]
            seen_bits.append(bits)
            group_bits.append(sum(1 << c for c in group))
        self.seen_bits = seen_bits
        self.group_bits = group_bits
        # per value, its single-cell nodes' cells as a bit set and by cell, its groups
        self.single_bits: dict[int, int] = dict.fromkeys(values, 0)
        self.single_at: dict[int, dict[int, int]] = {v: {} for v in self.single_bits}
        self.groups_of: dict[int, list[int]] = {v: [] for v in self.single_bits}
        for i, (group, v) in enumerate(zip(cells, values, strict=True)):
            if len(group) == 1:
                self.single_bits[v] |= 1 << group[0]
                self.single_at[v][group[0]] = i
            else:
                self.groups_of[v].append(i)
        # the open candidates, bit ``cell * n + value - 1``, and per cell and value the
        # candidates of that value in the cells it sees (a memo of the geometry)
        self.open_candidates = sum(candidates[c] << (c * n) for c in open_cells)
        self.peer_candidates = _peer_candidates(geo, n)
        in_cell: dict[int, list[int]] = {}
        for i, group in enumerate(cells):
            if len(group) == 1:
                in_cell.setdefault(group[0], []).append(i)
        self.in_cell = in_cell
        self._weak: dict[int, list[int]] = {}
        self._weak_candidates: dict[int, int] = {}
        # the searches' starts: the nodes with a strong link, cells of fewer candidates first
        self.starts = sorted(strong, key=lambda i: (len(cells[i]), i))
        self.shortest_aic: Any = _UNKNOWN  # an AIC graph's shortest chain (shortest_aic)

    def _group_links(self, u: int, v: int, unit_cells, places_bits: int, node, link) -> None:
        """Strong links between a group and the rest of a unit's places (a cell or a group):
        ``places_bits``, the value's places in unit ``u`` (of cells ``unit_cells``) as a bit set."""
        geo = self.geo
        key = ("group links", u, places_bits)  # (the same places give the same links: memo)
        pairs = geo.nothing.get(key)
        if pairs is None:
            places = [c for c in unit_cells if places_bits >> c & 1]
            parts = []
            for other in _crossing(geo)[u]:
                inside = [c for c in places if c in other]
                if 2 <= len(inside) < len(places):
                    parts.append(tuple(inside))
            pairs = []
            for part in parts:
                rest = tuple(c for c in places if c not in part)
                if len(rest) == 1 or rest in parts:
                    pairs.append((part, rest))
            geo.nothing[key] = pairs
        for part, rest in pairs:
            link(node(part, v), node(rest, v), geo.units[u])

    def weak(self, a: int) -> list[int]:
        """The nodes weakly linked to node ``a``."""
        found = self._weak.get(a)
        if found is None:
            mine, value = self.cells[a], self.values[a]
            seen_bits, group_bits = self.seen_bits[a], self.group_bits
            # the single cells of the value seeing it (ascending, as their nodes were made),
            # then the groups within the cells seeing it (made after every single cell)
            at = self.single_at[value]
            found = []
            singles = seen_bits & self.single_bits[value]
            while singles:
                low = singles & -singles
                found.append(at[low.bit_length() - 1])
                singles ^= low
            found += [b for b in self.groups_of[value] if b != a and not group_bits[b] & ~seen_bits]
            if self.kind == "aic" and len(mine) == 1:
                found += [b for b in self.in_cell.get(mine[0], ()) if b != a]
            self._weak[a] = found
        return found

    def targets(self, s: int, e: int) -> list[tuple[int, int]]:
        """The open candidates weakly linked to both ``s`` and ``e`` (and neither of them),
        sorted."""
        return self.candidates_in(self.weak_candidates(s) & self.weak_candidates(e))

    def candidates_in(self, mask: int) -> list[tuple[int, int]]:
        """The candidates ``(cell, value)`` of a bitmask over ``cell * n + value - 1``, sorted."""
        n = self.side
        found = []
        while mask:
            low = mask & -mask
            index = low.bit_length() - 1
            found.append((index // n, index % n + 1))
            mask ^= low
        return found

    def deduction(
        self,
        name: str,
        walk: list[int],
        units: list,
        targets: list[tuple[int, int]],
        target_pairs: list[tuple[int, int]],
    ) -> Deduction:
        """The :class:`Deduction` of a chain or a loop of nodes ``walk`` (a loop ends on its
        first node again): it removes ``targets``; its premise is the strong links'
        ``units``, the weak links (``walk``'s second, fourth... links) and the links
        ``target_pairs`` (target cell, node cell) that make each target see the pattern;
        ``name`` takes " (grouped)" when a node is a group of cells."""
        weak_pairs = []
        for i in range(1, len(walk) - 1, 2):
            a, b = walk[i], walk[i + 1]
            weak_pairs += [(x, y) for x in self.cells[a] for y in self.cells[b] if x != y]
        if any(len(self.cells[i]) > 1 for i in walk):
            name = f"{name} (grouped)"
        return Deduction(
            name,
            (),
            tuple(targets),
            tuple(dict.fromkeys(c for i in walk for c in self.cells[i])),
            tuple(sorted({self.values[i] for i in walk})),
            tuple(dict.fromkeys((c, self.values[i]) for i in walk for c in self.cells[i])),
            premise(units, links(self.geo, weak_pairs), links(self.geo, target_pairs)),
            chain=alternating([ChainNode(self.cells[i], (self.values[i],)) for i in walk]),
        )

    def weak_candidates(self, a: int) -> int:
        """The open candidates ``(cell, value)`` weakly linked to node ``a``: its value in
        the cells seeing all of it, the other values of its cell; as a bit set, bit
        ``cell * n + value - 1`` for a candidate (so ascending bits are sorted candidates)."""
        found = self._weak_candidates.get(a)
        if found is None:
            candidates, n = self.candidates, self.side
            group, value = self.cells[a], self.values[a]
            peer_candidates = self.peer_candidates[value]
            found = self.open_candidates & peer_candidates[group[0]]  # seeing all of it, open
            for c in group[1:]:
                found &= peer_candidates[c]
            if len(group) == 1:
                found |= (candidates[group[0]] & ~(1 << (value - 1))) << (group[0] * n)
            self._weak_candidates[a] = found
        return found


def _unit_bits(geo: Geometry) -> tuple[int, ...]:
    """Per unit, its cells as a bit set; a memo of the geometry."""
    found = geo.nothing.get("unit bits")
    if found is None:
        found = geo.nothing["unit bits"] = tuple(sum(1 << c for c in cells) for cells in geo.unit_cells)
    return found


def _peer_candidates(geo: Geometry, n: int) -> dict[int, tuple[int, ...]]:
    """Per value ``v`` (1..n), per cell, the candidates ``v`` of the cells it sees, as a
    bit set over ``cell * n + v - 1`` (:meth:`_Graph.weak_candidates`' bits); a memo of
    the geometry."""
    key = ("peer candidates", n)
    found = geo.nothing.get(key)
    if found is None:
        # per cell, its peers' bits ``p * n`` (value 1); each value's bits are those shifted
        spread = [sum(1 << (p * n) for p in peers) for peers in geo.peers]
        found = geo.nothing[key] = {v: tuple(bits << (v - 1) for bits in spread) for v in range(1, n + 1)}
    return found


_LAST: tuple = (None, None)
"""``(key, graph)``: the AIC graph of the last state (continuous nice loops, tried right
before AIC, walk the same nodes and links)."""


def aic_graph(board: Board, candidates: list[int], placed: set[int]) -> _Graph:
    """The :class:`_Graph` of kind ``"aic"`` for this state, remembered for the last state
    (with what its searches have worked out: the weak links of each node)."""
    global _LAST
    key = (board, tuple(candidates), frozenset(placed))
    last = _LAST  # one read: another thread may replace it
    if last[0] == key:
        return last[1]
    graph = _Graph(board, candidates, placed, "aic")
    _LAST = (key, graph)
    return graph


_CROSSING: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _crossing(geo: Geometry) -> tuple[tuple[frozenset[int], ...], ...]:
    """For each unit, the cells of the units that cross it (a box for a line, a line for a
    box: a group lies where they meet), in the order of the units; cached per geometry."""
    found = _CROSSING.get(geo)
    if found is None:
        cells = [frozenset(unit) for unit in geo.unit_cells]
        found = _CROSSING[geo] = tuple(
            tuple(
                cells[other]
                for other in range(len(cells))
                if other != u and geo.is_line[other] != geo.is_line[u] and cells[other] & cells[u]
            )
            for u in range(len(cells))
        )
    return found


def _chains(
    board: Board, candidates: list[int], placed: set[int], kind: str, name: str
) -> Iterator[Deduction]:
    values = -1
    if kind == "x":  # one value a chain: skip the values it found nothing on, still the same
        memo, planes = geometry(board).nothing, value_planes(candidates, placed, board.side)
        values = sum(1 << (v - 1) for v in range(1, board.side + 1) if not unchanged(memo, name, v, planes))
    if kind == "aic":
        graph = aic_graph(board, candidates, placed)
        best = shortest_aic(graph)
    else:
        graph = _Graph(board, candidates, placed, kind, values)
        best = _shortest_chain(graph)
    if best is None:
        if kind == "x":  # every start's search ran to the full length and found nothing
            for v in values_of(values):
                found_nothing(memo, name, v, planes)
        return
    chain, units, targets = best
    yield _deduction(graph, chain, units, targets, name)


def shortest_aic(graph: _Graph):
    """:func:`_shortest_chain` of an :func:`aic_graph`, worked out once per graph (the
    continuous nice loop row asks first, on the same state, whether there is one:
    :func:`shortest_aic_with`)."""
    if graph.shortest_aic is _UNKNOWN:
        graph.shortest_aic = _shortest_chain(graph)
    return graph.shortest_aic


def shortest_aic_with(graph: _Graph, then: Check) -> tuple[Any, Any]:
    """``(shortest_aic(graph), answer)``: ``answer``, that of ``then`` (a check of
    :func:`search_at_once` on the same graph: the continuous nice loop row's, asked first on
    the same state), from the same breadth-first search as the AIC's when the AIC is not
    known yet (its levels up to the AIC's depth are the AIC's); else from a search of its
    own, or ``None`` and no search when there is no AIC (a loop needs one)."""
    aic = graph.shortest_aic
    if aic is _UNKNOWN:
        aic, answer = search_at_once(graph, [_chain_check(graph), then])
        graph.shortest_aic = aic
        return aic, answer
    return aic, (None if aic is None else search_at_once(graph, [then])[0])


def shortest(graph: _Graph, search: Callable[[_Graph, int, int], Any]) -> Any:
    """The shortest answer of ``search(graph, s, limit)`` (a tuple whose first item is the
    nodes) over every start ``s``, cells of fewer candidates first; a chain of 4 nodes, the
    shortest there is, ends the search. ``None`` when no start gives one.

    Once an answer of ``k`` nodes is known, the other starts' searches stop at ``k - 2``
    nodes: the states alternate, so the answers (reached "on") have an even number of
    nodes, and only a shorter one would replace it; a breadth-first search meets the same
    first answer up to that depth, and skips its deepest, widest levels."""
    best = None
    for s in graph.starts:
        found = search(graph, s, len(best[0]) - 2 if best else MAX_NODES)
        if found is not None and (best is None or len(found[0]) < len(best[0])):
            best = found
            if len(found[0]) <= 4:
                break
    return best


Check = Callable[[int, list[tuple[int, int]]], Any]
"""A search's test of one level of :func:`every_start_at_once` from :attr:`_Graph.starts`:
``check(depth, reached)`` gives the search's answer found at that depth, or ``None``."""


def search_at_once(graph: _Graph, checks: list[Check]) -> list[Any]:
    """The answers of several searches sharing one breadth-first search from every start
    at once (:func:`every_start_at_once` from :attr:`_Graph.starts`): each of ``checks`` is
    asked at every level until it answers (not ``None``); the search stops when all have
    answered. The answers in the order of ``checks``, ``None`` for one that never did."""
    answers: list[Any] = [None] * len(checks)
    waiting = list(range(len(checks)))
    for depth, reached in every_start_at_once(graph, graph.starts):
        for i in list(waiting):
            found = checks[i](depth, reached)
            if found is not None:
                answers[i] = found
                waiting.remove(i)
        if not waiting:
            break
    return answers


def _shortest_chain(graph: _Graph):
    """:func:`shortest` of :func:`_search` (the same answer) by one breadth-first search
    from every start at once (:func:`search_at_once` of :func:`_chain_check`)."""
    return search_at_once(graph, [_chain_check(graph)])[0]


def _chain_check(graph: _Graph) -> Check:
    """The chains' :data:`Check`: at the first depth where some start reaches a node ``b``
    "on" that removes something with it (``b`` weakly linked to a candidate the start is),
    the first such start's own search (:func:`_search`, to that depth) gives the chain:
    the shortest, from the first start that has one of that length, as :func:`shortest`
    of :func:`_search` finds."""
    starts = graph.starts
    position = {s: k for k, s in enumerate(starts)}
    known_candidates, weak_candidates = graph._weak_candidates, graph.weak_candidates
    ends_of = [weak_candidates(s) for s in starts]  # what each start removes with an end

    def check(depth: int, reached: list[tuple[int, int]]):
        first = len(starts)  # the first start (by position) with an answer here
        for b, new in reached:
            new &= ~(1 << position[b])  # (a node reached on has a strong link: a start)
            cands = known_candidates.get(b)
            if cands is None:
                cands = weak_candidates(b)
            while new:
                low = new & -new
                k = low.bit_length() - 1
                if k >= first:
                    break
                if ends_of[k] & cands:
                    first = k
                    break
                new ^= low
        if first < len(starts):
            return _search(graph, starts[first], depth)
        return None

    return check


def every_start_at_once(graph: _Graph, starts: list[int]) -> Iterator[tuple[int, list[tuple[int, int]]]]:
    """The states :func:`alternating_search` reaches "on" from each of ``starts`` (node
    indices), found by one breadth-first search from all of them at once: per node, the
    starts that reached it "on" and "off" as bit sets (bit ``k`` for ``starts[k]``), level
    by level, so each link is followed once per level instead of once per start (a
    multi-source BFS: Then et al., "The More the Merrier: Efficient Multi-Source Graph
    Traversal", VLDB 2014).

    Yields, for each "on" depth from 4 to :data:`MAX_NODES` (in nodes, as the per-start
    search counts them), ``(depth, reached)``: each node ``b`` first reached "on" at that
    depth by some starts, with the bit set of those starts: bit ``k`` is set exactly when
    ``starts[k]``'s own search first reaches ``b`` "on" at that depth, the only depth at
    which it may offer ``b`` to its ``accept`` (each start's states are those of its own
    search, level by level). Ends where no state is left to reach."""
    strong, weak, known = graph.strong, graph.weak, graph._weak
    strong_to = {a: [b for b, _ in linked] for a, linked in strong.items()}
    count = len(graph.cells)
    seen_off = [0] * count  # per node, the starts that reached it off
    seen_on = [0] * count
    fresh = [0] * count  # per node, the starts reaching it at this depth
    for k, s in enumerate(starts):
        seen_off[s] = 1 << k
    frontier = [(s, 1 << k) for k, s in enumerate(starts)]
    on = False
    depth = 1
    while frontier and depth < MAX_NODES:
        depth += 1
        touched = []
        seen = seen_off if on else seen_on
        for a, starts_at in frontier:
            if on:
                linked = known.get(a)  # weak(a), its memo read here first: a hot path
                if linked is None:
                    linked = weak(a)
            else:
                linked = strong_to.get(a, ())
            for b in linked:
                new = starts_at & ~seen[b]
                if new:
                    seen[b] |= new
                    if not fresh[b]:
                        touched.append(b)
                    fresh[b] |= new
        following = [(b, fresh[b]) for b in touched]
        for b in touched:
            fresh[b] = 0
        if not on and depth >= 4:
            yield depth, following
        frontier = following
        on = not on


def _search(graph: _Graph, s: int, limit: int):
    """A shortest chain from ``s`` (assumed false) to a node that removes something:
    ``(nodes, strong-link units, targets)``, or ``None`` (:func:`alternating_search`)."""

    def accept(b: int, path: Callable[[int], tuple[list[int], list]]):
        nodes, units = path(b)  # (b sees a candidate s sees: the search checked it)
        return nodes, units, graph.targets(s, b)

    return alternating_search(graph, s, limit, accept, ends=graph.weak_candidates(s))


def alternating_search(
    graph: _Graph,
    s: int,
    limit: int,
    accept: Callable[..., Any],
    ends: int | None = None,
    near: Container[int] | None = None,
) -> Any:
    """The first answer of ``accept`` in a breadth-first search from ``s`` (assumed false)
    over alternating links, or ``None``.

    The states are ``(node, on)``; the links alternate, so the states of one depth are all
    "off" (reached by a weak link, or the start) or all "on" (by a strong link), and each
    kind keeps its own parents. Each node ``b`` reached "on" at depth 4 or more is offered
    to ``accept(b, path)``, where ``path(b)`` gives the chain's nodes from ``s`` to ``b`` and
    its strong links' units; the first answer that is not ``None`` is returned. Only the
    nodes other than ``s`` weakly linked to a candidate of ``ends`` (a bit set as
    :meth:`_Graph.weak_candidates` gives) are offered when it is given, only those in
    ``near`` when that is (the tests here, not in ``accept``: a hot path). Chains
    (:func:`_search`) and continuous nice loops (:mod:`.nice_loops`) share it."""
    parent_off: dict[int, tuple[int, Constraint | None] | None] = {s: None}
    parent_on: dict[int, tuple[int, Constraint | None]] = {}
    strong, weak, known = graph.strong, graph.weak, graph._weak
    known_candidates, weak_candidates = graph._weak_candidates, graph.weak_candidates

    def path(b: int) -> tuple[list[int], list]:
        nodes, units = [b], []
        back: tuple[int, Constraint | None] | None = parent_on[b]
        at_on = True
        while back is not None:
            at, link_unit = back
            if link_unit is not None:
                units.append(link_unit)
            nodes.append(at)
            at_on = not at_on
            back = parent_on[at] if at_on else parent_off[at]
        return nodes[::-1], units

    frontier = [s]
    on = False
    depth = 1
    while frontier and depth < limit:
        depth += 1
        following = []
        if on:
            for a in frontier:
                linked = known.get(a)  # weak(a), its memo read here first: a hot path
                if linked is None:
                    linked = weak(a)
                for b in linked:
                    if b not in parent_off:
                        parent_off[b] = (a, None)
                        following.append(b)
        else:
            for a in frontier:
                for b, unit in strong.get(a, ()):
                    if b in parent_on:
                        continue
                    parent_on[b] = (a, unit)
                    following.append(b)
                    if depth >= 4:
                        if ends is not None:
                            seen = known_candidates.get(b)
                            if seen is None:
                                seen = weak_candidates(b)
                            if b == s or not ends & seen:
                                continue
                        if near is not None and b not in near:
                            continue
                        found = accept(b, path)
                        if found is not None:
                            return found
        frontier = following
        on = not on
    return None


def _deduction(
    graph: _Graph, chain: list[int], units: list, targets: list[tuple[int, int]], name: str
) -> Deduction:
    ends = [chain[0], chain[-1]]
    target_pairs = [(t, c) for t, _ in targets for e in ends for c in graph.cells[e] if c != t]
    return graph.deduction(name, chain, units, targets, target_pairs)


def find_x_chain(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """X-Chain (HoDoKu; SudokuWiki "X-Chains"): a chain on one value, strong links units
    with two places, weak links cells that see each other (see the module docstring)."""
    yield from _chains(board, candidates, placed, "x", "X-Chain")


def find_xy_chain(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """XY-Chain (HoDoKu; SudokuWiki "XY-Chains"): a chain through cells with two
    candidates, each strong inside a cell, weak between cells on one value (see the
    module docstring)."""
    yield from _chains(board, candidates, placed, "xy", "XY-Chain")


def find_aic(board: Board, candidates: list[int], placed: set[int]) -> Iterator[Deduction]:
    """AIC, alternating inference chain (HoDoKu "AIC", "grouped AIC"; SudokuWiki
    "Alternating Inference Chains"): strong and weak links of every kind, grouped nodes
    included (named "AIC (grouped)" when it uses one; see the module docstring)."""
    yield from _chains(board, candidates, placed, "aic", "AIC")
