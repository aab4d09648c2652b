"""JSON as our file formats want it: strict, and bounded before it is parsed.

Why not plain json.loads: it accepts duplicate keys (keeping the last silently), NaN and Infinity, recurses once
per nesting level (100,000 '[' end in RecursionError), raises int()'s own error on a number of 4,301 digits, and
reads 1e400 as infinity.
Every file format of cubeviz reads through `loads`, which refuses all of these with a JSONDecodeError that says
where, so each caller's existing error message covers them.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 64  # our formats nest a handful of levels; far deeper is not one of our files
MAX_NUMBER_DIGITS = 30
MAX_FLOAT_CHARACTERS = 64  # a double needs 17 significant digits and an exponent; 1e400 (inf) is refused too


def _depth_error(text: str) -> json.JSONDecodeError | None:
    """The position where nesting passes MAX_DEPTH (brackets inside strings do not count), or None."""
    depth, in_string, escaped = 0, False, False
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return json.JSONDecodeError(f"nested more than {MAX_DEPTH} levels deep", text, index)
        elif char in "]}":
            depth -= 1
    return None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"the key {key!r} appears twice in one object")
        seen[key] = value
    return seen


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number in our files")


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_NUMBER_DIGITS:
        raise ValueError(f"a number of {digits:,} digits")
    return int(text)


def _bounded_float(text: str) -> float:
    if len(text) > MAX_FLOAT_CHARACTERS:
        raise ValueError(f"a number of {len(text):,} characters")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is out of range")
    return value


def loads(text: str) -> Any:
    """Parse `text` strictly; every refusal is a json.JSONDecodeError (a ValueError) naming where or what."""
    problem = _depth_error(text)
    if problem is not None:
        raise problem
    try:
        return json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_constant=_refuse_constant,
            parse_int=_bounded_int,
            parse_float=_bounded_float,
        )
    except json.JSONDecodeError:
        raise
    except (ValueError, RecursionError) as exc:
        raise json.JSONDecodeError(str(exc), text, 0) from None
