#!/usr/bin/env bash
# Set up cubeviz on a Debian/Ubuntu machine, then launch the app or run the whole test suite.
#
#   bash .ci/setup.sh app            # install what is missing, prepare the first solve, then start the GUI
#   bash .ci/setup.sh test [ARGS]    # install what is missing (Xvfb too), then lint, type-check and run pytest ARGS
#
# It installs only what is missing: Debian packages through apt (with sudo when not root), a virtual
# environment in .venv, and the project with its test extra. Safe to run again.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
mode=${1:-app}
shift || true

# Qt's xcb platform plugin and Mesa's OpenGL; the test mode adds a virtual X server.
app_packages=(python3 python3-venv python3-pip libgl1 libegl1 libgl1-mesa-dri libglib2.0-0 libfontconfig1
  libdbus-1-3 libxkbcommon0 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-xkb1
  libxcb-image0 libxcb-render-util0 libxcb-randr0 libxcb-shape0 libxcb-xinerama0 libxcb-xfixes0 libx11-xcb1)
test_packages=(xvfb xauth)

missing_packages() {
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"
  done
}

install_system_packages() {
  command -v dpkg-query >/dev/null 2>&1 || { echo "not a Debian/Ubuntu system: install Qt's xcb libraries by hand" >&2; return 0; }
  local missing
  missing=$(missing_packages "$@")
  [ -z "$missing" ] && return 0
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing system packages: $missing" >&2
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

setup_python() {
  local python=${PYTHON:-python3}
  if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "cubeviz needs Python 3.11 or newer; found $("$python" --version 2>&1)" >&2
    exit 1
  fi
  if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
  fi
  local stamp=.venv/.cubeviz-installed
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    .venv/bin/python -m pip install -q --upgrade pip >/dev/null
    .venv/bin/python -m pip install -q -e ".[test]"
    touch "$stamp"
  fi
}

case "$mode" in
  app)
    install_system_packages "${app_packages[@]}"
    setup_python
    # The first solve's tables and compiled search, with a progress line (at once when all is ready).
    .venv/bin/cubeviz-solve prepare || echo "cubeviz: not prepared; the first solve will prepare it" >&2
    exec .venv/bin/cubeviz "$@"
    ;;
  test)
    install_system_packages "${app_packages[@]}" "${test_packages[@]}"
    setup_python
    .venv/bin/ruff check .
    .venv/bin/ruff format --check . >/dev/null || { .venv/bin/ruff format --check .; exit 1; }
    .venv/bin/mypy --no-error-summary  # the engines' types (settings in pyproject.toml)
    if [ -z "${DISPLAY:-}" ]; then
      exec xvfb-run -a -s "-screen 0 1600x1200x24 +extension GLX" .venv/bin/python -m pytest "$@"
    fi
    exec .venv/bin/python -m pytest "$@"
    ;;
  *)
    echo "usage: bash .ci/setup.sh app|test [ARGS...]" >&2
    exit 2
    ;;
esac
