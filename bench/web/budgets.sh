#!/usr/bin/env bash
# The web budgets of issue 6: the home page's JavaScript (gzip, from the build; budget 71 KB since issue 21)
# and Lighthouse 12 mobile scores (performance, accessibility, best practices, SEO; budget 95
# each) for home, a product page, an insight, a case study, the insights listing and contact,
# measured against a real `supplysite serve` on a free loopback port with the demo space.
#
#   bench/web/budgets.sh [--check] [--out DIR]
#
#   --check     exit 1 when any figure misses its budget (default: report only)
#   --out DIR   keep the Lighthouse JSON reports there (default: a temporary folder)
#
# Environment: SUPPLYSITE_BIN (a built `supplysite` binary; default target/debug/supplysite,
# built with cargo when missing), CHROME_PATH (default /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD

CHECK=0
OUT=
while (($#)); do
    case $1 in
        --check) CHECK=1; shift ;;
        --out) OUT=${2:?--out needs a folder}; shift 2 ;;
        -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "budgets: unknown argument $1 (try --help)" >&2; exit 2 ;;
    esac
done

say() { echo "budgets: $*" >&2; }
JS_BUDGET_KB=71
SCORE_BUDGET=95
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
[[ -x $CHROME_PATH ]] || { say "no Chromium at $CHROME_PATH (apt-get install chromium, or set CHROME_PATH)"; exit 1; }

WORK=$(mktemp -d)
OUT=${OUT:-$WORK/reports}
mkdir -p "$OUT"
SERVER_PID=
cleanup() {
    [[ -n $SERVER_PID ]] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
    rm -rf "$WORK/chrome"
}
trap cleanup EXIT

# 1. The build and the home page's JavaScript.
if [[ ! -f web/dist/.vite/manifest.json ]]; then
    say "building the web UI"
    (cd web && npm run build >/dev/null)
fi
HOME_JS=$(cd web && node scripts/size.mjs | sed -n 's/^home page JavaScript.* \([0-9.]*\) KB$/\1/p')

# 2. The server on a free port.
BIN=${SUPPLYSITE_BIN:-target/debug/supplysite}
if [[ ! -x $BIN ]]; then
    say "building the server"
    cargo build -q -p supplysite-cli
fi
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
BASE=http://127.0.0.1:$PORT
RUST_LOG=warn "$BIN" serve --bind "127.0.0.1:$PORT" --web-dir web/dist --public-url "$BASE" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do
    curl -fs -o /dev/null "$BASE/" && break
    kill -0 "$SERVER_PID" 2>/dev/null || { say "the server stopped:"; cat "$WORK/server.log" >&2; exit 1; }
    sleep 0.1
done
curl -fs -o /dev/null "$BASE/" || { say "the server did not answer on $BASE"; exit 1; }

# 3. The pages: slug pages are the first ones their listings link to.
first_href() { # listing path, json key of its list
    curl -fs --get --data-urlencode "path=$1" "$BASE/api/page" | python3 -c "import json,sys; d=json.load(sys.stdin); v=d['view'] if 'view' in d else d['outcome']['view']; print(v['$2'][0]['href'])"
}
PAGES=(/ /etender "$(first_href /insights cards)" "$(first_href /case-study-index teasers)" /insights /contact-us)

# 4. Lighthouse, mobile (its default form factor), one page at a time.
FLAGS="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=$WORK/chrome"
printf '%-44s %6s %6s %6s %6s\n' page perf a11y bp seo
FAILED=0
for path in "${PAGES[@]}"; do
    name=$(echo "$path" | sed 's#^/$#home#; s#^/##; s#/#_#g')
    # On a loaded machine Chromium sometimes loses the trace (NO_NAVSTART): one more try.
    ok=0
    for _attempt in 1 2; do
        rm -rf "$WORK/chrome"
        npx -y lighthouse@12 "$BASE$path" --quiet --output=json --output-path="$OUT/$name.json" \
            --only-categories=performance,accessibility,best-practices,seo \
            --chrome-flags="$FLAGS" >/dev/null 2>"$WORK/lighthouse.log" && { ok=1; break; }
    done
    ((ok)) || { say "lighthouse failed on $path:"; tail -5 "$WORK/lighthouse.log" >&2; FAILED=1; continue; }
    read -r perf a11y bp seo < <(node -e '
        const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).categories;
        const s = (k) => Math.round((r[k]?.score ?? 0) * 100);
        console.log([s("performance"), s("accessibility"), s("best-practices"), s("seo")].join(" "));
    ' "$OUT/$name.json")
    printf '%-44s %6s %6s %6s %6s\n' "$path" "$perf" "$a11y" "$bp" "$seo"
    for score in $perf $a11y $bp $seo; do ((score >= SCORE_BUDGET)) || FAILED=1; done
done

echo
echo "home page JavaScript: $HOME_JS KB gzip (budget $JS_BUDGET_KB KB)"
python3 -c "import sys; sys.exit(0 if float('$HOME_JS') <= $JS_BUDGET_KB else 1)" || FAILED=1
echo "Lighthouse budget: $SCORE_BUDGET in every category; reports in $OUT"
if ((FAILED)); then
    echo "some budgets are missed"
    ((CHECK)) && exit 1
fi
exit 0
