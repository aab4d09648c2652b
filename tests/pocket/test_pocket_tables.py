"""God's tables: the published depth histograms, and distances checked by an independent breadth-first search."""

from __future__ import annotations

import pytest

from solvers.cube.moves import Move, move_state, whole_cube_rotations
from solvers.cube.state import CubeState
from solvers.pocket import N_STATES, depth_histogram, distance

HTM = [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
QTM = [1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276]
SOLVED = CubeState.solved(2)


@pytest.mark.parametrize(("metric", "expected"), [("htm", HTM), ("qtm", QTM), ("fru", HTM)])
def test_depth_histograms(metric, expected):
    """F/R/U turns with one corner fixed reach the same positions at the same depths as all face turns."""
    histogram = depth_histogram(metric)
    assert histogram == expected and sum(histogram) == N_STATES == 3_674_160


def _colours_up_to_rotation(state: CubeState) -> bytes:
    return min((q * state).colours().tobytes() for q in ROTATIONS)


ROTATIONS = whole_cube_rotations(2)


@pytest.mark.parametrize("metric", ["htm", "qtm"])
def test_distances_match_an_independent_search(metric):
    """Plain BFS over sticker patterns with all 18 (or 12) face turns, rotations identified, to depth 4."""
    moves = [m for m in Move if metric == "htm" or m.quarter_turns != 2]
    turns = [move_state(2, m) for m in moves]
    seen = {_colours_up_to_rotation(SOLVED)}
    frontier = [SOLVED]
    for depth in range(1, 5):
        nxt = []
        for state in frontier:
            for turn in turns:
                after = state * turn
                key = _colours_up_to_rotation(after)
                if key not in seen:
                    seen.add(key)
                    nxt.append(after)
        for state in nxt[:: max(1, len(nxt) // 60)]:
            assert distance(state, metric) == depth
        assert len(nxt) == (HTM if metric == "htm" else QTM)[depth]
        frontier = nxt
