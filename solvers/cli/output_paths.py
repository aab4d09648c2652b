"""The files a command writes, checked before any work: `--out` must be a file that can be written whole
(see solvers/output_files.py), and no output may be one of the command's inputs or another output."""

from __future__ import annotations

import argparse
from collections.abc import Iterable

from solvers.cli.common import CliInputError


def output_path(text: str) -> str:
    """An argparse type for an output file: refused in one line when empty, a directory, a block device, a
    socket, a broken link, or a new name in a directory that does not exist."""
    from solvers.output_files import OutputFileError, check_output_path

    try:
        check_output_path(text)
    except OutputFileError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: {exc.strerror}" if text else exc.strerror) from None
    return text


def refuse_same_files(outputs: Iterable[tuple[str, str | None]], inputs: Iterable[tuple[str, str | None]]) -> None:
    """Refuse (one line) an output that is one of the inputs, or another output, under any name (a symbolic or
    hard link, a relative path): compared by device and inode, so nothing is overwritten. Each pair is (what the
    file is to the user, its path or None)."""
    from solvers.output_files import same_file

    named = [(what, path) for what, path in inputs if path]
    for what, path in outputs:
        if not path:
            continue
        for other_what, other in named:
            if same_file(path, other):
                raise CliInputError(f"{what} {path} is {other_what}: it would be overwritten")
        named.append((what, path))
