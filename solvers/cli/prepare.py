"""`cubeviz-solve prepare`: get a machine ready for its first solve (the two-phase tables built and cached, the
search compiled into numba's cache), with one progress line in the terminal; at once when all is ready."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from solvers.cli.common import add_command

EXIT_NOT_READY = 1


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_command(
        subparsers,
        "prepare",
        run,
        help="build the two-phase tables and compile the search, so the first solve starts at once",
        description="Build what the first 3x3x3 solve needs (the two-phase tables, in the table cache, and the "
        "compiled search, in numba's cache), showing progress; does nothing when all is ready.",
    )
    parser.add_argument("--check", action="store_true", help="only say whether all is ready (exit 0) or not (1)")


def run(args: argparse.Namespace) -> int:
    from solvers.rubik.preparation import prepare_search, twophase_ready
    from solvers.rubik.rubik_tables import default_tables

    tables = default_tables()
    if twophase_ready(tables):
        print("cubeviz: ready for the first solve (tables and compiled search cached)")
        return 0
    if args.check:
        print("cubeviz: not ready: the two-phase tables or the compiled search are missing (run prepare)")
        return EXIT_NOT_READY
    line = ProgressLine(sys.stderr)
    started = time.perf_counter()
    prepared = prepare_search(tables, line.show)
    line.done()
    built = f", built {len(prepared.built)} of them" if prepared.built else ""
    print(
        f"cubeviz: ready for the first solve in {time.perf_counter() - started:.1f} s "
        f"(tables {prepared.table_seconds:.1f} s{built}; compiling {prepared.compile_seconds:.1f} s)"
    )
    return 0


class ProgressLine:
    """One line rewritten in place on a terminal (a line per stage elsewhere, e.g. in a log): which table of how
    many, its size, how far and how long it has left; then the compile and its seconds."""

    REFRESH_SECONDS = 0.25

    def __init__(self, stream: TextIO) -> None:
        from solvers.time_left import TimeLeft

        self.stream = stream
        self.tty = stream.isatty()
        self.time_left = TimeLeft()
        self._stage = ""
        self._last = 0.0
        self._width = 0

    def show(self, event: object) -> None:
        from solvers.rubik.preparation import TableProgress, describe_table
        from solvers.rubik.warmup import CompileProgress
        from solvers.time_left import describe_seconds

        now = time.perf_counter()
        if isinstance(event, TableProgress):
            stage = describe_table(event)
            if stage != self._stage:
                self.time_left = type(self.time_left)()
            self.time_left.add(event.fraction, now)
            left = self.time_left.seconds(now)
            eta = f", about {describe_seconds(left)} left" if left is not None and event.building else ""
            text = f"Preparing: {stage}: {event.fraction:.0%}{eta}"
        elif isinstance(event, CompileProgress):
            stage = f"{'loading' if event.cached else 'compiling'} {event.what}"
            first = "" if event.cached else " (once per machine)"
            text = f"Preparing: {stage}{first}: {describe_seconds(event.elapsed)}"
        else:
            return
        if self.tty:
            if now - self._last >= self.REFRESH_SECONDS or stage != self._stage:
                self._last = now
                self.stream.write("\r" + text.ljust(self._width))
                self._width = len(text)
                self.stream.flush()
        elif stage != self._stage:
            print(text, file=self.stream, flush=True)
        self._stage = stage

    def done(self) -> None:
        if self.tty and self._width:
            self.stream.write("\n")
            self.stream.flush()
