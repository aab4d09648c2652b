"""The compiled separation search against the Python one: on seeded random boxes cut into pieces and random framed
layouts both take every assembly apart into the same parts with the same move counts, the batch verdicts of the
BurrTools count equal one assembly at a time through the Python search, and the state bound still means
"undecided"."""

from __future__ import annotations

import random
from itertools import product

import numpy as np
import pytest
from box_cuts import box_cut

from solvers.packing.burrtools_disassembly import takes_apart_many
from solvers.packing.burrtools_io import parse_burrtools
from solvers.packing.burrtools_puzzle import burr_problem
from solvers.packing.disassembly import DisassemblySearch

Voxel = tuple[int, int, int]


def _framed(rng: random.Random) -> list[list[Voxel]]:
    """A frame closed above and below with a random cavity in its middle layer, an opening on one side, and small
    flat pieces dropped into the cavity (they slide about in it and leave through the opening, or stay caught)."""
    frame = set(product(range(5), range(5), range(3)))
    for x, y in product(range(1, 4), repeat=2):
        if rng.random() < 0.7:
            frame.discard((x, y, 1))
    frame.discard((rng.randrange(1, 4), 0, 1))
    pieces = []
    taken = set(frame)
    for _ in range(3):
        shape = rng.choice([[(0, 0)], [(0, 0), (1, 0)], [(0, 0), (0, 1)], [(0, 0), (1, 0), (0, 1)]])
        spots = list(product(range(5), range(5)))
        rng.shuffle(spots)
        for x, y in spots:
            placed = [(x + a, y + b, 1) for a, b in shape]
            if all(p[0] < 5 and p[1] < 5 and p not in taken for p in placed):
                pieces.append(placed)
                taken |= set(placed)
                break
    return [sorted(frame)] + pieces


def _both(pieces: list[list[Voxel]], max_states: int = 200_000) -> tuple[tuple, tuple]:
    """(levels, whole, complete, states) from the Python search and from the compiled one."""
    out = []
    for fast in (False, True):
        solver = DisassemblySearch([np.asarray(p, dtype=np.int64) for p in pieces], max_states, fast=fast)
        moves, levels, ok = solver.take_apart(list(range(len(pieces))), [(0, 0, 0)] * len(pieces), top=True)
        out.append((tuple(levels), ok, solver.complete))
    return out[0], out[1]


@pytest.mark.parametrize("size", [(3, 3, 2), (3, 3, 3), (4, 3, 2)])
def test_random_box_cuts_come_apart_alike(size: Voxel) -> None:
    rng = random.Random(hash(size) & 0xFFFF)
    for _ in range(150):
        pieces = box_cut(rng, size, rng.randrange(3, 7))
        python, compiled = _both(pieces)
        assert compiled == python, pieces


def test_random_frames_come_apart_alike() -> None:
    rng = random.Random(7)
    levels = set()
    stuck = 0
    for _ in range(300):
        pieces = _framed(rng)
        python, compiled = _both(pieces)
        assert compiled == python, pieces
        levels.update(python[0])
        stuck += not python[1]
    assert max(levels) >= 3 and stuck >= 10  # slides inside the frame and pieces that stay caught


def _separations(pieces: list[list[Voxel]], fast: bool) -> list[tuple]:
    """The separating moves (pieces, direction, distance) of one whole take-apart, in order."""
    solver = DisassemblySearch([np.asarray(p, dtype=np.int64) for p in pieces], 200_000, fast=fast)
    moves, _levels, _ok = solver.take_apart(list(range(len(pieces))), [(0, 0, 0)] * len(pieces), top=True)
    return [(m.pieces, m.direction, m.distance) for m in moves if m.separates]


def test_the_same_group_leaves_first_among_equals() -> None:
    """Where several groups of the same weight can leave at once (loose cubes in a frame, the small pieces of a
    box cut), the compiled search takes the one the Python search takes (the first met), and so the same
    separations follow, piece for piece."""
    rng = random.Random(23)
    ties = 0
    for n in range(160):
        pieces = _framed(rng) if n % 2 else box_cut(rng, (3, 3, 2), rng.randrange(4, 9))
        python = _separations(pieces, fast=False)
        assert _separations(pieces, fast=True) == python, pieces
        ties += sum(len(p) == 1 for p in pieces) >= 2 and len(python) >= 2
    assert ties >= 20


def test_the_state_bound_means_undecided_in_both() -> None:
    rng = random.Random(11)
    for _ in range(200):
        pieces = _framed(rng)
        python, compiled = _both(pieces, max_states=3)
        assert compiled == python
        if not python[2]:
            break
    else:
        pytest.fail("no layout reached a bound of 3 states")


