"""Forcing chains and nets are printed in full, and every printed net is sound: replayed
here independently of the code that found it, each implication follows from the
candidates before the step and its named premises by its named rule, and each branch
ends where the step says (a real contradiction, or the step's eliminations)."""

from __future__ import annotations

import dataclasses

import pytest

from sudoku_cp import datasets, explain, solve
from sudoku_cp.io.inputs import as_puzzle
from sudoku_cp.model.constraints import AllDifferent
from sudoku_cp.reasoning.techniques.board import Board
from sudoku_cp.reasoning.techniques.nets import Branch, Net, NetNode, net_text


class Unsound(AssertionError):
    """A net that does not replay."""


def _bit(value: int) -> int:
    return 1 << (value - 1)


def replay(branch: Branch, start: dict, model, propagators) -> None:
    """Check every node of ``branch`` from ``start`` (``(row, column)`` -> set of values,
    the candidates the branch starts from) and its premises alone."""
    nodes = branch.nodes
    if (
        not nodes
        or nodes[0].rule != "suppose"
        or (nodes[0].cell, nodes[0].value) != (branch.cell, branch.value)
    ):
        raise Unsound("a branch starts with its supposition")
    if branch.value not in start[branch.cell]:
        raise Unsound("the supposition is a candidate")
    for index, node in enumerate(nodes):
        premises = [nodes[i] for i in node.because]
        if any(i >= index for i in node.because):
            raise Unsound(f"node {index} follows from a later node")
        removed = {(p.cell, p.value) for p in premises if p.kind == "<>"}
        if node.kind in ("=", "<>") and node.value not in start[node.cell]:
            raise Unsound(f"node {index}: {node.cell} {node.value} was not a candidate")
        unit_cells = None if node.unit is None else [model.position(c) for c in node.unit.cells]
        rule = node.rule
        if rule == "suppose":
            ok = index == 0 and node.kind == "="
        elif rule == "placed":
            ok = (
                node.kind == "<>"
                and len(premises) == 1
                and premises[0].kind == "="
                and premises[0].cell == node.cell
                and premises[0].value != node.value
            )
        elif rule == "peer":
            p = premises[0] if len(premises) == 1 else None
            ok = (
                node.kind == "<>"
                and p is not None
                and p.kind == "="
                and p.value == node.value
                and p.cell != node.cell
                and isinstance(node.unit, AllDifferent)
                and node.cell in unit_cells
                and p.cell in unit_cells
            )
        elif rule == "naked single":
            ok = node.kind == "=" and all((node.cell, w) in removed for w in start[node.cell] - {node.value})
        elif rule in ("hidden single", "no place"):
            ok = (
                node.kind == ("=" if rule == "hidden single" else "no place")
                and isinstance(node.unit, AllDifferent)
                and len(set(unit_cells)) == model.value_count  # a unit holding every value
                and (rule == "no place" or node.cell in unit_cells)
                and all(
                    (x, node.value) in removed
                    for x in unit_cells
                    if x != node.cell and node.value in start[x]
                )
            )
        elif rule in ("required digit", "too few digits"):  # its cells' digits, from its removals
            left = [start[x] - {w for y, w in removed if y == x} for x in unit_cells]
            union = set().union(*left)
            ok = isinstance(node.unit, AllDifferent) and (
                len(union) < len(unit_cells)
                if rule == "too few digits"
                else len(union) == len(unit_cells)
                and node.kind == "="
                and [x for x, vs in zip(unit_cells, left, strict=True) if node.value in vs] == [node.cell]
            )
        elif rule == "no candidate":
            ok = node.kind == "no candidate" and all((node.cell, w) in removed for w in start[node.cell])
        elif rule == "constraint":
            masks = {c: sum(_bit(v) for v in start[model.position(c)]) for c in node.unit.cells}
            for cell, value in removed:
                c = model.cell_at(*cell)
                if c in masks:
                    masks[c] &= ~_bit(value)
            state = [0] * model.cell_count
            for c, m in masks.items():
                state[c] = m
            result = None if not all(masks.values()) else propagators[node.unit](state)
            if node.kind == "unsatisfiable":
                ok = result is None
            else:
                c = model.cell_at(*node.cell)
                ok = result is None or not state[c] & _bit(node.value)
        elif rule == "nested":
            inner = {cell: set(values) for cell, values in start.items()}
            for cell, value in removed:
                inner[cell].discard(value)
            replay(node.nested, inner, model, propagators)
            ok = (
                node.kind == "<>"
                and node.nested.contradiction is not None
                and (node.nested.cell, node.nested.value) == (node.cell, node.value)
            )
        else:
            ok = False
        if not ok:
            raise Unsound(f"node {index} ({rule}) does not follow: {node}")


