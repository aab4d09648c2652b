"""BurrTools colour constraints: files written by hand with coloured piece and result cells are counted as an
independent brute force counts them (coloured placements listed by trying every rotation and translation, classes
taken under the result's colour-keeping isometries), the reader and writer round-trip colours and allowed pairs,
and bad colour numbers give one-line errors."""

from __future__ import annotations

import itertools

import pytest

from solvers.packing.burrtools_count import count
from solvers.packing.burrtools_io import BurrToolsFileError, parse_burrtools, read_burrtools, write_burrtools
from solvers.packing.burrtools_puzzle import burr_problem, to_puzzle

Voxel = tuple[int, int, int]
FILLED_COLOURS = "123456789"  # a filled cell of that colour
VARIABLE_COLOURS = "abcdefghi"  # a variable cell of colour 1..9


def _cells(rows: list[str]) -> tuple[tuple[int, int, int], dict[Voxel, tuple[str, int]]]:
    """Layers (z) of rows (y, '/'-separated) of characters (x): '#', '+', '_', a digit (filled of that colour) or
    a letter a-i (variable of colour 1-9). Returns the box size and each non-empty cell's (state, colour)."""
    layers = [layer.split("/") for layer in rows]
    size = (len(layers[0][0]), len(layers[0]), len(layers))
    cells: dict[Voxel, tuple[str, int]] = {}
    for z, layer in enumerate(layers):
        for y, row in enumerate(layer):
            for x, ch in enumerate(row):
                if ch in "#+":
                    cells[(x, y, z)] = (ch, 0)
                elif ch in FILLED_COLOURS:
                    cells[(x, y, z)] = ("#", int(ch))
                elif ch in VARIABLE_COLOURS:
                    cells[(x, y, z)] = ("+", VARIABLE_COLOURS.index(ch) + 1)
    return size, cells


def _xml(shapes: list[list[str]], parts: list[tuple], result: int, pairs: list[tuple[int, int]], n_colours: int) -> str:
    """A BurrTools file written by hand: colours, shapes with colour suffixes, one problem with its allowed pairs."""
    out = ['<?xml version="1.0"?>', '<puzzle version="2">', ' <gridType type="0"/>', " <colors>"]
    out += [f'  <color red="{10 * i}" green="0" blue="0"/>' for i in range(n_colours)]
    out.append(" </colors><shapes>")
    for rows in shapes:
        (sx, sy, sz), cells = _cells(rows)
        text = []
        for z, y, x in itertools.product(range(sz), range(sy), range(sx)):
            state, colour = cells.get((x, y, z), ("_", 0))
            text.append(state + (str(colour) if colour else ""))
        out.append(f'  <voxel x="{sx}" y="{sy}" z="{sz}" type="0">{"".join(text)}</voxel>')
    out.append(' </shapes><problems><problem name="coloured" state="0"><shapes>')
    for shape, amount in parts:
        counts = f'count="{amount}"' if isinstance(amount, int) else f'min="{amount[0]}" max="{amount[1]}"'
        out.append(f'   <shape id="{shape}" {counts}/>')
    out.append(f'  </shapes><result id="{result}"/><bitmap>')
    out += [f'   <pair piece="{p - 1}" result="{r - 1}"/>' for p, r in pairs]
    out.append("  </bitmap></problem></problems><comment/></puzzle>")
    return "\n".join(out)


# --- the independent counter -------------------------------------------------------------------------------------


def _matrices() -> list[tuple[tuple[int, ...], ...]]:
    out = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            out.append(tuple(tuple(signs[r] if c == perm[r] else 0 for c in range(3)) for r in range(3)))
    return out


def _det(m) -> int:
    return sum(
        m[0][p[0]] * m[1][p[1]] * m[2][p[2]] * (1 if p in ((0, 1, 2), (1, 2, 0), (2, 0, 1)) else -1)
        for p in itertools.permutations(range(3))
    )


MATRICES = _matrices()
ROTATIONS = [m for m in MATRICES if _det(m) == 1]


def _move(m, v) -> Voxel:
    return tuple(sum(m[r][c] * v[c] for c in range(3)) for r in range(3))  # type: ignore[return-value]


def _norm(coloured: dict[Voxel, int]) -> frozenset[tuple[Voxel, int]]:
    low = [min(v[a] for v in coloured) for a in range(3)]
    return frozenset(((x - low[0], y - low[1], z - low[2]), c) for (x, y, z), c in coloured.items())


def _turn(m, coloured: dict[Voxel, int]) -> frozenset[tuple[Voxel, int]]:
    return _norm({_move(m, v): c for v, c in coloured.items()})


