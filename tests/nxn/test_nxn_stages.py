"""The big-cube solver's stages on their own: the free centre search and edge pairing, replayed on the independent
sticker model where their promise is about stickers."""

from __future__ import annotations

import random

import numpy as np
import pytest

from solvers.nxn.centre_blocks import block_macros as _block_macros
from solvers.nxn.centre_search import COST_PER_PIECE, centre_moves, free_centre_turns, wing_parities
from solvers.nxn.compact import compact
from solvers.nxn.geometry import Axis
from solvers.nxn.moves import block_turn_count, invert_sequence
from solvers.nxn.notation import format_turns
from solvers.nxn.pairing import (
    COST_PER_WING,
    _edge_view,
    _joins,
    _macros,
    _move_parities,
    _slot_identity,
    _slot_view,
    _wing_places,
    paired_count,
    pairing_candidates,
    pairing_turns,
)
from solvers.nxn.pairing_scores import corner_parity, edge_lookup, move_scores
from solvers.nxn.pieces import edge_slots
from solvers.nxn.scramble import random_turns
from solvers.nxn.state import NxNState, read_facelets
from tests.nxn.sticker_model import StickerModel

WIDTH = 48  # pairing beam states: what these tests check holds at any width, and a narrow beam is quick


def _is_centre(n: int, index: int) -> bool:
    row, col = divmod(index % (n * n), n)
    return 0 < row < n - 1 and 0 < col < n - 1


def _centres_out(model: StickerModel) -> int:
    """Centre stickers (the inner (n-2)^2 of each face) not showing their face's letter, read off the model."""
    n, text = model.n, model.facelets()
    out = 0
    for f, face in enumerate("URFDLB"):
        for row in range(1, n - 1):
            for col in range(1, n - 1):
                out += text[f * n * n + row * n + col] != face
    return out


