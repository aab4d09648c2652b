"""Hostile input through the real entry point: every case ends in a right answer or one short error line with
exit 2, never a traceback, never exit 1, never an error line that echoes a huge input."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import strict_json

CLI = [sys.executable, "-m", "solvers"]


def run(args: list[str], stdin: bytes = b"", env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(CLI + args, input=stdin, capture_output=True, timeout=120,
                          env={**os.environ, **(env or {})})  # fmt: skip


def assert_clean_refusal(done: subprocess.CompletedProcess) -> str:
    err = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err[-1500:]
    assert done.returncode == 2, (done.returncode, err[-500:])
    lines = [line for line in err.splitlines() if line.startswith("cubeviz-solve: error:")]
    assert lines and all(len(line) <= 250 for line in lines), err[:600]
    return err


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (["pocket-distance", "--keep-going"], b"9" * 5000 + b"\n"),
        (["pocket-fru"], "10 \u00b2 9 5 3 4 0 1 2 6 7 8 11 12 13 14 15 16 17 18 19 20 21 22 23\n".encode()),
        (["pocket-fru"], b"7" * 10_000_000 + b"\n"),
        (["soma"], b"\xff\xfe not utf-8\n"),
        (["pocket-fru"], b"\xff\xfe not utf-8\n"),
    ],
    ids=["digits-of-T", "superscript-digit", "ten-megabyte-token", "soma-bytes", "fru-bytes"],
)
def test_bad_input_is_one_short_line_and_exit_2(args, stdin):
    assert_clean_refusal(run(args, stdin, {"PYTHONIOENCODING": "utf-8:strict"}))


def test_a_letter_that_upper_cases_to_two_letters_is_refused_and_the_valid_case_answered():
    done = run(["pocket-count", "--keep-going", "YYYYGGGGOOOOOOOOGGGGYYY\u00df", "YYYYGGGGOOOOOOOOGGGGYYYY"])
    err = assert_clean_refusal(done)
    assert "'\u00df' is not a colour letter" in err
    out = done.stdout.decode().split()
    assert out[0] == "-1" and int(out[1]) > 0  # the second colouring is still counted


@pytest.mark.parametrize("value", ["inf", "1e308", "nan", "0", "-3"])
def test_max_time_out_of_range_is_refused_up_front(value):
    done = run(["solve", "--solver", "twophase", "--max-time", value], b"R U\n")
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err and "--max-time" in err


@pytest.mark.parametrize(
    ("text", "words"),
    [("[" * 100_000, "nested more than"),
     ('{"version": 1, "version": 1}', "appears twice"),
     ('{"version": ' + "9" * 5000 + "}", "5,000 digits"),
     ('{"version": NaN}', "NaN")],
)  # fmt: skip
def test_strict_json_refuses_what_our_formats_never_hold(text, words):
    with pytest.raises(json.JSONDecodeError, match=words):
        strict_json.loads(text)


def test_pack_refuses_a_boolean_version(tmp_path):
    puzzle = {"format": "cubeviz-packing-puzzle", "version": True, "name": "x", "pieces": []}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(puzzle))
    assert "unsupported version True" in assert_clean_refusal(run(["pack", str(path), "--count"]))


_WITHIN_BOUND = st.integers(-(10**strict_json.MAX_NUMBER_DIGITS) + 1, 10**strict_json.MAX_NUMBER_DIGITS - 1)


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.booleans() | _WITHIN_BOUND | st.text(max_size=5),
                    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=3), children,
                                                                                       max_size=3),
                    max_leaves=20))  # fmt: skip
def test_strict_json_reads_what_json_writes(value):
    assert strict_json.loads(json.dumps(value)) == value


def test_strict_json_refuses_numbers_past_the_digit_bound():
    assert strict_json.loads("9" * strict_json.MAX_NUMBER_DIGITS) == 10**strict_json.MAX_NUMBER_DIGITS - 1
    with pytest.raises(json.JSONDecodeError, match="31 digits"):
        strict_json.loads("-" + "9" * (strict_json.MAX_NUMBER_DIGITS + 1))


@pytest.mark.parametrize("command", ["solve", "soma", "pocket-fru", "rubik-qtm", "pocket-distance"])
def test_a_file_without_end_is_refused_not_read_into_memory(command):
    err = assert_clean_refusal(run([command, "/dev/zero"]))
    assert "is this the right file?" in err
