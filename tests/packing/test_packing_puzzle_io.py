"""Puzzle files: every shipped puzzle loads; malformed files fail with a typed error that says where and why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solvers.packing.errors import PuzzleFileError
from solvers.packing.puzzle_io import (
    MAX_FILE_BYTES,
    load_puzzle,
    parse_puzzle,
    parse_puzzle_text,
    puzzle_to_dict,
    shipped_collections,
    shipped_puzzles,
)

REQUIRED = {
    "soma": (7, 27),
    "diabolical": (6, 27),
    "slothouber-graatsma": (9, 27),
    "bedlam": (13, 64),
    "pentomino-6x10": (12, 60),
    "pentomino-5x12": (12, 60),
    "pentomino-4x15": (12, 60),
    "pentomino-3x20": (12, 60),
}


def _soma_dict() -> dict:
    return puzzle_to_dict(load_puzzle("soma"))


def test_required_puzzles_ship_with_the_right_sizes() -> None:
    assert set(REQUIRED) <= set(shipped_puzzles())
    for name, (pieces, cells) in REQUIRED.items():
        puzzle = load_puzzle(name)
        assert (puzzle.n_instances, puzzle.n_cells) == (pieces, cells)


def test_bedlam_has_one_tetracube_and_twelve_pentacubes() -> None:
    sizes = sorted(p.size for p in load_puzzle("bedlam").pieces)
    assert sizes == [4] + [5] * 12


def test_soma_letters_match_seed_004_examples() -> None:
    """Both strings printed in the seed are solutions under our letters and shapes (checked cell by cell)."""
    puzzle = load_puzzle("soma")
    from solvers.packing.cover import build_cover

    problem = build_cover(puzzle)
    for text in ("adcaccaacddgbfgffedggbfebee", "aababbadcffegfcddcfeeggedgc"):
        for name in puzzle.piece_names:
            cells = [i for i, ch in enumerate(text) if ch == name]
            assert problem.row_id(puzzle.piece_index(name), cells) is not None, (text, name)


@pytest.mark.parametrize("name", shipped_puzzles())
def test_round_trip_through_dict(name: str) -> None:
    puzzle = load_puzzle(name)
    assert parse_puzzle(json.loads(json.dumps(puzzle_to_dict(puzzle)))) == puzzle


def _broken(mutate) -> dict:
    data = _soma_dict()
    mutate(data)
    return data


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(colour="red"), "unknown key"),
        (lambda d: d["pieces"][0].update(color="#ffffff"), "unknown key"),
        (lambda d: d["options"].update(mirror=True), "unknown key"),
        (lambda d: d["pieces"][0].update(cells=[[0, 0, 0], [0, 1, 0], [0, 2, 0], [2, 2, 0]]), "not face-connected"),
        (lambda d: d["pieces"].pop(1), "cannot fill"),
        (lambda d: d.update(box=[3, 3, 4]), "cannot fill"),
        (lambda d: d.pop("pieces"), "missing required key 'pieces'"),
        (lambda d: d.update(format="something-else"), "'format'"),
        (lambda d: d.update(version=7), "unsupported version"),
        (lambda d: d["pieces"][1].update(name="a"), "used twice"),
        (lambda d: d["pieces"][1].update(name="ab"), "one printable character"),
        (lambda d: d["pieces"][1].update(colour="#12345"), "colour"),
        (lambda d: d["pieces"][1].update(cells=[[0, 0], [0, 1, 0]]), "three integers"),
        (lambda d: d["pieces"][1].update(cells=[[0, 0, 0], [0, 0, 0], [0, 1, 0]]), "same cell twice"),
        (lambda d: d["pieces"][1].update(count=0), "'count'"),
        (lambda d: d["pieces"][5].update(mirror_twin="e"), "name each other"),
        (lambda d: d["pieces"][5].update(mirror_twin="z"), "not a piece"),
        (lambda d: d.update(box=[3, 3, 3], target=[[0, 0, 0]]), "exactly one of"),
        (lambda d: d.update(known_counts={"reflection": 3}), "unknown key"),
        (lambda d: d.update(name="Soma Cube"), "'name'"),
        (lambda d: d.update(collection=""), "'collection' must be a non-empty string"),
        (lambda d: d.update(collection="   "), "'collection' must be a non-empty string"),
        (lambda d: d.update(collection=7), "'collection' must be a non-empty string"),
        (lambda d: d.update(collection="x" * 65), "longer than 64"),
        (lambda d: d.update(collection="two\nlines"), "one line"),
    ],
)
def test_malformed_puzzles_are_rejected_with_a_reason(mutate, message: str) -> None:
    with pytest.raises(PuzzleFileError, match=message):
        parse_puzzle(_broken(mutate))


def test_twin_that_is_not_a_mirror_image_is_rejected() -> None:
    def mutate(d: dict) -> None:
        d["pieces"][4]["mirror_twin"] = "f"  # e (branch) is achiral, not f's mirror
        d["pieces"][5]["mirror_twin"] = "e"
        d["pieces"][6].pop("mirror_twin")

    with pytest.raises(PuzzleFileError, match="not the mirror image"):
        parse_puzzle(_broken(mutate))


def test_file_errors(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(PuzzleFileError, match="more than"):
        load_puzzle(big)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ')
    with pytest.raises(PuzzleFileError, match=r"bad\.json: invalid JSON at line 1"):
        load_puzzle(bad)
    with pytest.raises(PuzzleFileError, match="shipped"):
        load_puzzle("no-such-puzzle")
    with pytest.raises(PuzzleFileError, match="not UTF-8"):
        parse_puzzle_text(b"\xff\xfe{}")
    with pytest.raises(PuzzleFileError, match="top level"):
        parse_puzzle_text("[1, 2]")


def test_target_shapes_and_pieces_that_fit_nowhere(tmp_path: Path) -> None:
    from solvers.packing.cover import build_cover

    data = {
        "format": "cubeviz-packing-puzzle",
        "version": 1,
        "name": "tee",
        "target": [[0, 0, 0], [1, 0, 0], [2, 0, 0], [1, 1, 0]],
        "pieces": [{"name": "x", "cells": [[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]]}],
    }
    puzzle = parse_puzzle(data)
    assert not puzzle.is_box and puzzle.n_cells == 4
    with pytest.raises(PuzzleFileError, match="fits nowhere"):
        build_cover(puzzle)


def test_collection_is_optional_kept_and_written_back() -> None:
    data = _soma_dict()
    assert data["collection"] == "Classic"
    data["collection"] = "x" * 64
    puzzle = parse_puzzle(data)
    assert puzzle.collection == "x" * 64
    assert puzzle_to_dict(puzzle)["collection"] == "x" * 64
    data.pop("collection")
    bare = parse_puzzle(data)
    assert bare.collection == ""
    assert "collection" not in puzzle_to_dict(bare)


def test_shipped_collections_group_every_shipped_puzzle() -> None:
    groups = shipped_collections()
    assert "" not in groups, "every shipped puzzle names its collection"
    names = [name for members in groups.values() for name in members]
    assert sorted(names) == shipped_puzzles()
    for collection, members in groups.items():
        assert members == sorted(members)
        assert all(load_puzzle(name).collection == collection for name in members)
    assert {"soma", "bedlam", "diabolical", "slothouber-graatsma"} <= set(groups["Classic"])
    assert "pentomino-6x10" in groups["Pentominoes"]


def test_shipped_collections_puts_a_file_without_collection_under_the_empty_key(tmp_path, monkeypatch) -> None:
    from solvers.packing import puzzle_io

    data = _soma_dict()
    (tmp_path / "with.json").write_text(json.dumps(data))
    data.pop("collection")
    (tmp_path / "without.json").write_text(json.dumps(data))
    (tmp_path / "broken.json").write_text("{")
    monkeypatch.setattr(puzzle_io, "PUZZLES_DIR", tmp_path)
    assert shipped_collections() == {"": ["without"], "Classic": ["with"]}
