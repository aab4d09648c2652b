"""Display colours through BurrTools files: BurrTools' format has none for a piece, so ours travel in an attribute
of our own on the piece's shape (which BurrTools skips); a puzzle written and read back keeps every piece's
colour, a file without them gets the palette, and a malformed one is a one-line error."""

from __future__ import annotations

import pytest

from solvers.cli import main
from solvers.packing import load_puzzle
from solvers.packing.burrtools_io import DISPLAY_COLOUR, BurrToolsFileError, parse_burrtools, write_burrtools
from solvers.packing.burrtools_puzzle import PALETTE, burr_problem, from_puzzle, to_puzzle

PLAIN = (
    b'<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
    b'<voxel x="2" y="1" z="1" type="0"{attribute}>##</voxel><voxel x="2" y="2" z="1" type="0">####</voxel>'
    b'</shapes><problems><problem name="dominoes"><shapes><shape id="0" count="2"/></shapes><result id="1"/>'
    b"<bitmap/></problem></problems></puzzle>"
)


def _with(attribute: str) -> bytes:
    return PLAIN.replace(b"{attribute}", attribute.encode())


@pytest.mark.parametrize("name", ["soma", "diabolical"])
def test_written_pieces_keep_their_colours(name: str, tmp_path) -> None:
    original = load_puzzle(name)
    path = tmp_path / f"{name}.xmpuzzle"
    write_burrtools(path, from_puzzle(original))
    back = to_puzzle(burr_problem(parse_burrtools(path.read_bytes())))
    assert [p.colour for p in back.pieces] == [p.colour for p in original.pieces]
    assert len({p.colour for p in original.pieces}) > 1  # the colours are the puzzle's, not one default


def test_a_file_without_display_colours_gets_the_palette_and_one_with_them_its_own() -> None:
    assert to_puzzle(burr_problem(parse_burrtools(_with("")))).pieces[0].colour == PALETTE[0]
    coloured = _with(f' {DISPLAY_COLOUR}="#12AB9f"')
    assert to_puzzle(burr_problem(parse_burrtools(coloured))).pieces[0].colour == "#12AB9f"


@pytest.mark.parametrize("value", ["red", "#12345", "#1234567", "#12345g", ""])
def test_a_malformed_display_colour_is_one_line(value: str, tmp_path, capsys) -> None:
    raw = _with(f' {DISPLAY_COLOUR}="{value}"')
    if not value:  # an empty attribute says nothing: the palette
        assert to_puzzle(burr_problem(parse_burrtools(raw))).pieces[0].colour == PALETTE[0]
        return
    with pytest.raises(BurrToolsFileError, match=f"shape 1: {DISPLAY_COLOUR} must be a colour #rrggbb"):
        parse_burrtools(raw)
    path = tmp_path / "bad.xmpuzzle"
    path.write_bytes(raw)
    assert main(["pack", str(path), "--count"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "#rrggbb" in err
