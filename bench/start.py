"""Cold start and memory of `supplysite serve` over synthesised exports of N posts.

For each N: writes the export with `supplysite content synth` (kept between runs: the same N
gives the same bytes), then starts the server with an empty cache folder (the first start: the
search index is built, after the server is ready at 1,000 entries or more) and measures the
time from exec to the first 200 from /readyz, to /readyz's `search.status: ready` (the first
build) and to the index kept in the cache folder; then restarts it RUNS times over that folder
(the kept index opened) and measures the same, and the peak resident memory (VmHWM from
/proc/PID/status) once ready and again after one request for every route template, with each
template's first (uncached) response time and size. Then once more, polling a copy of the export, it changes the copy and
measures the peak resident memory while the new content is read beside the old (the reload).
Prints one JSON document on stdout.

    python3 start.py BIN WEB_DIR OUT_DIR N [N ...] [--runs R]

Every server is started on a free loopback port and stopped by its own pid.
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

POLL = 0.002


def synth(bin_: str, out_dir: str, posts: int) -> str:
    path = os.path.join(out_dir, f"synth-{posts}.json")
    if not os.path.exists(path) or os.path.getmtime(path) < os.path.getmtime(bin_):
        subprocess.run(
            [bin_, "content", "synth", "--posts", str(posts), "--out", path + ".tmp"],
            check=True,
            stderr=subprocess.DEVNULL,
        )
        os.replace(path + ".tmp", path)
    return path


def vm(pid: int, key: str) -> int:
    """A /proc/PID/status figure in bytes."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(f"no {key} in /proc/{pid}/status")


