"""The fast whole-text reader of 2x2 net pairs and the line-by-line reader accept exactly the same texts, so a
pair's answer never depends on whether another pair in the input is malformed."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.pocket.batch import split_count
from solvers.pocket.pairs import _line_by_line, distances_from_text

PAIR_ROWS = ["Y R | G R", "G W | B G", "G R B R G W O W | R O Y B Y O B W", "O B O B Y B G W | O W Y B R Y W R"]
PAIR_ROWS += ["R O | G G", "Y Y | W O"]
MUTATIONS = ("split a row", "join two rows", "raw byte separator", "control separator", "letter separator")


def _mutated(rows: list[str], mutation: str, rng: random.Random) -> list[str]:
    rows = list(rows)
    k = rng.randrange(len(rows) - 1)
    if mutation == "split a row":
        cut = rng.randrange(1, len(rows[k]))
        rows[k : k + 1] = [rows[k][:cut], rows[k][cut:]]
    elif mutation == "join two rows":
        rows[k : k + 2] = [rows[k] + " " + rows[k + 1]]
    else:
        separator = {"raw byte separator": "\xaf", "control separator": "\x1c", "letter separator": "x"}[mutation]
        rows[k] = rows[k].replace("|", separator)
    return rows


def _text(pairs: list[list[str]]) -> bytes:
    return ("\n".join([str(len(pairs))] + [row for pair in pairs for row in pair]) + "\n").encode("latin-1")


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), mutation=st.sampled_from(MUTATIONS), broken_other=st.booleans())
def test_a_pair_is_answered_the_same_whatever_its_neighbours(seed, mutation, broken_other):
    rng = random.Random(seed)
    pairs = [PAIR_ROWS, _mutated(PAIR_ROWS, mutation, rng), PAIR_ROWS]
    if broken_other:  # a third pair that is certainly malformed forces the line-by-line reader
        pairs[2] = PAIR_ROWS[:5] + ["Y Y W O"]
    data = _text(pairs)
    answers = distances_from_text(data)
    _, offset = split_count(data)
    slow = _line_by_line(data, offset, 3, "qtm")
    assert np.array_equal(answers.distances, slow.distances)
    assert answers.distances[0] == distances_from_text(_text([PAIR_ROWS])).distances[0] > 0  # answered either way
    assert answers.distances[1] == -1  # every mutation above makes the pair unreadable
    assert any(before == 1 for before, _ in answers.errors)
