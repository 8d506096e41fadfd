"""Multi-Colors (issue 32): at real stall points (where the techniques up to the basic
fish stall), each deduction follows from its premise (CP-SAT, independent of the engine),
agrees with the solution, and its chain holds link by link as an X-Chain."""

from __future__ import annotations

import itertools

from test_advanced import follows, stall_points
from test_chain_notation import check_chain

from sudoku_cp.reasoning.techniques.coloring import find_multi_colors


def test_multi_colors_at_stall_points():
    fired = 0
    for board, candidates, placed, solution in stall_points("top95", 5):
        for found in itertools.islice(find_multi_colors(board, candidates, placed), 2):
            follows(board, candidates, found)
            assert all(solution[c] != v for c, v in found.eliminations)

            def has(cell, value, candidates=candidates):
                return bool(candidates[cell[0] * 9 + cell[1]] >> (value - 1) & 1)

            chain = found.chain.on(lambda c: divmod(c, 9), True)
            check_chain(chain, has, 9, [(c // 9, c % 9, v) for c, v in found.eliminations])
            fired += 1
    assert fired >= 1
