"""Criterion's estimates for the compose benchmarks as one JSON document on stdout.

    python3 criterion_json.py ALLOCATOR=CRITERION_HOME [ALLOCATOR=CRITERION_HOME ...]

Reads each CRITERION_HOME/<group>/<size>/new/{benchmark,estimates}.json and prints
{"rows": [{"allocator", "template", "posts", "median_ns", "mean_ns", "low_ns", "high_ns"}]}.
The median is the figure reported: on a shared machine a few preempted samples pull the mean
up, the median much less.
"""

import json
import pathlib
import sys


def rows_of(allocator: str, home: str) -> list[dict]:
    rows = []
    for bench in pathlib.Path(home).glob("*/*/new/benchmark.json"):
        meta = json.loads(bench.read_text())
        group = meta["group_id"]
        if not group.startswith("compose/"):
            continue
        est = json.loads((bench.parent / "estimates.json").read_text())
        rows.append(
            {
                "allocator": allocator,
                "template": group.removeprefix("compose/"),
                "posts": int(meta["value_str"]),
                "median_ns": est["median"]["point_estimate"],
                "mean_ns": est["mean"]["point_estimate"],
                "low_ns": est["median"]["confidence_interval"]["lower_bound"],
                "high_ns": est["median"]["confidence_interval"]["upper_bound"],
            }
        )
    return rows


def main(args: list[str]) -> None:
    rows = []
    for arg in args:
        allocator, home = arg.split("=", 1)
        rows += rows_of(allocator, home)
    if not rows:
        sys.exit(f"criterion_json: no compose estimates under {args}")
    rows.sort(key=lambda r: (r["allocator"], r["template"], r["posts"]))
    json.dump({"rows": rows}, sys.stdout, indent=1)


if __name__ == "__main__":
    main(sys.argv[1:])
