"""Assemblies taken apart one at a time by BurrTools' rules (``solvers.packing.burrtools_apart``), against figures
found elsewhere: the disassembly BurrTools itself stored in CubeInCage (levels 4.9.3), burrTxt's solution counts
(CubeInCage 1 of 96; two linked rings in one group 13 of 14, none without the group; a piece alone on variable
cells no solution, 7 of 8), the command line's verdict on every assembly, the group that rings able to share only
group 2 are given, and the moves replayed cell by cell by a
checker that knows nothing of the search (each slide legal within its part, each removal clear, and at the end every
part a single piece or a part whose pieces may form the group named)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from solvers.engine import SearchCancelled
from solvers.packing import watch
from solvers.packing.burrtools_apart import (
    COUNT_STATES,
    ONE_PIECE,
    burrtools_solution_levels,
    play_rows,
    take_apart_rows,
)
from solvers.packing.burrtools_disassembly import takes_apart
from solvers.packing.burrtools_display import assembly_rows, display_puzzle
from solvers.packing.burrtools_io import parse_burrtools, read_burrtools
from solvers.packing.burrtools_levels import burrtools_levels
from solvers.packing.burrtools_puzzle import BurrProblem, assembly_cells, burr_problem
from solvers.packing.disassembly import STUCK, solution_levels
from solvers.packing.poses import instance_rows

CUBE_IN_CAGE = Path("/work/peers/burr-tools/examples/CubeInCage.xmpuzzle")
CAGE_LEVELS = (4, 9, 3)  # the separation BurrTools stored with the file's one solution
CAGE_SOLUTIONS = 1  # burrTxt -q -d: 96 assemblies, 1 solution

Voxel = tuple[int, int, int]

RING_A = [(x, y, 1) for x in range(3) for y in range(3) if (x, y) != (1, 1)]  # a square ring lying flat
RING_B = [(1, y, z) for y in range(1, 4) for z in range(3) if (y, z) != (2, 1)] + [(1, 4, 1)]  # upright, through A
SPARE = [(3, y, 1) for y in range(3)]  # variable cells beside the rings
RINGS = (14, 13)  # burrTxt -q -d on the rings in group 1 with 0-2 single cubes and 0-1 domino: assemblies, solutions


def _shape(cells: list[Voxel], optional: frozenset[Voxel] = frozenset()) -> str:
    """A ``<voxel>`` element written by hand (the cells moved to the origin): x fastest, then y, then z."""
    low = [min(v[a] for v in cells) for a in range(3)]
    cells = [(x - low[0], y - low[1], z - low[2]) for x, y, z in cells]
    optional = frozenset((x - low[0], y - low[1], z - low[2]) for x, y, z in optional)
    size = [max(v[a] for v in cells) + 1 for a in range(3)]
    text = "".join(
        "+" if (x, y, z) in optional else "#" if (x, y, z) in cells else "_"
        for z in range(size[2])
        for y in range(size[1])
        for x in range(size[0])
    )
    return f'<voxel x="{size[0]}" y="{size[1]}" z="{size[2]}" type="0">{text}</voxel>'


def _rings(grouped: bool, ring_a: str = "", ring_b: str = "") -> BurrProblem:
    """Two linked rings (in group 1 when ``grouped``; else in the groups ``ring_a`` and ``ring_b`` list as
    ``<group>`` elements), 0-2 single cubes and 0-1 domino, three variable cells."""
    group = ' group="1"' if grouped else ""
    shapes = [_shape(RING_A + RING_B + SPARE, frozenset(SPARE)), _shape(RING_A), _shape(RING_B),
              _shape([(0, 0, 0)]), _shape([(0, 0, 0), (1, 0, 0)])]  # fmt: skip
    text = (
        '<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>' + "".join(shapes)
        + f'</shapes><problems><problem name="rings" state="0"><shapes><shape id="1" count="1"{group}>{ring_a}'
        f'</shape><shape id="2" count="1"{group}>{ring_b}</shape><shape id="3" min="0" max="2"/>'
        '<shape id="4" min="0" max="1"/></shapes><result id="0"/><bitmap/></problem></problems><comment/></puzzle>'
    )  # fmt: skip
    return burr_problem(parse_burrtools(text.encode()), None, where="rings")


def _listed(problem: BurrProblem):
    """The display cover and one assembly per class at BurrTools' level, as the Packings tab lists them."""
    _puzzle, cover, shift = display_puzzle(problem)
    levels = burrtools_levels(problem)
    rows = assembly_rows(cover, shift, levels.assemblies)
    _, first = np.unique(levels.classes[levels.burrtools], return_index=True)
    return cover, rows[np.sort(first)]