def check_step(explanation, index: int) -> None:
    """Replay the net of step ``index`` from the candidates before it."""
    step = explanation[index]
    model = explanation.puzzle.model
    board = Board(model)
    propagators = {constraint: propagate for constraint, propagate in board.others}
    _, candidates = explanation.state(index)
    start = {model.position(c): set(values) for c, values in enumerate(candidates)}
    net: Net = step.net
    for branch in net.branches:
        replay(branch, start, model, propagators)
    if net.kind == "contradiction":
        (branch,) = net.branches
        if branch.contradiction is None:
            raise Unsound("a contradiction net ends in a contradiction")
        if [(*branch.cell, branch.value)] != list(step.eliminations):
            raise Unsound("it removes its supposition")
        return
    supposed = {(b.cell, b.value) for b in net.branches}
    if net.kind == "cell":
        (cell,) = {c for c, _ in supposed}
        if {v for _, v in supposed} != start[cell]:
            raise Unsound("a cell net supposes every candidate of its cell")
    elif net.kind == "fins":  # a Kraken fish: without its fins, k base lines in k cover lines
        (value,) = {v for _, v in supposed}
        body = set(step.cells) - {c for c, _ in supposed}
        for base, cover in ((0, 1), (1, 0)):
            bases = {c[base] for c in step.cells}
            covers = {c[cover] for c in body}
            places = {c for c, values in start.items() if value in values and c[base] in bases}
            if (
                len(bases) == len(covers)
                and places <= set(step.cells)
                and all(
                    r_c[cover] in covers and r_c[base] not in bases
                    for r_c in ((r, c) for r, c, _ in step.eliminations)
                )
            ):
                break
        else:
            raise Unsound("a fins net is a fish but for the fins it supposes")
    else:
        (value,) = {v for _, v in supposed}
        cells = {model.position(c) for c in net.unit.cells if value in start[model.position(c)]}
        if {c for c, _ in supposed} != cells:
            raise Unsound("a unit net supposes every place of its value")
    for branch in net.branches:
        if branch.contradiction is not None:
            continue
        facts = {(n.cell, n.value) for n in branch.nodes if n.kind == "<>"}
        if not all(((r, c), v) in facts for r, c, v in step.eliminations):
            raise Unsound("every branch reaches the step's eliminations")


def forcing_steps(explanation):
    return [i for i, step in enumerate(explanation) if step.net is not None]


HARDEST = datasets.load("hardest")


@pytest.fixture(scope="module")
def paths():
    """The explanations of two of the hardest puzzles (one needs a nested net), once."""
    return {index: explain(HARDEST[index]) for index in (1, 2)}


def test_forcing_nets_on_hard_puzzles_replay(paths):
    for path in paths.values():
        assert path.solved
        steps = forcing_steps(path)
        assert steps
        for i in steps:
            check_step(path, i)
            assert path[i].net_text.startswith("if ")
            assert path[i].net_text in str(path[i]).replace("\n    ", "\n")


def test_the_nested_net_replaces_the_search_backed_step(paths):
    path = paths[1]
    nested = [s for s in path if s.technique_id == "nested-forcing-net"]
    assert nested and not any(s.search_backed for s in path)
    assert nested[0].net.depth == 2
    text = str(nested[0])
    assert "fails:" in text and "has no candidate left" in text


def test_every_forcing_step_carries_its_net(paths):
    for path in paths.values():
        for step in path:
            if step.technique_id in ("forcing-chain", "nested-forcing-net"):
                assert step.net is not None


