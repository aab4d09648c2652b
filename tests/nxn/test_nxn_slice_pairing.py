"""The 4x4x4 and 5x5x5 edge pairing: answers replayed on the independent sticker model (centres kept, edges paired)."""

from __future__ import annotations

import statistics

import pytest

from solvers.nxn import pairing as general
from solvers.nxn.compact import compact
from solvers.nxn.five import centres as five
from solvers.nxn.four.centres import solve_centres
from solvers.nxn.moves import block_turn_count, sequence_permutation
from solvers.nxn.notation import format_turns
from solvers.nxn.scramble import random_turns
from solvers.nxn.slice_pairing import pairing_turns, unpaired_edges, unpaired_wings
from solvers.nxn.solver import solve_nxn
from solvers.nxn.state import read_facelets
from tests.nxn.sticker_model import StickerModel


def _split_edges(text: str, n: int) -> int:
    """Neighbouring stickers along a face's edge that differ: zero exactly when every edge shows one colour pair."""
    faces = [text[n * n * f : n * n * (f + 1)] for f in range(6)]
    lines = [[(0, i) for i in range(1, n - 1)], [(n - 1, i) for i in range(1, n - 1)]]
    lines += [[(i, 0) for i in range(1, n - 1)], [(i, n - 1) for i in range(1, n - 1)]]
    steps = [(line[i], line[i + 1]) for line in lines for i in range(len(line) - 1)]
    return sum(face[n * a + b] != face[n * c + d] for face in faces for (a, b), (c, d) in steps)


def _centres_solved(text: str, n: int) -> bool:
    faces = [text[n * n * f : n * n * (f + 1)] for f in range(6)]
    inner = range(1, n - 1)
    return all(len({face[n * r + c] for r in inner for c in inner}) == 1 for face in faces)


def _after_centres(seed: int, n: int = 4) -> tuple[StickerModel, object]:
    model = StickerModel(n)
    model.apply(format_turns(random_turns(n, seed=900 + seed), n))
    solve = solve_centres if n == 4 else five.solve_centres
    found = solve(read_facelets(model.facelets()).colours.copy(), keep=1)[0]
    model.apply(format_turns(list(found.turns), n))
    return model, found


@pytest.mark.parametrize(("n", "seed"), [(4, s) for s in range(6)] + [(5, 0), (5, 1)])
def test_the_pairing_keeps_the_centres_and_pairs_the_edges_on_the_sticker_model(n, seed):
    model, found = _after_centres(seed, n)
    assert _centres_solved(model.facelets(), n) and _split_edges(model.facelets(), n) > 0
    turns = pairing_turns(n, found.colours)
    model.apply(format_turns(turns, n))
    text = model.facelets()
    assert _centres_solved(text, n)
    after = found.colours[sequence_permutation(n, turns)]
    left = unpaired_edges(n, after)
    assert left <= 2  # at most the last two, which the wing 3-cycles finish
    assert (_split_edges(text, n) == 0) == (left == 0) and _split_edges(text, n) <= 4 * unpaired_wings(n, after)


def test_the_pairing_takes_fewer_turns_than_the_general_one():
    ours, theirs = [], []
    for seed in range(8):
        _, found = _after_centres(seed)
        ours.append(block_turn_count(4, compact(pairing_turns(4, found.colours), 4)))
        theirs.append(block_turn_count(4, compact(general.pairing_turns(4, found.colours), 4)))
    assert statistics.mean(ours) <= statistics.mean(theirs) - 2, (ours, theirs)


@pytest.mark.parametrize("n", [4, 5])
def test_a_paired_cube_needs_no_pairing_and_a_stop_ends_the_search_at_once(n):
    model = StickerModel(n)
    model.apply("R U F' D2 L B")
    colours = read_facelets(model.facelets()).colours
    assert unpaired_edges(n, colours) == 0 and pairing_turns(n, colours) == []
    model.apply("2R U R' U' 2R'")  # the slice carries wings off their edges
    colours = read_facelets(model.facelets()).colours
    assert unpaired_wings(n, colours) > 0 and pairing_turns(n, colours, stop=lambda: True) == []


def test_the_pairing_serves_the_4x4x4_and_5x5x5_only():
    with pytest.raises(ValueError, match="4x4x4 and 5x5x5 only"):
        pairing_turns(6, read_facelets(StickerModel(6).facelets()).colours)


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
