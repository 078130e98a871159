#!/usr/bin/env bash
# Work of `make test` that judges no time and needs nothing the other steps make (the fuzz
# targets' instrumented build) runs beside them at the lowest CPU priority: it takes only the
# CPU the other steps leave idle (linking, downloads, tests waiting on servers and browsers), so
# it neither slows them nor waits for them.
#
#   scripts/background.sh start NAME COMMAND...   starts COMMAND at nice 19; its output goes to
#                                                  target/background/NAME.log
#   scripts/background.sh wait NAME                waits until it has ended, prints its output and
#                                                  exits with its status (0 when none was started)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=target/background
[ $# -ge 2 ] || { echo "usage: $0 start NAME COMMAND... | wait NAME" >&2; exit 2; }
action=$1 name=$2
shift 2
case $action in
start)
    mkdir -p "$dir"
    rm -f "$dir/$name.status" "$dir/$name.log"
    # The status is written when the command ends, however it ends.
    nice -n 19 bash -c '"$@" >"$0.log" 2>&1; echo $? >"$0.status"' "$dir/$name" "$@" </dev/null &
    echo $! >"$dir/$name.pid"
    echo "background: $name started (pid $!, output in $dir/$name.log)"
    ;;
wait)
    [ -f "$dir/$name.pid" ] || exit 0
    pid=$(cat "$dir/$name.pid")
    # Blocks until the process is gone (no polling).
    tail --pid="$pid" -f /dev/null
    rm -f "$dir/$name.pid"
    cat "$dir/$name.log"
    [ -f "$dir/$name.status" ] || { echo "background: $name ended without a status" >&2; exit 1; }
    status=$(cat "$dir/$name.status")
    [ "$status" = 0 ] || echo "background: $name failed (exit $status)" >&2
    exit "$status"
    ;;
*)
    echo "usage: $0 start NAME COMMAND... | wait NAME" >&2
    exit 2
    ;;
esac
