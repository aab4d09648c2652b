"""Colour schemes: which colour (name, letter, RGB) each face of a solved cube shows. Data lives in assets/schemes."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path

from solvers import strict_json
from solvers.assets import asset, names_in
from solvers.cube.geometry import Face

SCHEMES_DIR = asset("schemes")
DEFAULT_SCHEME = "standard"


class SchemeError(ValueError):
    """A scheme file that cannot be used; the message says which file and what is wrong."""


@dataclass(frozen=True)
class ColourScheme:
    """One colour per face. Letters are unique, so a colour-letter string can be read back unambiguously."""

    name: str
    colour_names: dict[Face, str]
    letters: dict[Face, str]
    rgb: dict[Face, tuple[int, int, int]]

    def face_of_letter(self, letter: str) -> Face:
        for face, own in self.letters.items():
            if own == letter.upper():
                return face
        raise KeyError(letter)


def available_schemes() -> list[str]:
    return names_in(SCHEMES_DIR)


def load_scheme(name_or_path: str | Path = DEFAULT_SCHEME) -> ColourScheme:
    """Load a shipped scheme by name (e.g. 'standard') or any scheme file by path."""
    path: Traversable = Path(name_or_path)
    if Path(name_or_path).suffix != ".json":
        path = SCHEMES_DIR / f"{name_or_path}.json"  # shipped: read through the accessor (maybe from a zip)
    try:
        data = strict_json.loads(path.read_text(encoding="utf-8"))
        faces = data["faces"]
        colour_names = {face: str(faces[face.name]["colour"]) for face in Face}
        letters = {face: str(faces[face.name]["letter"]).upper() for face in Face}
        rgb = {face: _rgb(faces[face.name]["rgb"]) for face in Face}
        display_name = str(data.get("name", path.name.removesuffix(".json")))
    except OSError as exc:
        raise SchemeError(f"cannot read colour scheme {path}: {exc.strerror or 'no such file'}") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise SchemeError(f"colour scheme {path} is malformed: {exc!r}") from None
    if len(set(letters.values())) != 6 or any(len(letter) != 1 for letter in letters.values()):
        raise SchemeError(f"colour scheme {path} needs six different one-letter colour codes")
    if any(len(c) != 3 or not all(0 <= v <= 255 for v in c) for c in rgb.values()):
        raise SchemeError(f"colour scheme {path} has an rgb value outside 0..255")
    return ColourScheme(display_name, colour_names, letters, rgb)


def _rgb(values: list) -> tuple[int, int, int]:
    """A colour's three channels as ints (their range is checked by the caller, with the file's name)."""
    red, green, blue = (int(v) for v in values)
    return red, green, blue
