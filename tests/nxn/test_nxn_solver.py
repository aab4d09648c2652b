"""The big-cube solver: every answer replayed on the independent sticker model (tests/nxn/sticker_model.py)."""

from __future__ import annotations

import threading

import pytest

from solvers.engine import SearchCancelled
from solvers.nxn.events import BigCubeSolution, StageProgress
from solvers.nxn.notation import format_turns
from solvers.nxn.scramble import random_turns
from solvers.nxn.solver import solve, solve_nxn
from solvers.nxn.state import NxNState, read_facelets
from tests.nxn.sticker_model import StickerModel


def _solve_by_string(n: int, scramble_text: str) -> tuple[StickerModel, BigCubeSolution]:
    """Scramble the model, hand its facelet string to the engine, replay the printed answer on the model."""
    model = StickerModel(n)
    model.apply(scramble_text)
    solution = solve_nxn(read_facelets(model.facelets()))
    model.apply(solution.notation)
    return model, solution


@pytest.mark.parametrize("n", range(2, 13))
def test_random_scramble_of_every_size_is_solved(n):
    text = format_turns(random_turns(n, seed=1000 + n), n)
    model, solution = _solve_by_string(n, text)
    assert model.solved(), f"{n}x{n}x{n} not solved by {solution.notation[:80]}..."
    assert solution.length == len([t for t in solution.notation.split() if t[0] not in "xyz"])


@pytest.mark.slow
@pytest.mark.parametrize("n", range(2, 18))
@pytest.mark.parametrize("seed", range(3))
def test_more_scrambles_up_to_17_are_solved(n, seed):
    model, _ = _solve_by_string(n, format_turns(random_turns(n, seed=seed), n))
    assert model.solved()


@pytest.mark.parametrize("n", (4, 5))
def test_a_cube_held_turned_is_solved_to_its_own_colours(n):
    model, _ = _solve_by_string(n, "x y2 R U " + ("M" if n % 2 else "2R") + " z'")
    assert model.solved()


def test_solved_cube_needs_no_turns():
    solution = solve_nxn(NxNState.solved(6))
    assert solution.turns == () and solution.length == 0


def _four_dedge(model_text_edit) -> StickerModel:
    model = StickerModel(4)
    text = list(model.facelets())
    model_text_edit(text)
    model.set_facelets("".join(text))
    return model


# 4x4x4 sticker indices: UF dedge = U14, U15 with F2, F3; UB dedge = U2, U3 with B3, B2.
U14, U15, F2, F3 = 13, 14, 32 + 1, 32 + 2
U2, U3, B2, B3 = 1, 2, 80 + 1, 80 + 2


def test_one_flipped_dedge_on_a_4x4_is_solved():
    """OLL parity: the UF dedge turned over (both wings show F on top), which no 3x3x3 move sequence can fix."""

    def flip(text):
        for u, f in ((U14, F2), (U15, F3)):
            text[u], text[f] = text[f], text[u]

    model = _four_dedge(flip)
    assert model.facelets()[U14] == "F"
    solution = solve_nxn(read_facelets(model.facelets()))
    model.apply(solution.notation)
    assert model.solved()


def test_two_swapped_dedges_on_a_4x4_are_solved():
    """PLL parity: the UF and UB dedges exchanged, everything else solved."""

    def swap(text):
        for a, b in ((U14, U3), (U15, U2), (F2, B3), (F3, B2)):
            text[a], text[b] = text[b], text[a]

    model = _four_dedge(swap)
    assert model.facelets()[F2] == "B"
    solution = solve_nxn(read_facelets(model.facelets()))
    model.apply(solution.notation)
    assert model.solved()


def test_events_name_stages_in_words_and_end_with_the_solution():
    """The general pipeline's stages (the 4x4x4 and 5x5x5 have pipelines of their own, tested with them). The
    centre rings take most of a big solve (half a minute on a 15x15x15): each ring reports, and the bar's fraction
    stays near the share of the time gone by instead of sitting at zero until the rings are done."""
    events = list(solve(NxNState.solved(6).apply(random_turns(6, seed=3))))
    progress = [e for e in events if isinstance(e, StageProgress)]
    stages = [e.stage for e in progress]
    assert any(s.startswith("centres") for s in stages) and any(s.startswith("wings") for s in stages)
    assert any("3x3x3 stage" in s for s in stages) and "edge pairing" in stages
    assert [s for s in stages if "ring " in s] == ["centres: ring 2 of 2"]
    fractions = [e.fraction for e in progress]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    assert isinstance(events[-1], BigCubeSolution)
    whole = events[-1].elapsed
    for event in progress:
        assert abs(event.fraction - event.elapsed / whole) < 0.3, (event, whole)


def test_a_set_stop_flag_ends_the_solve_without_an_answer():
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchCancelled):
        solve_nxn(NxNState.solved(7).apply(random_turns(7, seed=4)), stop=stop)


@pytest.mark.parametrize("n", (4, 6, 8))
def test_the_pll_parity_exchange_moves_two_whole_edges_and_nothing_else(n):
    import numpy as np

    from solvers.nxn.frame import pll_parity_turns
    from solvers.nxn.moves import sequence_permutation
    from solvers.nxn.pieces import Kind, corner_slots, edge_slots, orbits

    gather = sequence_permutation(n, pll_parity_turns(n))
    corners = corner_slots(n).ravel()
    assert (gather[corners] == corners).all()
    centres = np.concatenate([o.stickers for o in orbits(n) if o.kind is Kind.CENTRE])
    assert (gather[centres] // (n * n) == centres // (n * n)).all()
    uf, ub = edge_slots(n)[1], edge_slots(n)[3]
    others = np.setdiff1d(edge_slots(n).ravel(), np.concatenate([uf.ravel(), ub.ravel()]))
    assert (gather[others] == others).all()
    # every UF sticker now shows what a UB sticker showed, wing by wing, with U on U
    assert sorted(gather[uf[:, 0]].tolist()) == sorted(ub[:, 0].tolist())
    assert sorted(gather[ub[:, 0]].tolist()) == sorted(uf[:, 0].tolist())
