"""Piece groups and maxHoles in design drafts, without a window: a piece's groups are edited as BurrTools keeps them
(a group number and the copies that may be in it), a design with groups and maxHoles saves as a BurrTools file
that reads back with the same groups and bound and reopens as the same draft; its assemblies and solutions equal an
independent brute force's (and burrTxt's where it is installed); the review checks what groups and maxHoles mean;
a puzzle file (JSON) would lose them and says so; BurrTools' CubeInCage opens, saves and reopens with its groups."""

from __future__ import annotations

import gzip
import subprocess
import sys
from collections import deque
from dataclasses import replace
from pathlib import Path

import pytest

from cubeviz.design.draft import PieceDraft
from cubeviz.design.draft_burrtools import burrtools_file, draft_from_problem
from cubeviz.design.review import hole_note, review
from solvers.packing.burrtools_count import count
from solvers.packing.burrtools_io import read_burrtools, write_burrtools
from solvers.packing.burrtools_puzzle import burr_problem
from solvers.packing.puzzle import SymmetryMode

sys.path.insert(0, str(Path(__file__).parents[1] / "packing"))
from burrtools_cases import brute_assemblies, brute_levels  # noqa: E402
from group_cases import LINKED, RING_A, RING_B, SPARE, linked_rings  # noqa: E402

BURRTXT = Path("/work/peers/burrtxt-build/burrTxt")
CUBE_IN_CAGE = Path("/work/peers/burr-tools/examples/CubeInCage.xmpuzzle")
Voxel = tuple[int, int, int]


def test_a_piece_joins_groups_with_copies_keeps_their_order_and_leaves_at_zero():
    piece = PieceDraft("a", frozenset({(0, 0, 0)}), "#ff0000", 3)
    piece = piece.with_group(2, 1).with_group(1, 3)
    assert piece.groups == ((2, 1), (1, 3)) and piece.copies_in(1) == 3 and piece.copies_in(4) == 0
    assert piece.with_group(2, 2).groups == ((2, 2), (1, 3))  # a group keeps its place
    assert piece.with_group(2, 0).groups == ((1, 3),)  # no copies: out of the group
    for group, copies in ((0, 1), (1, -1)):
        with pytest.raises(ValueError, match="groups from 1, copies >= 0"):
            piece.with_group(group, copies)


def test_groups_and_max_holes_save_read_back_and_reopen_as_the_same_draft(tmp_path):
    draft = linked_rings(max_holes=2)
    draft = draft.with_piece(2, draft.pieces[2].with_group(3, 1).with_group(2, 2))  # several groups, not all copies
    path = tmp_path / "rings.xmpuzzle"
    write_burrtools(path, burrtools_file(draft))
    text = gzip.decompress(path.read_bytes()).decode()
    assert 'maxHoles="2"' in text and 'group="1"' in text and '<group group="3" count="1"' in text
    file = read_burrtools(path)
    assert [p.groups for p in file.problems[0].parts] == [((1, 1),), ((1, 1),), ((3, 1), (2, 2)), ()]
    assert file.problems[0].max_holes == 2
    assert draft_from_problem(burr_problem(file), file.problems[0].parts) == draft
    unbounded = replace(draft, max_holes=None)
    write_burrtools(path, burrtools_file(unbounded))
    assert "maxHoles" not in gzip.decompress(path.read_bytes()).decode()
    assert draft_from_problem(burr_problem(read_burrtools(path)), ()).max_holes is None


def _rows(cells: list[Voxel], variable: list[Voxel] = ()) -> list[str]:
    """Cells in the brute force's notation: layers (z) of '/'-separated rows (y) of '#', '+' or '_' (x)."""
    every = list(cells) + list(variable)
    size = [max(v[a] for v in every) + 1 for a in range(3)]
    return [
        "/".join(
            "".join("+" if (x, y, z) in variable else "#" if (x, y, z) in cells else "_" for x in range(size[0]))
            for y in range(size[1])
        )
        for z in range(size[2])
    ]


def _in_order(piece: tuple[int, frozenset]) -> tuple:
    return piece[0], sorted(piece[1])


