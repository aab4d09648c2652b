"""BurrTools files: files written here in BurrTools' format are read back and counted against an independent brute
force (every assembly listed by trying every combination of placements, classes taken by hand-made symmetries),
conversions round-trip, malformed and other-grid files give one-line errors, and piece groups decide disassembly
the way BurrTools does."""

from __future__ import annotations

import gzip
import itertools
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.cli import main
from solvers.packing import PackingError, load_puzzle
from solvers.packing.burrtools_count import count
from solvers.packing.burrtools_disassembly import takes_apart
from solvers.packing.burrtools_io import BurrToolsFileError, parse_burrtools, read_burrtools, write_burrtools
from solvers.packing.burrtools_puzzle import (
    assembly_cells,
    burr_problem,
    burrtools_transformation,
    from_puzzle,
    to_puzzle,
)
from solvers.packing.puzzle_io import puzzle_to_dict

Voxel = tuple[int, int, int]

# --- writing BurrTools XML by hand (not with the module's writer) ------------------------------------------------


def _voxels(rows: list[str]) -> tuple[tuple[int, int, int], str]:
    """A shape from layers of rows ('#', '+', '_'): layers are z, rows y, characters x."""
    layers = [layer.split("/") for layer in rows]
    sz, sy, sx = len(layers), len(layers[0]), len(layers[0][0])
    return (sx, sy, sz), "".join("".join(row) for layer in layers for row in layer)


def _file(shapes: list[list[str]], problems: list[dict], grid: int = 0, names: list[str] | None = None) -> str:
    out = ['<?xml version="1.0"?>', '<puzzle version="2">', f' <gridType type="{grid}"/>', " <colors/>", " <shapes>"]
    for i, rows in enumerate(shapes):
        (sx, sy, sz), text = _voxels(rows)
        name = f' name="{names[i]}"' if names and names[i] else ""
        out.append(f'  <voxel x="{sx}" y="{sy}" z="{sz}"{name} type="0">{text}</voxel>')
    out.append(" </shapes>")
    out.append(" <problems>")
    for p in problems:
        name = f' name="{p["name"]}"' if p.get("name") else ""
        out.append(f'  <problem{name} state="0"><shapes>')
        for part in p["parts"]:
            shape, amount = part[0], part[1]
            counts = f'count="{amount}"' if isinstance(amount, int) else f'min="{amount[0]}" max="{amount[1]}"'
            group = f' group="{part[2]}"' if len(part) > 2 else ""
            out.append(f'   <shape id="{shape}" {counts}{group}/>')
        out.append(f'  </shapes><result id="{p["result"]}"/><bitmap/></problem>')
    out.append(" </problems>")
    out.append(" <comment>written by a test</comment>")
    out.append("</puzzle>")
    return "\n".join(out)


# --- the independent counter -------------------------------------------------------------------------------------


def _matrices() -> list[tuple[tuple[int, ...], ...]]:
    out = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            m = tuple(tuple(signs[r] if c == perm[r] else 0 for c in range(3)) for r in range(3))
            out.append(m)
    return out


def _det(m) -> int:
    return (
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    )


MATRICES = _matrices()
ROTATIONS = [m for m in MATRICES if _det(m) == 1]


def _apply(m, cells) -> list[Voxel]:
    return [tuple(sum(m[r][c] * v[c] for c in range(3)) for r in range(3)) for v in cells]


def _norm(cells) -> frozenset[Voxel]:
    cells = list(cells)
    low = [min(v[a] for v in cells) for a in range(3)]
    return frozenset((x - low[0], y - low[1], z - low[2]) for x, y, z in cells)


