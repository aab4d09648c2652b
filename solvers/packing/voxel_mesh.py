"""Voxel sets as closed meshes: the plain boundary (mesh.py's grids) or, with a bevel, chamfered (bevel.py).

Apart from mesh.py because the bevelled shape is built on mesh.py's fine grid: the choice between the two lives
above both, so neither imports the other back.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from solvers.packing.bevel import bevelled_mesh
from solvers.packing.mesh import MAX_GAP, Mesh, _cell_grid, _contract, _fine_faces, _fine_grid, _realise


def voxel_mesh(cells: Iterable[Sequence[int]], *, unit: float = 1.0, gap: float = 0.0, bevel: float = 0.0) -> Mesh:
    """The boundary of the union of unit cells ``cells`` (integer ``(x, y, z)``), scaled by ``unit``, shrunk by
    ``gap`` on every outer face and, with ``bevel`` above 0, its convex edges chamfered by ``bevel`` (see
    ``bevel.py``); lengths in the unit of ``unit``, ``gap + bevel < MAX_GAP * unit``. Cell ``(x, y, z)`` spans
    ``[x, x + 1] * unit`` and so on before the shrink."""
    voxels = np.asarray(list(cells), dtype=np.int64).reshape(-1, 3)
    if len(voxels) == 0:
        raise ValueError("a mesh needs at least one cell")
    if not (unit > 0 and np.isfinite(unit)):
        raise ValueError(f"the unit must be a positive length, not {unit}")
    if not (gap >= 0 and bevel >= 0 and gap + bevel < MAX_GAP * unit):
        raise ValueError(f"the gap and the bevel must be at least 0 and together below {MAX_GAP * unit:g}")
    if bevel > 0:
        return bevelled_mesh(voxels, unit, gap, bevel)
    low = voxels.min(axis=0)
    cells = _cell_grid(voxels - low + 1)  # one empty cell of padding on every side
    quads = _fine_faces(_fine_grid(cells))
    mesh = _realise(quads, gap / unit) if gap > 0 else _contract(quads, cells)
    return mesh.moved(shift=(low - 1).astype(np.float64)).scaled(unit)
