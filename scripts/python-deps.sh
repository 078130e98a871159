#!/usr/bin/env bash
# Installs the Python packages the demo generator needs for its photographs: Pillow and numpy at
# the versions content/tools/photo.py pins (other versions may write other bytes). Idempotent:
# does nothing when both are already installed at those versions.
set -euo pipefail
cd "$(dirname "$0")/.."

pinned() { sed -n "s/^$1 = \"\(.*\)\"$/\1/p" content/tools/photo.py; }
PILLOW="$(pinned PILLOW)"
NUMPY="$(pinned NUMPY)"
[ -n "$PILLOW" ] && [ -n "$NUMPY" ] || { echo "python-deps: no pinned versions in content/tools/photo.py" >&2; exit 1; }

installed="$(python3 -c 'import PIL, numpy; print(PIL.__version__, numpy.__version__)' 2>/dev/null || true)"
[ "$installed" = "$PILLOW $NUMPY" ] && exit 0

# Debian's python3 comes without pip: its package python3-pip brings it (as root).
if ! python3 -m pip --version >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "python-deps: installing python3-pip" >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip >/dev/null ||
            { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip >/dev/null; }
    else
        echo "python-deps: pip is missing (run: sudo apt-get install python3-pip)" >&2
        exit 1
    fi
fi
echo "python-deps: installing Pillow $PILLOW and numpy $NUMPY" >&2
# A Debian python3 refuses to install beside its own packages without --break-system-packages.
python3 -m pip install --quiet --disable-pip-version-check "pillow==$PILLOW" "numpy==$NUMPY" ||
    python3 -m pip install --quiet --disable-pip-version-check --break-system-packages \
        "pillow==$PILLOW" "numpy==$NUMPY"