def test_batch_verdicts_equal_one_at_a_time() -> None:
    """takes_apart_many (the whole recursion compiled, many assemblies per call) against the Python search."""
    rng = random.Random(5)
    assemblies = []
    for _ in range(120):
        pieces = _framed(rng) if rng.random() < 0.5 else box_cut(rng, (3, 3, 2), rng.randrange(2, 6))
        assemblies.append(tuple((0, tuple(p)) for p in pieces))
    text = (
        '<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
        '<voxel x="1" y="1" z="1" type="0">#</voxel><voxel x="2" y="1" z="1" type="0">##</voxel></shapes>'
        '<problems><problem><shapes><shape id="0" count="2"/></shapes><result id="1"/></problem></problems></puzzle>'
    )
    problem = burr_problem(parse_burrtools(text.encode()))
    expected = []
    for assembly in assemblies:
        python, _ = _both([list(cells) for _, cells in assembly])
        if len(assembly) < 2:  # BurrTools has nothing to take apart: no solution
            expected.append(False)
        else:
            expected.append(python[1] if python[2] else None)
    assert takes_apart_many(problem, assemblies) == expected
    assert True in expected and False in expected


SHAPES_XML = (
    '<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
    '<voxel x="3" y="3" z="2" type="0">##################</voxel>'  # a 3x3x2 box
    '<voxel x="2" y="2" z="1" type="0">###_</voxel>'  # L tromino
    '<voxel x="3" y="1" z="1" type="0">###</voxel>'  # I tromino
    '<voxel x="2" y="2" z="2" type="0">_#####__</voxel>'  # a one-handed tetracube (screw)
    '<voxel x="2" y="1" z="1" type="0">##</voxel></shapes>'  # domino
    '<problems><problem name="box"><shapes><shape id="1" min="0" max="4"/><shape id="2" min="0" max="2"/>'
    '<shape id="3" min="0" max="1"/><shape id="4" min="0" max="3"/></shapes><result id="0"/></problem></problems>'
    "</puzzle>"
)


def test_counted_solutions_equal_the_python_search_on_every_class() -> None:
    """count(--disassemble) takes the classes apart straight from the kernel's rows, compiled; the same classes
    (listed without it) taken apart one by one by the Python search give the same number of solutions."""
    from solvers.packing.burrtools_count import count

    problem = burr_problem(parse_burrtools(SHAPES_XML.encode()))
    listed = count(problem)
    assert listed.assemblies > 50
    python = 0
    for assembly in listed.representatives:
        pieces = [list(cells) for _, cells in assembly]
        verdict, _ = _both(pieces)
        python += len(pieces) >= 2 and verdict[1]
    found = count(problem, disassemble=True)
    assert (found.assemblies, found.solutions, found.undecided) == (listed.assemblies, python, 0)
    assert (found.assemblies, found.solutions) == (1595, 1595)  # what burrTxt -q -d prints for this file


GROUP_CHOICES = ["", ' group="1"', ' group="2"', '><group group="1" count="1"/><group group="2" count="1"/></shape',
                 '><group group="1" count="2"/></shape']  # fmt: skip


def _grouped_problem(rng: random.Random):
    """A problem of four kinds (only their piece groups matter here), each in no group, one group, one group for
    a limited number of copies, or either of two groups."""
    parts = ""
    for i in range(4):
        choice = rng.choice(GROUP_CHOICES)
        if choice.startswith(">"):
            parts += f'<shape id="{i}" min="0" max="3"{choice}>'
        else:
            parts += f'<shape id="{i}" min="0" max="3"{choice}/>'
    text = (
        '<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
        + '<voxel x="1" y="1" z="1" type="0">#</voxel>' * 4
        + '<voxel x="4" y="1" z="1" type="0">####</voxel></shapes>'
        f'<problems><problem><shapes>{parts}</shapes><result id="4"/></problem></problems></puzzle>'
    )  # fmt: skip
    return burr_problem(parse_burrtools(text.encode()))


def test_grouped_batch_verdicts_equal_one_at_a_time() -> None:
    """With piece groups the whole recursion of every assembly runs in one compiled call and the stuck parts are
    given groups afterwards: the verdicts equal the Python search's, one assembly at a time, on framed layouts
    (pieces caught in a frame) with random groups, a small state bound making some undecided."""
    from solvers.packing.burrtools_disassembly import takes_apart

    rng = random.Random(17)
    seen = set()
    for _ in range(20):
        problem = _grouped_problem(rng)
        assemblies = []
        for _ in range(10):
            pieces = _framed(rng) if rng.random() < 0.8 else box_cut(rng, (3, 3, 2), rng.randrange(2, 6))
            assemblies.append(tuple((rng.randrange(4), tuple(p)) for p in pieces))
        for bound in (200_000, 6):
            expected = [takes_apart(problem, a, max_states=bound, compiled=False) for a in assemblies]
            assert takes_apart_many(problem, assemblies, max_states=bound, python_seconds=0.0) == expected
            seen.update(expected)
    assert seen == {True, False, None}
