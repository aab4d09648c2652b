"""Centre bars (bars.py, bar_pairing.py, bar_cycles.py): every move table and answer replayed on the independent
sticker model, with one label per sticker so that a piece moved anywhere it should not go shows."""

from __future__ import annotations

import random

import numpy as np
import pytest

from solvers.nxn import centre_rings
from solvers.nxn.bar_cycles import bar_cycles, finish_bars, pair_depth
from solvers.nxn.bar_pairing import COST_PER_PIECE, _children_unpaired, _scorer, bar_moves
from solvers.nxn.bars import BarRing, bar_stickers, deeper_centres
from solvers.nxn.macro_beam import _row_hashes, smallest
from solvers.nxn.moves import BlockTurn
from solvers.nxn.notation import format_turns
from solvers.nxn.projection import Projection, centre_stickers
from solvers.nxn.scramble import random_turns
from solvers.nxn.state import read_facelets
from solvers.nxn.turn_runs import NO_AXIS
from tests.nxn.sticker_model import StickerModel

SMALL_TURNS = [(0, 0), (1, 1), (3, 3), (4, 4), (0, 1), (3, 4), (0, 4)]  # never the small middle layer alone


def _labelled(n: int) -> StickerModel:
    """A model whose every sticker shows a label of its own (its solved index), read back by `_where`."""
    model = StickerModel(n)
    model.set_facelets("".join(chr(0x100 + i) for i in range(6 * n * n)))
    return model


def _where(model: StickerModel) -> np.ndarray:
    """The solved index of the sticker now at each position."""
    return np.array([ord(c) - 0x100 for c in model.facelets()])


def _scrambled(n: int, seed: int) -> StickerModel:
    model = StickerModel(n)
    model.apply(format_turns(random_turns(n, seed=seed), n))
    return model


def _read(ring: BarRing) -> np.ndarray:
    """Big sticker of each 5x5x5 sticker, and whether both its coordinates are exact (not the small middle,
    which on an even cube stands for a bar or a row of wings, not for one piece)."""
    n, coords = ring.size, ring.coordinates()
    return np.array([f * n * n + coords[r] * n + coords[c] for f in range(6) for r in range(5) for c in range(5)])


@pytest.mark.parametrize(("n", "depth"), [(6, 1), (7, 1), (8, 2), (8, 1)])
def test_a_lifted_turn_moves_the_bars_as_the_5x5x5_turn_moves_its_centres(n, depth):
    ring = BarRing(n, 5, depth)
    rng = random.Random(n + depth)
    big = _labelled(n)
    bars = bar_stickers(n, depth)
    read = _read(ring)
    exact = np.array([n % 2 == 1 or (r != 2 and c != 2) for _ in range(6) for r in range(5) for c in range(5)])
    for _ in range(8):
        first, last = rng.choice(SMALL_TURNS)
        turn = BlockTurn(rng.randrange(3), first, last, rng.choice((1, 2, 3)))
        before = _where(big)
        big.apply(format_turns([ring.lift(turn)], n))
        after = _where(big)
        # every bar ends as a whole bar (its pieces together, in a bar's place)
        assert {frozenset(after[row].tolist()) for row in bars} == {frozenset(before[row].tolist()) for row in bars}
        # and the pieces the 5x5x5 reads move as the small turn moves its stickers
        small = _labelled(5)
        small.apply(format_turns([turn], 5))
        moved = _where(small)
        assert (after[read][exact] == before[read[moved]][exact]).all(), turn


