"""Training scrambles leave the preset's pieces solved and are uniform over the rest; the CLI speaks for both."""

from __future__ import annotations

import random
from collections import Counter

from solvers.cli import main
from solvers.cube.formats import to_kociemba
from solvers.cube.moves import Move, apply_moves
from solvers.cube.state import CubeState
from solvers.goals.goal import piece_coordinates
from solvers.goals.presets import preset_goal
from solvers.goals.training import random_goal_state

BY_NAME = {move.notation: move for move in Move}
CHI2_999 = {7: 24.32, 11: 31.26}  # chi-square critical values at p = 0.001 for 7 and 11 degrees of freedom


def parse_moves(text: str) -> list[Move]:
    return [BY_NAME[token] for token in text.split()]


def chi_square(counts: Counter) -> float:
    expected = sum(counts.values()) / len(counts)
    return sum((n - expected) ** 2 / expected for n in counts.values())


def test_states_keep_the_preset_solved_and_are_uniform_over_the_last_layer():
    goal = preset_goal("f2l")
    rng = random.Random(1)
    corner, edge = Counter(), Counter()
    for _ in range(2400):
        state = random_goal_state(goal, rng)
        assert goal.reached_by(state)
        coords = piece_coordinates(state)
        corner[coords[0]] += 1  # the URF corner: 4 slots x 3 twists
        edge[coords[8]] += 1  # the UR edge: 4 slots x 2 flips
    assert set(corner) == {s * 3 + t for s in range(4) for t in range(3)}
    assert set(edge) == {s * 2 + f for s in range(4) for f in range(2)}
    assert chi_square(corner) < CHI2_999[11]
    assert chi_square(edge) < CHI2_999[7]


def test_cli_scrambles_produce_the_preset(capsys):
    goal = preset_goal("cross")
    assert main(["scramble", "--solved", "cross", "--count", "3", "--seed", "7"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    for line in lines:
        state = apply_moves(CubeState.solved(3), parse_moves(line))
        assert goal.reached_by(state) and state != CubeState.solved(3)


def test_cli_solves_a_goal_and_refuses_a_bad_one(tmp_path, capsys):
    cube = apply_moves(CubeState.solved(3), parse_moves("R U F' D2 L B'"))
    path = tmp_path / "cube.txt"
    path.write_text(to_kociemba(cube) + "\n")
    assert main(["solve", "--goal", "cross", str(path)]) == 0
    out = capsys.readouterr().out.strip()
    moves, length = out.rsplit(" (", 1)
    assert length.endswith("*)") and len(moves.split()) == int(length[:-2])
    assert preset_goal("cross").reached_by(apply_moves(cube, parse_moves(moves)))
    assert main(["solve", "--goal", "cros", str(path)]) == 2
    assert "unknown goal 'cros'" in capsys.readouterr().err
    assert main(["solve", "--goal", "." * 4 + "R" + "." * 49, str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "centre U5" in err
