"""Disassembly (BurrTools' sense): levels of hand-built assemblies checked against an independent brute force over
every group of pieces, every returned move replayed voxel by voxel, and every Soma cube class taken apart."""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from itertools import product

import numpy as np
import pytest

from solvers.cli import main
from solvers.engine import SearchCancelled
from solvers.packing import SymmetryMode, all_solutions, build_cover, load_puzzle
from solvers.packing.disassembly import Disassembly, Move, disassemble, disassemble_solution
from solvers.packing.solution_io import read_solutions
from solvers.packing.watch import Watch

Voxel = tuple[int, int, int]
DIRECTIONS: list[Voxel] = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]


# --- independent helpers: plain sets of voxels, nothing shared with the module -----------------------------------


def _shift(cells, by: Voxel) -> set[Voxel]:
    return {(x + by[0], y + by[1], z + by[2]) for x, y, z in cells}


def _clear_of(moving: set[Voxel], still: set[Voxel], direction: Voxel) -> bool:
    """True when ``moving`` lies wholly beyond ``still`` along ``direction``: from there it can go on forever."""
    axis = next(a for a in range(3) if direction[a])
    if direction[axis] > 0:
        return min(c[axis] for c in moving) > max(c[axis] for c in still)
    return max(c[axis] for c in moving) < min(c[axis] for c in still)


def _union(sets) -> set[Voxel]:
    out: set[Voxel] = set()
    for s in sets:
        out |= s
    return out


def _brute_level(pieces: list[set[Voxel]], max_depth: int) -> int | None:
    """Shortest number of moves to a first separation when ANY proper group may move (not only closures), found
    by breadth-first search with set arithmetic; None if there is none within ``max_depth`` moves."""
    n = len(pieces)
    start = ((0, 0, 0),) * n
    seen = {start}
    frontier = [start]
    for depth in range(1, max_depth + 1):
        following = []
        for state in frontier:
            placed = [_shift(pieces[i], state[i]) for i in range(n)]
            for mask in range(1, (1 << n) - 1):
                group = [i for i in range(n) if mask >> i & 1]
                moving = _union(placed[i] for i in group)
                still = _union(placed[i] for i in range(n) if not mask >> i & 1)
                for d in DIRECTIONS:
                    k = 1
                    while True:
                        step = (k * d[0], k * d[1], k * d[2])
                        shifted = _shift(moving, step)
                        if shifted & still:
                            break
                        if _clear_of(shifted, still, d):
                            return depth
                        offsets = [
                            tuple(o + s for o, s in zip(state[i], step, strict=True)) if mask >> i & 1 else state[i]
                            for i in range(n)
                        ]
                        base = offsets[0]
                        key = tuple(tuple(a - b for a, b in zip(o, base, strict=True)) for o in offsets)
                        if key not in seen:
                            seen.add(key)
                            following.append(key)
                        k += 1
        frontier = following
    return None


def _no_group_can_move(pieces: list[set[Voxel]]) -> bool:
    """Every proper group, moved one step in any of the six directions, runs into the rest."""
    n = len(pieces)
    for mask in range(1, (1 << n) - 1):
        moving = _union(pieces[i] for i in range(n) if mask >> i & 1)
        still = _union(pieces[i] for i in range(n) if not mask >> i & 1)
        if any(not (_shift(moving, d) & still) for d in DIRECTIONS):
            return False
    return True


def _replay(pieces: list[set[Voxel]], result: Disassembly) -> list[set[int]]:
    """Play the moves on the voxels. Each move stays inside one part, passes through no voxel of that part's other
    pieces at any step, and a separating move leaves its group clear of the rest (then the part splits in two and
    the halves never meet again). Checks the level and the per-separation counts; returns the final parts."""
    placed = [set(p) for p in pieces]
    parts = [set(range(len(pieces)))]
    segments: list[int] = []
    since = 0
    for move in result.moves:
        assert isinstance(move, Move)
        assert move.direction in DIRECTIONS and move.distance >= 1
        assert list(move.pieces) == sorted(set(move.pieces))
        group = set(move.pieces)
        part = next(p for p in parts if move.pieces[0] in p)
        assert group < part, move
        rest = _union(placed[j] for j in part - group)
        moving = _union(placed[i] for i in group)
        for k in range(1, move.distance + 1):
            assert not _shift(moving, tuple(k * c for c in move.direction)) & rest, (move, k)
        for i in group:
            placed[i] = _shift(placed[i], tuple(move.distance * c for c in move.direction))
        since += 1
        if move.separates:
            assert _clear_of(_union(placed[i] for i in group), rest, move.direction), move
            parts.remove(part)
            parts += [group, part - group]
            segments.append(since)
            since = 0
    assert since == 0, "moves after the last separation lead nowhere"
    assert tuple(segments) == result.levels
    assert result.level == (segments[0] if segments else 0 if len(pieces) < 2 else None)
    if result.can_take_apart:
        assert all(len(p) == 1 for p in parts)
    return parts


