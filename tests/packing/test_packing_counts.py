"""Solution counts against the published figures, and the consistency of the three symmetry levels."""

from __future__ import annotations

import pytest

from solvers.packing import SymmetryError, SymmetryMode, build_cover, count_solutions, load_puzzle

# Published counts (the literature). (puzzle, mode) -> count
PUBLISHED = {
    ("soma", "none"): 11520,
    ("soma", "rotation"): 480,
    ("soma", "mirror"): 240,
    ("pentomino-6x10", "rotation"): 2339,
    ("pentomino-5x12", "rotation"): 1010,
    ("pentomino-4x15", "rotation"): 368,
    ("pentomino-3x20", "rotation"): 2,
    ("diabolical", "mirror"): 13,
    ("slothouber-graatsma", "rotation"): 1,
    ("slothouber-graatsma", "mirror"): 1,
}
BEDLAM_ROTATION_CLASSES = 19186


@pytest.fixture(scope="module")
def problems() -> dict:
    return {}


def _problem(problems: dict, name: str):
    if name not in problems:
        problems[name] = build_cover(load_puzzle(name))
    return problems[name]


@pytest.mark.parametrize(("name", "mode"), sorted(PUBLISHED))
def test_published_counts(problems: dict, name: str, mode: str) -> None:
    assert count_solutions(_problem(problems, name), up_to=mode) == PUBLISHED[(name, mode)]


@pytest.mark.parametrize("name", ["pentomino-3x20", "pentomino-4x15", "diabolical", "slothouber-graatsma", "soma"])
def test_unreduced_count_is_consistent_with_classes(problems: dict, name: str) -> None:
    """Rectangles: the 4 symmetries act freely, so all = 4 x classes; the pentomino mirror level changes nothing
    (reflecting a flat box through its own plane fixes every placement)."""
    problem = _problem(problems, name)
    total = count_solutions(problem, up_to="none")
    rot = count_solutions(problem, up_to="rotation")
    if name.startswith("pentomino"):
        assert total == 4 * rot
        assert count_solutions(problem, up_to="mirror") == rot
    if name == "diabolical":
        assert (total, rot) == (24 * 26, 26)  # flat pieces: every solution's mirror image is another solution
    if name == "slothouber-graatsma":
        assert total == 8  # the single solution has a 3-fold symmetry: 24 / 3 images
    if name == "soma":
        assert total == 24 * rot


def test_shipped_known_counts_agree_with_the_engine(problems: dict) -> None:
    for name in ("soma", "pentomino-3x20"):
        puzzle = load_puzzle(name)
        for mode, expected in puzzle.known_counts.items():
            assert count_solutions(_problem(problems, name), up_to=mode) == expected


def test_bedlam_has_no_mirror_classes() -> None:
    """Bedlam's chiral pieces have no mirror twins, so reflected solutions are not solutions."""
    problem = build_cover(load_puzzle("bedlam"))
    with pytest.raises(SymmetryError, match="mirror"):
        count_solutions(problem, up_to=SymmetryMode.MIRROR)


@pytest.mark.slow  # about two minutes; the published counts above check the same kernel
def test_bedlam_rotation_classes() -> None:
    assert count_solutions(build_cover(load_puzzle("bedlam")), up_to="rotation") == BEDLAM_ROTATION_CLASSES


def test_pentomino_6x10_all_placements() -> None:
    assert count_solutions(build_cover(load_puzzle("pentomino-6x10")), up_to="none") == 4 * 2339


def test_the_row_collector_keeps_every_row_in_order_across_chunks():
    from cubeviz.packing.loading import RowCollector

    collector = RowCollector(3)
    collector.CHUNK = 4  # several chunks, the last one part-filled
    rows = [(i, i + 1, i + 2) for i in range(10)]
    for row in rows:
        collector.add(row)
    array = collector.array()
    assert array.shape == (10, 3) and [tuple(r) for r in array.tolist()] == rows
    assert RowCollector(5).array().shape == (0, 5)
