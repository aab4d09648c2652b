"""The pairing's seven-turn moves and the late beam that uses them, replayed on the independent sticker model."""

from __future__ import annotations

import random

from solvers.nxn import pairing
from solvers.nxn.compact import compact
from solvers.nxn.moves import block_turn_count, invert_sequence
from solvers.nxn.notation import format_turns
from solvers.nxn.pairing_family import last_two_middles
from solvers.nxn.state import NxNState, read_facelets
from tests.nxn.sticker_model import StickerModel

WIDTH = 48  # the first beam's states: narrow, so the tests are quick


def _centres_home(model: StickerModel) -> bool:
    n, text = model.n, model.facelets()
    return all(
        text[f * n * n + row * n + col] == face
        for f, face in enumerate("URFDLB")
        for row in range(1, n - 1)
        for col in range(1, n - 1)
    )


def test_seven_turn_moves_keep_the_centres_and_move_wings():
    """Every move past the everyday ones is S a b c a' b' S' (seven turns, S one inner layer, a b c outer turns of
    three faces); a sample replayed on the independent model keeps every centre home and changes the edges. The
    everyday moves come first, in the everyday family's order, so a move index means the same in both."""
    n = 7
    family = pairing.late_family(n)
    everyday, _, _ = pairing._macros(n)
    assert family.macros[: len(everyday)] == everyday
    extra = family.macros[len(everyday) :]
    assert len(extra) > 10_000
    for macro in random.Random(n).sample(extra, 40):
        s, middle = macro[0], macro[1:-1]
        assert len(macro) == 7 and macro[-1] == s.inverse() and 0 < s.first == s.last < n - 1
        assert (
            middle[3:] == [middle[0].inverse(), middle[1].inverse()] and len({(t.axis, t.first) for t in middle}) == 3
        )
        model = StickerModel(n)
        model.apply(format_turns(macro, n))
        assert _centres_home(model) and model.facelets() != StickerModel(n).facelets()


def test_the_middles_are_a_b_c_then_a_and_b_undone():
    seqs, perms = last_two_middles(4)
    assert len(seqs) == 18 * 15 * 12
    for a, b, c, a2, b2 in seqs[::97]:
        assert len({a // 3, b // 3, c // 3}) == 3 and (a2 // 3, b2 // 3) == (a // 3, b // 3)
        assert (a % 3 + a2 % 3, b % 3 + b2 % 3) == (2, 2)  # quarters q and 4 - q
    assert len({p.tobytes() for p in perms}) > len(seqs) // 2


def _without_and_with_the_late_beam(n: int, colours) -> tuple[list, list]:
    """The pairing's turns with the first beam alone, then with the late beam after it."""
    saved = dict(pairing.LATE_WIDTHS)
    try:
        pairing.LATE_WIDTHS = {}
        plain = pairing.pairing_turns(n, colours, WIDTH)
    finally:
        pairing.LATE_WIDTHS = saved
    return plain, pairing.pairing_turns(n, colours, WIDTH)


def test_the_late_beam_pairs_what_one_seven_turn_move_mixed_in_seven_turns():
    """Edges mixed by one seven-turn move's inverse: the everyday moves alone take more than seven turns to pair
    them, the late beam (starting again from the unturned cube) finds the seven; the answer replayed on the
    independent model leaves every centre home and every wing paired."""
    n = 7
    family = pairing.late_family(n)
    everyday = len(pairing._macros(n)[0])
    rng = random.Random(5)
    for _ in range(3):
        move = family.macros[rng.randrange(everyday, len(family.macros))]
        start = NxNState.solved(n).apply(invert_sequence(move))
        plain, late = _without_and_with_the_late_beam(n, start.colours)
        assert block_turn_count(n, compact(plain, n)) > 7 and block_turn_count(n, compact(late, n)) <= 7
        model = StickerModel(n)
        model.set_facelets(start.to_facelets())
        model.apply(format_turns(late, n))
        assert _centres_home(model) and pairing.unpaired_wings(n, read_facelets(model.facelets()).colours) == 0


def test_the_late_beam_never_ends_worse_than_the_first():
    """On mixed edges the best candidate with the late beam is, by the search's own measure (block turns + a cost
    per wing left unpaired), no worse than the first beam's alone, and it keeps every centre home."""
    n = 7
    macros, _, _ = pairing._macros(n)
    rng = random.Random(20 + n)
    start = NxNState.solved(n).apply([turn for _ in range(20) for turn in rng.choice(macros)])
    per_wing = pairing.COST_PER_WING if n % 2 else pairing.EVEN_COST_PER_WING

    def measure(turns: list) -> float:
        left = pairing.unpaired_wings(n, start.apply(turns).colours)
        return block_turn_count(n, compact(turns, n)) + per_wing * left

    plain, late = _without_and_with_the_late_beam(n, start.colours)
    assert measure(late) <= measure(plain) and measure(late) < measure([])
    model = StickerModel(n)
    model.set_facelets(start.to_facelets())
    model.apply(format_turns(late, n))
    assert _centres_home(model)