def _sets(pieces) -> list[set[Voxel]]:
    return [{tuple(int(c) for c in v) for v in np.asarray(p).reshape(-1, 3).tolist()} for p in pieces]


def _connected(cells: set[Voxel]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        c = todo.pop()
        for d in DIRECTIONS:
            nb = (c[0] + d[0], c[1] + d[1], c[2] + d[2])
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen == cells


def _layout(*rows: str) -> tuple[list[str], list[set[Voxel]]]:
    """A framed puzzle drawn as its middle layer (rows top to bottom, +y up): '#' is the frame, which also fills
    the layers in front and behind (so nothing slides out along z), a letter is a piece, '.' is empty space."""
    cells: dict[str, set[Voxel]] = {}
    for r, line in enumerate(rows):
        y = len(rows) - 1 - r
        for x, ch in enumerate(line):
            cells.setdefault("#", set()).update({(x, y, 0), (x, y, 2)})
            if ch != ".":
                cells.setdefault(ch, set()).add((x, y, 1))
    names = sorted(cells, key=lambda c: (c != "#", c))
    return names, [cells[n] for n in names]


def _cross_and_frame(dx: int = 0) -> tuple[set[Voxel], set[Voxel]]:
    """A 3x3x3 cube as two pieces: the 3D cross (centre and six face centres) inside the 20-cell edge frame."""
    cube = {(x + dx, y, z) for x, y, z in product(range(3), repeat=3)}
    cross = {(1 + dx, 1, 1)} | {(1 + dx + d[0], 1 + d[1], 1 + d[2]) for d in DIRECTIONS}
    return cross, cube - cross


# --- tests ---------------------------------------------------------------------------------------------------------


def test_two_cubes_side_by_side_come_apart_in_one_move() -> None:
    pieces = [[(0, 0, 0)], [(1, 0, 0)]]
    result = disassemble(pieces)
    assert result.level == 1 and result.can_take_apart and result.complete
    assert result.levels == (1,)
    assert len(result.moves) == 1 and result.moves[0].separates
    _replay(_sets(pieces), result)


def test_trivial_inputs_and_overlap() -> None:
    assert disassemble([[(0, 0, 0), (0, 0, 1)]]) == Disassembly(level=0, moves=(), can_take_apart=True)
    assert disassemble([]).can_take_apart
    with pytest.raises(ValueError, match="both hold"):
        disassemble([[(0, 0, 0)], [(0, 0, 0), (1, 0, 0)]])
    with pytest.raises(ValueError, match="no voxels"):
        disassemble([[(0, 0, 0)], []])


def _interlocked() -> list[set[Voxel]]:
    """Cross, and the edge frame cut into two connected halves, each of which needs an arm of the cross or the
    other half in its way in all six directions: no group other than the whole can move at all."""
    cross, frame = _cross_and_frame()
    half = {(0, 0, 1), (0, 0, 0), (1, 0, 0), (2, 0, 0), (2, 1, 0), (2, 2, 0), (2, 2, 1), (2, 2, 2), (2, 1, 2)}
    return [cross, frame - half, half]


def test_interlocked_cube_admits_no_move() -> None:
    pieces = _interlocked()
    assert all(_connected(p) for p in pieces) and len(_union(pieces)) == 27
    assert _no_group_can_move(pieces)
    result = disassemble([sorted(p) for p in pieces])
    assert result.level is None and not result.can_take_apart and result.complete
    assert result.moves == () and result.levels == ()
    assert result.states == 1


def test_two_interlocked_cubes_separate_as_groups_and_stop() -> None:
    """Two cross-in-frame cubes side by side: a group of two pieces comes away in one move, then neither cube can
    be taken apart."""
    a_cross, a_frame = _cross_and_frame(0)
    b_cross, b_frame = _cross_and_frame(3)
    pieces = [a_cross, a_frame, b_cross, b_frame]
    assert _no_group_can_move(pieces[:2]) and _no_group_can_move(pieces[2:])
    result = disassemble([sorted(p) for p in pieces])
    assert result.level == 1 and not result.can_take_apart and result.complete
    assert len(result.moves) == 1
    assert set(result.moves[0].pieces) in ({0, 1}, {2, 3})
    parts = _replay(pieces, result)
    assert sorted(map(sorted, parts)) == [[0, 1], [2, 3]]


LEVEL_2 = (
    "##.##",
    "#A.##",
    "#####",
)
LEVEL_2_TWO_PIECES = (
    "##.###",
    "##.AB#",
    "####.#",
    "##.###",
    "######",
)
LEVEL_3 = (  # up, left, up: a zigzag corridor
    "#.###",
    "#..##",
    "##A##",
    "#####",
)
LEVEL_3_TWO_PIECES = (
    "####.#",
    "#BA#.#",
    "#....#",
    "###.##",
    "######",
)
LEVEL_3_DOMINO = (  # the domino A must drop into its pocket before B can pass, or climb out itself in three
    "#.####",
    "#..#.#",
    "#.A.B#",
    "##A###",
    "#..###",
    "######",
)
LEVEL_4 = (
    "#.###",
    "#..##",
    "##.A#",
    "#B.##",
    "#####",
)


def test_piece_slides_sideways_in_a_frame_then_comes_out() -> None:
    names, pieces = _layout(*LEVEL_2)
    assert not any(_shift(pieces[1], d) & pieces[0] == set() for d in DIRECTIONS if d != (1, 0, 0))
    assert _brute_level(pieces, 1) is None  # no single move of any group separates
    assert _brute_level(pieces, 2) == 2
    result = disassemble([sorted(p) for p in pieces])
    assert result.level == 2 and result.can_take_apart
    assert result.moves == (
        Move((1,), (1, 0, 0), 1, False),  # the piece moves, not the frame
        Move((1,), (0, 1, 0), 2, True),
    )
    _replay(pieces, result)


@pytest.mark.parametrize(
    ("layout", "level", "levels"),
    [
        (LEVEL_2_TWO_PIECES, 2, (2, 2)),
        (LEVEL_3, 3, (3,)),
        (LEVEL_3_TWO_PIECES, 3, (3, 3)),
        (LEVEL_3_DOMINO, 3, (3, 3)),
        (LEVEL_4, 4, (4, 4)),
    ],
    ids=["level2-two-pieces", "level3", "level3-two-pieces", "level3-domino", "level4"],
)
def test_levels_match_a_brute_force_over_all_groups(layout, level: int, levels: tuple[int, ...]) -> None:
    names, pieces = _layout(*layout)
    assert _brute_level(pieces, level - 1) is None
    assert _brute_level(pieces, level) == level
    result = disassemble([sorted(p) for p in pieces])
    assert (result.level, result.levels, result.can_take_apart) == (level, levels, True)
    _replay(pieces, result)


def _random_layout(rng: random.Random) -> tuple[str, ...]:
    """A 5x5 frame with a random cavity, one hole in its top row and up to three small pieces dropped in."""
    grid = [["#"] * 5 for _ in range(5)]
    for y, x in product(range(1, 4), repeat=2):
        if rng.random() < 0.7:
            grid[y][x] = "."
    grid[0][rng.randrange(1, 4)] = "."
    for letter in "ABC":
        shape = rng.choice([[(0, 0)], [(0, 0), (0, 1)], [(0, 0), (1, 0)], [(0, 0), (0, 1), (1, 0)]])
        free = [(y, x) for y, x in product(range(5), repeat=2) if grid[y][x] == "."]
        rng.shuffle(free)
        for y, x in free:
            cells = [(y + dy, x + dx) for dy, dx in shape]
            if all(a < 5 and b < 5 and grid[a][b] == "." for a, b in cells):
                for a, b in cells:
                    grid[a][b] = letter
                break
    return tuple("".join(row) for row in grid)


def test_random_frames_agree_with_the_brute_force() -> None:
    """Closures only (the module's search) give the same level as moving any group at all, on seeded random
    framed layouts; a search that missed some closure would come out longer on some of them."""
    rng = random.Random(2)
    levels: Counter = Counter()
    for _ in range(1000):
        names, pieces = _layout(*_random_layout(rng))
        if len(pieces) < 3:
            continue
        result = disassemble([sorted(p) for p in pieces])
        assert result.complete
        _replay(pieces, result)
        brute = _brute_level(pieces, 6)
        if result.level is not None and result.level > 6:
            assert brute is None
        else:
            assert result.level == brute, names
        levels[result.level] += 1
    assert sum(n for level, n in levels.items() if level and level >= 2) >= 30  # not just pieces falling out
    assert levels[None] >= 100  # and stuck ones too


def test_zigzag_moves_are_the_corridor() -> None:
    names, pieces = _layout(*LEVEL_3)
    result = disassemble([sorted(p) for p in pieces])
    assert result.moves == (
        Move((1,), (0, 1, 0), 1, False),
        Move((1,), (-1, 0, 0), 1, False),
        Move((1,), (0, 1, 0), 2, True),
    )


def test_domino_blocker_moves_first() -> None:
    """In LEVEL_3_DOMINO the single cell B is lighter, so it is the one taken out; it can only pass once the
    domino A has dropped into its pocket, so A's move comes first."""
    names, pieces = _layout(*LEVEL_3_DOMINO)
    frozen = [pieces[0] | pieces[names.index("A")], pieces[names.index("B")]]
    assert _brute_level(frozen, 6) is None  # B cannot get out while A stays put
    result = disassemble([sorted(p) for p in pieces])
    assert [names[m.pieces[0]] for m in result.moves[:3]] == ["A", "B", "B"]
    assert result.moves[0] == Move((names.index("A"),), (0, -1, 0), 1, False)


def test_state_limit_gives_unknown_not_impossible() -> None:
    names, pieces = _layout(*LEVEL_3_DOMINO)
    cells = [sorted(p) for p in pieces]
    result = disassemble(cells, max_states=3)
    assert result.level is None and not result.can_take_apart and not result.complete
    assert result.moves == ()
    assert disassemble(cells, max_states=100).level == 3


@pytest.fixture(scope="module")
def soma_classes():
    problem = build_cover(load_puzzle("soma"))
    return problem, all_solutions(problem, up_to=SymmetryMode.MIRROR)


def test_every_soma_class_comes_apart(soma_classes) -> None:
    problem, solutions = soma_classes
    assert len(solutions) == 240
    target = np.asarray(problem.puzzle.target)
    levels: Counter = Counter()
    plays: Counter = Counter()
    start = time.perf_counter()
    results = [disassemble_solution(problem, rows) for rows in solutions]
    elapsed = time.perf_counter() - start
    for rows, result in zip(solutions, results, strict=True):
        pieces = [{tuple(v) for v in target[problem.row_cells[r][problem.row_cells[r] >= 0]].tolist()} for r in rows]
        assert len(_union(pieces)) == 27
        assert result.can_take_apart and result.complete
        _replay(pieces, result)
        levels[result.level] += 1
        plays[result.level_string] += 1
    # Every class: some piece slides straight out, and so on down to the last two pieces.
    assert levels == Counter({1: 240})
    assert plays == Counter({"1.1.1.1.1.1": 240})
    assert elapsed / len(solutions) < 0.1


def test_pack_disassemble_counts_stuck_assemblies_and_stores_levels(tmp_path, capsys) -> None:
    """Through the CLI: every assembly of the interlocked pieces is stuck; Soma's are all level 1, as stored."""
    pieces = [{"name": name, "cells": sorted(cells)} for name, cells in zip("abc", _interlocked(), strict=True)]
    puzzle = {"format": "cubeviz-packing-puzzle", "version": 1, "name": "locked", "box": [3, 3, 3], "pieces": pieces}
    path = tmp_path / "locked.json"
    path.write_text(json.dumps(puzzle))
    assert main(["pack", str(path), "--disassemble"]) == 0
    out = capsys.readouterr().out
    total = int(re.search(r"^solutions: (\d+)$", out, re.MULTILINE).group(1))
    assert total > 0 and f"cannot be taken apart: {total}" in out and "levels: none" in out
    written = tmp_path / "soma.json"
    assert main(["pack", "soma", "--up-to", "mirror", "--disassemble", "--out", str(written)]) == 0
    out = capsys.readouterr().out
    assert "cannot be taken apart: 0" in out and "levels: 1: 240" in out
    back = read_solutions(written)
    assert back.levels is not None and back.levels.tolist() == [1] * 240
    assert main(["pack", "soma", "--count", "--disassemble"]) == 2


class _StopsAfter:
    """A stop flag set once it has been looked at ``looks`` times: the stop lands mid-search."""

    def __init__(self, looks: int) -> None:
        self.looks, self._at = 0, looks

    def is_set(self) -> bool:
        self.looks += 1
        return self.looks > self._at


def test_a_watch_on_the_states_hears_progress_and_stops_the_search() -> None:
    """``on_state`` sees every state searched: a Watch reports them rising and the same answer comes; a stop set
    mid-search ends it at the next look with SearchCancelled."""
    _names, pieces = _layout(*LEVEL_4)
    cells = [sorted(p) for p in pieces]
    heard: list[int] = []
    watched = disassemble(cells, on_state=Watch(None, heard.append, every=1))
    assert watched == disassemble(cells)
    assert heard == list(range(1, len(heard) + 1)) and len(heard) > 3
    stop = _StopsAfter(3)
    with pytest.raises(SearchCancelled, match="stopped here"):
        disassemble(cells, on_state=Watch(stop, None, "stopped here", every=1))
    assert stop.looks == 4
