"""The residue tables' breadth-first builder (`fill_levels.build_levels` with `class_fill`'s level
kernels): a real build of a table of the split table's shape with a one-value inner coordinate (phase 1, 141
million entries) against the phase-1 table built another way, its progress reported by planned work, the
multiplication that stands in for a division, the cost model's choice of direction on the split table, and a
cancelled build."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from packed_rows import packed_row_blocks

from solvers.engine import Metric
from solvers.rubik import class_fill, fill_levels
from solvers.rubik import coords as cd
from solvers.rubik.optimal import large_residues as lr
from solvers.rubik.rubik_tables import default_tables
from solvers.tables import BuildCancelled


@pytest.mark.parametrize("n_inner", [1, 35, 70, 495])
def test_the_multiplication_divides_every_offset_of_a_row_exactly(n_inner):
    row_len = cd.N_TWIST * n_inner
    offsets = np.arange(row_len, dtype=np.uint64)
    magic = np.uint64(class_fill.divide_magic(n_inner, row_len))
    assert np.array_equal((offsets * magic) >> np.uint64(42), offsets // np.uint64(n_inner))


def test_rows_too_large_for_the_multiplication_are_refused():
    with pytest.raises(ValueError, match="too large"):
        class_fill.divide_magic(1024, cd.N_TWIST * 1024)


def _read_only(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


# The move and conjugation tables of a one-value inner coordinate. Read-only, as the split table's corner-split
# tables are: numba compiles a builder once per argument type (a writable array is another type), so the stand-in
# builds run the machine code the real build compiles instead of compiling their own.
NO_INNER_MOVE = _read_only(np.zeros((1, 18), np.int32))
NO_INNER_CONJ = _read_only(np.zeros((1, 16), np.int16))


@pytest.fixture(scope="module")
def phase1_build():
    """The builder on flip-slice classes x twist with a one-value inner coordinate, given the phase-1 histogram as
    the expected one: (tables, built, progress reports)."""
    tables = default_tables()
    mv, classes = tables.moves(), tables.flipslice_classes()
    expected = np.bincount(tables.phase1(Metric.HTM)).tolist()
    shape = lr.layout(lr.flipslice_moves(mv["flip"], mv["slice"]), lr.flipslice_class_sym(classes), mv["twist"],
                      NO_INNER_MOVE, mv["twist_conj"], NO_INNER_CONJ)  # fmt: skip
    reports: list[tuple[float, str]] = []

    def record(fraction: float, message: str) -> None:
        reports.append((fraction, message))

    built = class_fill.build_twist_row_table(shape, classes["reps"], classes["stabiliser"], record, "phase-1 stand-in",
                                             expected=expected)  # fmt: skip
    return tables, shape, built, expected, reports


def test_a_build_holds_the_phase1_distances_mod_3(phase1_build):
    tables, shape, built, expected, _ = phase1_build
    phase1 = tables.phase1(Metric.HTM).reshape(64_430, cd.N_TWIST)
    for start, residues in packed_row_blocks(built["residues"], shape.row, 64_430, cd.N_TWIST):
        assert np.array_equal(residues, phase1[start : start + len(residues)] % 3)
    assert built["histogram"].tolist() == expected
    assert built["residues"].nbytes == 64_430 * shape.row // 4  # the array is the table alone, not its padding


def _comparison_heuristics():
    """`benchmarks/comparison_heuristics.py`, whose edge table this checks (a folder of scripts, not installed)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from benchmarks import comparison_heuristics

    return comparison_heuristics


def test_the_edge_tables_build_gives_the_same_bytes_on_phase_1(phase1_build):
    """The edge table's builder (the one fill, rows numbered in order and the representatives' own moves in place
    of a move table over every coordinate) on phase 1's coordinates: the table above, byte for byte, padding
    included."""
    tables, _, built, expected, _ = phase1_build
    mv, classes = tables.moves(), tables.flipslice_classes()
    as_edge = {
        "class_sym": lr.flipslice_class_sym(classes),
        "reps": classes["reps"],
        "stabiliser": classes["stabiliser"],
    }
    edge_way = _comparison_heuristics().build_edge_table(mv["flip"], mv["slice"], mv["twist"], as_edge,
                                                         mv["twist_conj"], lambda fraction, message: None)  # fmt: skip
    assert np.array_equal(edge_way["residues"], built["residues"]) and edge_way["histogram"].tolist() == expected


def test_its_progress_climbs_by_planned_work_and_names_the_size(phase1_build):
    _, shape, _, expected, reports = phase1_build
    fractions = [f for f, _ in reports]
    assert fractions == sorted(fractions) and fractions[-1] > 0.99
    costs = fill_levels._planned_costs(expected, fill_levels.TableShape.of(64_430, shape.row, sum(expected)), None)
    # the first level's share is its planned cost, not its share of the entries (which is nearly nothing)
    first_level_end = max(f for f, m in reports if "depth 1 of" in m)
    assert first_level_end == pytest.approx(costs[0] / sum(costs))
    assert all(m.startswith("phase-1 stand-in (35 MB): depth ") for _, m in reports)
    assert f"of {len(expected) - 1}" in reports[-1][1]


def test_the_split_tables_largest_level_runs_backward():
    """At distance 10 the frontier (1.9e9 entries) is smaller than the unreached (2.8e9), yet nearly every
    unreached entry has a neighbour there: looking backward costs about a third of looking forward."""
    hist, shape = list(lr.SPLIT_HISTOGRAM), fill_levels.TableShape.of(64_430, lr.row_stride(35), lr.SPLIT_ENTRIES)
    directions = [fill_levels._level_plan(hist[: d + 1], shape)[0] for d in range(len(hist) - 1)]
    assert directions == [False] * 10 + [True] * 3


def test_a_cancelled_build_stops_its_level_and_says_so():
    """The progress callback raising BuildCancelled mid-level (as the GUI's cancel does) ends the build with that
    error, and the level's kernel, told to stop, has ended too: no worker thread is left running."""
    tables = default_tables()
    mv, classes = tables.moves(), tables.flipslice_classes()
    shape = lr.layout(lr.flipslice_moves(mv["flip"], mv["slice"]), lr.flipslice_class_sym(classes), mv["twist"],
                      NO_INNER_MOVE, mv["twist_conj"], NO_INNER_CONJ)  # fmt: skip
    seen: list[str] = []

    def cancel_at_depth_8(fraction: float, message: str) -> None:
        seen.append(message)
        if "depth 8," in message:
            raise BuildCancelled("cancelled")

    with pytest.raises(BuildCancelled):
        class_fill.build_twist_row_table(shape, classes["reps"], classes["stabiliser"], cancel_at_depth_8, "stand-in")
    assert not [t for t in threading.enumerate() if t.name.startswith("residue level")]
    assert not any("depth 9," in m for m in seen)
