"""A whole 2x2 net pairs input (T, then T pairs of nets) to one distance per pair, a precise message per bad pair.

Fast path: the whole text is checked and read with array operations (batch.py). Only when that fails does a line
by line reader run, to say which pair and line is wrong and to carry on with the following pairs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from solvers.cube.pocket_formats import NET_ROWS, PocketFormatError, colour_map, net_letters, state_from_letters
from solvers.engine import Metric
from solvers.pocket.batch import INVALID, bulk_letters, byte_classes, pair_distances, pair_layout, split_count

LINES_PER_PAIR = len(NET_ROWS)
_MAX_FORMATTED = 99

_NO_BLANKS = str.maketrans("", "", " \t\r\v\f")  # the blanks the bulk reader skips (lines are split on \n)
_MAX_COUNT_DIGITS = 9  # T below a billion: a longer digit run is a typo (and int() refuses 4,301 digits)


@dataclass
class PairAnswers:
    """distances[k] answers pair k (-1: none); errors are (answers before it, message), in input order."""

    distances: np.ndarray
    errors: list[tuple[int, str]] = field(default_factory=list)


def distances_from_text(data: bytes, metric: Metric | str = Metric.QTM) -> PairAnswers:
    token, offset = split_count(data)
    if not token.isdigit():
        shown = token[:20].decode("utf-8", "replace") if token else "nothing"
        return PairAnswers(np.zeros(0, np.int16), [(0, f"line 1: expected the number of pairs T, got {shown!r}")])
    if len(token) > _MAX_COUNT_DIGITS:
        shown = f"{token[:12].decode()}... ({len(token):,} digits)"
        return PairAnswers(np.zeros(0, np.int16), [(0, f"line 1: T = {shown} is more pairs than any input holds")])
    count = int(token)
    letters = bulk_letters(data, offset, count)
    if letters is not None:
        distances = pair_distances(letters, metric)
        bad = np.flatnonzero(distances == INVALID)
        if len(bad) == 0:
            return PairAnswers(distances)
        lines = _pair_start_lines(data, offset, bad)
        errors = [(int(k), _diagnose(int(k), int(line), letters[k])) for k, line in zip(bad, lines, strict=True)]
        return PairAnswers(distances, errors)
    return _line_by_line(data, offset, count, metric)


def format_distances(distances: np.ndarray) -> bytes:
    """One decimal number per line (values -1..99), built with array operations: 250,000 lines in milliseconds."""
    values = np.asarray(distances, dtype=np.int64)
    if values.size and (values.min() < -1 or values.max() > _MAX_FORMATTED):
        raise ValueError("distances must lie in -1..99")
    glyphs = np.full((len(values), 3), ord("\n"), dtype=np.uint8)
    two_digits = values >= 10
    glyphs[:, 0] = np.where(values < 0, ord("-"), np.where(two_digits, ord("0") + values // 10, ord("0") + values))
    glyphs[:, 1] = np.where(values < 0, ord("1"), np.where(two_digits, ord("0") + values % 10, ord("\n")))
    width = np.where((values < 0) | two_digits, 3, 2)
    return glyphs[np.arange(3) < width[:, None]].tobytes()


def _pair_start_lines(data: bytes, offset: int, pairs: np.ndarray) -> np.ndarray:
    """1-based line numbers where each listed pair's first character sits (bulk path only)."""
    whitespace, _ = byte_classes()
    raw = np.frombuffer(data, dtype=np.uint8)
    positions = np.flatnonzero(~whitespace[raw[offset:]]) + offset
    starts = positions[pairs * pair_layout().chars_per_pair]
    newlines = np.flatnonzero(raw == ord("\n"))
    return np.searchsorted(newlines, starts) + 1


def _diagnose(pair: int, line: int, letters: np.ndarray) -> str:
    """Why pair `pair` (0-based) has no answer, from its letters (2, 24) in facelet order."""
    nets = [bytes(row).decode("ascii") for row in letters]
    where = f"pair {pair + 1} (line {line})"
    try:
        mapping = colour_map(nets[0])
    except PocketFormatError as exc:
        return f"{where}: net A: {exc}"
    for name, net in zip("AB", nets, strict=True):
        try:
            state_from_letters(net, mapping)
        except PocketFormatError as exc:
            return f"{where}: net {name}: {exc}"
    return f"{where}: not a pair of real cubes"  # pragma: no cover - the checks above cover every rejection


def _line_by_line(data: bytes, offset: int, count: int, metric: Metric | str) -> PairAnswers:
    """Slow path: pairs are six non-blank lines each; report each bad pair and keep reading after it."""
    rest = data[offset:].decode("utf-8", "replace")
    first_line = data.count(b"\n", 0, offset) + 1  # the rest starts on the line that holds T
    lines = enumerate(rest.split("\n"), first_line)
    numbered = [(number, line) for number, line in lines if line.translate(_NO_BLANKS)]
    # T comes from the input: size the answers by the pairs the text can hold, not by T (T = 10**10 is a typo).
    distances = np.full(min(count, len(numbered) // LINES_PER_PAIR), INVALID, dtype=np.int16)
    errors: list[tuple[int, str]] = []
    good_pairs: list[int] = []
    good_letters: list[np.ndarray] = []
    for pair in range(count):
        rows = numbered[LINES_PER_PAIR * pair : LINES_PER_PAIR * (pair + 1)]
        if len(rows) < LINES_PER_PAIR:
            errors.append((pair, f"pair {pair + 1}: input ends after {pair} of {count} pairs"))
            break
        try:
            good_letters.append(_pair_letters(rows))
            good_pairs.append(pair)
        except PocketFormatError as exc:
            errors.append((pair, f"pair {pair + 1} ({exc})"))
    extra = numbered[LINES_PER_PAIR * count :]
    if extra:
        errors.append((count, f"line {extra[0][0]}: text after the last of the {count} pairs"))
    if good_pairs:
        letters = np.stack(good_letters)
        found = pair_distances(letters, metric)
        distances[good_pairs] = found
        for k in np.flatnonzero(found == INVALID):
            pair = good_pairs[k]
            line = numbered[LINES_PER_PAIR * pair][0]
            errors.append((pair, _diagnose(pair, line, letters[k])))
    errors.sort(key=lambda item: item[0])
    return PairAnswers(distances, errors)


def _is_separator(text: str) -> bool:
    """One printable ASCII character that is not a letter (the bulk reader's rule)."""
    return len(text) == 1 and "!" <= text <= "~" and not text.isalpha()


def _pair_letters(rows: list[tuple[int, str]]) -> np.ndarray:
    """(2, 24) uint8 letters of one pair from its six numbered lines; PocketFormatError naming the line."""
    halves: tuple[list[str], list[str]] = ([], [])
    for (number, line), names in zip(rows, NET_ROWS, strict=True):
        squeezed = line.translate(_NO_BLANKS)
        width = len(names)
        separator = squeezed[width : width + 1]
        if len(squeezed) != 2 * width + 1 or not _is_separator(separator) or not squeezed.isascii():
            raise PocketFormatError(
                f"line {number}: expected {width} letters, a separator, {width} letters; got {squeezed!r}"
            )
        halves[0].append(squeezed[:width])
        halves[1].append(squeezed[width + 1 :])
    nets = []
    for half in halves:
        try:
            nets.append(net_letters(half))
        except PocketFormatError as exc:
            raise PocketFormatError(f"line {rows[0][0]}: {exc}") from None
    return np.array([list(net.encode("ascii", "replace")) for net in nets], dtype=np.uint8)
