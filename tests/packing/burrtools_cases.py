"""The independent figures for BurrTools problems with colours, `+` cells and count ranges, shared by the tests:
files written by hand (`xml_file`), and a brute force that knows nothing of the engine: placements tried by every
rotation and translation, assemblies as every choice of placements in each part's range, classes as orbits under
the result's isometries. Also the hand-made cases and what burrTxt printed for them."""

from __future__ import annotations

import itertools

from solvers.packing.puzzle import SymmetryMode

Voxel = tuple[int, int, int]
FILLED_COLOURS = "123456789"  # a filled cell of that colour
VARIABLE_COLOURS = "abcdefghi"  # a variable cell of colour 1..9


def parse_cells(rows: list[str]) -> tuple[tuple[int, int, int], dict[Voxel, tuple[str, int]]]:
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


def xml_file(
    shapes: list[list[str]], parts: list[tuple], result: int, pairs: list[tuple[int, int]], n_colours: int
) -> str:
    """A BurrTools file written by hand: colours, shapes with colour suffixes, one problem with its allowed pairs."""
    out = ['<?xml version="1.0"?>', '<puzzle version="2">', ' <gridType type="0"/>', " <colors>"]
    out += [f'  <color red="{10 * i}" green="0" blue="0"/>' for i in range(n_colours)]
    out.append(" </colors><shapes>")
    for rows in shapes:
        (sx, sy, sz), cells = parse_cells(rows)
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


def det(m) -> int:
    return sum(
        m[0][p[0]] * m[1][p[1]] * m[2][p[2]] * (1 if p in ((0, 1, 2), (1, 2, 0), (2, 0, 1)) else -1)
        for p in itertools.permutations(range(3))
    )


MATRICES = _matrices()
ROTATIONS = [m for m in MATRICES if det(m) == 1]


def move(m, v) -> Voxel:
    return tuple(sum(m[r][c] * v[c] for c in range(3)) for r in range(3))  # type: ignore[return-value]


def _norm(coloured: dict[Voxel, int]) -> frozenset[tuple[Voxel, int]]:
    low = [min(v[a] for v in coloured) for a in range(3)]
    return frozenset(((x - low[0], y - low[1], z - low[2]), c) for (x, y, z), c in coloured.items())


def turn(m, coloured: dict[Voxel, int]) -> frozenset[tuple[Voxel, int]]:
    return _norm({move(m, v): c for v, c in coloured.items()})


MIRROR_X = ((-1, 0, 0), (0, 1, 0), (0, 0, 1))


def _kinds(shapes: list[list[str]], parts: list[tuple]) -> list[tuple[dict[Voxel, int], int, int]]:
    """Each part's cells with their colours, and its range."""
    kinds = []
    for shape, amount in parts:
        low, high = (amount, amount) if isinstance(amount, int) else amount
        kinds.append(({v: c for v, (_, c) in parse_cells(shapes[shape])[1].items()}, low, high))
    return kinds


def brute_assemblies(
    shapes: list[list[str]], parts: list[tuple], result: int, pairs: list, max_holes: int | None = None
) -> list[frozenset]:
    """Every assembly, before symmetry: each a set of (part, placement as coloured cells); the result's '#' cells
    covered once, '+' at most once and, with ``max_holes``, at most that many '+' cells left empty (BurrTools
    applies the bound only with count ranges: give it only then)."""
    _, result_cells = parse_cells(shapes[result])
    room = set(result_cells)
    required = {v for v, (s, _) in result_cells.items() if s == "#"}
    kinds = _kinds(shapes, parts)

    def fits(p: int, r: int) -> bool:
        return p == 0 or r == 0 or (p, r) in pairs

    def placements(piece: dict[Voxel, int]) -> list[frozenset]:
        out = set()
        for m in ROTATIONS:
            turned = turn(m, piece)
            for anchor in room:
                moved = frozenset(((x + anchor[0], y + anchor[1], z + anchor[2]), c) for (x, y, z), c in turned)
                if all(v in room and fits(c, result_cells[v][1]) for v, c in moved):
                    out.add(moved)
        return sorted(out, key=sorted)

    found: list[frozenset] = []

    def choose(k: int, used: frozenset, chosen: tuple) -> None:
        if k == len(kinds):
            if required <= used and (max_holes is None or len(room - used) <= max_holes):
                found.append(frozenset(chosen))
            return
        piece, low, high = kinds[k]
        options = [p for p in placements(piece) if not {v for v, _ in p} & used]
        for n in range(low, high + 1):
            for combo in itertools.combinations(options, n):
                union = frozenset(v for p in combo for v, _ in p)
                if sum(len(p) for p in combo) == len(union):
                    choose(k + 1, used | union, chosen + tuple((k, p) for p in combo))

    choose(0, frozenset(), ())
    return found