def _comes_apart(pieces: list[tuple[int, frozenset]], groups: dict[int, dict[int, int]], whole: bool) -> bool:
    """Brute-force disassembly: some pieces slide by whole cells (never through another) until a set of them can
    leave for good; each of the two parts must then come apart, unless its pieces can share a group (below the whole
    assembly). Knows nothing of the engine's disassembler."""
    if len(pieces) == 1:
        return not whole
    if not whole:
        kinds = [k for k, _ in pieces]
        shared = set.intersection(*(set(groups.get(k, {})) for k in kinds))
        if any(all(kinds.count(k) <= groups[k][g] for k in kinds) for g in shared):
            return True
    cells = [{v for v, _ in p} for _, p in pieces]
    reach = 1 + max(max(v[a] for c in cells for v in c) - min(v[a] for c in cells for v in c) for a in range(3))
    steps = [tuple(s * (a == b) for b in range(3)) for a in range(3) for s in (1, -1)]

    def moved(i: int, offset: Voxel) -> set[Voxel]:
        return {(x + offset[0], y + offset[1], z + offset[2]) for x, y, z in cells[i]}

    def free(state: tuple[Voxel, ...], subset: frozenset[int], step: Voxel, times: int) -> bool:
        shifted = [tuple(o[a] + step[a] * times * (i in subset) for a in range(3)) for i, o in enumerate(state)]
        inside = set().union(*(moved(i, shifted[i]) for i in subset))
        return not any(inside & moved(i, shifted[i]) for i in range(len(cells)) if i not in subset)

    n = len(pieces)
    subsets = [frozenset(i for i in range(1, n) if mask >> i & 1) for mask in range(2, 1 << n, 2)]
    start = ((0, 0, 0),) * n
    seen, queue = {start}, deque([start])
    while queue:
        state = queue.popleft()
        for subset in subsets:
            for step in steps:
                if all(free(state, subset, step, t) for t in range(1, 3 * reach + 1)):  # out for good
                    out = [pieces[i] for i in sorted(subset)]
                    rest = [pieces[i] for i in range(n) if i not in subset]
                    return _comes_apart(out, groups, False) and _comes_apart(rest, groups, False)
                if free(state, subset, step, 1):
                    after = tuple(tuple(o[a] + step[a] * (i in subset) for a in range(3)) for i, o in enumerate(state))
                    if after not in seen and all(abs(c) <= reach for o in after for c in o):
                        seen.add(after)
                        queue.append(after)
    return False


@pytest.mark.parametrize(("max_holes", "assemblies", "solutions"), LINKED)
def test_a_design_with_groups_and_max_holes_counts_as_a_brute_force_and_burrtxt(tmp_path, max_holes, assemblies,
                                                                                 solutions):  # fmt: skip
    shapes = [_rows(RING_A + RING_B, SPARE), _rows(RING_A), _rows(RING_B), ["#"], ["##"]]
    parts = [(1, 1), (2, 1), (3, (0, 2)), (4, (0, 1))]
    levels = brute_levels(shapes, parts, 0, [], max_holes)
    assert levels[SymmetryMode.NONE] == levels[SymmetryMode.MIRROR] == assemblies  # no symmetry joins two
    found = brute_assemblies(shapes, parts, 0, [], max_holes)
    in_group_1 = {0: {1: 1}, 1: {1: 1}}
    assert sum(_comes_apart(sorted(a, key=_in_order), in_group_1, True) for a in found) == solutions
    assert not any(_comes_apart(sorted(a, key=_in_order), {}, True) for a in found)
    for grouped, expected in ((True, solutions), (False, 0)):
        draft = linked_rings(grouped, max_holes)
        assert review(draft).ready
        path = tmp_path / f"rings-{grouped}.xmpuzzle"
        write_burrtools(path, burrtools_file(draft))
        ours = count(burr_problem(read_burrtools(path)), disassemble=True)
        assert (ours.assemblies, ours.solutions) == (assemblies, expected)
        if BURRTXT.exists():
            out = subprocess.run([str(BURRTXT), "-q", "-d", str(path)], capture_output=True, text=True, timeout=60,
                                 check=True)  # fmt: skip
            assert out.stdout.split()[:5] == [str(assemblies), "assemblies", "and", str(expected), "solutions"]


