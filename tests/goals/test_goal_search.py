"""Goal solves: answers replayed reach the goal, lengths equal an independent sticker BFS, greys never constrain."""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from solvers.cube.formats import to_kociemba
from solvers.cube.geometry import corner_facelets, edge_facelets
from solvers.cube.moves import Move, apply_moves
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState
from solvers.goals.goal import GoalError, parse_goal, solved_goal
from solvers.goals.goal_tables import group_table
from solvers.goals.presets import PRESET_NAMES, preset_goal
from solvers.goals.search import goal_search, solve_goal
from solvers.rubik.events import DepthExhausted, MoveSolution
from tests.goals.sticker_bfs import bfs_length

SOLVED = to_kociemba(CubeState.solved(3))
CROSS_EDGES = (12, 13, 14, 15)  # DR DF DL DB
SLOTS = [tuple(int(f) for f in c) for c in corner_facelets(3)] + [tuple(int(f) for f in e) for e in edge_facelets(3)]


def matches(state: CubeState, pattern: str) -> bool:
    """Every non-grey sticker of `pattern` shows on `state` (read from the facelet string, not from pieces)."""
    shown = to_kociemba(state)
    return all(want in (".", got) for want, got in zip(pattern, shown, strict=True))


def pattern_of(pieces, greys=()) -> str:
    """The solved cube's stickers of `pieces` (indices into SLOTS), others and `greys` grey."""
    keep = {f for p in pieces for f in SLOTS[p]} - set(greys)
    return "".join(c if i in keep else "." for i, c in enumerate(SOLVED))


def sticker_places(state: CubeState, piece: int) -> tuple[list[int], list[int]]:
    """Where the piece's stickers are now and where they belong, found by colours in the facelet string."""
    shown = to_kociemba(state)
    home = SLOTS[piece]
    colours = {SOLVED[f] for f in home}
    slot = next(s for s in SLOTS if {shown[f] for f in s} == colours)
    now = {shown[f]: f for f in slot}
    return [now[SOLVED[f]] for f in home], list(home)


def bfs_optimum(state: CubeState, pieces) -> int:
    stickers, targets = [], []
    for piece in pieces:
        now, home = sticker_places(state, piece)
        stickers += now
        targets += home
    return bfs_length(stickers, targets)


def test_cross_table_matches_the_published_distribution():
    table = group_table(solved_goal(CROSS_EDGES), CROSS_EDGES, "htm")
    counts = np.bincount(table[table < 255])
    assert counts.tolist() == [1, 15, 158, 1394, 9809, 46381, 97254, 34966, 102]  # 190,080 cross states


def test_cross_lengths_equal_an_independent_bfs_and_replay():
    rng = random.Random(11)
    goal = preset_goal("cross")
    for _ in range(4):
        scramble = [Move(rng.randrange(18)) for _ in range(4)]
        state = apply_moves(CubeState.solved(3), scramble)
        (answer,) = solve_goal(state, goal)
        assert matches(apply_moves(state, answer.moves), pattern_of(CROSS_EDGES))
        assert answer.length == bfs_optimum(state, CROSS_EDGES)


@pytest.mark.parametrize("size", [3, 3, 4])
def test_random_small_masks_equal_an_independent_bfs(size):
    rng = random.Random(size * 7 + rng_counter())
    pieces = rng.sample(range(20), size)
    state = (
        random_state(3, rng)
        if size == 3
        else apply_moves(CubeState.solved(3), [Move(rng.randrange(18)) for _ in range(4)])
    )
    (answer,) = solve_goal(state, parse_goal(pattern_of(pieces)))
    assert matches(apply_moves(state, answer.moves), pattern_of(pieces))
    assert answer.proven_optimal
    assert answer.length == bfs_optimum(state, pieces)


_COUNTER = iter(range(100))


def rng_counter() -> int:
    return next(_COUNTER)


def test_grey_stickers_never_constrain():
    rng = random.Random(5)
    pieces = [13, 4, 16]  # DF, DFR, FR: a pair and its cross edge
    full = pattern_of(pieces)
    greyed = pattern_of(pieces, greys=SLOTS[4])  # the corner's stickers grey
    for _ in range(3):
        state = random_state(3, rng)
        (strict,) = solve_goal(state, parse_goal(full))
        (loose,) = solve_goal(state, parse_goal(greyed))
        assert matches(apply_moves(state, loose.moves), greyed)
        assert loose.length <= strict.length
        # a pattern taken from any cube accepts that cube, whatever is grey
        other = random_state(3, rng)
        shown = to_kociemba(other)
        kept = {f for slot in rng.sample(SLOTS, 3) for f in slot if rng.random() < 0.7}
        mask = "".join(c if i in kept or i % 9 == 4 else "." for i, c in enumerate(shown))
        assert solve_goal(other, parse_goal(mask))[0].length == 0


def test_fully_grey_goal_needs_no_moves():
    (answer,) = solve_goal(random_state(3, random.Random(2)), parse_goal("." * 54))
    assert answer.moves == () and answer.proven_optimal


@pytest.mark.parametrize(
    ("pattern", "named"),
    [
        ("." * 7 + "D" + "." * 11 + "U" + "." * 34, "U8=D, F2=U"),  # an edge with two opposite colours
        ("U" * 9 + "." * 9 + "U" + "." * 8 + "." * 27, "F1=U"),  # a tenth U-coloured corner sticker
        ("." * 4 + "R" + "." * 49, "centre U5"),
        ("." * 53, "not 53"),
    ],
)
def test_impossible_goals_are_refused_with_the_stickers_at_fault(pattern, named):
    with pytest.raises(GoalError, match=named):
        parse_goal(pattern)


def test_every_preset_answer_replays_in_both_metrics():
    rng = random.Random(8)
    for name in ("cross", "2x2x2"):
        goal = preset_goal(name)
        state = random_state(3, rng)
        for metric in ("htm", "qtm"):
            (answer,) = solve_goal(state, goal, metric)
            assert goal.reached_by(apply_moves(state, answer.moves))
            quarters = sum(2 if m.quarter_turns == 2 else 1 for m in answer.moves)
            assert answer.length == (quarters if metric == "qtm" else len(answer.moves))
    assert len(PRESET_NAMES) == 12


def test_all_lists_distinct_optimal_crosses():
    state = random_state(3, random.Random(4))
    goal = preset_goal("cross")
    answers = solve_goal(state, goal, limit=50)
    assert len({a.moves for a in answers}) == len(answers) > 1
    assert {a.length for a in answers} == {solve_goal(state, goal)[0].length}
    assert all(goal.reached_by(apply_moves(state, a.moves)) for a in answers)


def test_upper_bound_comes_first_and_stop_ends_the_search():
    state = random_state(3, random.Random(9))
    goal = preset_goal("2x2x2")
    events = list(goal_search(state, goal, upper_bound=True))
    first, last = [e for e in events if isinstance(e, MoveSolution)]
    assert not first.proven_optimal and goal.reached_by(apply_moves(state, first.moves))
    assert last.proven_optimal and last.length <= first.length
    proofs = [e.depth for e in events if isinstance(e, DepthExhausted)]
    assert proofs == list(range(proofs[0], last.length))  # every bound below the optimum proven empty
    stop = threading.Event()
    stopped = []
    for event in goal_search(state, goal, stop=stop):
        stopped.append(event)
        if isinstance(event, DepthExhausted) and event.depth == proofs[-2]:
            stop.set()
    assert not any(isinstance(e, MoveSolution) for e in stopped)
