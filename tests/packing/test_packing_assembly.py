"""Poses and assembly orders of packings: poses put each piece's own cells exactly on its placement, and every
assembly order is physically possible (each piece travels a straight line from outside through empty cells)."""

from __future__ import annotations

import numpy as np
import pytest

from solvers.engine import SearchCancelled
from solvers.packing import all_solutions, build_cover, load_puzzle
from solvers.packing.assembly import AssemblyStep, assembly_order, up_direction
from solvers.packing.poses import PoseTable, instance_kinds, instance_rows
from solvers.packing.watch import Watch


@pytest.fixture(scope="module")
def soma():
    problem = build_cover(load_puzzle("soma"))
    return problem, all_solutions(problem)


def _cells(problem, row) -> set:
    cells = problem.row_cells[row]
    return {tuple(v) for v in np.asarray(problem.puzzle.target)[cells[cells >= 0]].tolist()}


@pytest.mark.parametrize("name", ["soma", "slothouber-graatsma", "pentomino-3x20", "diabolical"])
def test_every_pose_carries_the_piece_onto_its_placement(name: str) -> None:
    problem = build_cover(load_puzzle(name))
    table = PoseTable(problem)
    for row in range(problem.n_rows):
        pose = table.pose(row)
        moved = {tuple(v) for v in pose.voxels(table.piece_cells[pose.kind]).tolist()}
        assert moved == _cells(problem, row), row
        assert round(abs(np.linalg.det(pose.matrix))) == 1


def test_instance_order_is_the_same_kinds_in_every_solution(soma) -> None:
    problem, rows = soma
    kinds = instance_kinds(problem)
    for solution in rows[::500]:
        assert [int(problem.row_kind[r]) for r in instance_rows(problem, solution)] == kinds


def _replay(problem, solution, order: list[AssemblyStep]) -> None:
    """Place the pieces in order; each must reach its place along its direction without crossing a placed cell."""
    placed: set = set()
    assert sorted(step.instance for step in order) == list(range(len(solution)))
    for step in order:
        cells = _cells(problem, int(solution[step.instance]))
        direction = np.asarray(step.direction)
        for k in range(1, 6):  # far enough to leave a 3x3x3 box
            path = {tuple((np.asarray(c) + k * direction).tolist()) for c in cells}
            assert not path & placed, (step, k)
        placed |= cells


def test_soma_orders_are_physically_possible_and_mostly_drops(soma) -> None:
    problem, rows = soma
    up = up_direction(problem.puzzle)
    assert up == (0, -1, 0)  # rows run top to bottom: "above" is -y
    drops_only = 0
    for solution in rows[::97]:
        order = assembly_order(problem, solution)
        assert all(step.clear for step in order)
        _replay(problem, solution, order)
        drops_only += all(step.direction == up for step in order)
    assert drops_only > len(rows[::97]) // 2  # sideways moves only where pieces interlock


def test_first_piece_dropped_lies_at_the_bottom(soma) -> None:
    problem, rows = soma
    solution = rows[0]
    order = assembly_order(problem, solution)
    first = _cells(problem, int(solution[order[0].instance]))
    assert max(y for _, y, _ in first) == 2  # touches the bottom row (y = 2)


def test_flat_tray_puzzles_are_filled_from_the_front() -> None:
    problem = build_cover(load_puzzle("pentomino-3x20"))
    solution = all_solutions(problem)[0]
    order = assembly_order(problem, solution)
    assert {step.direction for step in order} == {(0, 0, -1)}
    _replay(problem, solution, order)


def test_a_watch_on_the_steps_hears_progress_and_stops_the_search(soma) -> None:
    """``on_step`` sees each piece tried: the order found under a Watch is the one found without, the steps heard
    rise one by one; a stop set mid-search ends it at the next look with SearchCancelled."""
    problem, rows = soma
    solution = rows[0]
    heard: list[int] = []
    assert assembly_order(problem, solution, on_step=Watch(None, heard.append, every=1)) == assembly_order(
        problem, solution
    )
    assert heard == list(range(1, len(heard) + 1)) and len(heard) >= len(solution)

    class StopsAfter:
        looks = 0

        def is_set(self) -> bool:
            self.looks += 1
            return self.looks > 2

    stop = StopsAfter()
    with pytest.raises(SearchCancelled):
        assembly_order(problem, solution, on_step=Watch(stop, every=1))
    assert stop.looks == 3