def _brute_count(shapes: list[list[str]], parts: list[tuple], result: int, pairs: list[tuple[int, int]]) -> int:
    """Every assembly ('#' result cells covered once, '+' at most once, each part in its range, each coloured piece
    cell on a neutral result cell or an allowed colour), then classes under the isometries that keep the result's
    states and colours; reflections only when every one-handed (colours included) part has a mirror part."""
    _, result_cells = _cells(shapes[result])
    room = set(result_cells)
    required = {v for v, (s, _) in result_cells.items() if s == "#"}
    kinds = []
    for shape, amount in parts:
        low, high = (amount, amount) if isinstance(amount, int) else amount
        kinds.append(({v: c for v, (_, c) in _cells(shapes[shape])[1].items()}, low, high))

    def fits(p: int, r: int) -> bool:
        return p == 0 or r == 0 or (p, r) in pairs

    def placements(piece: dict[Voxel, int]) -> list[frozenset]:
        out = set()
        for m in ROTATIONS:
            turned = _turn(m, piece)
            for anchor in room:
                moved = frozenset(((x + anchor[0], y + anchor[1], z + anchor[2]), c) for (x, y, z), c in turned)
                if all(v in room and fits(c, result_cells[v][1]) for v, c in moved):
                    out.add(moved)
        return sorted(out, key=sorted)

    found: list[tuple] = []

    def choose(k: int, used: frozenset, chosen: tuple) -> None:
        if k == len(kinds):
            if required <= used:
                found.append(chosen)
            return
        piece, low, high = kinds[k]
        options = [p for p in placements(piece) if not {v for v, _ in p} & used]
        for n in range(low, high + 1):
            for combo in itertools.combinations(options, n):
                union = frozenset(v for p in combo for v, _ in p)
                if sum(len(p) for p in combo) == len(union):
                    choose(k + 1, used | union, chosen + tuple((k, p) for p in combo))

    choose(0, frozenset(), ())

    def chiral(piece) -> bool:
        mirrored = _turn(((-1, 0, 0), (0, 1, 0), (0, 0, 1)), piece)
        return all(_turn(m, piece) != mirrored for m in ROTATIONS)

    partner = {}
    for i, (piece, low, high) in enumerate(kinds):
        if chiral(piece):
            mirrored = _turn(((-1, 0, 0), (0, 1, 0), (0, 0, 1)), piece)
            for j, (other, lo2, hi2) in enumerate(kinds):
                if j != i and (lo2, hi2) == (low, high) and any(_turn(m, other) == mirrored for m in ROTATIONS):
                    partner[i] = j
    mirror_ok = all(i in partner for i, k in enumerate(kinds) if chiral(k[0]))
    corner = [min(v[a] for v in room) for a in range(3)]
    symmetries = []
    for m in MATRICES:
        if _det(m) < 0 and not mirror_ok:
            continue
        moved = [_move(m, v) for v in room]
        shift = [corner[a] - min(v[a] for v in moved) for a in range(3)]

        def image(v, m=m, shift=shift) -> Voxel:
            x, y, z = _move(m, v)
            return (x + shift[0], y + shift[1], z + shift[2])

        if all(result_cells.get(image(v)) == state for v, state in result_cells.items()):
            symmetries.append((m, image))
    canon = set()
    for assembly in found:
        keys = []
        for m, image in symmetries:
            keys.append(tuple(sorted((k if _det(m) > 0 else partner.get(k, k), tuple(sorted((image(v), c)
                                      for v, c in p))) for k, p in assembly)))  # fmt: skip
        canon.add(min(keys))
    return len(canon)


# --- cases ----------------------------------------------------------------------------------------------------------

SCREW_L = ["_#/##", "_#/__"]
SCREW_R = ["_#/_#", "##/__"]

CASES = {
    # a chequered square: each domino must lie with colour 1 on 1 and 2 on 2
    "chequered square": ([["12/21"], ["12"]], [(1, 2)], 0, [(1, 1), (2, 2)], 2),
    # colours on the pieces only: every pair allowed, the colours still tell orientations apart
    "coloured pieces, plain result": ([["###/###"], ["1#"], ["#2#"]], [(1, 3), (2, 0)], 0, [], 2),
    "coloured pieces, plain result, ranges": ([["###/###"], ["1#"], ["#"]], [(1, (0, 3)), (2, (0, 6))], 0, [], 1),
    # a result coloured on one end: its symmetries shrink to those keeping the colour
    "coloured bar end": ([["1###"], ["1#"], ["##"]], [(1, 1), (2, 1)], 0, [(1, 1)], 1),
    # colour 1 may sit on 1 or 2, colour 2 only on 2
    "one-way pairs": ([["12/21", "21/12"], ["1#"], ["2#"]], [(1, 2), (2, 2)], 0, [(1, 1), (1, 2), (2, 2)], 2),
    # variable cells with colours, pieces with ranges
    "coloured variable cells": ([["1a/#b"], ["1#"], ["2"]], [(1, (0, 2)), (2, (0, 4))], 0, [(1, 1), (2, 2)], 2),
    # one-handed coloured screws: mirror images identified only where the colouring mirrors too
    "coloured screws, mirrored colours": (
        [["###/###", "###/###"], ["_1/##", "_#/__"], ["_1/_#", "##/__"], ["##"]],
        [(1, 1), (2, 1), (3, 2)], 0, [], 1,
    ),
    "coloured screws, unmatched colours": (
        [["###/###", "###/###"], ["_1/##", "_#/__"], ["_#/_1", "##/__"], ["##"]],
        [(1, 1), (2, 1), (3, 2)], 0, [], 1,
    ),
    # an achiral (flat) piece made one-handed in 3D by its colours? flat pieces stay achiral: a mirror is a turn
    "coloured L trominoes in a chequered box": (
        [["1212/2121", "2121/1212"], ["1#/2_"], ["12"]], [(1, (0, 4)), (2, (0, 8))], 0, [(1, 1), (2, 2)], 2,
    ),
}  # fmt: skip


