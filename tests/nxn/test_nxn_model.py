"""The test model itself against known facts, so that replays through it mean something."""

from __future__ import annotations

from tests.nxn.sticker_model import StickerModel


def test_sexy_move_has_order_six_and_a_face_turn_order_four():
    for n in (2, 3, 4, 5):
        cube = StickerModel(n)
        for _ in range(4):
            cube.apply("R")
        assert cube.solved() and cube.facelets() == StickerModel(n).facelets()
        for _ in range(6):
            cube.apply("R U R' U'")
        assert cube.facelets() == StickerModel(n).facelets()
        cube.apply("R U R' U'")
        assert not cube.solved()


def test_r_turn_lifts_front_stickers_to_up_on_a_3x3():
    cube = StickerModel(3)
    cube.apply("R")
    text = cube.facelets()
    assert text[2] == text[5] == text[8] == "F"  # U3, U6, U9 show the front colour
    assert text[18 + 2] == "D"  # F3 shows the down colour