def _cells(cover, rows) -> list[set[Voxel]]:
    target = cover.puzzle.target
    return [{target[c] for c in cover.row_cells[r] if c >= 0} for r in rows]


def _replay(pieces: list[set[Voxel]], moves, together) -> None:
    """Play ``moves`` one cell at a time, each within the part that holds its pieces (parts split where a move
    removes its group); fail on a cell moved onto another of the part, a removal that is not clear of the rest, or
    a part left with several pieces that is not one named in ``together``."""
    present = [i for i, cells in enumerate(pieces) if cells]
    parts = [frozenset(present)]
    for move in moves:
        group = frozenset(move.pieces)
        part = next(p for p in parts if group <= p)
        rest = set().union(*(pieces[i] for i in part - group))
        for _ in range(move.distance):
            for i in group:
                pieces[i] = {(x + move.direction[0], y + move.direction[1], z + move.direction[2])
                             for x, y, z in pieces[i]}  # fmt: skip
            assert not set().union(*(pieces[i] for i in group)) & rest, move
        if move.separates:
            axis = next(a for a in range(3) if move.direction[a])
            mine = [v[axis] * move.direction[axis] for i in group for v in pieces[i]]
            theirs = [v[axis] * move.direction[axis] for v in rest]
            assert min(mine) > max(theirs), move  # clear of the rest: it can go on for ever
            parts.remove(part)
            parts += [group, part - group]
    named = {frozenset(p) for p, _ in together}
    assert all(len(p) == 1 or p in named for p in parts), (parts, together)


def _stored_cage_rows(problem: BurrProblem, cover) -> list[int]:
    """The file's one assembly as rows of the display cover."""
    file = read_burrtools(CUBE_IN_CAGE)
    stored = file.problems[0]
    low = [min(v[a] for v in problem.cells) for a in range(3)]
    index = cover.puzzle.cell_index()
    rows = []
    for part, cells in (e for e in assembly_cells(file, stored, stored.solutions[0].placements) if e is not None):
        ids = [index[(x - low[0], y - low[1], z - low[2])] for x, y, z in cells]
        rows.append(cover.row_id(part, ids))
    return instance_rows(cover, rows)


@pytest.fixture(scope="module")
def cage() -> BurrProblem:
    if not CUBE_IN_CAGE.exists():
        pytest.skip("the BurrTools examples are not on this machine")
    return burr_problem(read_burrtools(CUBE_IN_CAGE), 1, where=CUBE_IN_CAGE.name)


def test_the_cage_comes_apart_as_burrtools_stored_it_the_frames_staying_as_group_1(cage) -> None:
    _puzzle, cover, _shift = display_puzzle(cage)
    rows = _stored_cage_rows(cage, cover)
    kinds = [int(cover.row_kind[r]) for r in rows]
    frames = tuple(i for i, k in enumerate(kinds) if k in (0, 1))  # Frame1 and the two copies of Frame2
    assert len(frames) == 3
    played = take_apart_rows(cage, cover, rows)
    quick = take_apart_rows(cage, cover, rows, moves=False)
    assert played.can_take_apart and played.levels == quick.levels == CAGE_LEVELS and played.level == 4
    assert played.together == ((frames, 1),)
    _replay(_cells(cover, rows), played.moves, played.together)
    plain = solution_levels(cover, [rows])
    assert plain.tolist() == [STUCK]  # without the group the cage never comes apart


def test_the_player_gets_the_same_play_and_a_stop_ends_its_search(cage, monkeypatch) -> None:
    """play_rows: the verdict compiled, then the moves in Python, the same play as take_apart_rows records; a stop
    set while the moves are searched ends the search within a poll, after progress was heard."""
    monkeypatch.setattr(watch, "POLL_STATES", 4)  # the cage's searches are short: poll often
    _puzzle, cover, _shift = display_puzzle(cage)
    rows = _stored_cage_rows(cage, cover)
    heard: list[int] = []
    played = play_rows(cage, cover, rows, progress=heard.append)
    assert played == take_apart_rows(cage, cover, rows, max_states=COUNT_STATES)
    assert played.levels == CAGE_LEVELS and heard == sorted(heard) and heard

    class StopsLater:
        """Set once the search has looked at the flag a few times: the stop lands mid-search."""

        def __init__(self) -> None:
            self.looks = 0

        def is_set(self) -> bool:
            self.looks += 1
            return self.looks > 3

    stop = StopsLater()
    with pytest.raises(SearchCancelled):
        play_rows(cage, cover, rows, stop)
    assert stop.looks == 4  # stopped at the first look after it was set
    stuck = _listed(cage)[1][0]  # the first listed assembly is stuck: no moves searched, no stop looked at
    verdict = play_rows(cage, cover, instance_rows(cover, stuck), StopsLater())
    assert not verdict.can_take_apart and verdict.moves == ()


