"""Typed exceptions of the packing engine, so callers (CLI, GUI) can react without parsing messages."""

from __future__ import annotations


class PackingError(Exception):
    """Base class of every packing-engine error."""


class PuzzleFileError(PackingError, ValueError):
    """A puzzle file or mapping is malformed: bad JSON, unknown keys, wrong types, impossible geometry.

    ``where`` names the offending place (``"pieces[3].cells"``, a file name) so a one-line message can point at it.
    """

    def __init__(self, message: str, where: str = "") -> None:
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class ConstraintError(PackingError, ValueError):
    """A pin or forbid does not name a valid placement of a piece of this puzzle."""


class SymmetryError(PackingError, ValueError):
    """The requested symmetry reduction is undefined here (e.g. reflections with an unpaired chiral piece)."""


class SolutionFileError(PackingError, ValueError):
    """A solution file does not match the documented format or its puzzle."""
