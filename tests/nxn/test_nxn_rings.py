"""Centre rings of big cubes solved as 4x4x4s and 5x5x5s, and the ring-keeping beam after them, replayed on the
independent sticker model."""

from __future__ import annotations

import random

import pytest

from solvers.nxn import centre_rings
from solvers.nxn.centre_beam import COST_PER_PIECE, beam_centre_turns
from solvers.nxn.centre_rings import solve_rings
from solvers.nxn.centre_search import wing_parities
from solvers.nxn.compact import compact
from solvers.nxn.moves import BlockTurn
from solvers.nxn.notation import format_turns
from solvers.nxn.projection import Projection, centre_stickers, rings, stickers
from solvers.nxn.scramble import random_turns
from solvers.nxn.state import read_facelets
from tests.nxn.sticker_model import StickerModel

SMALL_TURNS = {
    4: [(0, 0), (1, 1), (2, 2), (3, 3), (0, 1), (2, 3), (0, 3)],
    5: [(0, 0), (1, 1), (3, 3), (4, 4), (0, 1), (3, 4), (0, 4)],  # never the middle layer alone
}


def _scrambled(n: int, seed: int) -> StickerModel:
    model = StickerModel(n)
    model.apply(format_turns(random_turns(n, seed=seed), n))
    return model


def _ring_letters(model: StickerModel, ring: Projection) -> list[set[str]]:
    """The letters the ring's stickers show, face by face, read off the model."""
    text, per_face = model.facelets(), model.n * model.n
    found: list[set[str]] = [set() for _ in range(6)]
    for sticker in centre_stickers(ring):
        found[int(sticker) // per_face].add(text[int(sticker)])
    return found


@pytest.mark.parametrize(("n", "small"), [(6, 4), (7, 5), (7, 4)])
def test_a_lifted_turn_does_to_the_ring_what_the_small_cube_turn_does(n, small):
    rng = random.Random(n * small)
    for ring in [r if r.small == small else Projection(n, small, r.depth) for r in rings(n)]:
        big = _scrambled(n, seed=n)
        for _ in range(5):
            first, last = rng.choice(SMALL_TURNS[small])
            turn = BlockTurn(rng.randrange(3), first, last, rng.choice((1, 2, 3)))
            model = StickerModel(small)
            model.set_facelets("".join(big.facelets()[int(s)] for s in stickers(ring)))
            model.apply(format_turns([turn], small))
            big.apply(format_turns([ring.lift(turn)], n))
            assert "".join(big.facelets()[int(s)] for s in stickers(ring)) == model.facelets(), (ring, turn)


@pytest.mark.parametrize("n", (6, 7))
def test_rings_are_solved_innermost_first_and_the_beam_keeps_them(n):
    model = _scrambled(n, seed=3)
    colours = read_facelets(model.facelets()).colours
    turns, after, solved = solve_rings(n, colours)
    assert solved, "no ring solved"
    model.apply(format_turns(turns, n))
    for ring in solved:
        letters = _ring_letters(model, ring)
        assert all(len(face) == 1 for face in letters), ring
        assert len(set().union(*letters)) == 6, ring  # six faces, six colours
    assert wing_parities(n, read_facelets(model.facelets()).colours) == 0  # each ring left its wings even
    out_before = _centres_out(model)
    beam = beam_centre_turns(n, after, solved)
    model.apply(format_turns(beam, n))
    for ring in solved:
        assert all(len(face) == 1 for face in _ring_letters(model, ring)), ring
    assert len(beam) + COST_PER_PIECE * _centres_out(model) < COST_PER_PIECE * out_before


def test_an_odd_ring_out_of_time_falls_back_to_its_x_centres(monkeypatch):
    """A 5x5x5 ring whose search runs past its time keeps the cube solvable: that ring's x-centres are then
    solved by the 4x4x4's tables (its +-centres left to the later stages), and the wings stay even."""
    monkeypatch.setattr(centre_rings, "RING_SECONDS", 0.0)
    n = 7
    model = _scrambled(n, seed=5)
    turns, _, solved = solve_rings(n, read_facelets(model.facelets()).colours)
    assert [(r.small, r.depth) for r in solved] == [(4, 2), (4, 1)]
    model.apply(format_turns(turns, n))
    for ring in solved:
        letters = _ring_letters(model, ring)
        assert all(len(face) == 1 for face in letters), ring
        assert len(set().union(*letters)) == 6, ring
    assert wing_parities(n, read_facelets(model.facelets()).colours) == 0


def _centres_out(model: StickerModel) -> int:
    """Centre stickers not showing the letter most of their face's centre stickers show (an even cube may be
    solved to any orientation)."""
    n, text = model.n, model.facelets()
    out = 0
    for f in range(6):
        letters = [text[f * n * n + row * n + col] for row in range(1, n - 1) for col in range(1, n - 1)]
        out += len(letters) - max(letters.count(c) for c in set(letters))
    return out


def test_a_ring_takes_the_solution_that_merges_best_with_the_turns_before_it(monkeypatch):
    """Of a 5x5x5 ring's solutions of equal length, the one whose first turns merge with the previous ring's last
    turn is kept: here the deeper ring ends with a face block turn that the second solution's first turn
    completes to a half turn, which leaves one turn fewer in the whole sequence."""
    from solvers.nxn.five import centres as five_centres

    n = 7
    deep, outer = rings(n)
    first = BlockTurn(0, 0, 0, 1)  # lifts to layers 0..1 on the deeper ring and, as (0, 0, 1), on the outer one
    plain = (BlockTurn(1, 0, 0, 1), BlockTurn(2, 0, 0, 1))
    merging = (BlockTurn(0, 0, 1, 2), BlockTurn(1, 0, 0, 1))
    answers = iter([[(first,)], [plain, merging]])

    def solutions(small, stopped, keep, tried):
        return [five_centres.Candidate(turns, small) for turns in next(answers)][:keep]

    monkeypatch.setattr(five_centres, "solve_centres", solutions)
    turns, _, _ = solve_rings(n, read_facelets(_scrambled(n, seed=1).facelets()).colours)
    assert turns == [deep.lift(first)] + [outer.lift(t) for t in merging]
    assert len(compact(turns, n)) == 2  # a half turn of layers 0..1 and a face turn, against three for `plain`