def _cells(rows: list[str], state: str) -> set[Voxel]:
    (sx, sy, sz), text = _voxels(rows)
    return {(i % sx, (i // sx) % sy, i // (sx * sy)) for i, ch in enumerate(text) if ch == state}


def _placements(piece: set[Voxel], room: set[Voxel]) -> list[frozenset[Voxel]]:
    out = set()
    for m in ROTATIONS:
        shape = _norm(_apply(m, piece))
        for anchor in room:
            moved = frozenset((x + anchor[0], y + anchor[1], z + anchor[2]) for x, y, z in shape)
            if moved <= room:
                out.add(moved)
    return sorted(out, key=sorted)


def _chiral(cells) -> bool:
    mirrored = _norm((-x, y, z) for x, y, z in cells)
    return all(_norm(_apply(m, cells)) != mirrored for m in ROTATIONS)


def _brute_count(shapes: list[list[str]], problem: dict, max_holes: int | None = None) -> int:
    """BurrTools' count by brute force: every assembly (the '#' cells covered once, '+' at most once, each kind in
    its range), then classes under the isometries that map the result ('#' to '#', '+' to '+') onto itself; a
    reflection only when every one-handed kind has a mirror kind with the same range (kind by kind)."""
    result = shapes[problem["result"]]
    required, optional = _cells(result, "#"), _cells(result, "+")
    room = required | optional
    kinds = []
    for part in problem["parts"]:
        amount = part[1]
        low, high = (amount, amount) if isinstance(amount, int) else amount
        kinds.append((_cells(shapes[part[0]], "#"), low, high))
    found: list[tuple] = []

    def choose(k: int, used: frozenset, chosen: tuple) -> None:
        if k == len(kinds):
            if required <= used and (max_holes is None or len(optional - used) <= max_holes):
                found.append(chosen)
            return
        cells, low, high = kinds[k]
        options = [p for p in _placements(cells, room) if not p & used]
        for n in range(low, high + 1):
            for combo in itertools.combinations(options, n):
                union = frozenset().union(*combo) if combo else frozenset()
                if sum(len(p) for p in combo) == len(union):
                    choose(k + 1, used | union, chosen + tuple((k, p) for p in combo))

    choose(0, frozenset(), ())
    partner = {}
    for i, (cells, low, high) in enumerate(kinds):
        if _chiral(cells):
            mirrored = _norm((-x, y, z) for x, y, z in cells)
            for j, (other, lo2, hi2) in enumerate(kinds):
                if j != i and (lo2, hi2) == (low, high) and any(_norm(_apply(m, other)) == mirrored for m in ROTATIONS):
                    partner[i] = j
    mirror_ok = all(i in partner for i, k in enumerate(kinds) if _chiral(k[0]))
    symmetries = []
    low = [min(v[a] for v in room) for a in range(3)]
    for m in MATRICES:
        if _det(m) < 0 and not mirror_ok:
            continue
        moved = _apply(m, room)
        shift = [low[a] - min(v[a] for v in moved) for a in range(3)]

        def image(cells, m=m, shift=shift):
            return {(x + shift[0], y + shift[1], z + shift[2]) for x, y, z in _apply(m, cells)}

        if image(required) == required and image(optional) == optional:
            symmetries.append((m, image))
    canon = set()
    for assembly in found:
        keys = []
        for m, image in symmetries:
            keys.append(
                tuple(sorted((k if _det(m) > 0 else partner.get(k, k), tuple(sorted(image(p)))) for k, p in assembly))
            )
        canon.add(min(keys))
    return len(canon)


# --- shapes -------------------------------------------------------------------------------------------------------

DOMINO = ["##"]
MONO = ["#"]
L_TROMINO = ["#_/##"]
SCREW_L = ["_#/##", "_#/__"]  # a one-handed tetracube
SCREW_R = ["_#/_#", "##/__"]  # ... and its mirror image

CASES = {
    "two dominoes in a square": ([["##/##"], DOMINO], {"parts": [(1, 2)], "result": 0}),
    "screws and dominoes in a 3x2x2 box": (
        [["###/###", "###/###"], SCREW_L, SCREW_R, DOMINO],
        {"parts": [(1, 1), (2, 1), (3, 2)], "result": 0},
    ),
    "two left screws, no mirror": (
        [["###/###", "###/###"], SCREW_L, DOMINO],
        {"parts": [(1, 2), (2, 2)], "result": 0},
    ),
    "a variable cell left empty": (
        [["##+/###"], L_TROMINO, DOMINO],
        {"parts": [(1, 1), (2, 1)], "result": 0},
    ),
    "variable cells with count ranges": (
        [["#+#/#++"], L_TROMINO, DOMINO, MONO],
        {"parts": [(1, (0, 1)), (2, (0, 2)), (3, (1, 2))], "result": 0},
    ),
    "count ranges fill a bar": (
        [["####"], DOMINO, MONO, L_TROMINO],
        {"parts": [(1, (0, 2)), (2, (0, 4)), (3, (0, 1))], "result": 0},
    ),
    "a piece wholly on variable cells": (
        [["##/++/++"], DOMINO],
        {"parts": [(1, (1, 3))], "result": 0},
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_counts_match_the_brute_force(case: str, tmp_path) -> None:
    shapes, problem = CASES[case]
    path = tmp_path / "case.xmpuzzle"
    path.write_bytes(gzip.compress(_file(shapes, [problem]).encode()))
    expected = _brute_count(shapes, problem)
    assert expected > 0
    assert count(burr_problem(read_burrtools(path))).assemblies == expected


def test_screws_count_as_the_documented_mirror_classes(tmp_path) -> None:
    """The screws example of the puzzle-file docs: 4 classes up to rotation, 3 up to mirror; BurrTools says 3."""
    shapes, problem = CASES["screws and dominoes in a 3x2x2 box"]
    path = tmp_path / "screws.xmpuzzle"
    path.write_text(_file(shapes, [problem]))
    assert count(burr_problem(read_burrtools(path))).assemblies == 3
    shapes, problem = CASES["two left screws, no mirror"]
    path.write_text(_file(shapes, [problem]))
    assert count(burr_problem(read_burrtools(path))).assemblies == _brute_count(shapes, problem)


def test_several_problems_by_name_and_number(tmp_path, capsys) -> None:
    shapes = [["##/##"], DOMINO, ["###/###"], MONO]
    problems = [
        {"name": "square", "parts": [(1, 2)], "result": 0},
        {"name": "plate", "parts": [(1, (0, 3)), (3, (0, 6))], "result": 2},
    ]
    path = tmp_path / "two.xmpuzzle"
    path.write_text(_file(shapes, problems))
    puzzle = read_burrtools(path)
    assert [p.name for p in puzzle.problems] == ["square", "plate"]
    assert count(burr_problem(puzzle, "plate")).assemblies == _brute_count(shapes, problems[1])
    assert count(burr_problem(puzzle, "2")).assemblies == _brute_count(shapes, problems[1])
    assert main(["pack", str(path), "--problem", "square", "--count"]) == 0
    assert re.search(r"^1 assemblies", capsys.readouterr().out, re.MULTILINE)
    assert main(["pack", str(path)]) == 2
    assert "choose one with --problem" in capsys.readouterr().err
    assert main(["pack", str(path), "--problem", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no problem 'nosuch'" in err


def test_cli_counts_assemblies_and_solutions(tmp_path, capsys) -> None:
    shapes, problem = CASES["screws and dominoes in a 3x2x2 box"]
    path = tmp_path / "screws.xmpuzzle"
    path.write_text(_file(shapes, [problem]))
    assert main(["pack", str(path), "--count", "--disassemble"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^3 assemblies .*mirror", out, re.MULTILINE), out
    assert re.search(r"^3 solutions", out, re.MULTILINE), out  # a box of two layers: every piece lifts out


# --- conversion --------------------------------------------------------------------------------------------------


def _comparable(puzzle) -> dict:
    """What a BurrTools file carries of a puzzle (display colours in our own attribute): no collection or known
    counts."""
    data = puzzle_to_dict(puzzle)
    for key in ("collection", "known_counts", "options"):  # free flat pieces are rotated pieces in 3D
        data.pop(key, None)
    return data


@pytest.mark.parametrize("name", ["soma", "bedlam", "slothouber-graatsma", "soma-pyramid", "pentomino-6x10"])
def test_json_to_burrtools_and_back_is_the_same_puzzle(name: str, tmp_path) -> None:
    original = load_puzzle(name)
    path = tmp_path / f"{name}.xmpuzzle"
    write_burrtools(path, from_puzzle(original))
    back = to_puzzle(burr_problem(read_burrtools(path)))
    assert _comparable(back) == _comparable(original)
    assert not back.mirrors_same_piece


def test_burrtools_to_json_and_back_is_equivalent(tmp_path, capsys) -> None:
    shapes, problem = CASES["screws and dominoes in a 3x2x2 box"]
    source = tmp_path / "screws.xmpuzzle"
    source.write_text(_file(shapes, [problem], names=["Box", "L", "R", "d"]))
    assert main(["convert", str(source), str(tmp_path / "screws.json")]) == 0
    data = json.loads((tmp_path / "screws.json").read_text())
    assert {p["name"]: p.get("mirror_twin") for p in data["pieces"]} == {"L": "R", "R": "L", "d": None}
    assert main(["convert", str(tmp_path / "screws.json"), str(tmp_path / "again.xmpuzzle")]) == 0
    capsys.readouterr()
    first, second = burr_problem(read_burrtools(source)), burr_problem(read_burrtools(tmp_path / "again.xmpuzzle"))
    assert [(k.letter, k.cells, k.minimum, k.maximum) for k in first.kinds] == [
        (k.letter, k.cells, k.minimum, k.maximum) for k in second.kinds
    ]
    assert sorted(first.required) == sorted(second.required) and first.optional == second.optional == ()
    assert count(second).assemblies == count(first).assemblies == 3


def test_convert_refuses_what_a_puzzle_cannot_express(tmp_path, capsys) -> None:
    shapes, problem = CASES["variable cells with count ranges"]
    source = tmp_path / "ranges.xmpuzzle"
    source.write_text(_file(shapes, [problem]))
    assert main(["convert", str(source), str(tmp_path / "out.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "variable (+) cells" in err
    assert not (tmp_path / "out.json").exists()
    assert main(["convert", "soma", str(tmp_path / "soma.txt")]) == 2
    assert "one on each side" in capsys.readouterr().err


def test_stored_assembly_orientations() -> None:
    """BurrTools' 48 orientation numbers: 24 distinct rotations, then the same after a mirror in x."""
    mats = [burrtools_transformation(t) for t in range(48)]
    assert len(set(mats)) == 48
    assert all(_det(m) == 1 for m in mats[:24]) and all(_det(m) == -1 for m in mats[24:])
    assert mats[0] == ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    for t in range(24):
        assert _apply(mats[t + 24], [(1, 0, 0)]) == _apply(mats[t], [(-1, 0, 0)])


# --- malformed and refused files ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not xml at all", "not well-formed XML"),
        ('<?xml version="1.0"?><other/>', "not a BurrTools <puzzle>"),
        ('<puzzle version="1"/>', "format version 1"),
        ('<puzzle version="2"><gridType type="3"/></puzzle>', "rhombic dodecahedra"),
        ('<puzzle version="2"><gridType type="1"/></puzzle>', "triangular prisms"),
        ('<puzzle version="2"><shapes><voxel x="2" y="1" z="1" type="0">#</voxel></shapes></puzzle>', "1 cells given"),
        ('<puzzle version="2"><shapes><voxel x="1" y="1" z="1" type="0">#x</voxel></shapes></puzzle>', "'x'"),
        ('<puzzle version="2"><shapes><voxel x="1" y="1" z="1" type="0">#_</voxel></shapes></puzzle>', "more than the"),
        ('<puzzle version="2"><shapes><voxel x="2" y="1" z="1" type="0">#3_</voxel></shapes></puzzle>', "colour 3"),
        ('<puzzle version="2"><shapes><voxel x="1" y="1" z="1" type="1">#</voxel></shapes></puzzle>', "type 1"),
        ('<!DOCTYPE p [<!ENTITY a "b">]><puzzle version="2"/>', "entity declarations"),
        (
            '<puzzle version="2"><shapes><voxel x="1" y="1" z="1" type="0">#</voxel></shapes><problems><problem>'
            '<shapes><shape id="4"/></shapes><result id="0"/></problem></problems></puzzle>',
            "shape id 4",
        ),  # fmt: skip
    ],
)
def test_malformed_files_give_one_line(text: str, message: str, tmp_path, capsys) -> None:
    path = tmp_path / "bad.xmpuzzle"
    path.write_text(text)
    with pytest.raises(BurrToolsFileError, match=re.escape(message)):
        burr_problem(read_burrtools(path))
    assert main(["pack", str(path), "--count"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("cubeviz-solve: error: bad.xmpuzzle")


def test_gzip_members_padding_and_damage_read_as_gzip_reads_them() -> None:
    """Concatenated members are one document and zero padding after them is ignored (as ``gzip`` reads them);
    cut, corrupted or trailing non-gzip data is one line naming the damage."""
    head, tail = VALID[:40], VALID[40:]
    joined = gzip.compress(head.encode()) + gzip.compress(tail.encode()) + b"\0" * 7
    assert parse_burrtools(joined) == parse_burrtools(VALID.encode())
    whole = gzip.compress(VALID.encode())
    crc_broken = whole[:-8] + bytes([whole[-8] ^ 1]) + whole[-7:]
    for damaged, message in [(whole[:-4], "ends early"), (whole + b"junk", "not a gzip member"),
                             (crc_broken, "incorrect data check")]:  # fmt: skip
        with pytest.raises(BurrToolsFileError, match=message) as caught:
            parse_burrtools(damaged)
        assert "broken gzip data" in str(caught.value) and "\n" not in str(caught.value)
        with pytest.raises((OSError, EOFError)):  # gzip itself refuses the same bytes
            gzip.decompress(damaged)


def test_a_coloured_result_cell_breaks_the_result_symmetry(tmp_path) -> None:
    """A bar of three with one end coloured is no longer symmetric end to end: domino + cube counts 2, not 1."""
    text = _file([["###"], ["##"], ["#"]], [{"parts": [(1, 1), (2, 1)], "result": 0}])
    assert count(burr_problem(parse_burrtools(text.encode()))).assemblies == 1
    text = text.replace("<colors/>", '<colors><color red="1" green="2" blue="3"/></colors>').replace(">###<", ">#1##<")
    assert count(burr_problem(parse_burrtools(text.encode()))).assemblies == 2


VALID = _file([["###/###", "###/###"], SCREW_L, SCREW_R, DOMINO], [{"parts": [(1, 1), (2, 1), (3, 2)], "result": 0}])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(VALID)), st.integers(0, 40), st.text(max_size=12), st.booleans())
def test_mutated_files_never_raise_anything_else(cut: int, drop: int, insert: str, zipped: bool) -> None:
    text = VALID[:cut] + insert + VALID[cut + drop :]
    raw = text.encode("utf-8")
    if zipped:
        raw = gzip.compress(raw)[: max(10, len(raw))]
    try:
        puzzle = parse_burrtools(raw)
        for index in range(len(puzzle.problems)):
            burr_problem(puzzle, index + 1)
    except PackingError as exc:
        assert "\n" not in str(exc)


# --- disassembly with piece groups --------------------------------------------------------------------------------


def _linked_rings() -> tuple[list[Voxel], list[Voxel]]:
    """Two square rings through each other like chain links: no translation takes them apart."""
    ring_a = [(x, y, 1) for x in range(3) for y in range(3) if (x, y) != (1, 1)]
    ring_b = [(1, y, z) for y in range(1, 4) for z in range(3) if (y, z) != (2, 1)]
    assert not set(ring_a) & set(ring_b)
    return ring_a, ring_b


@pytest.mark.parametrize(
    ("groups_a", "groups_b", "apart"),
    [
        ((), (), False),  # the rings stay linked
        (((1, 1),), ((1, 1),), True),  # both in group 1: a part that need not come apart
        (((1, 1),), ((2, 1),), False),  # different groups
        (((1, 1), (2, 1)), ((2, 1),), True),  # the pair can be put in group 2
    ],
)
def test_groups_decide_whether_linked_rings_count_as_apart(groups_a, groups_b, apart: bool) -> None:
    ring_a, ring_b = _linked_rings()
    problem_text = _file([["###"], ["#"], ["#"], ["#"]], [{"parts": [(1, 1), (2, 1), (3, 1)], "result": 0}])
    problem = burr_problem(parse_burrtools(problem_text.encode()), None, where="rings")
    kinds = tuple(
        type(k)(**{**k.__dict__, "groups": g})
        for k, g in zip(problem.kinds, (groups_a, groups_b, ()), strict=True)  # fmt: skip
    )
    problem = type(problem)(**{**problem.__dict__, "kinds": kinds})
    free = [(6, 6, 6)]
    assembly = [(0, ring_a), (1, ring_b), (2, free)]
    assert takes_apart(problem, assembly) is apart


def test_a_single_piece_is_no_solution_and_a_slide_is() -> None:
    text = _file([["##"], ["#"], ["#"]], [{"parts": [(1, 1), (2, 1)], "result": 0}])
    problem = burr_problem(parse_burrtools(text.encode()))
    assert takes_apart(problem, [(0, [(0, 0, 0)])]) is False
    assert takes_apart(problem, [(0, [(0, 0, 0)]), (1, [(1, 0, 0)])]) is True
    result = count(problem, disassemble=True)
    assert (result.assemblies, result.solutions) == (1, 1)


def test_stored_assemblies_and_disassemblies_are_kept(tmp_path) -> None:
    """Two vertical dominoes stored as BurrTools writes them (orientation 16 turns x into y), with a two-state
    separation; read, decoded into cells, written again and read back unchanged."""
    text = _file([["##/##"], DOMINO], [{"parts": [(1, 2)], "result": 0}]).replace(
        "<bitmap/></problem>",
        '<bitmap/><solutions><solution><assembly>0 0 0 16 1 0 0 16</assembly><separation><pieces count="2">0 1'
        "</pieces><state><dx>0 0</dx><dy>0 0</dy><dz>0 0</dz></state><state><dx>0 10001</dx><dy>0 0</dy>"
        "<dz>0 0</dz></state></separation></solution></solutions></problem>",
    )
    puzzle = parse_burrtools(text.encode())
    problem = puzzle.problems[0]
    (solution,) = problem.solutions
    cells = assembly_cells(puzzle, problem, solution.placements)
    assert [(part, sorted(c)) for part, c in cells] == [(0, [(0, 0, 0), (0, 1, 0)]), (0, [(1, 0, 0), (1, 1, 0)])]
    assert solution.separation.levels() == (1,)
    path = tmp_path / "again.xmpuzzle"
    write_burrtools(path, puzzle)
    assert read_burrtools(path) == puzzle


def test_out_is_refused_before_searching_when_no_puzzle_can_hold_it(tmp_path, capsys) -> None:
    shapes, problem = CASES["a variable cell left empty"]
    path = tmp_path / "plus.xmpuzzle"
    path.write_text(_file(shapes, [problem]))
    assert main(["pack", str(path), "--out", str(tmp_path / "out.json")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "variable (+) cells" in captured.err
    assert not (tmp_path / "out.json").exists()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(st.integers(0, len(VALID)), st.integers(0, 30), st.text(alphabet='0123456789#+_x<>/"= ', max_size=8))
def test_pack_on_mutated_files_exits_0_or_with_one_line(tmp_path, capsys, cut: int, drop: int, insert: str) -> None:
    path = tmp_path / "fuzz.xmpuzzle"
    path.write_text(VALID[:cut] + insert + VALID[cut + drop :])
    code = main(["pack", str(path), "--count"])
    out, err = capsys.readouterr()
    assert code in (0, 2)
    if code == 0:
        assert re.search(r"^\d+ assemblies", out, re.MULTILINE)
    else:
        assert err.count("\n") == 1 and err.startswith("cubeviz-solve: error: ")


def test_up_to_does_not_apply_to_burrtools_files(tmp_path, capsys) -> None:
    path = tmp_path / "v.xmpuzzle"
    path.write_text(VALID)
    assert main(["pack", str(path), "--up-to", "mirror"]) == 2
    assert "BurrTools' own level" in capsys.readouterr().err


def test_pieces_that_fit_nowhere_count_no_assembly_unless_required(tmp_path) -> None:
    """A piece that may stay unused and fits nowhere changes nothing; one that must be used is an error."""
    shapes = [["##"], L_TROMINO, DOMINO]
    only_l = {"parts": [(1, (0, 1))], "result": 0}
    with_domino = {"parts": [(1, (0, 1)), (2, (0, 1))], "result": 0}
    must_l = {"parts": [(1, 1), (2, (0, 1))], "result": 0}
    puzzle = parse_burrtools(_file(shapes, [only_l, with_domino, must_l]).encode())
    assert count(burr_problem(puzzle, 1), disassemble=True).assemblies == 0
    assert count(burr_problem(puzzle, 2)).assemblies == _brute_count(shapes, with_domino) == 1
    with pytest.raises(BurrToolsFileError, match="at least 3 cells"):
        burr_problem(puzzle, 3)


@pytest.mark.parametrize("case", ["screws and dominoes in a 3x2x2 box", "variable cells with count ranges"])
def test_a_set_stop_flag_interrupts_the_count(case: str) -> None:
    import threading

    shapes, problem = CASES[case]
    stop = threading.Event()
    stop.set()
    with pytest.raises(KeyboardInterrupt):
        count(burr_problem(parse_burrtools(_file(shapes, [problem]).encode())), stop=stop)


def test_what_the_engine_refuses_is_said_in_one_line() -> None:
    plus_piece = _file([["###"], ["#+"], ["#"]], [{"parts": [(1, 1), (2, 1)], "result": 0}])
    with pytest.raises(BurrToolsFileError, match=r"piece shape 2 has variable \(\+\) cells"):
        burr_problem(parse_burrtools(plus_piece.encode()))
    huge = _file([["#" * 70] * 60], [{"parts": [(0, 1)], "result": 0}])  # a result of 4200 cells
    with pytest.raises(BurrToolsFileError, match="at most 4096 are supported"):
        burr_problem(parse_burrtools(huge.encode()))
    no_problem = _file([["#"]], [])
    with pytest.raises(BurrToolsFileError, match="defines no problem"):
        burr_problem(parse_burrtools(no_problem.encode()))


def test_free_one_handed_pieces_have_no_burrtools_form() -> None:
    from dataclasses import replace

    screws = to_puzzle(burr_problem(parse_burrtools(VALID.encode())))
    free = replace(screws, mirrors_same_piece=True, pieces=tuple(replace(p, mirror_twin=None) for p in screws.pieces))
    with pytest.raises(BurrToolsFileError, match="BurrTools only rotates pieces"):
        from_puzzle(free)


def test_a_deeply_nested_disassembly_is_refused_not_a_crash() -> None:
    state = "<state><dx>0 0</dx><dy>0 0</dy><dz>0 0</dz></state>"
    nested = ""
    for _ in range(2000):  # every level keeps both pieces, so the counts agree all the way down
        nested = f'<separation type="left"><pieces count="2">0 1</pieces>{state}{nested}</separation>'
    text = _file([["##"], MONO], [{"parts": [(1, 2)], "result": 0}]).replace(
        "<bitmap/></problem>",
        "<bitmap/><solutions><solution><assembly>0 0 0 0 1 0 0 0</assembly>"
        + nested.replace(' type="left"', "", 1)
        + "</solution></solutions></problem>",
    )
    with pytest.raises(BurrToolsFileError, match="nested more than 256 deep"):
        parse_burrtools(text.encode())


@pytest.mark.parametrize(("holes", "expected"), [(None, None), ("0", 0), ("1", 1), ("-1", None), ("4294967295", None)])
def test_max_holes_is_read_and_bounds_the_empty_cells(holes, expected) -> None:
    shapes, problem = CASES["variable cells with count ranges"]
    text = _file(shapes, [problem])
    if holes is not None:
        text = text.replace("<problem state", f'<problem maxHoles="{holes}" state')
    burr = burr_problem(parse_burrtools(text.encode()))
    assert burr.max_holes == expected
    assert count(burr).assemblies == _brute_count(shapes, problem, expected)
    if expected == 0:
        assert count(burr).assemblies < _brute_count(shapes, problem)


def test_problem_option_belongs_to_burrtools_files(capsys) -> None:
    assert main(["pack", "soma", "--count", "--problem", "1"]) == 2
    assert "--problem chooses a problem of a BurrTools .xmpuzzle file" in capsys.readouterr().err
    assert main(["convert", "soma", "soma.xmpuzzle", "--problem", "1"]) == 2
    assert "BurrTools input file" in capsys.readouterr().err


def test_a_file_past_the_size_bound_or_unreadable_is_one_line(tmp_path, monkeypatch) -> None:
    """The file is read once, at most one byte past the bound: a larger file (or a device that never ends) is
    refused without reading the rest, and a directory is a file that cannot be read."""
    import solvers.packing.burrtools_io as burrtools_io

    monkeypatch.setattr(burrtools_io, "MAX_FILE_BYTES", 100)
    big = tmp_path / "big.xmpuzzle"
    big.write_text(VALID[:200])
    with pytest.raises(BurrToolsFileError, match="more than the 100 bytes allowed"):
        read_burrtools(big)
    with pytest.raises(BurrToolsFileError, match="cannot read"):
        read_burrtools(tmp_path)
