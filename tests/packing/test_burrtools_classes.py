"""The classes of a BurrTools count with each image packed into one integer (``_row_ranks``) are the classes of
the images compared row by row, on seeded random boxes with a layer of variable cells and a spare monomino in a
count range (hundreds of assemblies, mirror images among them); a single assembly is its own class."""

from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np
import pytest
from box_cuts import capped_box_file

import solvers.packing.burrtools_count as burrtools_count
from solvers.packing.burrtools_io import parse_burrtools
from solvers.packing.burrtools_puzzle import burr_problem


def _class_calls(monkeypatch, seed: int, n: int) -> list[tuple]:
    """The arguments of every class computation the counts of ``n`` random files make."""
    calls: list[tuple] = []
    real = burrtools_count._fast_classes
    monkeypatch.setattr(burrtools_count, "_fast_classes", lambda *args: calls.append(args) or real(*args))
    rng = random.Random(seed)
    for _ in range(n):
        text = capped_box_file(rng, [(2, 1), (2, 2), (3, 1)], 3, (2, 5))
        burrtools_count.count(burr_problem(parse_burrtools(text.encode())))
    monkeypatch.undo()
    return calls


@pytest.mark.parametrize("seed", [1, 2])
def test_packed_images_give_the_classes_of_images_compared_row_by_row(monkeypatch, seed: int) -> None:
    calls = _class_calls(monkeypatch, seed, 6)
    packed = [burrtools_count._fast_classes(*args) for args in calls]
    monkeypatch.setattr(burrtools_count, "_row_ranks", lambda *args: None)
    by_rows = [burrtools_count._fast_classes(*args) for args in calls]
    assert packed == by_rows
    merged = [(len(args[3]), len(keep)) for args, keep in zip(calls, packed, strict=True) if keep is not None]
    assert sum(n for n, _ in merged) > 200 and any(k < n for n, k in merged)  # classes of several assemblies


def test_one_assembly_is_its_own_class_without_the_symmetries(monkeypatch) -> None:
    def no_symmetries(problem):
        raise AssertionError("the symmetries of a single assembly were worked out")

    calls = _class_calls(monkeypatch, 1, 1)
    monkeypatch.setattr(burrtools_count, "_result_symmetries", no_symmetries)
    problem, cover, puzzle, rows, *rest = calls[0]
    assert burrtools_count._fast_classes(problem, cover, puzzle, rows[:1], *rest) == [0]
    assert burrtools_count._fast_classes(problem, cover, puzzle, rows[:0], *rest) == []


def _toy(rng, n_rows: int, perm, proper):
    """A problem and cover of ``n_rows`` rows of three kinds (ranges 0-2, 1-3, 0-5) for the class functions."""
    kinds = [SimpleNamespace(minimum=0, maximum=2), SimpleNamespace(minimum=1, maximum=3),
             SimpleNamespace(minimum=0, maximum=5)]  # fmt: skip
    cover = SimpleNamespace(n_rows=n_rows, n_kinds=3, row_kind=rng.integers(0, 3, n_rows))
    return SimpleNamespace(kinds=kinds), cover


@pytest.mark.parametrize("seed", range(4))
def test_packed_smallest_image_is_the_smallest_image_packed(seed: int) -> None:
    """With more rows than bits in an integer, on random row permutations with rows that have no image,
    reflections that break the kinds' ranges and assemblies padded with -1: each assembly's integer is its
    smallest valid image (compared row by row) packed."""
    rng = np.random.default_rng(seed)
    n_rows, width = 90, 5
    perm = np.stack([np.arange(n_rows)] + [rng.permutation(n_rows) for _ in range(7)])
    perm[1:][rng.random((7, n_rows)) < 0.05] = -1  # some rows have no image
    perm = np.concatenate([perm, np.full((8, 1), n_rows)], axis=1)  # the padding stays padding
    proper = np.asarray([True] * 4 + [False] * 4)
    problem, cover = _toy(rng, n_rows, perm, proper)
    sols = np.sort(rng.integers(0, n_rows, (300, width)), axis=1)
    sols[rng.random(sols.shape) < 0.2] = -1
    ranks = burrtools_count._row_ranks(perm, np.unique(sols[sols >= 0]), n_rows, width)
    assert ranks is not None and ranks[1] is not None  # ranks packed, not a set of bits
    table, bits = ranks
    assert int(table.max()) < 1 << bits and bits * width <= 63  # every rank fits its field: codes compare as images
    codes = burrtools_count._smallest_codes(problem, cover, perm, proper, sols, ranks)
    best = burrtools_count._smallest_images(problem, cover, perm, proper, sols)
    assert (table[best] @ (1 << (bits * np.arange(width - 1, -1, -1))) == codes).all()
    _, valid = burrtools_count._images(problem, cover, perm, proper, sols)
    assert not valid.all() and valid[0].all()  # some images are no assemblies; the identity always is


@pytest.mark.parametrize(("seed", "n_rows"), [(0, 40), (1, 60), (2, 90), (3, 120)])
def test_image_integers_give_the_classes_of_images_compared_row_by_row(seed: int, n_rows: int) -> None:
    """Under a group of row permutations (powers of one permutation of cycles of 1, 2, 4 and 8 rows, kinds kept
    along each cycle), assemblies and their images: the classes by the smallest integer (a set of row bits up to
    63 rows, packed ranks beyond) are the classes by the smallest image compared row by row."""
    rng = np.random.default_rng(seed)
    order = rng.permutation(n_rows)
    step = np.arange(n_rows)
    at = 0
    while at < n_rows:
        size = int(rng.choice([1, 2, 4, 8]))
        size = size if size <= n_rows - at else 1  # every cycle's length divides 8: the powers are a group
        cycle = order[at : at + size]
        step[cycle] = np.roll(cycle, -1)
        at += size
    powers = [np.arange(n_rows)]
    for _ in range(7):
        powers.append(step[powers[-1]])
    perm = np.concatenate([np.stack(powers), np.full((8, 1), n_rows)], axis=1)
    proper = np.asarray([True, False] * 4)
    problem, cover = _toy(rng, n_rows, perm, proper)
    cover.row_kind = cover.row_kind[np.minimum.reduce(np.stack(powers))]  # one kind along each cycle
    width = 4
    base = np.stack([rng.choice(n_rows, size=width, replace=False) for _ in range(60)])
    sols = np.concatenate([base, step[base], powers[3][base]])  # assemblies and images of them
    sols[rng.random(sols.shape) < 0.15] = -1
    ranks = burrtools_count._row_ranks(perm, np.unique(sols[sols >= 0]), n_rows, width)
    assert ranks is not None and (ranks[1] is None) == (n_rows <= 63)
    codes = burrtools_count._smallest_codes(problem, cover, perm, proper, sols, ranks)
    best = burrtools_count._smallest_images(problem, cover, perm, proper, sols)
    by_code = np.unique(codes, return_inverse=True)[1]
    by_rows = np.unique(best, axis=0, return_inverse=True)[1].ravel()
    assert (by_code[:, None] == by_code[None, :]).tolist() == (by_rows[:, None] == by_rows[None, :]).tolist()
    assert len(np.unique(by_code)) < len(sols)  # images of one assembly share its class
