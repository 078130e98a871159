"""Writes bench/REPORT.md from the results of one `bench/run.sh` and checks every budget of
bench/budgets.toml against them. Exits 3 when a budget is missed or a step failed (any other
non-zero status means the report itself could not be written).

    python3 report.py RESULTS_DIR BUDGETS_TOML REPORT_MD

RESULTS_DIR holds meta.json (written by run.sh) and what each step wrote: compose.json,
serve.txt, serve-hostile.txt, start.json, pages.json, lighthouse.json, vnu.json, sitemap.json, wasm.txt,
web-size.txt, live.json, search.json. A step that did not run leaves its sections marked "not run" and its budgets
unchecked.
"""

import json
import statistics
import math
import os
import re
import sys
import tomllib


def load(results: str, name: str):
    path = os.path.join(results, name)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f) if name.endswith(".json") else f.read()


class Budgets:
    """The budget table: one row per check, and whether any was missed."""

    def __init__(self):
        self.rows: list[tuple[str, str, str, bool]] = []

    def check(self, name: str, limit: str, measured: str, ok: bool):
        self.rows.append((name, limit, measured, ok))

    @property
    def missed(self) -> list[str]:
        return [r[0] for r in self.rows if not r[3]]


def us(ns: float) -> str:
    return f"{ns / 1000:.2f}" if ns < 100_000 else f"{ns / 1000:,.0f}"


def kb(n: float) -> str:
    return f"{n / 1024:.1f} KB"


def compose_table(rows, sizes, linear) -> list[str]:
    by = {}
    for r in rows:
        by.setdefault(r["template"], {})[r["posts"]] = r["median_ns"]
    out = [
        "| template | " + " | ".join(f"{s:,} posts" for s in sizes) + " | growth |",
        "|---|" + "---:|" * (len(sizes) + 1),
    ]
    top = max(sizes)
    for template in sorted(by):
        times = by[template]
        growth = times[top] / times[1000] if 1000 in times and top in times and top > 1000 else None
        mark = " (every entry, by design)" if template in linear else ""
        cells = " | ".join(us(times[s]) if s in times else "–" for s in sizes)
        out.append(f"| {template}{mark} | {cells} | {f'{growth:.2f}×' if growth else '–'} |")
    return out + [""]


def compose_section(data, budget, b: Budgets) -> list[str]:
    out = ["## Composition (criterion, `cargo bench -p supplysite-core --bench compose`)", ""]
    if data is None:
        return out + ["Not run.", ""]
    sizes = sorted({r["posts"] for r in data["rows"]})
    linear = set(budget["linear_by_design"])
    top = max(sizes)
    out += [
        "Median time per composed page in µs (release build, synthesised content loaded as the "
        f"server loads an export); growth is the time at {top:,} posts over the time at 1,000.",
        "",
    ]
    allocators = sorted({r["allocator"] for r in data["rows"]}, key=lambda a: a != budget["allocator"])
    for allocator in allocators:
        rows = [r for r in data["rows"] if r["allocator"] == allocator]
        checked = " (the budgets are checked on this one)" if allocator == budget["allocator"] else ""
        out += [f"### {allocator} allocator{checked}", ""] + compose_table(rows, sizes, linear)
    if top > 1000:
        out += [
            f"Logarithmic growth from 1,000 to {top:,} posts would be "
            f"{math.log(top) / math.log(1000):.2f}×; linear growth would be {top / 1000:,.0f}×.",
            "",
        ]
    rows = [r for r in data["rows"] if r["allocator"] == budget["allocator"] and r["template"] not in linear]
    at = {(r["template"], r["posts"]): r["median_ns"] for r in rows}
    at_1000 = [(t, ns) for (t, p), ns in at.items() if p == 1000]
    if at_1000:
        template, ns = max(at_1000, key=lambda x: x[1])
        limit = budget["max_us_per_page_at_1000"]
        b.check("compose: slowest page at 1,000 posts (listings of every entry aside)",
                f"≤ {limit} µs", f"{ns / 1000:.2f} µs ({template})", ns / 1000 <= limit)
    growths = [(t, at[(t, top)] / ns) for t, ns in at_1000 if (t, top) in at and top > 1000]
    if growths:
        template, g = max(growths, key=lambda x: x[1])
        limit = budget["max_growth_1000_to_100000"]
        b.check(f"compose: largest growth from 1,000 to {top:,} posts", f"≤ {limit}×",
                f"{g:.2f}× ({template})", g <= limit)
    return out