@pytest.mark.parametrize("n", (5, 6, 7))
def test_free_centre_search_puts_centres_home_for_less_than_it_values_them(n):
    model = StickerModel(n)
    model.apply(format_turns(random_turns(n, seed=7), n))
    before = _centres_out(model)
    state = read_facelets(model.facelets())
    turns = free_centre_turns(n, state.colours)
    model.apply(format_turns(turns, n))
    after = _centres_out(model)
    assert turns and len(turns) + COST_PER_PIECE * after < COST_PER_PIECE * before
    if n % 2:  # the fixed centres, the colour reference, stay put
        text = model.facelets()
        assert all(text[f * n * n + (n * n) // 2] == face for f, face in enumerate("URFDLB"))


def test_each_moves_parity_bits_are_the_wing_orbits_it_permutes_oddly():
    n = 6
    moves = centre_moves(n)
    rng = random.Random(3)
    for index in rng.sample(range(len(moves.turns)), 40):
        state = NxNState.solved(n).apply(moves.turns[index])
        assert wing_parities(n, state.colours) == int(moves.parities[index])
    inner_quarter = next(
        i for i, t in enumerate(moves.turns) if len(t) == 1 and 0 < t[0].first < n - 1 and t[0].quarters == 1
    )
    conjugate = next(i for i, t in enumerate(moves.turns) if len(t) == 3)
    assert moves.parities[inner_quarter] and not moves.parities[conjugate]


@pytest.mark.parametrize("text", ("2R", "3F' 2U"))
def test_free_centre_search_undoes_a_wing_parity_change_rather_than_leave_it(text):
    n = 5 if text == "2R" else 6
    state = NxNState.solved(n)
    model = StickerModel(n)
    model.apply(text)
    state = read_facelets(model.facelets())
    assert wing_parities(n, state.colours)
    turns = free_centre_turns(n, state.colours)
    model.apply(format_turns(turns, n))
    assert _centres_out(model) == 0
    assert wing_parities(n, read_facelets(model.facelets()).colours) == 0


def test_pairing_macros_turn_blocks_of_slices_about_every_axis_and_keep_centres_home():
    n = 7
    macros, _, _ = _macros(n)
    slices = [m[0] for m in macros if len(m) > 1]
    assert {s.axis for s in slices} == set(Axis)
    assert any(s.first < s.last for s in slices)
    middle = [m for m in macros if m[0].first == m[0].last == n // 2]  # the odd middle layer alone: a symmetric block
    assert middle and all(m[-1] == m[0].inverse() for m in middle)  # turned back, so the fixed centres return
    for macro in random.Random(5).sample([m for m in macros if len(m) > 1], 30):
        model = StickerModel(n)
        model.apply(format_turns(macro, n))
        assert _centres_out(model) == 0, format_turns(macro, n)


@pytest.mark.parametrize("n", (5, 6, 7))
def test_pairing_pairs_wings_and_keeps_the_centres(n):
    macros, _, _ = _macros(n)
    rng = random.Random(n)
    mix = [turn for _ in range(12) for turn in rng.choice(macros)]
    model = StickerModel(n)
    model.apply(format_turns(mix, n))
    state = read_facelets(model.facelets())
    wings = len(_wing_places(n)[0])
    unpaired = wings - int(paired_count(n, state.colours))
    assert _centres_out(model) == 0 and unpaired > 0
    turns = pairing_turns(n, state.colours, WIDTH)
    model.apply(format_turns(turns, n))
    after = read_facelets(model.facelets())
    left = wings - int(paired_count(n, after.colours))
    assert _centres_out(model) == 0
    assert len(turns) + COST_PER_WING * left < COST_PER_WING * unpaired
    assert np.array_equal(after.colours, state.apply(turns).colours)


@pytest.mark.parametrize("n", (5, 6))
def test_block_macros_leave_out_final_face_turns_and_put_home_what_whole_commutators_do(n):
    """A block macro is a set-up face turn (or none) and a commutator X Y Z Y' X' Y Z' Y', both without their final
    face turns: with them it moves centre pieces only, and without them it puts home exactly the centre pieces the
    whole conjugated commutator does."""
    macros = _block_macros(n)
    model = StickerModel(n)
    model.apply(format_turns(random_turns(n, seed=11), n))
    for index in random.Random(n).sample(range(len(macros.perms)), 25):
        turns = macros.turns(index)
        setup = macros.setups[int(macros.which[index, 0])]
        assert len(turns) == 7 + len(setup) and turns[-6] == turns[-4].inverse()
        whole_turns = turns + [turns[-6].inverse()] + invert_sequence(setup)  # the missing Y', the set-up undone
        pure = StickerModel(n)
        pure.apply(format_turns(whole_turns, n))
        corners_and_edges = [i for i, c in enumerate(pure.facelets()) if not _is_centre(n, i)]
        assert all(pure.facelets()[i] == StickerModel(n).facelets()[i] for i in corners_and_edges)
        short, whole = StickerModel(n), StickerModel(n)
        for copy, applied in ((short, turns), (whole, whole_turns)):
            copy.set_facelets(model.facelets())
            copy.apply(format_turns(applied, n))
        assert _centres_out(short) == _centres_out(whole)


def test_pairing_counts_a_move_after_another_as_the_block_turns_they_merge_into():
    """The search's cost of one move after another (its length, less one when its first turn is on the previous
    move's last layers, less two when those cancel) is what compact() makes of the two together."""
    n = 6
    macros, _, costs = _macros(n)
    first_group, last_group, first_quarters, last_quarters = _joins(n)
    rng = random.Random(2)
    pairs = [(rng.randrange(len(macros)), rng.randrange(len(macros))) for _ in range(300)]
    slices = [i for i, m in enumerate(macros) if len(m) > 1]
    for a in rng.sample(slices, 40):  # the same slice again, and back: the cases the credit is for
        same = [b for b in slices if first_group[b] == last_group[a]]
        pairs += [(a, rng.choice(same))]
    credited = 0
    for a, b in pairs:
        joins = first_group[b] == last_group[a]
        cancels = joins and (first_quarters[b] + last_quarters[a]) % 4 == 0 and costs[a] > 1 and costs[b] > 1
        merged = block_turn_count(n, compact(macros[a] + macros[b], n))
        assert costs[a] + costs[b] - joins - cancels >= merged, format_turns(macros[a] + macros[b], n)
        credited += bool(joins)
    assert credited >= 40


@pytest.mark.parametrize("n", (6, 7))
def test_pairing_has_three_turn_moves_on_blocks_symmetric_about_the_middle_that_keep_the_centres(n):
    """S R2 S' with S a block (k, N-1-k): the half turn maps the block's rows of centre pieces onto themselves,
    so the centres stay home (read off the independent model) while wings outside the block change slots."""
    macros, _, _ = _macros(n)
    short = [m for m in macros if len(m) == 3]
    assert short and all(m[0].first + m[0].last == n - 1 and m[0].first >= 2 for m in short)
    for macro in short:
        model = StickerModel(n)
        model.apply(format_turns(macro, n))
        assert _centres_out(model) == 0, format_turns(macro, n)
        assert model.facelets() != StickerModel(n).facelets()


@pytest.mark.parametrize("n", (6, 7))
def test_pairing_counts_each_moves_paired_and_joined_wings_from_the_parents_wing_codes(n):
    """The search counts a move's paired wings, and its neighbouring wings showing the same colours, without
    building the child (a wing's two colours as one code, gathered from where the move takes it): the same
    counts as read off the child itself."""
    macros, perms, _ = _macros(n)
    rng = random.Random(n)
    mix = [turn for _ in range(10) for turn in rng.choice(macros)]
    colours = NxNState.solved(n).apply(mix).colours
    edges, _, _ = _edge_view(n)
    slot_moves, reference, partner = _slot_view(n)
    beam = colours[edges][None, :].astype(np.int64)
    parity = np.zeros(1, dtype=np.int64)
    found = move_scores(
        beam * 8 + beam[:, partner],
        slot_moves,
        *_slot_identity(n),
        reference,
        edge_lookup(n),
        parity,
        _move_parities(n),
    )
    counted, joined = found[0][0], found[1][0]
    slots = edge_slots(n)
    for move in rng.sample(range(len(macros)), 200):
        child = colours[perms[move]]
        assert counted[move] == paired_count(n, child)
        shown = [[(child[a], child[b]) for a, b in slot] for slot in slots]  # each wing's two colours
        assert joined[move] == sum(s[p] == s[p + 1] for s in shown for p in range(n - 3))
    assert len(set(counted.tolist())) > 3 and len(set(joined.tolist())) > 3


def test_pairing_counts_an_odd_cubes_mirrored_wings_of_one_orbit_as_joined():
    """With `mirrored`, a slot's two wings of one orbit (places mirrored about the middle edge) showing the same
    colours, not the middle edge's, count as joined too: the same count as read off the child itself."""
    n = 7
    macros, perms, _ = _macros(n)
    rng = random.Random(n + 1)
    mix = [turn for _ in range(10) for turn in rng.choice(macros)]
    colours = NxNState.solved(n).apply(mix).colours
    edges, _, _ = _edge_view(n)
    slot_moves, reference, partner = _slot_view(n)
    beam = colours[edges][None, :].astype(np.int64)
    codes = beam * 8 + beam[:, partner]
    identity = _slot_identity(n)
    parity = np.zeros(1, dtype=np.int64)
    plain = move_scores(codes, slot_moves, *identity, reference, edge_lookup(n), parity, _move_parities(n))[1][0]
    both = move_scores(codes, slot_moves, *identity, reference, edge_lookup(n), parity, _move_parities(n), True)[1][0]
    slots = edge_slots(n)
    places = n - 2
    for move in rng.sample(range(len(macros)), 200):
        child = colours[perms[move]]
        shown = [[(child[a], child[b]) for a, b in slot] for slot in slots]
        mirrored = sum(s[p] == s[places - 1 - p] != s[places // 2] for s in shown for p in range(places // 2))
        assert both[move] == plain[move] + mirrored
    assert (both > plain).any()


def _scores_of(n: int, colours: np.ndarray) -> tuple:
    """The pairing kernel's scores of every move from one cube (a beam of one state)."""
    edges, _, _ = _edge_view(n)
    slot_moves, reference, partner = _slot_view(n)
    beam = colours[edges][None, :].astype(np.int64)
    parity = np.full(1, corner_parity(n, colours), dtype=np.int64)
    return move_scores(
        beam * 8 + beam[:, partner], slot_moves, *_slot_identity(n), reference, edge_lookup(n), parity,
        _move_parities(n),
    )  # fmt: skip


def test_pairing_scores_a_paired_even_cube_that_needs_the_pll_parity_exchange():
    """On a 6x6x6 the beam reads the reference wings as a 3x3x3's edges: a paired cube turned by face turns needs
    no PLL-parity exchange, the same after the exchange (two edges swapped whole) does, after every face turn; on
    a move that pairs a cube again the beam's verdict is the 3x3x3 stage's (frame.py, whose 3x3x3 reader checks
    the permutation parities)."""
    from solvers.nxn.frame import _frame_plan, pll_parity_turns

    n = 6
    macros, perms, _ = _macros(n)
    rng = random.Random(7)
    outer = [turn for _ in range(12) for turn in rng.choice(macros[:18])]
    judged = []
    for before in ([], pll_parity_turns(n)):
        colours = NxNState.solved(n).apply(before + outer).colours
        scores = _scores_of(n, colours)
        assert set(scores[2][0, :18].tolist()) == {len(before) > 0}
        assert scores[0][0, :18].tolist() == [len(_wing_places(n)[0])] * 18
    for seed in range(6):  # one macro away from a paired cube, either parity: the moves that pair it again
        mix = random.Random(seed).choice(macros[18:])
        colours = NxNState.solved(n).apply(pll_parity_turns(n) * (seed % 2) + outer + mix).colours
        scores = _scores_of(n, colours)
        for move in np.flatnonzero(scores[0][0] == len(_wing_places(n)[0])).tolist():
            judged.append(int(scores[2][0, move]))
            assert (len(_frame_plan(n, colours[perms[move]])[0]) > 0) == bool(judged[-1])
    assert set(judged) == {0, 1}, judged


@pytest.mark.parametrize("n", (6, 7))
def test_pairing_candidates_are_distinct_centre_keeping_states_best_first(n):
    """The pairing hands the 3x3x3 stage several paired states: each replayed on the independent model keeps every
    centre home, no two give the same edges, the first is what pairing_turns gives, and none is worse than the
    unturned cube by the search's own measure (turns + a cost per wing left unpaired)."""
    macros, _, _ = _macros(n)
    rng = random.Random(10 + n)
    mix = [turn for _ in range(15) for turn in rng.choice(macros)]
    start = NxNState.solved(n).apply(mix)
    found = pairing_candidates(n, start.colours, 4, WIDTH)
    assert len(found) == 4 and found[0] == pairing_turns(n, start.colours, WIDTH)
    per_wing = COST_PER_WING if n % 2 else 12.0
    wings = len(_wing_places(n)[0])
    before = per_wing * (wings - int(paired_count(n, start.colours)))
    shown = set()
    for turns in found:
        model = StickerModel(n)
        model.set_facelets(start.to_facelets())
        model.apply(format_turns(turns, n))
        assert _centres_out(model) == 0
        after = read_facelets(model.facelets())
        shown.add(after.to_facelets())
        left = wings - int(paired_count(n, after.colours))
        assert block_turn_count(n, compact(turns, n)) + per_wing * left < before
    assert len(shown) == 4


def test_the_3x3x3_stage_keeps_the_paired_state_it_finishes_shortest():
    """The solver tries the 3x3x3 stage on each of the pairing's best states and keeps the shortest whole: on the
    independent model the answer leaves every face's corner and middle-edge stickers home (a 7x7x7's 3x3x3 solved,
    its centres kept), and no candidate finishes in fewer block turns plus six per wing left unpaired."""
    import threading

    from solvers.nxn.frame import solve_frame
    from solvers.nxn.solver import _shortest_finish

    n = 7
    macros, _, _ = _macros(n)
    rng = random.Random(3)
    start = NxNState.solved(n).apply([turn for _ in range(15) for turn in rng.choice(macros)])
    found = pairing_candidates(n, start.colours, 3, WIDTH)
    finish = _shortest_finish(n, start.colours, found, None, threading.Event())
    model = StickerModel(n)
    model.set_facelets(start.to_facelets())
    model.apply(format_turns(finish, n))
    text, solved = model.facelets(), StickerModel(n).facelets()
    frame = [f * n * n + r * n + c for f in range(6) for r in (0, n // 2, n - 1) for c in (0, n // 2, n - 1)]
    assert _centres_out(model) == 0 and all(text[i] == solved[i] for i in frame)
    wings = len(_wing_places(n)[0])

    def whole(turns: list) -> float:
        after = start.apply(turns)
        return block_turn_count(n, compact(turns, n)) + COST_PER_WING * (wings - int(paired_count(n, after.colours)))

    chosen = whole(finish)
    for turns in found:
        paired = start.apply(turns).colours
        assert chosen <= whole(turns + solve_frame(n, paired, None, None))


def test_a_pairing_is_charged_what_it_adds_after_the_turns_before_it(monkeypatch):
    """Of two pairings of equal length that leave every wing paired, `R' U` merges with the centres' last turn R (one
    turn added) and `U R'` does not (three): with the turns before given, the first is kept though listed second;
    without them the first listed. The 3x3x3 stage is left out (it would undo either the same way)."""
    import threading

    from solvers.nxn import paired_finish
    from solvers.nxn.moves import face_turn

    n = 6
    r, u = face_turn(1, 1, n), face_turn(0, 1, n)
    colours = NxNState.solved(n).apply([r]).colours
    plain, merging = [u, r.inverse()], [r.inverse(), u]
    monkeypatch.setattr(paired_finish, "solve_frame", lambda *args: [])
    flag = threading.Event()
    assert paired_finish.shortest_finish(n, colours, [plain, merging], None, flag, before=[r]) == merging
    assert paired_finish.shortest_finish(n, colours, [plain, merging], None, flag) == plain