def test_the_review_checks_what_groups_and_max_holes_mean():
    draft = linked_rings()
    too_many = draft.with_piece(0, draft.pieces[0].with_group(1, 2))  # ring a has one copy
    assert [(f.message, f.item) for f in review(too_many).problems] == [
        ("piece 'a' has 2 copies in group 1 but only 1 copy", 0)
    ]
    cubes = draft.with_piece(2, draft.pieces[2].with_group(1, 2))
    lowered = cubes.with_piece(2, cubes.pieces[2].with_copies(0, 1))  # the count lowered below the group's copies
    assert [f.message for f in review(lowered).problems] == ["piece 'c' has 2 copies in group 1 but only 1 copy"]
    bad_group = draft.with_piece(3, replace(draft.pieces[3], groups=((0, 1),)))  # not from an edit: built by hand
    assert [f.message for f in review(bad_group).problems] == ["piece 'd' is in group 0: groups are numbered from 1"]
    assert [f.message for f in review(replace(draft, max_holes=-1)).problems] == [
        "maxHoles -1 is negative: leave it empty for no limit"
    ]
    no_domino = replace(draft, max_holes=0).without_piece(3)  # rings and two cubes: 19 cells of 20
    assert [f.message for f in review(no_domino).problems] == [
        "with at most 0 empty cells (maxHoles) the pieces must fill 20 cells and the most copies hold 19"
    ]
    assert review(replace(draft, max_holes=0)).ready  # with the domino: 21 cells, enough


def test_where_max_holes_counts_is_said():
    draft = linked_rings(max_holes=1)
    assert hole_note(draft).startswith("The most of the 3 variable (+) cells an assembly may leave empty")
    fixed = draft.with_piece(2, draft.pieces[2].with_copies(1, 1)).with_piece(3, draft.pieces[3].with_copies(1, 1))
    assert hole_note(fixed).startswith("No effect here: with fixed counts")
    assert hole_note(replace(draft, variable=frozenset())).startswith("No effect here: only variable (+) cells")


def test_a_puzzle_file_would_lose_groups_and_max_holes_and_says_which():
    plain = linked_rings(grouped=False)
    plain = replace(plain, variable=frozenset()).with_piece(2, plain.pieces[2].with_copies(1, 1))
    plain = plain.with_piece(3, plain.pieces[3].with_copies(1, 1))
    assert not plain.constrained and plain.lost_in_puzzle_file() == ""
    grouped = plain.with_piece(1, plain.pieces[1].with_group(4, 1))
    assert grouped.constrained and grouped.lost_in_puzzle_file() == "piece groups of piece b"
    bounded = replace(grouped, max_holes=3)
    assert bounded.lost_in_puzzle_file() == "piece groups of piece b; the bound of 3 empty cells (maxHoles)"


def _cube_in_cage():
    if not CUBE_IN_CAGE.exists():
        pytest.skip("the BurrTools examples are not on this machine")
    file = read_burrtools(CUBE_IN_CAGE)
    return file, draft_from_problem(burr_problem(file, 1), file.problems[0].parts)


def test_cube_in_cage_opens_saves_and_reopens_with_its_groups(tmp_path):
    file, draft = _cube_in_cage()
    assert [(p.name, p.count, p.groups) for p in draft.pieces[:2]] == [("a", 1, ((1, 1),)), ("b", 2, ((1, 2),))]
    assert review(draft).ready
    path = tmp_path / "cage.xmpuzzle"
    write_burrtools(path, burrtools_file(draft))
    back = read_burrtools(path)
    assert [(p.minimum, p.maximum, p.groups) for p in back.problems[0].parts] == [
        (p.minimum, p.maximum, p.groups) for p in file.problems[0].parts
    ]
    assert draft_from_problem(burr_problem(back), back.problems[0].parts) == draft


def test_cube_in_cage_saved_from_the_design_counts_as_the_original(tmp_path):
    _, draft = _cube_in_cage()
    path = tmp_path / "cage.xmpuzzle"
    write_burrtools(path, burrtools_file(draft))
    ours = count(burr_problem(read_burrtools(path)), disassemble=True)
    assert (ours.assemblies, ours.solutions) == (96, 1)  # burrTxt -q -d on the original file
    if BURRTXT.exists():
        for source in (CUBE_IN_CAGE, path):
            out = subprocess.run([str(BURRTXT), "-q", "-d", str(source)], capture_output=True, text=True,
                                 timeout=120, check=True)  # fmt: skip
            assert out.stdout.split()[:5] == ["96", "assemblies", "and", "1", "solutions"]