def serve_section(text, budget, b: Budgets) -> list[str]:
    out = ["## Serving (`bench/serve/run.sh`: wrk against nginx serving the same bytes)", ""]
    if text is None:
        return out + ["Not run.", ""]
    out += ["```", text.rstrip(), "```", ""]
    ratios = {}
    # A route's row: name, path, ours (req/s, p50, p90, p99, µs/req), nginx (the same), then
    # the throughput ratio and the CPU ratio, the servers set apart by "|". The load lines above
    # and below are not routes.
    for line in text.splitlines():
        fields = line.split()
        if len(fields) == 16 and fields[0] != "route" and re.fullmatch(r"\d+\.\d+", fields[-2]):
            ratios[fields[0]] = float(fields[-2])
    if not ratios:
        b.check("serving: ratio ours/nginx", "measured", "no figures in the output", False)
    for route, ratio in ratios.items():
        limit = budget["min_ratio_to_nginx"]
        b.check(f"serving: {route} requests/s ours/nginx", f"≥ {limit}", f"{ratio:.2f}", ratio >= limit)
    return out


def hostile_section(text, budget, b: Budgets) -> list[str]:
    out = [
        "## Serving under slow clients (`bench/serve/hostile.sh`: wrk while connections from "
        "another address trickle request heads)",
        "",
    ]
    if text is None:
        return out + ["Not run.", ""]
    out += ["```", text.rstrip(), "```", ""]
    ratios = {}
    for line in text.splitlines():
        fields = line.split()
        if len(fields) > 8 and fields[1] == "ours" and re.fullmatch(r"\d+\.\d+", fields[7]):
            ratios[fields[0]] = float(fields[7])
    if not ratios:
        b.check("slow clients: held/undisturbed", "measured", "no figures in the output", False)
    limit = budget["min_ratio_held_to_undisturbed"]
    for route, ratio in ratios.items():
        b.check(f"slow clients: {route} requests/s held/undisturbed", f"≥ {limit}", f"{ratio:.2f}", ratio >= limit)
    return out