def test_the_cage_counts_as_the_command_line_and_burrtxt(cage) -> None:
    cover, listed = _listed(cage)
    assert len(listed) == 96
    levels = burrtools_solution_levels(cage, cover, listed)
    assert int((levels >= 0).sum()) == CAGE_SOLUTIONS and levels.max() == 4
    target = cover.puzzle.target
    for rows, level in zip(listed.tolist(), levels.tolist(), strict=True):  # the command line's verdict on each
        pieces = [(int(cover.row_kind[r]), [target[c] for c in cover.row_cells[r] if c >= 0])
                  for r in instance_rows(cover, rows)]  # fmt: skip
        assert takes_apart(cage, pieces) is (level >= 0)


@pytest.mark.parametrize(("grouped", "solutions"), [(True, RINGS[1]), (False, 0)])
def test_linked_rings_come_apart_only_in_one_group(grouped: bool, solutions: int) -> None:
    problem = _rings(grouped)
    cover, listed = _listed(problem)
    assert len(listed) == RINGS[0]
    levels = burrtools_solution_levels(problem, cover, listed)
    assert int((levels >= 0).sum()) == solutions
    for rows in listed[levels >= 0].tolist():
        played = take_apart_rows(problem, cover, instance_rows(cover, rows))
        rings = tuple(i for i, r in enumerate(instance_rows(cover, rows)) if cover.row_kind[r] in (0, 1))
        assert played.together == ((rings, 1),)
        _replay(_cells(cover, instance_rows(cover, rows)), played.moves, played.together)


def test_rings_that_can_share_only_group_2_stay_together_as_group_2() -> None:
    """Ring A is in groups 1 and 2, ring B in group 2 only: the linked rings are no part of one group, but they can
    be put in group 2, so they come apart as in one group and stay together as group 2."""
    problem = _rings(False, '<group group="1" count="1"/><group group="2" count="1"/>', '<group group="2" count="1"/>')
    cover, listed = _listed(problem)
    levels = burrtools_solution_levels(problem, cover, listed)
    assert int((levels >= 0).sum()) == RINGS[1]
    for rows in listed[levels >= 0].tolist():
        rows = instance_rows(cover, rows)
        played = take_apart_rows(problem, cover, rows)
        assert played.together == ((tuple(i for i, r in enumerate(rows) if cover.row_kind[r] in (0, 1)), 2),)
        _replay(_cells(cover, rows), played.moves, played.together)


def test_a_piece_alone_is_no_solution_and_a_stop_ends_the_list() -> None:
    domino = [(0, 0, 0), (1, 0, 0)]
    variable = [(x, y, 0) for x in range(2) for y in (1, 2)]  # a domino may lie wholly on them, alone
    text = (
        '<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
        + _shape(domino + variable, frozenset(variable)) + _shape(domino)
        + '</shapes><problems><problem state="0"><shapes><shape id="1" min="1" max="3"/></shapes><result id="0"/>'
        "<bitmap/></problem></problems><comment/></puzzle>"
    )  # fmt: skip
    problem = burr_problem(parse_burrtools(text.encode()))
    cover, listed = _listed(problem)
    levels = burrtools_solution_levels(problem, cover, listed)
    alone = [sum(cover.row_cells[r][0] >= 0 for r in rows) == 1 for rows in listed]
    assert (len(listed), int((levels >= 0).sum()), sum(alone)) == (8, 7, 1)  # burrTxt: 8 assemblies, 7 solutions
    assert levels[alone.index(True)] == ONE_PIECE  # listed in its own words, not as stuck
    assert int((levels == STUCK).sum()) == 0

    class Stopped:
        def is_set(self) -> bool:
            return True

    assert burrtools_solution_levels(problem, cover, listed, Stopped()) is None
