"""The enumeration itself: every solution is an exact cover with the right pieces, two independent backends agree,
progress is reported, a stop request is honoured, pins and forbids select exactly the matching solutions."""

from __future__ import annotations

import threading
from collections import Counter

import numpy as np
import pytest

from solvers.packing import (
    ConstraintError,
    CoverProgress,
    CoverSolution,
    Placement,
    all_solutions,
    build_cover,
    count_solutions,
    enumerate_solutions,
    load_puzzle,
)
from solvers.packing.pykernel import iter_solutions
from solvers.packing.soma import SomaSolver


@pytest.fixture(scope="module")
def soma():
    return build_cover(load_puzzle("soma"))


def assert_exact_covers(problem, solutions: np.ndarray) -> None:
    """Apply each solution to an empty target: every cell exactly once, each piece kind its count of times, each
    placement's shape an orientation of its piece (checked once per placement: solutions share most of theirs)."""
    from solvers.packing.geometry import normalise, orientations

    puzzle = problem.puzzle
    expected_pieces = Counter({p.name: p.count for p in puzzle.pieces})
    mirrors = puzzle.mirrors_same_piece
    allowed = {p.name: set(orientations(puzzle.piece(p.name).cells, with_mirrors=mirrors)) for p in puzzle.pieces}
    placed: dict[int, tuple[str, list[int]]] = {}
    for r in np.unique(solutions):
        piece = problem.placement(int(r))
        cells = sorted(piece.cells)
        assert normalise([puzzle.target[c] for c in cells]) in allowed[piece.piece]
        placed[int(r)] = (piece.piece, cells)
    for rows in solutions:
        grid = np.zeros(problem.n_cells, dtype=np.int64)
        used = Counter()
        for r in rows:
            name, cells = placed[int(r)]
            grid[cells] += 1
            used[name] += 1
        assert (grid == 1).all()
        assert used == expected_pieces


@pytest.mark.parametrize(
    ("name", "mode"),
    [
        ("soma", "none"),
        ("pentomino-3x20", "none"),
        ("slothouber-graatsma", "none"),
        ("diabolical", "rotation"),
        ("pentomino-6x10", "rotation"),
    ],
)
def test_every_solution_is_an_exact_cover(name: str, mode: str) -> None:
    problem = build_cover(load_puzzle(name))
    sols = all_solutions(problem, up_to=mode)
    assert len(sols) == count_solutions(problem, up_to=mode) > 0
    assert_exact_covers(problem, sols)
    assert len({tuple(sorted(s)) for s in sols.tolist()}) == len(sols)


def test_numba_and_python_backends_agree(soma) -> None:
    a_orient0 = (soma.row_kind != 0) | (soma.row_orient == 0)
    numba_sols = {tuple(sorted(s)) for s in all_solutions(soma, enabled=a_orient0).tolist()}
    python_sols = {tuple(sorted(s)) for s in iter_solutions(soma, a_orient0)}
    assert numba_sols == python_sols and len(numba_sols) == 480
    diabolical = build_cover(load_puzzle("diabolical"))
    assert len(list(iter_solutions(diabolical))) == count_solutions(diabolical) == 624


def test_numba_multiword_kernel_agrees_with_one_word(soma) -> None:
    """Force the multi-word path (targets over 64 cells) on Soma by padding masks with an empty word."""
    from dataclasses import replace

    wide = replace(soma, row_masks=np.concatenate([soma.row_masks, np.zeros_like(soma.row_masks)], axis=1))
    assert wide.n_words == 2
    assert count_solutions(wide, up_to="rotation") == 480
    assert {tuple(sorted(s)) for s in all_solutions(wide).tolist()} == {
        tuple(sorted(s)) for s in all_solutions(soma).tolist()
    }


def test_progress_events_and_final_done(soma) -> None:
    events = list(enumerate_solutions(soma, progress_interval=0.0))
    progress = [e for e in events if isinstance(e, CoverProgress)]
    sols = [e for e in events if isinstance(e, CoverSolution)]
    assert progress[-1].done and progress[-1].solutions == len(sols) == 11520
    assert all(0.0 <= p.fraction <= 1.0 for p in progress)
    assert [s.index for s in sols] == list(range(len(sols)))
    fractions = [p.fraction for p in progress]
    assert fractions[-1] == 1.0 and len(progress) > 1


def test_stop_request_ends_the_generator_early() -> None:
    problem = build_cover(load_puzzle("pentomino-6x10"))
    stop = threading.Event()
    seen = 0
    for event in enumerate_solutions(problem, progress_interval=0.0, stop=stop):
        if isinstance(event, CoverSolution):
            seen += 1
            if seen == 10:
                stop.set()
        assert not (isinstance(event, CoverProgress) and event.done)
    assert 10 <= seen < 9356


def test_count_only_matches_enumeration_for_symmetry_modes(soma) -> None:
    for mode in ("rotation", "mirror"):
        assert count_solutions(soma, up_to=mode) == len(all_solutions(soma, up_to=mode))


def test_pins_and_forbids_select_exactly_the_matching_solutions(soma) -> None:
    everything = all_solutions(soma)
    pin_row = int(everything[123][0])
    pin = soma.placement(pin_row)
    pinned = all_solutions(soma, pins=[pin])
    expected = {tuple(sorted(s)) for s in everything.tolist() if pin_row in s}
    assert {tuple(sorted(s)) for s in pinned.tolist()} == expected and len(expected) > 0
    forbidden = all_solutions(soma, forbids=[pin])
    assert len(forbidden) + len(pinned) == len(everything)
    assert not any(pin_row in s for s in forbidden.tolist())


def test_bad_constraints_raise(soma) -> None:
    with pytest.raises(ConstraintError, match="no piece"):
        count_solutions(soma, pins=[Placement("z", frozenset({0}))])
    with pytest.raises(ConstraintError, match="cannot occupy"):
        count_solutions(soma, pins=[Placement("a", frozenset({0, 1}))])
    with pytest.raises(ConstraintError, match="up_to='none'"):
        count_solutions(soma, up_to="rotation", pins=[soma.placement(0)])
    rows_a = soma.rows_of_kind(0)
    with pytest.raises(ConstraintError, match="pinned more often"):
        count_solutions(soma, pins=[int(rows_a[0]), int(rows_a[-1])])


def test_soma_solver_matches_engine_for_every_orientation_of_a(soma) -> None:
    """The rotate-the-base-case shortcut of the soma command equals a direct search for each orientation."""
    solver = SomaSolver()
    for orient in (0, 5, 17, 23):
        enabled = (soma.row_kind != 0) | (soma.row_orient == orient)
        direct = sorted(soma.labels(r) for r in all_solutions(soma, enabled=enabled))
        assert solver.solve_orientation(orient) == direct
