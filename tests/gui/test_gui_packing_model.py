"""The packing browser's model, headless: levels and their counts, navigation in a filtered list, pins that keep
exactly the engine's solutions for that constraint, nearest solutions and the list as text."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cubeviz.models.packing_model import PackingModel
from solvers.packing import SymmetryMode, all_solutions, build_cover, count_solutions, load_puzzle
from solvers.packing.queries import with_classes


@pytest.fixture(scope="module")
def soma_set():
    problem = build_cover(load_puzzle("soma"))
    return with_classes(problem, all_solutions(problem), SymmetryMode.NONE)


@pytest.fixture
def model(soma_set):
    m = PackingModel()
    events: list[str] = []
    m.subscribe(events.append)
    m.set_solutions(soma_set, "test")
    m.events = events
    return m


def test_levels_have_the_published_counts(model) -> None:
    assert model.level_counts() == {SymmetryMode.NONE: 11520, SymmetryMode.ROTATION: 480, SymmetryMode.MIRROR: 240}
    model.set_level(SymmetryMode.ROTATION)
    assert len(model.visible) == 480
    classes = model.solutions.classes[SymmetryMode.ROTATION][model.visible]
    assert len(set(classes.tolist())) == 480  # one representative per class


def test_navigation(model) -> None:
    model.navigate("last")
    assert model.current_index == 11519
    model.navigate("next")
    assert model.current_index == 11519  # clamped
    model.navigate("first")
    model.navigate("previous")
    assert model.current_index == 0
    assert model.jump_to_number(100) and model.current_index == 99
    assert not model.jump_to_number(11521)
    model.navigate("random", random.Random(3))
    assert 0 <= model.current_index < 11520


def test_pin_keeps_exactly_the_engines_solutions(model) -> None:
    model.jump_to_number(1234)
    placement = model.pin_instance(3)
    engine = count_solutions(model.problem, pins=[placement])
    assert len(model.visible) == engine > 0
    assert model.current_index == 1233  # the shown solution agrees with its own pin
    for index in model.visible[:50]:
        assert placement in model.solutions.placements(int(index))
    second = model.pin_instance(0)
    assert len(model.visible) == count_solutions(model.problem, pins=[placement, second])
    model.clear_pins()
    assert len(model.visible) == 11520


def test_nearest_solutions_differ_in_fewest_pieces(model) -> None:
    model.jump_to_number(10)
    nearest = model.nearest(5)
    diffs = model.solutions.differences(model.solutions.rows[9])
    diffs[9] = 99
    assert [d for _, d in nearest] == sorted(diffs.tolist())[:5]
    assert all(i != 9 for i, _ in nearest)


def test_list_text_has_one_line_per_solution(model) -> None:
    model.set_level(SymmetryMode.MIRROR)
    lines = model.list_text().splitlines()
    body = [line for line in lines if not line.startswith("#")]
    assert len(body) == 240
    number, rotation_class, mirror_class, letters = body[0].split()
    assert int(mirror_class) <= int(rotation_class)
    assert len(letters) == 27 and set(letters) == set("abcdefg")
    assert letters == model.solution_text(int(number) - 1)


def test_poses_follow_the_current_solution(model) -> None:
    model.jump_to_number(77)
    poses = model.current_poses()
    letters = model.solution_text(76)
    target = np.asarray(model.puzzle.target)
    for instance, kind in enumerate(model.instance_kinds()):
        cells = np.asarray(model.puzzle.pieces[kind].cells, dtype=float)
        moved = cells @ poses[instance][:3, :3].T + poses[instance][:3, 3]
        for voxel in np.rint(moved).astype(int).tolist():
            cell = int(np.flatnonzero((target == voxel).all(axis=1))[0])
            assert letters[cell] == model.puzzle.pieces[kind].name


def test_hidden_and_highlight_emit_events(model) -> None:
    model.events.clear()
    model.set_hidden(2, True)
    model.set_hidden(2, True)
    model.set_highlight(4)
    assert model.events == ["pieces", "pieces"]
    assert model.hidden == {2} and model.highlight == 4
