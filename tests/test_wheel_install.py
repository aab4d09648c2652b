"""cubeviz as a user installs it: the wheel is built from the checkout offline, installed into a folder of its own,
and run from another folder where the checkout cannot be imported; the sdist carries the data, docs and tests.

Everything runs with this venv's interpreter (numpy, numba, PyQt6 come from it) and its own setuptools, with no
network. The checkout is copied first, so building leaves nothing in it (build/, *.egg-info) and runs beside other
tests safely.
"""

from __future__ import annotations

import collections
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD_LEFTOVERS = (".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".ruff_cache")
COPY_IGNORE = shutil.ignore_patterns(*BUILD_LEFTOVERS, ".hypothesis", "_work", "*.whl")
STEP_SECONDS = 300
SOMA_SOLUTIONS = 11520  # 240 distinct assemblies times the cube's 48 symmetries (Conway and Guy)


def _declared_version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def _files_under(folder: Path) -> set[str]:
    """Relative paths of the files under `folder`, caches left out."""
    return {
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


def _run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=STEP_SECONDS)
    assert result.returncode == 0, f"{command} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"
    return result


def _offline_env() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1")
    return env


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    """A copy of the checkout to build from."""
    copy = tmp_path_factory.mktemp("source") / "cubeviz"
    shutil.copytree(ROOT, copy, ignore=COPY_IGNORE)
    return copy


@pytest.fixture(scope="module")
def wheel(source, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheels")
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), "."]
    _run(command, source, _offline_env())
    (built,) = out.glob("cubeviz-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The wheel installed into a folder of its own, without its dependencies (they come from this venv)."""
    target = tmp_path_factory.mktemp("target")
    _run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)], target)
    return target


@pytest.fixture(scope="module")
def elsewhere(installed, tmp_path_factory):
    """Run Python with only the installed folder importable, from a folder outside the checkout."""
    folder = tmp_path_factory.mktemp("elsewhere")
    env = _offline_env()
    env["PYTHONPATH"] = str(installed)
    env["XDG_DATA_HOME"] = str(folder / "data-home")

    def run(*arguments: str) -> str:
        return _run([sys.executable, *arguments], folder, env).stdout

    return run