# what ``burrTxt -q -d`` printed for these files (assemblies, solutions): a second, outside figure
BURRTXT = {
    "chequered square": (1, 1),
    "coloured pieces, plain result": (7, 7),
    "coloured pieces, plain result, ranges": (26, 26),
    "coloured bar end": (4, 4),
    "one-way pairs": (13, 13),
    "coloured variable cells": (12, 10),
    "coloured screws, mirrored colours": (10, 10),
    "coloured screws, unmatched colours": (16, 16),
    "coloured L trominoes in a chequered box": (25, 25),
}


SLOW_CASES = {"coloured L trominoes in a chequered box"}  # about a minute of brute force: behind -m slow


@pytest.mark.parametrize(
    "case", [pytest.param(c, marks=pytest.mark.slow) if c in SLOW_CASES else c for c in sorted(CASES)]
)
def test_coloured_counts_match_the_brute_force(case: str, tmp_path) -> None:
    shapes, parts, result, pairs, n_colours = CASES[case]
    path = tmp_path / "case.xmpuzzle"
    path.write_text(_xml(shapes, parts, result, pairs, n_colours))
    expected = _brute_count(shapes, parts, result, pairs)
    assert expected == BURRTXT[case][0]
    found = count(burr_problem(read_burrtools(path)), disassemble=True)
    assert (found.assemblies, found.solutions) == BURRTXT[case]


def test_colours_change_the_count() -> None:
    """The constraint is not idle: the chequered square has one assembly, the plain one (any pair allowed) three
    (both dominoes lying either way round, up to the square's turns)."""
    shapes, parts, result, pairs, n = CASES["chequered square"]
    assert count(burr_problem(parse_burrtools(_xml(shapes, parts, result, pairs, n).encode()))).assemblies == 1
    everything = [(1, 1), (1, 2), (2, 1), (2, 2)]
    free = count(burr_problem(parse_burrtools(_xml(shapes, parts, result, everything, n).encode()))).assemblies
    assert free == _brute_count(shapes, parts, result, everything) == 3


def test_colours_and_pairs_round_trip_through_the_writer(tmp_path) -> None:
    shapes, parts, result, pairs, n = CASES["coloured variable cells"]
    original = parse_burrtools(_xml(shapes, parts, result, pairs, n).encode())
    path = tmp_path / "again.xmpuzzle"
    write_burrtools(path, original)
    again = read_burrtools(path)
    assert again.colours == original.colours and len(again.colours) == 2
    assert [(s.cells, s.colours) for s in again.shapes] == [(s.cells, s.colours) for s in original.shapes]
    assert again.shapes[0].colours == {(0, 0, 0): 1, (1, 0, 0): 1, (1, 1, 0): 2}
    assert again.problems[0].colour_pairs == original.problems[0].colour_pairs == {(1, 1), (2, 2)}
    assert count(burr_problem(again)).assemblies == count(burr_problem(original)).assemblies


def test_a_coloured_problem_is_no_cubeviz_puzzle() -> None:
    shapes, parts, result, pairs, n = CASES["chequered square"]
    problem = burr_problem(parse_burrtools(_xml(shapes, parts, result, pairs, n).encode()))
    with pytest.raises(BurrToolsFileError, match="colour constraints"):
        to_puzzle(problem)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('<voxel x="2" y="1" z="1" type="0">#3#</voxel>', "colour 3 is not defined"),
        ('<voxel x="2" y="1" z="1" type="0">_1#</voxel>', "an empty cell cannot have a colour"),
    ],
)
def test_bad_colours_are_one_line_errors(text: str, words: str) -> None:
    xml = _xml([["12"], ["12"]], [(1, 1)], 0, [(1, 1)], 2).replace(
        '<voxel x="2" y="1" z="1" type="0">#1#2</voxel>', text, 1
    )
    with pytest.raises(BurrToolsFileError, match=words) as info:
        parse_burrtools(xml.encode())
    assert "\n" not in str(info.value)