def brute_levels(
    shapes: list[list[str]], parts: list[tuple], result: int, pairs: list, max_holes: int | None = None
) -> dict:
    """All assemblies (:func:`brute_assemblies`) and their orbits under the result's rotations and under all its
    isometries (a reflection swapping each one-handed kind for the kind of its mirror shape, an image counted only
    when every one-handed kind used has one); reflections count only with ranges or when every one-handed kind has
    a partner."""
    _, result_cells = parse_cells(shapes[result])
    room = set(result_cells)
    kinds = _kinds(shapes, parts)
    found = brute_assemblies(shapes, parts, result, pairs, max_holes)

    def chiral(piece) -> bool:
        return all(turn(m, piece) != turn(MIRROR_X, piece) for m in ROTATIONS)

    partner = {}
    for i, (piece, low, high) in enumerate(kinds):
        if chiral(piece):
            for j, (other, lo2, hi2) in enumerate(kinds):
                if (lo2, hi2) == (low, high) and any(turn(m, other) == turn(MIRROR_X, piece) for m in ROTATIONS):
                    partner[i] = j
    ranged = any(low != high for _, low, high in kinds)
    mirror_defined = ranged or all(i in partner for i, k in enumerate(kinds) if chiral(k[0]))
    corner = [min(v[a] for v in room) for a in range(3)]
    symmetries = []
    for m in MATRICES:
        moved = [move(m, v) for v in room]
        shift = [corner[a] - min(v[a] for v in moved) for a in range(3)]

        def image(v, m=m, shift=shift) -> Voxel:
            x, y, z = move(m, v)
            return (x + shift[0], y + shift[1], z + shift[2])

        if all(result_cells.get(image(v)) == state for v, state in result_cells.items()):
            symmetries.append((det(m) > 0, image))

    def orbit_count(with_reflections: bool) -> int:
        canon = set()
        for assembly in found:
            keys = []
            for proper, image in symmetries:
                if not proper and (not with_reflections or any(chiral(kinds[k][0]) and k not in partner
                                                               for k, _ in assembly)):  # fmt: skip
                    continue
                keys.append(tuple(sorted((k if proper else partner.get(k, k), tuple(sorted((image(v), c)
                                          for v, c in p))) for k, p in assembly)))  # fmt: skip
            canon.add(min(keys))
        return len(canon)

    return {
        SymmetryMode.NONE: len(found),
        SymmetryMode.ROTATION: orbit_count(False),
        SymmetryMode.MIRROR: orbit_count(True) if mirror_defined else None,
    }


def brute_count(
    shapes: list[list[str]], parts: list[tuple], result: int, pairs: list[tuple[int, int]], max_holes: int | None = None
) -> int:
    """BurrTools' count: the classes up to rotation and reflection where reflections are defined, else up to
    rotation."""
    levels = brute_levels(shapes, parts, result, pairs, max_holes)
    mirror = levels[SymmetryMode.MIRROR]
    return levels[SymmetryMode.ROTATION] if mirror is None else mirror


# --- the cases -------------------------------------------------------------------------------------------------------

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
