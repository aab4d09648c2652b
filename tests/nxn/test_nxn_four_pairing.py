"""The 4x4x4 edge pairing: its answers replayed on the independent sticker model (centres kept, edges paired)."""

from __future__ import annotations

import statistics

import pytest

from solvers.nxn import pairing as general
from solvers.nxn.compact import compact
from solvers.nxn.four.centres import solve_centres
from solvers.nxn.four.pairing import pairing_turns, unpaired_edges
from solvers.nxn.moves import block_turn_count, sequence_permutation
from solvers.nxn.notation import format_turns
from solvers.nxn.scramble import random_turns
from solvers.nxn.solver import solve_nxn
from solvers.nxn.state import read_facelets
from tests.nxn.sticker_model import StickerModel

# Per face of the facelet string (16 letters, rows top to bottom): the two stickers of each of its four edges.
EDGE_PAIRS = [((0, 1), (0, 2)), ((3, 1), (3, 2)), ((1, 0), (2, 0)), ((1, 3), (2, 3))]
CENTRES = [(1, 1), (1, 2), (2, 1), (2, 2)]


def _split_edges(text: str) -> int:
    """Face edges whose two stickers differ: zero exactly when every dedge shows one colour pair."""
    faces = [text[16 * f : 16 * f + 16] for f in range(6)]
    return sum(face[4 * a + b] != face[4 * c + d] for face in faces for (a, b), (c, d) in EDGE_PAIRS)


def _centres_solved(text: str) -> bool:
    faces = [text[16 * f : 16 * f + 16] for f in range(6)]
    return all(len({face[4 * r + c] for r, c in CENTRES}) == 1 for face in faces)


def _after_centres(seed: int) -> tuple[StickerModel, object]:
    model = StickerModel(4)
    model.apply(format_turns(random_turns(4, seed=900 + seed), 4))
    found = solve_centres(read_facelets(model.facelets()).colours.copy(), keep=1)[0]
    model.apply(format_turns(list(found.turns), 4))
    return model, found


@pytest.mark.parametrize("seed", range(6))
def test_the_pairing_keeps_the_centres_and_pairs_the_edges_on_the_sticker_model(seed):
    model, found = _after_centres(seed)
    assert _centres_solved(model.facelets()) and _split_edges(model.facelets()) > 0
    turns = pairing_turns(found.colours)
    model.apply(format_turns(turns, 4))
    text = model.facelets()
    assert _centres_solved(text)
    left = unpaired_edges(found.colours[sequence_permutation(4, turns)])
    assert left <= 2  # at most the last two, which the wing 3-cycles finish
    assert (_split_edges(text) == 0) == (left == 0) and _split_edges(text) <= 2 * left


def test_the_pairing_takes_fewer_turns_than_the_general_one():
    ours, theirs = [], []
    for seed in range(8):
        _, found = _after_centres(seed)
        ours.append(block_turn_count(4, compact(pairing_turns(found.colours), 4)))
        theirs.append(block_turn_count(4, compact(general.pairing_turns(4, found.colours), 4)))
    assert statistics.mean(ours) <= statistics.mean(theirs) - 2, (ours, theirs)


def test_a_paired_cube_needs_no_pairing_and_a_stop_ends_the_search_at_once():
    model = StickerModel(4)
    model.apply("R U F' D2 L B")
    colours = read_facelets(model.facelets()).colours
    assert unpaired_edges(colours) == 0 and pairing_turns(colours) == []
    _, found = _after_centres(0)
    assert pairing_turns(found.colours, stop=lambda: True) == []


# Facelet indices: the UF dedge is U13, U14 over F33, F34; the UB dedge is U1, U2 under B82, B81.
FLIP_UF = ((13, 33), (14, 34))
SWAP_UF_UB = ((13, 2), (14, 1), (33, 82), (34, 81))


@pytest.mark.parametrize(("exchanges", "shown"), [(FLIP_UF, (13, "F")), (SWAP_UF_UB, (33, "B"))])
def test_one_flipped_dedge_and_two_swapped_dedges_are_solved_and_replayed(exchanges, shown):
    letters = list(StickerModel(4).facelets())
    for a, b in exchanges:
        letters[a], letters[b] = letters[b], letters[a]
    model = StickerModel(4)
    model.set_facelets("".join(letters))
    assert model.facelets()[shown[0]] == shown[1]
    solution = solve_nxn(read_facelets(model.facelets()))
    model.apply(solution.notation)
    assert model.solved()


def test_the_pll_parity_exchange_is_foreseen_on_a_paired_cube_exactly_when_two_dedges_are_swapped():
    """The picking of centre solutions counts the exchange's turns: due for two swapped dedges, not otherwise."""
    from solvers.nxn.four.solve import _parity_turns

    letters = list(StickerModel(4).facelets())
    for a, b in SWAP_UF_UB:
        letters[a], letters[b] = letters[b], letters[a]
    swapped = read_facelets("".join(letters)).colours
    turned = StickerModel(4)
    turned.apply("R U2 F' L D B2")
    assert _parity_turns(swapped) == 6
    assert _parity_turns(read_facelets(turned.facelets()).colours) == 0