def get(url: str, timeout: float = 60) -> tuple[int, bytes]:
    req = urllib.request.Request(url, headers={"Accept-Encoding": "identity"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


urllib.request.install_opener(urllib.request.build_opener(NoRedirect))


def launch(bin_: str, web_dir: str, content: str, *extra: str, cache: str | None = None):
    """Starts the server and waits for the first 200 from /readyz. Returns the process, its base
    URL, and the seconds from exec to listening and to ready. With `cache`, the server's cache
    folder is there (XDG_CACHE_HOME)."""
    env = dict(os.environ, RUST_LOG="warn")
    if cache is not None:
        env.pop("CACHE_DIRECTORY", None)
        env["XDG_CACHE_HOME"] = cache
    args = [bin_, "serve", "--bind", "127.0.0.1:0", "--content", content, "--web-dir", web_dir, *extra]
    started = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    try:
        line = proc.stdout.readline()
        m = re.match(r"listening on (\S+)", line)
        if not m:
            raise RuntimeError(f"the server printed {line!r} instead of its address")
        base = m.group(1)
        listening = time.perf_counter() - started
        deadline = started + 600
        while True:
            try:
                if get(base + "/readyz", timeout=5)[0] == 200:
                    break
            except (urllib.error.URLError, ConnectionError):
                pass
            if time.perf_counter() > deadline or proc.poll() is not None:
                raise RuntimeError("the server never became ready")
            time.sleep(POLL)
        launch.started = started
        return proc, base, listening, time.perf_counter() - started
    except BaseException:
        stop(proc)
        raise


def stop(proc) -> None:
    proc.terminate()
    proc.wait(timeout=30)


def search_state(base: str) -> dict:
    status, body = get(base + "/readyz", timeout=5)
    return json.loads(body).get("search", {}) if status == 200 else {}


def kept_index(cache: str) -> str | None:
    """The record of the search index kept in the cache folder `cache`, when there is one."""
    found = glob.glob(os.path.join(cache, "supplysite", "search", "*", "kept.json"))
    return found[0] if found else None


def one_start(bin_: str, web_dir: str, content: str, cache: str, first: bool = False) -> dict:
    """One start over the cache folder `cache`: to ready, to search ready and, for the first
    start, until the index is kept there for the restarts."""
    proc, base, listening, ready = launch(bin_, web_dir, content, cache=cache)
    started = launch.started
    try:
        hwm_ready = vm(proc.pid, "VmHWM")
        deadline = time.perf_counter() + 600
        while (search := search_state(base)).get("status") == "building":
            if time.perf_counter() > deadline or proc.poll() is not None:
                raise RuntimeError("the search index was never built")
            time.sleep(0.01)
        search_ready = time.perf_counter() - started
        if search.get("status") != "ready":
            raise RuntimeError(f"search is {search}")
        kept = None
        if first:
            while kept_index(cache) is None:
                if time.perf_counter() > deadline or proc.poll() is not None:
                    raise RuntimeError("the search index was never kept")
                time.sleep(0.05)
            kept = time.perf_counter() - started
        pages = {}
        for template, path in routes(base):
            t = time.perf_counter()
            status, body = get(base + path)
            pages[template] = {
                "path": path,
                "status": status,
                "first_ms": (time.perf_counter() - t) * 1000,
                "bytes": len(body),
            }
            if template == "sitemap":
                pages[template]["urls"] = sitemap_text(base, body).count("<url>")
        return {
            "listening_ms": listening * 1000,
            "ready_ms": ready * 1000,
            "search_ready_ms": search_ready * 1000,
            "search_written": search.get("written"),
            **({"kept_ms": kept * 1000} if kept is not None else {}),
            "hwm_ready": hwm_ready,
            "hwm_after_pages": vm(proc.pid, "VmHWM"),
            "rss_after_pages": vm(proc.pid, "VmRSS"),
            "pages": pages,
        }
    finally:
        stop(proc)


def content_version(base: str) -> str:
    status, body = get(base + "/readyz", timeout=5)
    if status != 200:
        raise RuntimeError(f"/readyz answered {status}")
    return json.loads(body)["contentVersion"]


def reset_hwm(pid: int) -> bool:
    """Sets the process's VmHWM back to its VmRSS (Linux: 5 to /proc/PID/clear_refs), so the next
    reading is the peak from now on; False when the kernel does not allow it."""
    try:
        with open(f"/proc/{pid}/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def one_reload(bin_: str, web_dir: str, content: str, out_dir: str, cache: str) -> dict:
    """Peak memory while a changed export is read beside the content being served: the server
    polls a copy of the export every second; once it is ready the copy is changed (a newline
    appended, a new version), and the peak resident memory is read when /readyz names the new
    version. The peak is counted from the change (VmHWM reset), not from start-up."""
    copy = os.path.join(out_dir, "reload-" + os.path.basename(content))
    shutil.copyfile(content, copy)
    try:
        proc, base, _, _ = launch(bin_, web_dir, copy, "--poll-seconds", "1", cache=cache)
        try:
            # The copy's search index may be built after start: the reload is measured once it
            # is, as it was when the index was built before the server was ready.
            deadline = time.perf_counter() + 600
            while search_state(base).get("status") == "building":
                if time.perf_counter() > deadline or proc.poll() is not None:
                    raise RuntimeError("the search index was never built")
                time.sleep(0.05)
            before = content_version(base)
            rss_before = vm(proc.pid, "VmRSS")
            reset = reset_hwm(proc.pid)
            with open(copy, "ab") as f:
                f.write(b"\n")
            changed = time.perf_counter()
            deadline = changed + 600
            while content_version(base) == before:
                if time.perf_counter() > deadline or proc.poll() is not None:
                    raise RuntimeError("the changed export was never served")
                time.sleep(0.05)
            return {
                "served_after_ms": (time.perf_counter() - changed) * 1000,
                "rss_before": rss_before,
                "hwm_reload": vm(proc.pid, "VmHWM"),
                "hwm_reset": reset,
                "rss_after": vm(proc.pid, "VmRSS"),
            }
        finally:
            stop(proc)
    finally:
        os.remove(copy)


def sitemap_text(base: str, body: bytes) -> str:
    """The sitemap's URL entries: the document itself, or the parts of a sitemap index (past
    50,000 URLs the server splits it)."""
    text = body.decode()
    if "<sitemapindex" not in text:
        return text
    parts = re.findall(r"<loc>[^<]*?(/sitemap-\d+\.xml)</loc>", text)
    return "".join(get(base + part)[1].decode() for part in parts)


def built_sitemap(base: str) -> str:
    """The sitemap's text once it is built: a build longer than the request timeout answers 503
    and goes on in the background, so ask again until it is served."""
    deadline = time.perf_counter() + 600
    while True:
        status, body = get(base + "/sitemap.xml")
        if status == 200:
            return sitemap_text(base, body)
        if status != 503 or time.perf_counter() > deadline:
            raise RuntimeError(f"/sitemap.xml answered {status}")
        time.sleep(0.2)


def routes(base: str) -> list[tuple[str, str]]:
    sitemap = built_sitemap(base)

    def first(prefix: str) -> str:
        m = re.search(r"(" + re.escape(prefix) + r"[^<]+)</loc>", sitemap)
        if not m:
            raise RuntimeError(f"no {prefix} route in the sitemap")
        return m.group(1)

    return [
        ("home", "/"),
        ("product", "/etender"),
        ("insight", first("/insights/")),
        ("case-study", first("/case-study/")),
        ("insights", "/insights"),
        ("case-study-index", "/case-study-index"),
        ("about-us", "/about-us"),
        ("api-page", "/api/page?path=%2Fetender"),
        ("sitemap", "/sitemap.xml"),
    ]


def main() -> None:
    argv = sys.argv[1:]
    runs = 3
    if "--runs" in argv:
        i = argv.index("--runs")
        runs = int(argv[i + 1])
        del argv[i : i + 2]
    bin_, web_dir, out_dir, *sizes = argv
    result = []
    for posts in map(int, sizes):
        content = synth(bin_, out_dir, posts)
        with tempfile.TemporaryDirectory(prefix="start-cache-") as cache:
            first = one_start(bin_, web_dir, content, cache, first=True)
            starts = [one_start(bin_, web_dir, content, cache) for _ in range(runs)]
            starts.sort(key=lambda s: s["ready_ms"])
            median = starts[len(starts) // 2]
            reload = one_reload(bin_, web_dir, content, out_dir, cache)
        result.append(
            {
                "posts": posts,
                "export_bytes": os.path.getsize(content),
                "runs": runs,
                "ready_ms_runs": [s["ready_ms"] for s in starts],
                "search_ready_ms_runs": [s["search_ready_ms"] for s in starts],
                **median,
                "first": {k: first[k] for k in ("ready_ms", "search_ready_ms", "kept_ms", "search_written")},
                "reload": reload,
            }
        )
        print(
            f"start: {posts} posts ready in {median['ready_ms']:.0f} ms (search {median['search_ready_ms']:.0f} ms), "
            f"first start ready in {first['ready_ms']:.0f} ms (search built in {first['search_ready_ms']:.0f} ms), "
            f"reload peak {reload['hwm_reload'] / 2**20:.0f} MiB",
            file=sys.stderr,
        )
    json.dump({"sizes": result}, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
