"""Where the shipped data is found (the packaged copy first, else the checkout's folder), the version both programs
give, and `cubeviz-solve shipped`, which lists the data as this installation has it."""

from __future__ import annotations

import json
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

from solvers import assets
from solvers import version as version_module
from solvers.cli import main as cli_main
from solvers.cube.schemes import available_schemes
from solvers.packing.puzzle_io import shipped_collections, shipped_puzzles

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def fake_package(tmp_path, monkeypatch):
    """`solvers` pretended to live in tmp_path/site/solvers; the accessor's cache is emptied before and after."""
    package = tmp_path / "site" / "solvers"
    package.mkdir(parents=True)
    monkeypatch.setattr(assets.resources, "files", lambda name: package)
    assets.assets_root.cache_clear()
    yield package
    assets.assets_root.cache_clear()


def _data_folder(root: Path, marker: str) -> None:
    (root / "puzzles").mkdir(parents=True)
    (root / "puzzles" / f"{marker}.json").write_text("{}")


def test_a_checkout_reads_its_top_level_assets_folder():
    assert Path(str(assets.assets_root())) == ROOT / "assets"
    assert shipped_puzzles() == sorted(path.stem for path in (ROOT / "assets/puzzles").glob("*.json"))
    assert available_schemes() == sorted(path.stem for path in (ROOT / "assets/schemes").glob("*.json"))


def test_the_packaged_copy_wins_over_a_folder_beside_the_package(fake_package):
    _data_folder(fake_package / "_assets", "packaged")
    _data_folder(fake_package.parent / "assets", "stray")
    assert assets.names_in(assets.asset("puzzles")) == ["packaged"]


def test_without_a_packaged_copy_the_folder_beside_the_package_is_read(fake_package):
    _data_folder(fake_package.parent / "assets", "checkout")
    assert assets.names_in(assets.asset("puzzles")) == ["checkout"]


def test_an_empty_packaged_folder_left_by_an_uninstall_is_passed_over(fake_package):
    (fake_package / "_assets").mkdir()
    _data_folder(fake_package.parent / "assets", "checkout")
    assert assets.names_in(assets.asset("puzzles")) == ["checkout"]


def test_no_data_anywhere_is_a_clear_error(fake_package):
    with pytest.raises(assets.AssetsMissing, match="shipped data of cubeviz is missing"):
        assets.assets_root()


def test_names_in_lists_only_files_with_the_suffix(tmp_path):
    (tmp_path / "b.json").write_text("{}")
    (tmp_path / "a.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("")
    (tmp_path / "folder.json").mkdir()
    assert assets.names_in(tmp_path) == ["a", "b"]
    assert assets.names_in(tmp_path / "absent") == []


def test_both_programs_give_the_installed_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli_main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"cubeviz-solve {version('cubeviz')}"
    from cubeviz.app import parse_arguments

    with pytest.raises(SystemExit):
        parse_arguments(["--version"])
    assert capsys.readouterr().out.strip() == f"cubeviz {version('cubeviz')}"


def test_a_bare_checkout_gives_the_declared_version_marked_as_such(monkeypatch):
    def not_installed(name: str) -> str:
        raise version_module.PackageNotFoundError(name)

    monkeypatch.setattr(version_module, "version", not_installed)
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert version_module.cubeviz_version() == f"{declared} (source checkout, not installed)"


def test_shipped_lists_every_puzzle_under_its_collection(capsys):
    assert cli_main(["shipped"]) == 0
    lines = capsys.readouterr().out.splitlines()
    collections: dict[str, list[str]] = {}
    for path in sorted((ROOT / "assets/puzzles").glob("*.json")):
        collections.setdefault(json.loads(path.read_text()).get("collection", ""), []).append(path.stem)
    assert lines[0] == f"puzzles ({sum(map(len, collections.values()))}):"
    assert lines[1:-1] == [f"  {name or 'other'}: {', '.join(collections[name])}" for name in sorted(collections)]
    assert lines[-1] == f"schemes (2): {', '.join(available_schemes())}"
    assert shipped_collections() == collections


def test_shipped_with_a_kind_prints_one_name_a_line(capsys):
    assert cli_main(["shipped", "schemes"]) == 0
    assert capsys.readouterr().out.split() == ["japanese", "standard"]
    with pytest.raises(SystemExit) as exit_info:
        cli_main(["shipped", "pieces"])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1
