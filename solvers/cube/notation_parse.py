"""Reading WCA/Singmaster algorithm text into nodes, with errors that point at the exact character.

Grammar (whitespace and comments may appear between any two tokens, and may be left out between turns)::

    sequence := item*
    item     := TURN | "(" sequence ")" suffix | "[" sequence ("," | ":") sequence "]" suffix
    suffix   := [COUNT] ["'"]
    TURN     := ( [UDLRFB] ["w"] | [udlrfb] | [MES] | [xyz] ) [COUNT] ["'"]

`//` starts a comment running to the end of the line, `/* ... */` a block comment. A turn's count is 1, 2 or 3
quarters (R3 = R', R2' = R2); a group's count is how often it repeats. Typographic primes (’ ′) are accepted
because algorithms are often pasted from web pages.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.cube.notation_nodes import (
    QUARTERS_PER_TURN,
    Commutator,
    Conjugate,
    Group,
    Node,
    NotationError,
    Turn,
    TurnKind,
    flat_length,
)

MAX_REPETITIONS = 1000  # enough for (R U)105; stops a typo like (R)99999999 from building a huge list
MAX_TURNS = 100_000  # longest flattened algorithm accepted
_PRIMES = "'’′"
_OUTER = "UDLRFB"
_WIDE_LOWER = "udlrfb"
_SLICES = "MES"
_ROTATIONS = "xyz"
_PUNCTUATION = "()[],:"
_MAX_DIGITS = 8  # longer digit runs are refused before int() sees them


@dataclass(frozen=True)
class Token:
    kind: str  # "turn", "count", "prime", "end" or one of the punctuation characters
    text: str
    position: int
    turn: Turn | None = None
    error: NotationError | None = None  # kind "error": the text cannot be read from here on


def where(text: str, position: int) -> str:
    """'column 7' for one-line text, 'line 2, column 3' otherwise (both 1-based, as editors show them)."""
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return f"column {column}" if "\n" not in text else f"line {line}, column {column}"


def _error(text: str, position: int, token: str, what: str, hint: str = "") -> NotationError:
    """'<what> at column N[: <hint>]' -- the position always follows the thing it locates."""
    message = f"{what} at {where(text, position)}" + (f": {hint}" if hint else "")
    return NotationError(message, position, token)


def _describe(token: str) -> str:
    return "end of text" if token == "" else repr(token)


def tokenize(text: str, size: int = 3) -> list[Token]:
    """Split text into tokens; the last one has kind 'end'. Where the text cannot be read (a bad turn, a stray
    character) the tokens end with an 'error' token that carries the message: the parser raises it only when it
    gets there, so the error reported is always the first one in the text, whether it is one of reading (M4) or
    of structure (a stray ']' before it)."""
    tokens: list[Token] = []
    try:
        _read_tokens(text, size, tokens)
    except NotationError as exc:
        tokens.append(Token("error", exc.token, exc.position, error=exc))
    tokens.append(Token("end", "", len(text)))
    return tokens


def _read_tokens(text: str, size: int, tokens: list[Token]) -> None:
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end + 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise _error(text, i, "/*", "comment '/*'", "it is never closed (missing '*/')")
            i = end + 2
        elif ch in _PUNCTUATION:
            tokens.append(Token(ch, ch, i))
            i += 1
        elif ch in _PRIMES:
            tokens.append(Token("prime", ch, i))
            i += 1
        elif ch.isascii() and ch.isdigit():
            j = _digits_end(text, i)
            after_group = bool(tokens) and tokens[-1].kind in (")", "]")
            if j < n and text[j].isalpha() and not after_group:
                k = j + 1 + (j + 1 < n and text[j + 1] == "w")
                raise _error(text, i, text[i:k], f"layer prefix in {text[i:k]!r}", "only 2x2x2 and 3x3x3 are supported")
            tokens.append(Token("count", text[i:j], i))
            i = j
        elif ch in _OUTER or ch in _WIDE_LOWER or ch in _SLICES or ch in _ROTATIONS:
            token, i = _read_turn(text, i, size)
            tokens.append(token)
        else:
            raise _error(text, i, ch, f"unexpected {ch!r}")


def _digits_end(text: str, i: int) -> int:
    while i < len(text) and text[i].isascii() and text[i].isdigit():
        i += 1
    return i


def _count_value(digits: str, default: int) -> int:
    """The number written, `default` when nothing is, 0 (always out of range) for absurdly long digit runs."""
    if not digits:
        return default
    return int(digits) if len(digits) < _MAX_DIGITS else 0


def _read_turn(text: str, start: int, size: int) -> tuple[Token, int]:
    ch = text[start]
    i = start + 1
    if ch in _OUTER and i < len(text) and text[i] == "w":
        name, i = ch + "w", i + 1
    elif ch in _WIDE_LOWER:
        name = ch.upper() + "w"
    else:
        name = ch
    digits_end = _digits_end(text, i)
    count_text = text[i:digits_end]
    i = digits_end
    prime = i < len(text) and text[i] in _PRIMES
    i += prime
    spelled = text[start:i]
    quarters = _count_value(count_text, default=1)
    if not 1 <= quarters <= 3:
        raise _error(text, start, spelled, f"turn {spelled!r}", f"amount {count_text} is not 1, 2 or 3")
    if prime:
        quarters = QUARTERS_PER_TURN - quarters
    turn = Turn(name, quarters)
    if size == 2 and turn.kind is TurnKind.SLICE:
        raise _error(text, start, spelled, f"slice turn {spelled!r}", "a 2x2x2 cube has no middle slice")
    return Token("turn", spelled, start, turn), i


class _Parser:
    def __init__(self, text: str, size: int) -> None:
        self.text = text
        self.tokens = tokenize(text, size)
        self.index = 0

    def peek(self) -> Token:
        token = self.tokens[self.index]
        if token.error is not None:
            raise token.error
        return token

    def take(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def unexpected(self, token: Token, hint: str = "") -> NotationError:
        return _error(self.text, token.position, token.text, f"unexpected {_describe(token.text)}", hint)

    def parse(self) -> tuple[Node, ...]:
        nodes = self.sequence()
        token = self.peek()
        if token.kind != "end":
            hint = "a repetition count or ' must follow ')' or ']'" if token.kind in ("count", "prime") else ""
            raise self.unexpected(token, hint)
        if flat_length(nodes) > MAX_TURNS:
            raise _error(self.text, 0, self.text[:20], "algorithm", f"it expands to more than {MAX_TURNS} turns")
        return nodes

    def sequence(self) -> tuple[Node, ...]:
        nodes: list[Node] = []
        while True:
            token = self.peek()
            if token.kind == "turn":
                self.take()
                assert token.turn is not None  # a "turn" token carries its turn
                nodes.append(token.turn)
            elif token.kind == "(":
                nodes.append(self.group())
            elif token.kind == "[":
                nodes.append(self.bracket())
            else:
                return tuple(nodes)

    def group(self) -> Node:
        opening = self.take()
        body = self.sequence()
        self.close(opening, ")")
        return Group(body, self.suffix())

    def bracket(self) -> Node:
        opening = self.take()
        a = self.sequence()
        separator = self.peek()
        if separator.kind not in (",", ":"):
            if separator.kind == "end":
                raise self.never_closed(opening)
            raise self.unexpected(
                separator, f"expected ',' or ':' inside the '[' at {where(self.text, opening.position)}"
            )
        self.take()
        b = self.sequence()
        self.close(opening, "]")
        node_type = Commutator if separator.kind == "," else Conjugate
        return node_type(a, b, self.suffix())

    def close(self, opening: Token, closer: str) -> None:
        token = self.peek()
        if token.kind == closer:
            self.take()
            return
        if token.kind == "end":
            raise self.never_closed(opening)
        raise self.unexpected(
            token, f"expected {closer!r} to close the {opening.text!r} at {where(self.text, opening.position)}"
        )

    def never_closed(self, opening: Token) -> NotationError:
        closer = ")" if opening.kind == "(" else "]"
        return _error(
            self.text,
            opening.position,
            opening.text,
            f"{opening.text!r}",
            f"it is never closed (missing {closer!r})",
        )

    def suffix(self) -> int:
        amount = 1
        token = self.peek()
        if token.kind == "count":
            self.take()
            amount = _count_value(token.text, default=1)
            if not 1 <= amount <= MAX_REPETITIONS:
                raise _error(
                    self.text,
                    token.position,
                    token.text,
                    f"repetition {token.text}",
                    f"a count is between 1 and {MAX_REPETITIONS}",
                )
        if self.peek().kind == "prime":
            self.take()
            amount = -amount
        return amount


def parse_nodes(text: str, size: int = 3) -> tuple[Node, ...]:
    """Parse algorithm text into nodes; raises NotationError naming the position and token of the first problem."""
    if size not in (2, 3):
        raise ValueError(f"only 2x2x2 and 3x3x3 cubes are modelled, not {size}")
    return _Parser(text, size).parse()
