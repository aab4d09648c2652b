"""The Solve dock's words for figures and stages: rates, durations, and what a table build or a compile is doing,
each short enough for two lines of the dock at its narrowest."""

from __future__ import annotations

from solvers.rubik.preparation import TableProgress
from solvers.rubik.warmup import CompileProgress
from solvers.time_left import describe_size


def format_rate(nodes_per_s: float) -> str:
    """Nodes per second, readable: 950 /s, 12.3 k/s, 48.1 M/s (kept on one line when the label wraps: a no-break
    space before the unit, a word joiner after its slash)."""
    for scale, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if nodes_per_s >= scale:
            return f"{nodes_per_s / scale:.1f}\N{NO-BREAK SPACE}{unit}/\N{WORD JOINER}s"
    return f"{nodes_per_s:.0f}\N{NO-BREAK SPACE}/\N{WORD JOINER}s"


def format_eta(seconds: float | None) -> str:
    if seconds is None:
        return "unknown"
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def seconds_text(seconds: float) -> str:
    """Seconds to two or three significant figures (0.00078, 0.52, 3.0, 39.6, 392), so that a rate worked out
    from the figures shown agrees with the rate shown, even for a search of a millisecond."""
    for floor, digits in ((100, 0), (1, 1), (0.1, 2), (0.01, 3)):
        if seconds >= floor:
            return f"{seconds:.{digits}f}"
    return f"{seconds:.2g}"


def rate_of(nodes: int, seconds: float) -> float:
    """The rate shown beside `nodes` and `seconds`: their quotient, so the three figures always agree."""
    return nodes / seconds if seconds > 0 else 0.0


def table_words(event: TableProgress, who: str = "") -> str:
    """Words like "Building table 3 of 4: the phase-1 pruning table (141 MB)...", in two lines of the dock;
    `who` names work other than the solve's own ("Scramble", "Start-up")."""
    if not event.title:  # no plan: the builder's own words
        return f"{who + ': p' if who else 'P'}reparing the tables ({event.message.strip()})..."
    place = f"table {event.index} of {event.count}" if event.index and event.count else ""
    size = f" ({describe_size(event.size_bytes)})" if event.size_bytes else ""
    verb = "building" if event.building else "loading"
    if who:
        return f"{who}: {verb} {place + ', ' if place else ''}the {event.title}{size}..."
    return f"{verb.capitalize()} {place + ': ' if place else ''}the {event.title}{size}..."


def compile_words(event: CompileProgress, who: str = "") -> str:
    """Words like "Compiling the two-phase search for this machine (once; then cached)...", in two lines."""
    if event.cached:
        text = f"loading the compiled {event.what.removeprefix('the ')}..."
    elif who:
        text = f"compiling {event.what} (once per machine)..."
    else:
        text = f"compiling {event.what} for this machine (once; then cached)..."
    return f"{who}: {text}" if who else text[0].upper() + text[1:]
