"""Times the RubikOptimal peer's search depth by depth; stdlib only, so it runs under CPython and PyPy alike.

Run by `rubik_peers.py` in a subprocess whose working directory holds the peer's tables (it builds them there on
first import). Input on stdin: JSON ``{"cubes": [54-letter facelet strings], "cap": seconds}``. Output: one JSON
line per cube: ``{"depths": [[depth, nodes, seconds], ...], "moves": "R1 U3 ..." or null, "capped": bool}``.

Why not call its ``solver.solve``: that prints and cannot be stopped. This repeats its driver loop (the same
``search`` at increasing depth, the same node counter) and stops a search at the cap by raising its own
``solfound`` flag from a timer, which every recursive call checks first.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
import time


def _solve(solver, coord, face, facelets: str, cap: float) -> dict:
    fc = face.FaceCube()
    fc.from_string(facelets)
    cube = coord.CoordCube(fc.to_cubie_cube())
    togo = max(cube.UD_phasex24_depth, cube.RL_phasex24_depth, cube.FB_phasex24_depth)
    depths = []
    capped = threading.Event()

    def expire() -> None:
        capped.set()
        solver.solfound = True

    timer = threading.Timer(cap, expire)
    timer.daemon = True
    solver.solfound = False
    timer.start()
    try:
        while not solver.solfound:
            solver.sofar = []
            solver.nodecount = 0
            start = time.perf_counter()
            solver.search(cube.UD_flip, cube.RL_flip, cube.FB_flip, cube.UD_twist, cube.RL_twist, cube.FB_twist,
                          cube.UD_slice_sorted, cube.RL_slice_sorted, cube.FB_slice_sorted, cube.corners,
                          cube.UD_phasex24_depth, cube.RL_phasex24_depth, cube.FB_phasex24_depth, togo)  # fmt: skip
            depths.append([togo, solver.nodecount, time.perf_counter() - start])
            togo += 1
    finally:
        timer.cancel()
    found = not capped.is_set()
    moves = " ".join(m.name for m in solver.sofar) if found else None
    return {"depths": depths, "moves": moves, "capped": not found}


def main() -> None:
    request = json.load(sys.stdin)
    with contextlib.redirect_stdout(sys.stderr):  # the import builds (first run) or loads the tables in the cwd
        import optimal.solver as solver  # first: the package's own modules import each other in this order
        from optimal import coord, face

    for facelets in request["cubes"]:
        print(json.dumps(_solve(solver, coord, face, facelets, float(request["cap"]))), flush=True)


if __name__ == "__main__":
    main()
