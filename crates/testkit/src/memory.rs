//! The process's own memory, as the benchmarks read it: lines of `/proc/self/status`.

/// A `/proc/self/status` figure in KiB (`VmRSS:` now, `VmHWM:` the high-water mark); 0 where
/// there is no such file (not Linux) or no such line.
pub fn status_kib(key: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(key))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}