def test_the_replay_rejects_a_broken_net(paths):
    path = paths[1]
    i = forcing_steps(path)[0]
    check_step(path, i)
    net = path[i].net
    branch = net.branches[0]
    # drop the premises of the first implication that has any: it no longer follows
    k = next(k for k, n in enumerate(branch.nodes) if n.because)
    nodes = list(branch.nodes)
    nodes[k] = dataclasses.replace(nodes[k], because=())
    broken = dataclasses.replace(branch, nodes=tuple(nodes))
    steps = list(path.steps)
    steps[i] = dataclasses.replace(path[i], net=Net(net.kind, (broken, *net.branches[1:]), net.unit))
    with pytest.raises(Unsound):
        check_step(dataclasses.replace(path, steps=tuple(steps)), i)
    # a contradiction that is not one
    last = dataclasses.replace(branch.nodes[-1], because=branch.nodes[-1].because[:-1])
    cut = dataclasses.replace(branch, nodes=(*branch.nodes[:-1], last))
    steps[i] = dataclasses.replace(path[i], net=Net(net.kind, (cut,), net.unit))
    with pytest.raises(Unsound):
        check_step(dataclasses.replace(path, steps=tuple(steps)), i)


def test_net_text_doctest_shape():
    root = NetNode("=", (0, 0), 5, "suppose")
    net = Net("contradiction", (Branch((0, 0), 5, (root,)),))
    assert net_text(net, lambda c: f"r{c[0] + 1}c{c[1] + 1}", str) == "if r1c1=5:"


@pytest.mark.parametrize(("name", "index"), [("gen_thermo", 3), ("gen_arrow", 4), ("gen_whispers", 4)])
def test_variant_forcing_steps_replay(name, index):
    # constraint nodes replay through the constraint's own filter (gen_arrow 2 needs no
    # forcing step since an arrow's peers are read as different digits)
    path = explain(datasets.load(name)[index])
    steps = forcing_steps(path)
    assert any(n.rule == "constraint" for i in steps for b in path[i].net.branches for n in b.nodes)
    for i in steps:
        check_step(path, i)


@pytest.mark.slow
def test_variant_forcing_steps_replay_on_samples():
    for name in (
        "gen_killer",
        "gen_thermo",
        "gen_jigsaw",
        "gen_x",
        "gen_arrow",
        "gen_sandwich",
        "gen_whispers",
    ):
        for puzzle in datasets.load(name)[:5]:
            path = explain(puzzle)
            for i in forcing_steps(path):
                check_step(path, i)


@pytest.mark.slow
def test_every_forcing_net_of_the_hardest_list_replays():
    for puzzle in HARDEST:
        path = explain(as_puzzle(puzzle)[0])
        assert path.solved
        for i in forcing_steps(path):
            check_step(path, i)


def test_a_net_is_drawn_one_colour_per_branch(paths):
    from sudoku_cp.pictures.svg import BRANCH_COLOURS, CONTRADICTION_COLOUR

    for path in paths.values():
        for i in forcing_steps(path):
            picture = path.to_svg(i)
            branches = len(path[i].net.branches)
            assert picture.count('class="link') > 0
            for colour in BRANCH_COLOURS[: min(branches, len(BRANCH_COLOURS))]:
                assert colour in picture
            ends = [b.contradiction for b in path[i].net.branches if b.contradiction is not None]
            if any(end.cell is not None for end in ends):
                assert CONTRADICTION_COLOUR in picture  # the cell where a branch fails


def test_a_nested_net_cites_what_its_variant_filters_rely_on():
    # a cage's (an arrow's) filter reads its cells as different digits: the AllDifferents
    # that say so are premises of a nested net whose nodes use it (iss/CTC Tribute failed
    # its premise check without them)
    from sudoku_cp.reasoning.techniques.forcing import _Propagation, find_nested_forcing_nets

    puzzle = datasets.load("gen_killer")[0]
    board = Board(puzzle.model)
    board.solution = solve(puzzle).cells
    candidates = board.initial()
    placed = {c for c, v in enumerate(puzzle.grid.cells) if v}
    extras = {constraint: extra for constraint, _, extra in _Propagation(board).others}
    (deduction,) = find_nested_forcing_nets(board, candidates, placed)
    used = [n.unit for b in deduction.net.branches for n in _nodes(b) if n.rule == "constraint"]
    assert used and any(extras[c] for c in used)
    assert all(set(extras[c]) <= set(deduction.constraints) for c in used)


def _nodes(branch):
    for node in branch.nodes:
        yield node
        if node.nested is not None:
            yield from _nodes(node.nested)
