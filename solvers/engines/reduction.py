"""The big-cube engine behind a request: reduction (centres, edge pairing, a 3x3x3 stage, parities) for cubes
from 4x4x4 up to MAX_SOLVE_SIZE, in the block turn metric; its stage progress, then one `BigCubeSolution`."""

from __future__ import annotations

from collections.abc import Iterator

from solvers.engines.request import RequestError, SolveRequest


def events(request: SolveRequest) -> Iterator[object]:
    """RequestError for a cube above MAX_SOLVE_SIZE; InvalidBigCubeError when the colouring is no solvable cube."""
    from solvers.nxn.solver import MAX_SOLVE_SIZE, solve

    state = request.big_cube()
    if state.size > MAX_SOLVE_SIZE:
        n, top = state.size, MAX_SOLVE_SIZE
        raise RequestError(f"a {n}x{n}x{n} cube is beyond the solver, which takes cubes up to {top}x{top}x{top}")
    return solve(state, stop=request.stop)
