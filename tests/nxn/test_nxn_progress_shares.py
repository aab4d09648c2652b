"""The progress bar's shares of a big cube's solve: the rings' part grows to the whole in ring order, the innermost
ring a quarter of an outer one, and the later stages' parts add up to the whole bar after the rings."""

from __future__ import annotations

import pytest

from solvers.nxn.progress_shares import LATER_SHARES, NO_RING_SHARES, later_fraction, rings_done_shares


def test_each_ring_done_moves_the_rings_part_on_the_innermost_least():
    assert rings_done_shares(1) == [1.0]
    assert rings_done_shares(2) == pytest.approx([0.2, 1.0])
    six = rings_done_shares(6)
    steps = [b - a for a, b in zip([0.0, *six], six, strict=False)]
    assert six[-1] == pytest.approx(1.0) and steps[0] == pytest.approx(steps[1] / 4)
    assert steps[1:] == pytest.approx([steps[1]] * 5)


@pytest.mark.parametrize("shares", [LATER_SHARES, NO_RING_SHARES])
def test_the_later_stages_fill_the_bar_in_their_order(shares):
    stages = list(shares)
    assert stages == ["centres", "pairing", "finish", "wings"]
    marks = [later_fraction(shares, stage, within) for stage in stages for within in (0.0, 0.5, 1.0)]
    assert marks == sorted(marks) and marks[0] == 0.0 and marks[-1] == pytest.approx(1.0)
    with pytest.raises(KeyError):
        later_fraction(shares, "corners", 0.0)