def start_budgets(data, budgets, b: Budgets):
    """Issue 22's start-up, memory and listing budgets, for each size that was measured."""
    for s in data["sizes"]:
        posts = str(s["posts"])
        if posts in budgets.get("ready_ms", {}):
            limit = budgets["ready_ms"][posts]
            b.check(f"ready after exec at {s['posts']:,} posts", f"≤ {limit:,} ms", f"{s['ready_ms']:.0f} ms",
                    s["ready_ms"] <= limit)
            if "search_ready_ms" in s:
                b.check(f"search ready after a restart (kept index) at {s['posts']:,} posts", f"≤ {limit:,} ms",
                        f"{s['search_ready_ms']:.0f} ms", s["search_ready_ms"] <= limit)
            if "first" in s:
                b.check(f"ready after exec, first start (index built) at {s['posts']:,} posts", f"≤ {limit:,} ms",
                        f"{s['first']['ready_ms']:.0f} ms", s["first"]["ready_ms"] <= limit)
        if posts in budgets.get("first_search_ready_ms", {}) and "first" in s:
            limit = budgets["first_search_ready_ms"][posts]
            got = s["first"]["search_ready_ms"]
            b.check(f"search ready after exec, first start (index built) at {s['posts']:,} posts",
                    f"≤ {limit:,} ms", f"{got:,.0f} ms", got <= limit)
        if posts in budgets.get("peak_rss_mib", {}):
            limit = budgets["peak_rss_mib"][posts]
            peak = max(s["hwm_ready"], s["hwm_after_pages"]) / 2**20
            b.check(f"peak resident memory at {s['posts']:,} posts", f"≤ {limit:,} MiB", f"{peak:.0f} MiB",
                    peak <= limit)
        if posts in budgets.get("reload_peak_rss_mib", {}):
            limit = budgets["reload_peak_rss_mib"][posts]
            reload = s.get("reload")
            if reload is None:
                b.check(f"peak resident memory while reloading at {s['posts']:,} posts", "measured", "missing", False)
            else:
                peak = reload["hwm_reload"] / 2**20
                b.check(f"peak resident memory while reloading at {s['posts']:,} posts", f"≤ {limit:,} MiB",
                        f"{peak:.0f} MiB", peak <= limit)
        for name in budgets.get("listings", []):
            page = s["pages"].get(name)
            if page is None:
                b.check(f"{name} at {s['posts']:,} posts", "measured", "missing", False)
                continue
            limit = budgets["listing_max_bytes"]
            b.check(f"{name} HTML at {s['posts']:,} posts", f"< {kb(limit)}", kb(page["bytes"]),
                    page["status"] == 200 and page["bytes"] < limit)
            if posts in budgets.get("listing_first_ms", {}):
                limit = budgets["listing_first_ms"][posts]
                b.check(f"{name} first response at {s['posts']:,} posts", f"< {limit} ms",
                        f"{page['first_ms']:.1f} ms", page["first_ms"] < limit)


def start_section(data, budgets=None, b: Budgets | None = None) -> list[str]:
    out = ["## Cold start and memory (`bench/start.py`)", ""]
    if data is None:
        return out + ["Not run.", ""]
    if budgets is not None and b is not None:
        start_budgets(data, budgets, b)
    out += [
        "Time from exec to the first 200 from `/readyz` (median of the runs), and peak resident "
        "memory (VmHWM) once ready and after one request for each page below.",
        "",
        "The runs are restarts over a cache folder holding the search index the first start kept; "
        "the first start (empty cache folder) builds it, after the server is ready from 1,000 entries.",
        "",
        "| posts | export | ready (median) | all runs | search ready (median) | first start: ready, search built, index kept | VmHWM ready | VmHWM after pages |",
        "|---:|---:|---:|---|---:|---|---:|---:|",
    ]
    for s in data["sizes"]:
        runs = ", ".join(f"{t:.0f}" for t in s["ready_ms_runs"])
        first = s.get("first")
        first_cell = (
            f"{first['ready_ms']:,.0f} ms, {first['search_ready_ms']:,.0f} ms, {first.get('kept_ms', 0):,.0f} ms"
            if first else "not measured"
        )
        search_cell = f"{s['search_ready_ms']:.0f} ms" if "search_ready_ms" in s else "not measured"
        out.append(
            f"| {s['posts']:,} | {s['export_bytes'] / 2**20:.1f} MiB | {s['ready_ms']:.0f} ms | {runs} ms "
            f"| {search_cell} | {first_cell} "
            f"| {s['hwm_ready'] / 2**20:.0f} MiB | {s['hwm_after_pages'] / 2**20:.0f} MiB |"
        )
    out += ["", "First (uncached) response per page, and its size:", ""]
    names = list(data["sizes"][0]["pages"])
    out.append("| page | " + " | ".join(f"{s['posts']:,} posts" for s in data["sizes"]) + " |")
    out.append("|---|" + "---:|" * len(data["sizes"]))
    for n in names:
        cells = []
        for s in data["sizes"]:
            p = s["pages"][n]
            cells.append(f"{p['first_ms']:.1f} ms, {p['bytes'] / 1024:,.0f} KB" + ("" if p["status"] == 200 else f" ({p['status']})"))
        out.append(f"| {n} | " + " | ".join(cells) + " |")
    out.append("")
    for s in data["sizes"]:
        reload = s.get("reload")
        if reload is not None:
            since = "the change" if reload["hwm_reset"] else "start-up (the kernel refused to reset VmHWM)"
            out.append(
                f"- Reload of a changed export at {s['posts']:,} posts: peak {reload['hwm_reload'] / 2**20:.0f} MiB "
                f"resident since {since}, {reload['rss_before'] / 2**20:.0f} MiB before it; the new content "
                f"served {reload['served_after_ms']:.0f} ms after the change (the poll runs every second)."
            )
    for s in data["sizes"]:
        urls = s["pages"].get("sitemap", {}).get("urls")
        if urls is not None:
            note = " (over the protocol's 50,000 URLs per sitemap file: a sitemap index is needed)" if urls > 50_000 else ""
            out.append(f"- Sitemap at {s['posts']:,} posts: {urls:,} URLs{note}.")
    return out + [""]