@pytest.mark.parametrize(("n", "depth"), [(6, 1), (7, 1), (8, 2)])
def test_every_pairing_move_keeps_the_deeper_centres_on_their_faces_and_moves_bar_pieces_as_its_table_says(n, depth):
    moves = bar_moves(n, depth)
    flat = bar_stickers(n, depth).ravel()
    deeper = deeper_centres(n, depth)
    rng = random.Random(n)
    sample = list(range(20)) + rng.sample(range(20, len(moves.turns)), 40)
    for m in sample:
        model = _labelled(n)
        model.apply(format_turns(moves.turns[m], n))
        after = _where(model)
        assert (after[deeper] // (n * n) == deeper // (n * n)).all(), moves.turns[m]  # on their faces
        assert (after[flat] == flat[moves.local[m]]).all(), moves.turns[m]
        assert moves.costs[m] == len(moves.turns[m])


@pytest.mark.parametrize(("n", "depth"), [(6, 1), (7, 1)])
def test_each_bar_3_cycle_regroups_the_bars_as_the_3_cycle_and_keeps_the_deeper_centres_on_their_faces(n, depth):
    """A 3-cycle's turns leave each bar holding what the 3-cycle, then its ring turns, would put there."""
    rng = random.Random(n * 7)
    bars = bar_stickers(n, depth)
    deeper = deeper_centres(n, depth)
    for table in bar_cycles(n, depth):
        count = len(table.positions)
        for _ in range(6):
            a, b, c = rng.sample(range(count), 3)
            turns, carried = table.sequence(a, b, c)
            assert len(turns) == table.cost[a, b, c]
            model = _labelled(n)
            model.apply(format_turns(turns, n))
            after = _where(model)
            assert (after[deeper] // (n * n) == deeper // (n * n)).all()  # on their faces
            cycled = np.arange(6 * n * n)  # the pieces at a, b, c sent to b, c, a
            pa, pb, pc = (int(bars.ravel()[table.positions[i]]) for i in (a, b, c))
            cycled[pb], cycled[pc], cycled[pa] = pa, pb, pc
            expected = StickerModel(n)
            expected.set_facelets("".join(chr(0x100 + int(i)) for i in cycled))
            expected.apply(format_turns(carried, n))
            regrouped = _where(expected)
            assert all(set(after[row].tolist()) == set(regrouped[row].tolist()) for row in bars)


@pytest.mark.parametrize("n", (6, 7))
def test_the_finishing_3_cycles_make_every_bar_one_colour(n):
    """From a scramble whose deeper ring is solved, the 3-cycles alone make every bar of depth 1 one colour."""
    state = read_facelets(_scrambled(n, seed=2).facelets())
    colours = state.colours.copy()
    colours[deeper_centres(n, 1)] = deeper_centres(n, 1) // (n * n)  # any colouring of the rest will do
    turns = finish_bars(n, 1, colours)
    model = StickerModel(n)
    model.set_facelets("".join("URFDLB"[int(c)] for c in colours))
    model.apply(format_turns(turns, n))
    text = model.facelets()
    assert all(len({text[int(s)] for s in row}) == 1 for row in bar_stickers(n, 1))
    assert all(len(face) == 1 for face in _centre_letters(model, deeper_centres(n, 1)))


def _centre_letters(model: StickerModel, stickers: np.ndarray) -> list[set[str]]:
    text, per_face = model.facelets(), model.n * model.n
    found: list[set[str]] = [set() for _ in range(6)]
    for sticker in stickers:
        found[int(sticker) // per_face].add(text[int(sticker)])
    return found


@pytest.mark.parametrize("n", (6, 7))
def test_rings_with_bars_solve_every_centre_piece_of_the_cube(n, monkeypatch):
    """Innermost ring, then every bar of the outer depth one colour, then that ring with its bars: on the 6x6x6
    and 7x7x7 that is every centre piece (replayed on the model), the deeper ring untouched by the pairing.
    (The rings' time limits are lifted: on a loaded machine a ring cut short is left to later stages.)"""
    monkeypatch.setattr(centre_rings, "RING_SECONDS", 600.0)
    monkeypatch.setattr(centre_rings, "FIVE_SECONDS", 600.0)
    monkeypatch.setattr(centre_rings, "BARS_SECONDS", 600.0)
    monkeypatch.setattr(centre_rings, "SAFETY_SECONDS", 600.0)
    model = _scrambled(n, seed=4)
    colours = read_facelets(model.facelets()).colours
    paired: list[int] = []

    def pair(depth: int, now: np.ndarray) -> list:
        turns = pair_depth(n, depth, now)
        check = StickerModel(n)
        check.set_facelets("".join("URFDLB"[int(c)] for c in now))
        inner = deeper_centres(n, depth)
        before = _centre_letters(check, inner)
        check.apply(format_turns(turns, n))
        if all(len(face) == 1 for face in before):  # a solved deeper ring stays solved
            assert _centre_letters(check, inner) == before
        text = check.facelets()
        assert all(len({text[int(s)] for s in row}) == 1 for row in bar_stickers(n, depth))
        paired.append(depth)
        return turns

    turns, _, solved = centre_rings.solve_rings(n, colours, pair=pair)
    assert paired == [1]
    model.apply(format_turns(turns, n))
    assert [(type(r), r.small, r.depth) for r in solved] == [(Projection, 5 if n % 2 else 4, 2), (BarRing, 5, 1)]
    letters = _centre_letters(model, deeper_centres(n, 0))  # every centre sticker
    assert all(len(face) == 1 for face in letters)
    assert len(set().union(*letters)) == 6


def test_rings_begun_after_the_bars_time_go_without_bars(monkeypatch):
    """Past BARS_SECONDS (big cubes on a loaded machine) the outer rings are solved as before, bars left alone."""
    monkeypatch.setattr(centre_rings, "BARS_SECONDS", 0.0)

    def pair(depth: int, now: np.ndarray) -> list:
        raise AssertionError("paired past the bars' time")

    model = _scrambled(6, seed=5)
    turns, _, solved = centre_rings.solve_rings(6, read_facelets(model.facelets()).colours, pair=pair)
    assert [(type(r), r.small, r.depth) for r in solved] == [(Projection, 4, 2), (Projection, 4, 1)]
    model.apply(format_turns(turns, 6))
    for ring in solved:
        letters = _centre_letters(model, centre_stickers(ring))
        assert all(len(face) == 1 for face in letters) and len(set().union(*letters)) == 6


@pytest.mark.parametrize(("n", "depth"), [(6, 1), (7, 1), (9, 1)])
def test_the_beam_counts_pieces_out_after_each_move_as_a_full_count_would(n, depth):
    """Counted anew only in the bars a move changes, the pieces out after every move agree with counting every
    bar of the state the move makes."""
    moves = bar_moves(n, depth)
    k = bar_stickers(n, depth).shape[1]
    rng = np.random.default_rng(n)
    beam = rng.integers(0, 6, (3, 24 * k)).astype(np.int8)
    beam[0] = np.repeat(np.arange(6), 4 * k)  # every bar paired
    count = len(moves.local)
    children = beam[:, moves.local].reshape(3, count, 24, k)
    most = (children[..., None] == np.arange(6)).sum(axis=3).max(axis=3)  # the commonest colour's pieces per bar
    full = (k - most).sum(axis=2)
    assert (_children_unpaired(beam, moves, count, k) == full).all()


@pytest.mark.parametrize(("n", "depth"), [(6, 1), (7, 1), (9, 1)])
def test_the_kernel_scores_each_child_as_the_merged_costs_and_a_full_count_do(n, depth):
    """bar_scores.py's one-pass estimates and added turns agree with turn_runs' merged costs plus the pieces out
    counted over every bar of each child, for states with trails about every axis and none."""
    moves = bar_moves(n, depth)
    k = bar_stickers(n, depth).shape[1]
    count = len(moves.local)
    rng = np.random.default_rng(n + depth)
    beam = rng.integers(0, 6, (8, 24 * k)).astype(np.int8)
    beam[0] = np.repeat(np.arange(6), 4 * k)
    spent = rng.integers(0, 40, 8).astype(np.float64)
    axis = np.array([NO_AXIS, 0, 1, 2, 0, 1, 2, 2])
    trail = rng.integers(0, 4, (8, n)).astype(np.int8)
    trail[0] = 0
    children = beam[:, moves.local].reshape(8, count, 24, k)
    most = (children[..., None] == np.arange(6)).sum(axis=3).max(axis=3)
    added = moves.runs.costs(axis, trail)
    scorer = _scorer(n, depth, count)
    estimates = scorer.estimates(beam, spent, axis, trail)
    every = np.arange(count)
    for s in range(8):
        assert (scorer.added(axis[[s] * count], trail[[s] * count], every) == added[s]).all()
    assert np.allclose(estimates, spent[:, None] + added + COST_PER_PIECE * (k - most).sum(axis=2))
    for wanted in (1, 100, 5 * count):  # the counting pass picks what a stable sort of the estimates would
        order, values = scorer.lowest(beam, spent, axis, trail, wanted)
        assert (order == np.argsort(estimates.ravel(), kind="stable")[:wanted]).all()
        assert (values == estimates.ravel()[order]).all()


def test_the_beam_tells_states_apart_by_hashes_that_equal_rows_share():
    """Equal rows hash equal; 20,000 different rows of colour codes (many one sticker apart) hash apart."""
    rng = np.random.default_rng(1)
    rows = rng.integers(0, 6, (10_000, 72)).astype(np.int8)
    near = rows.copy()
    near[np.arange(len(near)), rng.integers(0, 72, len(near))] += 1  # one sticker changed (6 is a code too)
    every = np.concatenate([rows, near])
    assert len(np.unique(every, axis=0)) == len(np.unique(_row_hashes(every)))
    assert (_row_hashes(rows) == _row_hashes(rows.copy())).all()


def test_the_beam_keeps_the_states_a_stable_sort_would_keep():
    """The beam's partition-based choice of its best children agrees with a stable sort, ties included."""
    rng = np.random.default_rng(3)
    for count in (1, 7, 50, 400, 1000):
        values = rng.integers(0, 30, 900).astype(np.float64)  # many ties
        assert (smallest(values, count) == np.argsort(values, kind="stable")[:count]).all()
