"""Cube files and pasted cube text: every accepted form reads back the same state; bad input gets a clear error."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.cube.cube_file import (
    BLANK,
    CubeFileError,
    dump_cube,
    load_cube_file,
    parse_colouring,
    read_cube,
    save_cube_file,
)
from solvers.cube.formats import to_colour_letters, to_kociemba
from solvers.cube.moves import basic_turn, whole_cube_rotations
from solvers.cube.pocket_formats import net_rows
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState
from solvers.cube.validation import InvalidReason

AFTER_R = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"  # Kociemba's example: R on a solved cube


def letter_net_text(state) -> str:
    """Nine rows as a 3x3 letter net draws them (any six letters: here lowercase w r g y o b)."""
    from solvers.cube.letter_net import write_net

    letters = write_net(state, "wrgyob")
    widths = (3, 3, 3, 12, 12, 12, 3, 3, 3)
    rows, start = [], 0
    for width in widths:
        rows.append(letters[start : start + width])
        start += width
    return "\n".join(("    " if width == 3 else "") + row for row, width in zip(rows, widths, strict=True))


@pytest.mark.parametrize("size", [2, 3])
def test_every_pasteable_form_reads_the_same_state(size):
    rng = random.Random(size)
    for _ in range(5):
        state = random_state(size, rng)
        assert read_cube(to_kociemba(state)) == state
        assert read_cube(to_colour_letters(state)) == state
        assert read_cube(to_kociemba(state).lower()) == state
        assert read_cube(dump_cube(state)) == state
        if size == 3:
            assert parse_colouring(letter_net_text(state)).form == "3x3 letter net"
            assert read_cube(letter_net_text(state)) == state
        else:
            net = "\n".join(net_rows(to_colour_letters(state)))
            assert parse_colouring(net).form == "2x2 net"
            # a 2x2 net names colours from the DBL corner, which random_state keeps home, so the state is the same
            assert read_cube(net) == state


def test_known_kociemba_string_and_turned_centres():
    assert read_cube(AFTER_R) == basic_turn(3, "R")
    rotated = whole_cube_rotations(3)[5]
    # A Kociemba string is read relative to its centres (like from_kociemba); a cube file keeps the colours.
    assert read_cube(to_kociemba(rotated)).is_identity()
    assert read_cube(dump_cube(rotated)) == rotated


def test_file_round_trip(tmp_path):
    state = random_state(3, random.Random(7))
    path = tmp_path / "mine.cube"
    save_cube_file(path, state, comment="from my desk")
    data = json.loads(path.read_text())
    assert data["format"] == "cubeviz-cube" and data["version"] == 1 and data["size"] == 3
    assert data["facelets"] == to_kociemba(state) and data["comment"] == "from my desk"
    assert load_cube_file(path) == state


def test_invalid_but_well_shaped_text_still_parses_for_the_editor():
    broken = "W" + to_colour_letters(basic_turn(3, "R"))[1:].replace("W", "G", 1)
    colouring = parse_colouring(broken)
    assert colouring.size == 3 and len(colouring.colours) == 54
    with pytest.raises(CubeFileError) as info:
        read_cube(broken)
    assert info.value.invalid is not None and info.value.invalid.reason is InvalidReason.COLOUR_COUNT
    assert "not a valid cube" in info.value.message


def test_unknown_letter_in_a_net_becomes_blank():
    net = letter_net_text(basic_turn(3, "R")).replace("w", "x", 1)
    assert BLANK in parse_colouring(net).colours


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("UUUU", "4 letters given"),
        ("X" * 54, "unknown letters X"),
        ("{", "broken JSON at line 1"),
        ("[1, 2]", "JSON object"),
        ('{"format": "other"}', '"format" must be "cubeviz-cube"'),
        ('{"format": "cubeviz-cube", "version": 2}', "version 2 is not supported"),
        ('{"format": "cubeviz-cube", "version": 1, "size": 51}', '"size" must be a whole number from 2 to 50'),
        ('{"format": "cubeviz-cube", "version": 1, "size": 2, "facelets": 7}', '"facelets" must be a string'),
        ('{"format": "cubeviz-cube", "version": 1, "size": 2, "facelets": "UUU"}', "has 3 letters"),
        ('{"format": "cubeviz-cube", "version": 1, "size": 2, "facelets": "' + "W" * 24 + '"}', "found W"),
        ("UUUURRRRFFFFDDDDLLLLBBBU", "not a valid cube"),
    ],
)
def test_malformed_text_is_refused_with_a_clear_message(text, words):
    with pytest.raises(CubeFileError) as info:
        read_cube(text)
    assert words in info.value.message


def test_unreadable_files(tmp_path):
    with pytest.raises(CubeFileError, match="cannot read missing.cube"):
        load_cube_file(tmp_path / "missing.cube")
    binary = tmp_path / "picture.cube"
    binary.write_bytes(b"\xff\xfe\x00\x81" * 10)
    with pytest.raises(CubeFileError, match="picture.cube is not a text file"):
        load_cube_file(binary)
    huge = tmp_path / "huge.cube"
    huge.write_text("U" * 100_000)
    with pytest.raises(CubeFileError, match="far too big"):
        load_cube_file(huge)
    twisted = tmp_path / "twisted.cube"
    solved = dump_cube(CubeState.solved(2))
    twisted.write_text(solved.replace("UUUURRRRFFFF", "UUUFURRRFRFF"))  # the URF corner turned in place
    with pytest.raises(CubeFileError) as info:
        load_cube_file(twisted)
    assert info.value.message.startswith("twisted.cube: not a valid cube")
    assert info.value.invalid.reason is InvalidReason.TWISTED_CORNER


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='URFDLBWGYOxyz{}[]":, \n0123456789', max_size=80))
def test_any_text_reads_or_gives_a_cube_file_error(text):
    try:
        read_cube(text)
    except CubeFileError as exc:
        assert exc.message


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from([(3, 3, 3, 12, 12, 12, 3, 3, 3), (2, 2, 8, 8, 2, 2)]))
def test_any_net_shaped_text_reads_or_gives_a_cube_file_error(data, widths):
    rows = [data.draw(st.text(alphabet="abcdefgUR?", min_size=w, max_size=w)) for w in widths]
    try:
        read_cube("\n".join(rows))
    except CubeFileError as exc:
        assert exc.message
