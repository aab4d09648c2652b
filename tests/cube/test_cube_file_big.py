"""Cube files of every size: big cubes (4x4x4 to 50x50x50) are written and read in the same format and version as
the 2x2x2 and 3x3x3, validated by the big-cube engine, and any damage to a file gets one specific line."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.cube.cube_file import (
    FORMAT_NAME,
    FORMAT_VERSION,
    MAX_SIZE,
    CubeFileError,
    dump_cube,
    load_cube_file,
    parse_colouring,
    read_cube,
    save_cube_file,
)
from solvers.cube.moves import basic_turn
from solvers.cube.state import CubeState
from solvers.nxn.errors import BigCubeReason
from solvers.nxn.notation import parse
from solvers.nxn.pieces import CORNER_NAMES, corner_slots
from solvers.nxn.scramble import random_turns
from solvers.nxn.state import NxNState

AFTER_R = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"  # Kociemba's example: R on a solved cube
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def scrambled(size: int, seed: int) -> NxNState:
    return NxNState.solved(size).apply(random_turns(size, seed))


def file_text(size: object, facelets: object) -> str:
    return json.dumps({"format": FORMAT_NAME, "version": FORMAT_VERSION, "size": size, "facelets": facelets})


def twisted_urf(size: int) -> NxNState:
    """A solved cube with its URF corner turned a third in place (no turn makes that)."""
    colours = NxNState.solved(size).colours.copy()
    urf = corner_slots(size)[CORNER_NAMES.index("URF")]
    colours[urf] = np.roll(colours[urf], 1)
    return NxNState(size, colours)


@pytest.mark.parametrize("size", [4, 5, 6, 7, 12, 17, MAX_SIZE])
def test_a_big_cube_file_round_trips(size, tmp_path):
    state = scrambled(size, seed=size)
    text = dump_cube(state, comment="scrambled")
    data = json.loads(text)
    assert data == {
        "format": "cubeviz-cube",
        "version": 1,
        "size": size,
        "facelets": state.to_facelets(),
        "comment": "scrambled",
    }
    assert len(data["facelets"]) == 6 * size * size
    read = read_cube(text)
    assert isinstance(read, NxNState) and read == state
    path = tmp_path / f"big{size}.cube"
    save_cube_file(path, state)
    assert load_cube_file(path) == state
    assert read_cube(state.to_facelets()) == state  # a plain facelet string (a .txt file, a paste) reads too
    assert parse_colouring(state.to_facelets()).form == "facelet string"


def test_small_cube_files_are_unchanged():
    """Sizes 2 and 3 read back as the 2x2x2/3x3x3 engine's states, and a 3x3x3 written from the big-cube engine's
    state is the same file: the same facelet order, checked against Kociemba's own example."""
    after_r = basic_turn(3, "R")
    assert json.loads(dump_cube(after_r))["facelets"] == AFTER_R
    assert dump_cube(NxNState.solved(3).apply(parse("R", 3))) == dump_cube(after_r)
    for size in (2, 3):
        text = file_text(size, "".join(letter * size * size for letter in "URFDLB"))
        read = read_cube(text)
        assert isinstance(read, CubeState) and read == CubeState.solved(size)


@pytest.mark.parametrize("size", [4, 5])
def test_an_impossible_big_cube_is_refused_with_the_pieces_named(size, tmp_path):
    path = tmp_path / "twisted.cube"
    path.write_text(dump_cube(twisted_urf(size)))
    with pytest.raises(CubeFileError) as info:
        load_cube_file(path)
    message = info.value.message
    assert message.startswith("twisted.cube: not a valid cube: a corner is twisted") and "URF" in message
    assert "\n" not in message
    invalid = info.value.invalid
    assert invalid is not None and invalid.reason is BigCubeReason.TWISTED_CORNER
    assert set(invalid.facelets) == set(corner_slots(size)[CORNER_NAMES.index("URF")].tolist())


@pytest.mark.parametrize(
    ("size", "facelets", "words"),
    [
        (1, "UUUUUU", '"size" must be a whole number from 2 to 50, got 1'),
        (MAX_SIZE + 1, "U", '"size" must be a whole number from 2 to 50, got 51'),
        (4.0, "U" * 96, '"size" must be a whole number from 2 to 50, got 4.0'),
        (True, "U" * 24, '"size" must be a whole number from 2 to 50, got True'),
        ("4", "U" * 96, "got '4'"),
        (4, "U" * 150, '"facelets" has 150 letters; a 4x4x4 needs 96'),
        (4, "U" * 95 + "W", '"facelets" may only use U R F D L B, found W'),
        (4, "U" * 96, "not a valid cube: white (U) is on 96 stickers; a 4x4x4 has 16 of each colour"),
    ],
)
def test_a_bad_big_cube_file_gets_one_specific_line(size, facelets, words):
    with pytest.raises(CubeFileError) as info:
        read_cube(file_text(size, facelets))
    assert words in info.value.message and "\n" not in info.value.message


def test_bad_big_facelet_strings_name_the_sticker():
    letters = NxNState.solved(4).to_facelets()
    with pytest.raises(CubeFileError, match="^sticker 96 is 'X', not one of U R F D L B$"):
        read_cube(letters[:-1] + "X")
    with pytest.raises(CubeFileError, match="^97 letters given; a facelet string has 6\\*N\\*N letters"):
        read_cube(letters + "U")


def test_dump_refuses_a_cube_no_file_holds():
    with pytest.raises(ValueError, match="cube files hold cubes of 2 to 50 layers, not 51"):
        dump_cube(NxNState.solved(MAX_SIZE + 1))


@FUZZ
@given(st.integers(4, 9), st.integers(0, 2**32 - 1), st.data())
def test_a_mutated_big_cube_file_reads_or_gives_one_line(size, seed, data):
    """Stickers overwritten, swapped, cut or padded, and the size field changed: either a valid cube (which then
    matches its facelets) or a CubeFileError of one line, nothing else."""
    letters = list(scrambled(size, seed).to_facelets())
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 3))):
        i, j = rng.randrange(len(letters)), rng.randrange(len(letters))
        if data.draw(st.booleans()):
            letters[i], letters[j] = letters[j], letters[i]
        else:
            letters[i] = data.draw(st.sampled_from("URFDLBWx? "))
    cut = data.draw(st.sampled_from([0, 0, 0, 1, -1]))
    facelets = "".join(letters[:-1] if cut == 1 else letters + ["U"] if cut == -1 else letters)
    field = data.draw(st.sampled_from([size, size, size, size + 1, size - 1, 0, -size, 10**9, None, 4.5]))
    text = file_text(field, facelets)
    try:
        state = read_cube(text)
    except CubeFileError as exc:
        assert exc.message and "\n" not in exc.message
        return
    assert state.size == field and "".join(facelets.split()).upper() == state.to_facelets()


@FUZZ
@given(st.text(alphabet="URFDLBx \n", min_size=90, max_size=400))
def test_any_long_text_reads_or_gives_a_cube_file_error(text):
    try:
        read_cube(text)
    except CubeFileError as exc:
        assert exc.message and "\n" not in exc.message
