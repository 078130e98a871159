#!/usr/bin/env bash
# Packs the site into one archive that runs anywhere: `make dist`.
#
#   target/dist/supplysite-VERSION-TARGET.tar.gz, unpacked:
#     supplysite-VERSION-TARGET/
#       bin/supplysite                              the server and its tools
#       share/supplysite/web/dist/                  the web build
#       share/supplysite/web/dist-ssr/render.js     the server-rendering bundle
#       share/supplysite/content/demo/              the demo space, with its photographs
#       share/supplysite/deploy/                    the systemd unit, the Dockerfile, nginx.conf
#       share/doc/supplysite/README.md
#
# The binary finds share/supplysite beside its own folder (crates/cli/src/install.rs), so the
# folder can be moved or unpacked anywhere (deploy/supplysite.service expects /opt/supplysite)
# and started from any working directory. It needs glibc (Debian 12 or newer, or the like).
#
# The web build and the demo's photographs must be there (`make dist` makes them first).
#
# Environment:
#   DIST_PROFILE  release (default: `cargo build --release`) or debug (the binary
#                 `cargo test --workspace` builds, which `make test-dist` packs, so the
#                 test does not build the release binary too)
#   DIST_BIN      the binary to pack instead of building one (the archive test passes its own)
#   DIST_OUT      the folder the archive is written to (default: target/dist, under
#                 CARGO_TARGET_DIR when set)
# Prints the archive's path as its last line.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=${DIST_PROFILE:-release}
target_dir=${CARGO_TARGET_DIR:-target}
case "$profile" in
release | debug) ;;
*) echo "dist: DIST_PROFILE must be release or debug, not '$profile'" >&2; exit 2 ;;
esac

bin=${DIST_BIN:-}
if [ -z "$bin" ]; then
    bin=$target_dir/$profile/supplysite
    if [ "$profile" = release ]; then
        # The same build as `make run` (`cargo run --release -p supplysite-cli`).
        "${CARGO:-cargo}" build --release --locked -p supplysite-cli --bin supplysite >&2
    elif [ ! -x "$bin" ]; then
        echo "dist: no debug binary at $bin (build it with \`make test-dist\` or \`cargo test --workspace --no-default-features --no-run\`)" >&2
        exit 1
    fi
fi

missing=()
for file in web/dist/index.html web/dist-ssr/render.js content/demo/export.json; do
    [ -f "$file" ] || missing+=("$file")
done
# The photographs are git-ignored; export.json names every one of them.
photos=$(find content/demo/images.ctfassets.net -type f \( -name '*.jpg' -o -name '*.png' \) 2>/dev/null | wc -l)
[ "$photos" -gt 0 ] || missing+=("content/demo/images.ctfassets.net/**/*.jpg")
if ((${#missing[@]})); then
    echo "dist: missing ${missing[*]} (run \`make web-build demo-photos\`, or \`make dist\`)" >&2
    exit 1
fi

# The name: the binary's own version (Cargo.toml's) and the platform it was built for.
version=$("$bin" --version | awk '{print $2}')
triple=$(rustc -vV | sed -n 's/^host: //p')
name=supplysite-$version-$triple
out=${DIST_OUT:-$target_dir/dist}
mkdir -p "$out"
stage=$(mktemp -d "$out/.stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT

root=$stage/$name
share=$root/share/supplysite
mkdir -p "$root/bin" "$share/web/dist-ssr" "$share/content" "$share/deploy" "$root/share/doc/supplysite"
install -m 0755 "$bin" "$root/bin/supplysite"
cp -R web/dist "$share/web/dist"
install -m 0644 web/dist-ssr/render.js "$share/web/dist-ssr/render.js"
cp -R content/demo "$share/content/demo"
install -m 0644 deploy/supplysite.service deploy/Dockerfile deploy/nginx.conf "$share/deploy/"
install -m 0644 README.md "$root/share/doc/supplysite/README.md"

# Reproducible: entries sorted, owned by root, dated by the last commit, readable by all.
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
archive=$out/$name.tar.gz
tar --create --directory "$stage" --sort=name --mtime="@$epoch" \
    --owner=0 --group=0 --numeric-owner --mode='u+rwX,go+rX,go-w' "$name" |
    gzip -n >"$archive.tmp"
mv "$archive.tmp" "$archive"
echo "dist: $(du -h "$archive" | cut -f1) $profile build" >&2
echo "$archive"