def test_the_wheel_carries_every_shipped_file(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    shipped = {name.removeprefix("solvers/_assets/") for name in names if name.startswith("solvers/_assets/")}
    assert shipped == _files_under(ROOT / "assets")
    kinds = collections.Counter(Path(name).suffix for name in shipped)
    assert kinds[".json"] == len(list((ROOT / "assets").rglob("*.json"))) >= 30
    assert kinds[".svg"] == 1 and kinds[".png"] == 3  # the app's icon, and its renderings
    assert not any(name.startswith(("assets/", "tests/", "docs/")) for name in names)


def test_the_installed_code_is_the_wheel_s_not_the_checkout_s(elsewhere, installed):
    out = elsewhere("-c", "import cubeviz, solvers, solvers.assets as a; print(cubeviz.__file__, solvers.__file__)")
    assert all(Path(path).is_relative_to(installed) for path in out.split())
    assert not any(Path(path).is_relative_to(ROOT) for path in out.split())


def test_the_installed_cli_counts_the_soma_cube(elsewhere):
    lines = elsewhere("-m", "solvers", "pack", "soma", "--count").splitlines()
    assert lines[:2] == ["puzzle: soma", "pieces: 7"]
    assert f"solutions: {SOMA_SOLUTIONS}" in lines


def test_the_installed_cli_lists_the_shipped_puzzles_and_schemes(elsewhere):
    puzzles = sorted(path.stem for path in (ROOT / "assets" / "puzzles").glob("*.json"))
    schemes = sorted(path.stem for path in (ROOT / "assets" / "schemes").glob("*.json"))
    assert elsewhere("-m", "solvers", "shipped", "puzzles").split() == puzzles
    assert elsewhere("-m", "solvers", "shipped", "schemes").split() == schemes
    overview = elsewhere("-m", "solvers", "shipped")
    assert f"puzzles ({len(puzzles)}):" in overview and f"schemes ({len(schemes)}): {', '.join(schemes)}" in overview


def test_the_installed_programs_say_their_version(elsewhere):
    version = _declared_version()
    assert elsewhere("-m", "solvers", "--version").strip() == f"cubeviz-solve {version}"
    assert elsewhere("-m", "cubeviz", "--version").strip() == f"cubeviz {version}"


def test_the_app_s_entry_point_imports_from_the_installed_wheel(elsewhere, installed):
    script = (
        "import importlib.metadata as m, inspect\n"
        "(point,) = [p for p in m.entry_points(group='gui_scripts') if p.name == 'cubeviz']\n"
        "main = point.load()\n"
        "print(point.value, inspect.getfile(main))\n"
    )
    value, where = elsewhere("-c", script).split()
    assert value == "cubeviz.app:main"
    assert Path(where).is_relative_to(installed)


def test_the_installed_app_installs_its_desktop_entry_and_icons(elsewhere, installed):
    out = elsewhere("-m", "cubeviz", "--install-desktop-entry")
    written = [Path(line.removeprefix("wrote ")) for line in out.splitlines()]
    by_name = {path.relative_to(path.parents[2]).as_posix(): path for path in written if "icons" in path.parts}
    assert by_name["scalable/apps/cubeviz.svg"].read_bytes() == (ROOT / "assets/icons/cubeviz.svg").read_bytes()
    assert by_name["256x256/apps/cubeviz.png"].read_bytes() == (ROOT / "assets/icons/cubeviz-256.png").read_bytes()
    entry = next(path for path in written if path.suffix == ".desktop").read_text()
    assert f"Exec={sys.executable} -m cubeviz %f" in entry.splitlines()
    removed = elsewhere("-m", "cubeviz", "--uninstall-desktop-entry").splitlines()
    assert sorted(removed) == sorted(f"removed {path}" for path in written)
    assert not any(path.exists() for path in written)


def test_the_data_is_found_from_a_zipped_install(installed, tmp_path):
    """Code imported from a zip has no files to open: the data must come through importlib.resources."""
    archive = tmp_path / "cubeviz-code.zip"
    with zipfile.ZipFile(archive, "w") as zipped:  # files only, no folder entries, as many zip tools write them
        for path in sorted((installed / "solvers").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                zipped.write(path, path.relative_to(installed).as_posix())
    script = (
        "import solvers\n"
        "from solvers.cube.schemes import available_schemes, load_scheme\n"
        "from solvers.packing.puzzle_io import load_puzzle, shipped_collections\n"
        "assert '.zip' in solvers.__file__, solvers.__file__\n"
        "print(len(sum(shipped_collections().values(), [])), load_puzzle('soma').n_cells, load_scheme('japanese').name,"
        " ','.join(available_schemes()))\n"
    )
    env = _offline_env()
    env["PYTHONPATH"] = str(archive)
    out = _run([sys.executable, "-c", script], tmp_path, env).stdout.strip().split(maxsplit=2)
    assert out == [str(len(list((ROOT / "assets/puzzles").glob("*.json")))), "27", "Japanese japanese,standard"]


def test_the_sdist_carries_the_data_the_docs_and_the_tests(source, tmp_path):
    """Built with the backend's own hook (what `python -m build --sdist` calls), offline."""
    script = f"from setuptools import build_meta; print(build_meta.build_sdist({str(tmp_path)!r}))"
    name = _run([sys.executable, "-c", script], source, _offline_env()).stdout.split()[-1]
    with tarfile.open(tmp_path / name) as sdist:
        members = {member.name.split("/", 1)[1] for member in sdist.getmembers() if member.isfile()}
    for folder in ("assets", "docs", "tests"):
        expected = {f"{folder}/{path}" for path in _files_under(source / folder)}
        assert expected and expected <= members, sorted(expected - members)[:5]
    assert {"setup.py", "MANIFEST.in", "pyproject.toml", "README.md", "solvers/assets.py"} <= members
