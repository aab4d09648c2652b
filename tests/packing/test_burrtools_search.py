"""The assembly searches of a BurrTools count (``burrtools_search``): listing one assembly per orbit of an anchor
piece's placements gives the same assemblies and solutions as listing every assembly, on seeded random problems
with variable cells, count ranges and symmetric results; and the search on this thread gives the rows the
threaded search gives, in the same order."""

from __future__ import annotations

import random
from itertools import product

import numpy as np
from box_cuts import box_cut, capped_box_file, shape_xml

import solvers.packing.burrtools_count as burrtools_count
from solvers.packing import tiny_shapes
from solvers.packing.burrtools_io import parse_burrtools
from solvers.packing.burrtools_puzzle import burr_problem
from solvers.packing.burrtools_search import assembly_rows
from solvers.packing.chunks import plan_chunks
from solvers.packing.cover import build_cover
from solvers.packing.puzzle_io import load_puzzle
from solvers.packing.symmetry import SymmetryMode


def test_anchor_orbits_count_as_every_assembly(monkeypatch) -> None:
    monkeypatch.setattr(tiny_shapes, "TINY_BOX", 0)  # these small files to the general path and its search
    rng = random.Random(27)
    reduced = 0
    for _ in range(24):
        text = capped_box_file(rng, [(2, 1), (2, 2), (3, 1), (2, 3)], 4, (1, 3))
        problem = burr_problem(parse_burrtools(text.encode()))
        with_orbits = burrtools_count.count(problem, disassemble=True)
        seen: list[object] = []
        original = burrtools_count._rotation_chunks

        def spy(*args, _seen=seen, _original=original):
            chunks = _original(*args)
            _seen.append(chunks)
            return chunks

        monkeypatch.setattr(burrtools_count, "_rotation_chunks", spy)
        burrtools_count.count(problem, disassemble=True)
        reduced += seen[0] is not None
        monkeypatch.setattr(burrtools_count, "_rotation_chunks", lambda *args: None)
        every = burrtools_count.count(problem, disassemble=True)
        monkeypatch.setattr(burrtools_count, "_rotation_chunks", original)
        assert (with_orbits.assemblies, with_orbits.solutions) == (every.assemblies, every.solutions)
    assert reduced >= 12  # most of them took the shorter search


def test_search_here_and_on_threads_give_the_same_rows() -> None:
    cover = build_cover(load_puzzle("soma"))
    chunks = plan_chunks(cover, SymmetryMode.ROTATION)
    enabled = np.ones(cover.n_rows, dtype=np.uint8)
    here = assembly_rows(cover, chunks, enabled, None, limit=10**6)
    threaded = assembly_rows(cover, chunks, enabled, None, limit=10**6, serial_nodes=1, threads=2)
    assert len(here) > 100
    assert (here == threaded).all()


def test_wide_plain_pieces_listed_by_anchor_orbits_count_as_the_symmetry_group_does(monkeypatch) -> None:
    """A box cut into pieces too wide for one integer row key (the anchored listing, classes taken afterwards)
    against the engine's own symmetry-broken search of the same problem."""
    from solvers.packing.symmetry import row_lookup

    rng = random.Random(4)
    for _ in range(4):
        pieces = box_cut(rng, (4, 4, 4), 4)
        box = list(product(range(4), range(4), range(4)))
        parts = "".join(f'<shape id="{i + 1}" count="1"/>' for i in range(len(pieces)))
        text = (
            '<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
            + shape_xml(box)
            + "".join(shape_xml(p) for p in pieces)
            + f'</shapes><problems><problem><shapes>{parts}</shapes><result id="0"/></problem></problems></puzzle>'
        )
        problem = burr_problem(parse_burrtools(text.encode()))
        assert problem.plain
        cover = build_cover(burrtools_count.to_puzzle(problem))
        assert not row_lookup(cover).vectorised
        anchored = burrtools_count.count(problem, disassemble=True)
        monkeypatch.setattr(burrtools_count, "_rotation_chunks", lambda *args: None)
        grouped = burrtools_count.count(problem, disassemble=True)
        monkeypatch.undo()
        assert (anchored.assemblies, anchored.solutions) == (grouped.assemblies, grouped.solutions)
        assert anchored.assemblies >= 1
