#!/usr/bin/env bash
# The whole test suite, from a fresh machine: installs what the tests need
# (Debian's chromium for the browser tests, a venv with nollab and all its
# extras) and runs pytest. Extra arguments go to pytest: ./test.sh -k odds
set -euo pipefail
cd "$(dirname "$0")"

if [ ! -x /usr/bin/chromium ]; then
  echo "test.sh: installing Debian's chromium for the browser tests" >&2
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

VENV="${NOLLAB_VENV:-.venv}"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check -e ".[jupyter,sim,cluster,test,static]"

exec "$VENV/bin/python" -m pytest -q "$@"
