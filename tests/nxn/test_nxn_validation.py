"""Colour nets of any size: what turns cannot fix is refused, naming the pieces at fault."""

from __future__ import annotations

import pytest

from solvers.nxn.errors import BigCubeReason, InvalidBigCubeError
from solvers.nxn.notation import parse
from solvers.nxn.pieces import corner_slots, edge_slots
from solvers.nxn.scramble import random_turns
from solvers.nxn.state import NxNState
from solvers.nxn.validation import validate


def _edited(n: int, edit, scramble: bool = False) -> NxNState:
    state = NxNState.solved(n).apply(random_turns(n, seed=5)) if scramble else NxNState.solved(n)
    colours = state.colours.copy()
    edit(colours)
    return NxNState(n, colours)


def _refused(state: NxNState) -> InvalidBigCubeError:
    with pytest.raises(InvalidBigCubeError) as caught:
        validate(state)
    return caught.value


@pytest.mark.parametrize("n", range(2, 12))
def test_every_scrambled_cube_is_accepted(n):
    validate(NxNState.solved(n).apply(random_turns(n, seed=n)))
    validate(NxNState.solved(n).apply(parse("x y' z2", n)))


@pytest.mark.parametrize("n", (2, 3, 4, 5, 6))
def test_a_single_twisted_corner_is_refused_and_named(n):
    def twist(colours):
        a, b, c = corner_slots(n)[0]  # URF
        colours[a], colours[b], colours[c] = colours[c], colours[a], colours[b]

    error = _refused(_edited(n, twist))
    assert error.reason is BigCubeReason.TWISTED_CORNER
    assert "URF" in error.message and error.detail["twisted"] == ["URF"]
    assert set(error.facelets) == set(corner_slots(n)[0].tolist())


@pytest.mark.parametrize("n", (4, 5, 6, 7))
def test_a_single_flipped_wing_is_refused_and_named(n):
    def flip(colours):
        a, b = edge_slots(n)[1, 0]  # UF wing 1
        colours[a], colours[b] = colours[b], colours[a]

    error = _refused(_edited(n, flip))
    assert error.reason is BigCubeReason.DUPLICATE_WING
    assert "UF wing 1" in error.message and "flipped" in error.message


@pytest.mark.parametrize("n", (4, 5, 6))
def test_impossible_centres_are_refused_with_the_orbit_named(n):
    def swap(colours):
        # an x-centre of U exchanged with an edge sticker of F: counts stay, the centre orbit has 5 greens
        u_centre = 1 * n + 1
        f_edge = 2 * n * n + 1
        colours[u_centre], colours[f_edge] = colours[f_edge], colours[u_centre]

    error = _refused(_edited(n, swap))
    assert error.reason is BigCubeReason.CENTRE_COUNT
    assert "centre orbit" in error.message and "green" in error.message
    assert n + 1 in error.facelets  # the green piece now on U is among those named


def test_an_impossible_corner_and_a_wrong_colour_count_are_refused():
    def paint(colours):
        colours[corner_slots(4)[0][0]] = 3  # URF shows D on top: D twice on one corner, and D on 17 stickers

    assert _refused(_edited(4, paint)).reason is BigCubeReason.COLOUR_COUNT

    def opposite(colours):
        a, b, _ = corner_slots(4)[0]
        c = corner_slots(4)[4][0]  # DFR's D sticker
        colours[b], colours[c] = colours[c], colours[b]  # URF becomes U-D-F

    error = _refused(_edited(4, opposite))
    assert error.reason is BigCubeReason.IMPOSSIBLE_CORNER and "URF" in error.message


def test_odd_cubes_check_fixed_centres_and_middle_edges():
    def centres(colours):
        u, r = 2 * 5 + 2, 25 + 2 * 5 + 2
        colours[u], colours[r] = colours[r], colours[u]

    assert _refused(_edited(5, centres)).reason is BigCubeReason.CENTRES_NOT_A_CUBE

    def flip_middle(colours):
        a, b = edge_slots(5)[1, 1]  # UF middle edge
        colours[a], colours[b] = colours[b], colours[a]

    error = _refused(_edited(5, flip_middle))
    assert error.reason is BigCubeReason.FLIPPED_EDGE and "UF" in error.message

    def swap_middles(colours):
        (a, b), (c, d) = edge_slots(5)[1, 1], edge_slots(5)[0, 1]  # UF and UR middle edges exchanged
        colours[a], colours[c] = colours[c], colours[a]
        colours[b], colours[d] = colours[d], colours[b]

    assert _refused(_edited(5, swap_middles)).reason is BigCubeReason.PARITY


def test_even_cubes_accept_what_odd_parity_would_refuse():
    def swap_dedges(colours):
        for place in range(2):
            (a, b), (c, d) = edge_slots(4)[1, place], edge_slots(4)[3, 1 - place]
            colours[a], colours[c] = colours[c], colours[a]
            colours[b], colours[d] = colours[d], colours[b]

    validate(_edited(4, swap_dedges))
