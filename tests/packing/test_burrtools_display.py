"""The display puzzle of a BurrTools problem that is no exact cover: BurrTools' assemblies become rows of one width
(unused copies as cell-less rows), which read back to the same pieces on the same cells, take apart, pose and
print like any solution with the unused copies left out."""

from __future__ import annotations

import numpy as np

from solvers.packing.burrtools_count import count
from solvers.packing.burrtools_display import absent_row, assembly_rows, display_puzzle, is_absent
from solvers.packing.burrtools_io import parse_burrtools
from solvers.packing.burrtools_puzzle import burr_problem
from solvers.packing.disassembly import disassemble_solution
from solvers.packing.poses import PoseTable
from solvers.packing.stl import PrintOptions, solution_mesh

RANGED = (
    b'<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
    b'<voxel x="3" y="2" z="1" type="0">#+##++</voxel><voxel x="2" y="2" z="1" type="0">###_</voxel>'
    b'<voxel x="2" y="1" z="1" type="0">##</voxel><voxel x="1" y="1" z="1" type="0">#</voxel></shapes>'
    b'<problems><problem name="ranges"><shapes><shape id="1" min="0" max="1"/><shape id="2" min="0" max="2"/>'
    b'<shape id="3" min="1" max="2"/></shapes><result id="0"/><bitmap/></problem></problems></puzzle>'
)


def test_assemblies_become_rows_that_read_back() -> None:
    problem = burr_problem(parse_burrtools(RANGED))
    found = count(problem)
    puzzle, cover, shift = display_puzzle(problem)
    assert [p.count for p in puzzle.pieces] == [1, 2, 2] and cover.n_instances == 5
    rows = assembly_rows(cover, shift, found.representatives)
    assert rows.shape == (found.assemblies, 5) == (52, 5)
    for assembly, row in zip(found.representatives, rows.tolist(), strict=True):
        placed = sorted((int(cover.row_kind[r]), sorted(puzzle.target[c] for c in cover.row_cells[r] if c >= 0))
                        for r in row if not is_absent(cover, r))  # fmt: skip
        shifted = sorted((k, sorted((x - shift[0], y - shift[1], z - shift[2]) for x, y, z in cells))
                         for k, cells in assembly)  # fmt: skip
        assert placed == shifted
        unused = [r for r in row if is_absent(cover, r)]
        assert len(unused) == 5 - len(assembly)
        assert all(r == absent_row(cover, int(cover.row_kind[r])) for r in unused)


def test_unused_copies_take_no_part_in_disassembly_poses_and_prints() -> None:
    problem = burr_problem(parse_burrtools(RANGED))
    puzzle, cover, shift = display_puzzle(problem)
    rows = assembly_rows(cover, shift, count(problem).representatives)
    row = next(r for r in rows.tolist() if sum(is_absent(cover, x) for x in r) == 2)
    present = [i for i, r in enumerate(row) if not is_absent(cover, r)]
    found = disassemble_solution(cover, row)
    assert found.can_take_apart and found.moves
    assert {p for m in found.moves for p in m.pieces} <= set(present)  # moves number pieces by their place in row
    poses = PoseTable(cover)
    for i in present:
        cells = np.array(sorted(puzzle.target[c] for c in cover.row_cells[row[i]] if c >= 0))
        kind = int(cover.row_kind[row[i]])
        placed = poses.pose(row[i]).voxels(np.asarray(puzzle.pieces[kind].cells))
        assert sorted(map(tuple, placed.tolist())) == sorted(map(tuple, cells.tolist()))
    options = PrintOptions(unit=1.0, gap=0.1)
    mesh, alone = solution_mesh(cover, row, options), solution_mesh(cover, [row[i] for i in present], options)
    assert mesh.volume() > 0 and abs(mesh.volume() - alone.volume()) < 1e-9  # the absent copies add nothing