def pages_section(data, budgets, b: Budgets) -> list[str]:
    out = ["## JavaScript and wasm per route, axe-core, console errors (Chromium)", ""]
    if data is None:
        return out + ["Not run.", ""]
    out += [
        "Scripts and wasm Chromium loads for each route until the network is idle: raw, gzip -9, "
        "and bytes on the wire as the server sent them.",
        "",
        "| template | path | JS raw | JS gzip | JS wire | wasm raw | wasm gzip | axe violations | console errors |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    total_violations = 0
    for r in data["routes"]:
        v = r["axe"]["violations"]
        total_violations += len(v)
        ids = ", ".join(f"{x['id']} ({x['impact']}, {x['nodes']})" for x in v) or "0"
        out.append(
            f"| {r['template']} | `{r['path']}` | {kb(r['js']['raw'])} | {kb(r['js']['gzip'])} | {kb(r['js']['wire'])} "
            f"| {kb(r['wasm']['raw'])} | {kb(r['wasm']['gzip'])} | {ids} | {len(r['consoleErrors'])} |"
        )
        home = r["template"] == "home"
        if home:
            limit = budgets["javascript"]["home_max_gzip_bytes"]
            b.check("home page JavaScript, gzip", f"≤ {kb(limit)}", kb(r["js"]["gzip"]), r["js"]["gzip"] <= limit)
    limit = budgets["axe"]["max_violations"]
    b.check("axe-core violations, all routes", f"≤ {limit}", str(total_violations), total_violations <= limit)
    errors = [(r["template"], e) for r in data["routes"] for e in r["consoleErrors"]]
    if errors:
        out += ["", "Console errors:", ""] + [f"- {t}: `{e[:200]}`" for t, e in errors[:20]]
    return out + [""]


def lighthouse_section(data, budget, b: Budgets) -> list[str]:
    out = ["## Lighthouse 12 (Debian Chromium, headless)", ""]
    if data is None:
        return out + ["Not run.", ""]
    out += [
        "Scores: performance / accessibility / best practices / SEO. Mobile is Lighthouse's default "
        "(simulated slow 4G, 4× CPU slowdown); desktop its desktop preset.",
        "",
        "| template | form | scores | LCP | TBT | CLS | FCP | audits under 0.9 |",
        "|---|---|---|---:|---:|---:|---:|---|",
    ]
    cats = budget["categories"]
    for r in data["runs"]:
        s, m = r["scores"], r["metrics"]
        fmt = lambda v, unit: "–" if v is None else (f"{v:.3f}" if unit == "" else f"{v:,.0f} ms")
        out.append(
            f"| {r['template']} | {r['formFactor']} | {' / '.join(str(s[c]) for c in cats)} "
            f"| {fmt(m['lcp_ms'], 'ms')} | {fmt(m['tbt_ms'], 'ms')} | {fmt(m['cls'], '')} | {fmt(m['fcp_ms'], 'ms')} "
            f"| {', '.join(r['failing'][:6]) or '–'}{' (' + r['runtimeError'] + ')' if r['runtimeError'] else ''} |"
        )
        if r["formFactor"] == budget["form_factor"] and r["template"] in budget["templates"]:
            low = min((s[c] if s[c] is not None else 0) for c in cats)
            b.check(f"Lighthouse {r['formFactor']} {r['template']}: lowest category", f"≥ {budget['min_score']}", str(low), low >= budget["min_score"])
    aim = budget["aim_performance"]
    perf = [r["scores"]["performance"] for r in data["runs"] if r["formFactor"] == budget["form_factor"] and r["template"] in budget["templates"]]
    if perf:
        out += ["", f"Aim (issue 12, not enforced): mobile performance {aim} on those templates; now {min(p or 0 for p in perf)} at the lowest."]
    return out + [""]


def search_page_section(data, budget, b: Budgets) -> list[str]:
    """Issue 45's budget: the search results page's Lighthouse scores, each category judged on
    the median of the runs."""
    out = ["## Lighthouse on the search results page (issue 45)", ""]
    if data is None or budget is None:
        return out + ["Not run.", ""]
    runs = [r for r in data["runs"] if r["formFactor"] == budget["form_factor"] and r["template"] == budget["template"]]
    if not runs:
        b.check(f"Lighthouse {budget['form_factor']} {budget['template']}", "measured", "not measured", False)
        return out + ["Not measured.", ""]
    cats = budget["categories"]
    out += [
        f"Lighthouse {budget['form_factor']} on `{runs[0]['path']}`, {len(runs)} runs; `is-crawlable` is not "
        "scored (the page answers `noindex, follow` by design).",
        "",
        "| run | scores | LCP | TBT |",
        "|---:|---|---:|---:|",
    ]
    for i, r in enumerate(runs, 1):
        s, m = r["scores"], r["metrics"]
        tbt = m.get("tbt_ms")
        out.append(
            f"| {i} | {' / '.join(str(s[c]) for c in cats)} | {m['lcp_ms'] or 0:,.0f} ms "
            f"| {'–' if tbt is None else f'{tbt:,.0f} ms'} |"
        )
    for c in cats:
        median = statistics.median((r["scores"][c] or 0) for r in runs)
        b.check(f"Lighthouse {budget['form_factor']} search: {c} (median of {len(runs)})", f"≥ {budget['min_score']}",
                f"{median:g}", median >= budget["min_score"])
    if len(runs) < budget["runs"]:
        b.check(f"Lighthouse {budget['form_factor']} search: runs", f"{budget['runs']}", str(len(runs)), False)
    return out + [""]


def photos_section(data, budget, b: Budgets) -> list[str]:
    """Issue 20's budgets over the same Lighthouse runs: scores, LCP and page weight with photographs."""
    out = ["## Lighthouse with photographs (issue 20)", ""]
    if data is None or budget is None:
        return out + ["Not run.", ""]
    runs = [r for r in data["runs"] if r["formFactor"] == budget["form_factor"] and r["template"] in budget["templates"]]
    out += [
        f"Lighthouse {budget['form_factor']} on the templates that show photographs; page weight is "
        "Lighthouse's total byte weight (everything the page loads).",
        "",
        "| template | path | lowest category | LCP | page weight |",
        "|---|---|---:|---:|---:|",
    ]
    cats = budget["categories"]
    for r in runs:
        s, m = r["scores"], r["metrics"]
        low = min((s[c] if s[c] is not None else 0) for c in cats)
        lcp, total = m.get("lcp_ms"), m.get("total_bytes")
        out.append(
            f"| {r['template']} | `{r['path']}` | {low} | {'–' if lcp is None else f'{lcp:,.0f} ms'} "
            f"| {'–' if total is None else kb(total)} |"
        )
        name = f"Lighthouse {r['formFactor']} {r['template']} with photographs"
        b.check(f"{name}: lowest category", f"≥ {budget['min_score']}", str(low), low >= budget["min_score"])
        b.check(f"{name}: LCP", f"≤ {budget['max_lcp_ms']:,} ms", "–" if lcp is None else f"{lcp:,.0f} ms",
                lcp is not None and lcp <= budget["max_lcp_ms"])
        b.check(f"{name}: page weight", f"≤ {kb(budget['max_total_bytes'])}", "–" if total is None else kb(total),
                total is not None and total <= budget["max_total_bytes"])
    missing = sorted(set(budget["templates"]) - {r["template"] for r in runs})
    for t in missing:
        b.check(f"Lighthouse {budget['form_factor']} {t} with photographs", "measured", "not measured", False)
    return out + [""]


def html_section(vnu, sitemap, budgets, b: Budgets) -> list[str]:
    out = ["## Nu HTML Checker and sitemap", ""]
    if vnu is None:
        out.append("Nu HTML Checker: not run.")
    else:
        errors = sum(r["errors"] for r in vnu["routes"].values())
        out += ["| route | vnu errors |", "|---|---:|"] + [f"| {k} | {v['errors']} |" for k, v in vnu["routes"].items()] + [""]
        for k, v in vnu["routes"].items():
            out += [f"- {k} line {m['line']}: {m['message']}" for m in v["messages"][:5]]
        limit = budgets["vnu"]["max_errors"]
        b.check("Nu HTML Checker errors, all routes", f"≤ {limit}", str(errors), errors <= limit)
    out.append("")
    if sitemap is None:
        out.append("Sitemap: not run.")
    else:
        out.append(f"Sitemap: {sitemap['urls']} URLs, {sitemap['bytes']:,} bytes, valid against bench/sitemap.xsd: {'yes' if sitemap['valid'] else 'no'}.")
        out += [f"- `{e}`" for e in sitemap["errors"]]
        b.check("sitemap valid against the sitemaps.org schema", "valid", "valid" if sitemap["valid"] else "invalid", sitemap["valid"])
    return out + [""]


def wasm_section(wasm, web_size, budget, b: Budgets) -> list[str]:
    out = ["## WebAssembly package and web build sizes", ""]
    if wasm is None:
        out.append("wasm: not run.")
    else:
        out += ["```", wasm.rstrip(), "```"]
        m = re.search(r"^supplysite_contact_bg\.wasm\s+(\d+)\s+(\d+)", wasm, re.M)
        limit = budget["contact_max_gzip_bytes"]
        if m:
            gz = int(m.group(2))
            b.check("contact page wasm module, gzip", f"≤ {limit:,} bytes", f"{gz:,} bytes", gz <= limit)
        else:
            b.check("contact page wasm module, gzip", f"≤ {limit:,} bytes", "not found", False)
    if web_size:
        out += ["", "The web build's chunks (`web/scripts/size.mjs`):", "", "```", web_size.rstrip(), "```"]
    return out + [""]


def live_section(data, budget, b: Budgets) -> list[str]:
    """The live step (the Sync API at scale) and issue 33's budgets, judged at `posts` posts."""
    out = ["## Live content through the Sync API (`bash bench/run.sh live`)", ""]
    if data is None:
        return out + ["Not run (the live step runs on request only).", ""]
    out += [
        f"{data['posts']:,} posts, the fake Contentful in the same process (its space counts in the memory), "
        f"{data.get('allocator', 'system')} allocator.",
        "",
        "| measure | value |",
        "|---|---|",
        f"| initial sync | {data['initial_sync_seconds']:.1f} s |",
    ]
    if "peak_rss_kib_during_initial_sync" in data:
        grown = data["peak_rss_kib_during_initial_sync"] - data["rss_kib_before_initial_sync"]
        out.append(f"| resident memory the initial sync added at its peak | {grown / 1024:,.0f} MiB |")
    out += [
        f"| a publish made visible (one delta, the new set built) | {data['publish_visible_seconds']:.2f} s |",
        f"| requests for that publish | {data['publish_requests']} |",
        f"| resident memory, steady | {data['steady_rss_kib'] / 1024:,.0f} MiB |",
        f"| resident memory, peak during the publish | {data['peak_rss_kib_during_publish'] / 1024:,.0f} MiB |",
        f"| an empty poll | {data['empty_poll_seconds']:.2f} s, {data['empty_poll_requests']} request(s) |",
        f"| restart from the snapshot to ready | {data['restart_to_ready_seconds']:.1f} s, "
        f"{data['restart_requests']} request(s) |",
        f"| the snapshot on disk | {data.get('snapshot_bytes', 0) / 2**20:,.0f} MiB |",
        f"| the snapshot shared with other replicas, gzipped | {data.get('shared_snapshot_gzip_bytes', 0) / 2**20:,.0f} MiB |",
        f"| a new replica (empty cache folder) from the shared snapshot to ready | "
        f"{data.get('new_replica_to_ready_seconds', 0):.1f} s, {data.get('new_replica_requests', 0)} request(s) |",
        "",
    ]
    if budget is None or data["posts"] != budget["posts"]:
        return out + [f"Budgets are judged at {budget['posts']:,} posts only." if budget else "", ""]
    name = f"at {data['posts']:,} posts"
    limit = budget["publish_visible_seconds"]
    b.check(f"live: a publish visible {name}", f"≤ {limit} s", f"{data['publish_visible_seconds']:.2f} s",
            data["publish_visible_seconds"] <= limit)
    limit = budget["publish_requests"]
    b.check(f"live: requests per publish {name}", f"≤ {limit}", str(data["publish_requests"]),
            data["publish_requests"] <= limit)
    limit = budget["peak_over_steady"]
    b.check(f"live: peak memory during a publish {name}", f"≤ {limit}× steady", f"{data['peak_over_steady']:.3f}×",
            data["peak_over_steady"] <= limit)
    limit = budget["empty_poll_requests"]
    b.check(f"live: an empty poll {name}", f"≤ {limit} request", str(data["empty_poll_requests"]),
            data["empty_poll_requests"] <= limit and not data["empty_poll_changed"])
    limit = budget["restart_to_ready_ms"]
    ready_ms = data["restart_to_ready_seconds"] * 1000
    b.check(f"live: restart from the snapshot to ready {name}", f"≤ {limit:,} ms, {budget['restart_requests']} request",
            f"{ready_ms:,.0f} ms, {data['restart_requests']}",
            ready_ms <= limit and data["restart_requests"] <= budget["restart_requests"]
            and data["restart_version_matches"] and data.get("allocator") == "jemalloc")
    return out


def search_section(data, budget, b: Budgets) -> list[str]:
    """The search step: index build time and memory, query times, judged at `posts` posts."""
    out = ["## Site search (`bash bench/run.sh search`)", ""]
    if data is None:
        return out + ["Not run.", ""]
    out += [
        f"{data['posts']:,} posts ({data['documents']:,} documents in the index), "
        f"{data['queries']} queries asked {data['rounds']} times each, in the process (no HTTP).",
        "",
        "| measure | value |",
        "|---|---|",
        f"| index build (first start, nothing kept) | {data['build_seconds']:.2f} s |",
        *([
            f"| index kept in the cache folder (written) | {data['keep_seconds']:.2f} s, {data['kept_bytes'] / 2**20:,.0f} MiB |",
            f"| kept index opened (a restart), and its first update | {data['open_seconds']:.2f} s, {data['written_after_open']} documents written |",
        ] if "open_seconds" in data else []),
        f"| resident memory the index added | {data['index_rss_kib'] / 1024:,.0f} MiB |",
        f"| peak resident memory (content and index) | {data['peak_rss_kib'] / 1024:,.0f} MiB |",
        f"| query p50 | {data['query_p50_ms']:.2f} ms |",
        f"| query p99 | {data['query_p99_ms']:.2f} ms |",
        f"| slowest query | {data['query_max_ms']:.2f} ms |",
        "",
    ]
    if budget is None or data["posts"] != budget["posts"]:
        return out + [f"Budgets are judged at {budget['posts']:,} posts only." if budget else "", ""]
    name = f"at {data['posts']:,} posts"
    for key, label in (("query_p50_ms", "p50"), ("query_p99_ms", "p99")):
        limit = budget[key]
        b.check(f"search: query {label} {name}", f"≤ {limit} ms", f"{data[key]:.2f} ms", data[key] <= limit)
    for key, label in (("open_seconds", "kept index opened"), ("build_seconds", "first build")):
        if key in budget:
            limit = budget[key]
            got = data.get(key)
            b.check(f"search: {label} {name}", f"≤ {limit} s", "missing" if got is None else f"{got:.2f} s",
                    got is not None and got <= limit)
    if "open_seconds" in data:
        b.check(f"search: a restart opens the kept index without writing {name}", "0 documents written",
                f"{data['written_after_open']}", data["written_after_open"] == 0)
    return out


def main() -> None:
    results, budgets_path, report_path = sys.argv[1:4]
    with open(budgets_path, "rb") as f:
        budgets = tomllib.load(f)
    meta = load(results, "meta.json") or {}
    b = Budgets()
    body = []
    body += compose_section(load(results, "compose.json"), budgets["compose"], b)
    body += serve_section(load(results, "serve.txt"), budgets["serve"], b)
    body += hostile_section(load(results, "serve-hostile.txt"), budgets["serve"], b)
    body += start_section(load(results, "start.json"), budgets.get("start"), b)
    body += lighthouse_section(load(results, "lighthouse.json"), budgets["lighthouse"], b)
    body += photos_section(load(results, "lighthouse.json"), budgets.get("lighthouse_photos"), b)
    body += search_page_section(load(results, "lighthouse.json"), budgets.get("lighthouse_search"), b)
    body += pages_section(load(results, "pages.json"), budgets, b)
    body += html_section(load(results, "vnu.json"), load(results, "sitemap.json"), budgets, b)
    body += wasm_section(load(results, "wasm.txt"), load(results, "web-size.txt"), budgets["wasm"], b)
    body += live_section(load(results, "live.json"), budgets.get("live"), b)
    body += search_section(load(results, "search.json"), budgets.get("search"), b)
    failed = meta.get("failed_steps", [])
    for step in failed:
        b.check(f"step {step}", "completes", "failed", False)

    head = [
        "# supplysite benchmark report",
        "",
        f"Generated by `make bench` (bench/run.sh) on {meta.get('date', '?')}, commit `{meta.get('commit', '?')}`.",
        "",
        f"Machine: {meta.get('machine', '?')}. Load average at start {meta.get('load_start', '?')}, "
        f"at end {meta.get('load_end', '?')} (other work on the machine slows every figure).",
        f"Steps run: {', '.join(meta.get('steps', [])) or '?'}.",
        "",
        "## Budgets (bench/budgets.toml)",
        "",
        "| budget | limit | measured | |",
        "|---|---|---|---|",
    ]
    head += [f"| {n} | {lim} | {m} | {'ok' if ok else '**MISSED**'} |" for n, lim, m, ok in b.rows]
    head += ["", f"{len(b.rows) - len(b.missed)} of {len(b.rows)} met.", ""]
    with open(report_path, "w") as f:
        f.write("\n".join(head + body).rstrip() + "\n")
    for name in b.missed:
        print(f"bench: budget missed: {name}", file=sys.stderr)
    sys.exit(3 if b.missed else 0)


if __name__ == "__main__":
    main()
