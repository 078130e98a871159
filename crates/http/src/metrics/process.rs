//! The process's own families, as Prometheus's client libraries name them:
//! `process_resident_memory_bytes`, `process_virtual_memory_bytes`, `process_cpu_seconds_total`,
//! `process_open_fds`, `process_max_fds`, `process_threads` and `process_start_time_seconds`,
//! read from Linux's `/proc/self` on each scrape. Elsewhere (or when `/proc` cannot be read)
//! the families that cannot be read are left out.

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::gauge::ConstGauge;

/// `/proc` reports CPU times in clock ticks of 1/100 s (`USER_HZ`, fixed by the kernel's ABI).
const TICKS_PER_SECOND: f64 = 100.0;

/// The collector; registered for every scrape.
#[derive(Debug)]
pub struct Process;

/// What `/proc/self` says.
#[derive(Debug, Default, PartialEq)]
struct Reading {
    resident_bytes: Option<u64>,
    virtual_bytes: Option<u64>,
    cpu_seconds: Option<f64>,
    threads: Option<u64>,
    start_time_seconds: Option<f64>,
    open_fds: Option<u64>,
    max_fds: Option<u64>,
}

/// `VmRSS`, `VmSize` and `Threads` from the text of `/proc/self/status` (sizes in kB).
fn parse_status(status: &str, reading: &mut Reading) {
    for line in status.lines() {
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        let number = || value.split_whitespace().next()?.parse::<u64>().ok();
        match key {
            "VmRSS" => reading.resident_bytes = number().map(|kb| kb * 1024),
            "VmSize" => reading.virtual_bytes = number().map(|kb| kb * 1024),
            "Threads" => reading.threads = number(),
            _ => {}
        }
    }
}

/// User and system CPU time, and the start time in ticks since boot, from the text of
/// `/proc/self/stat` (the fields after the command name, which may hold spaces and brackets).
fn parse_stat(stat: &str) -> Option<(f64, u64)> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // Field 3 of the line (the state) is fields[0] here; utime is field 14, stime 15,
    // starttime 22.
    let field = |n: usize| fields.get(n - 3)?.parse::<u64>().ok();
    let cpu = (field(14)? + field(15)?) as f64 / TICKS_PER_SECOND;
    Some((cpu, field(22)?))
}

/// The boot time (Unix seconds) from the text of `/proc/stat`.
fn parse_boot_time(stat: &str) -> Option<u64> {
    stat.lines()
        .find_map(|line| line.strip_prefix("btime "))?
        .trim()
        .parse()
        .ok()
}

fn read() -> Reading {
    let mut reading = Reading::default();
    if let Ok(status) = std::fs::read_to_string("/proc/self/status") {
        parse_status(&status, &mut reading);
    }
    if let Some((cpu, start_ticks)) = std::fs::read_to_string("/proc/self/stat")
        .ok()
        .as_deref()
        .and_then(parse_stat)
    {
        reading.cpu_seconds = Some(cpu);
        reading.start_time_seconds = std::fs::read_to_string("/proc/stat")
            .ok()
            .as_deref()
            .and_then(parse_boot_time)
            .map(|boot| boot as f64 + start_ticks as f64 / TICKS_PER_SECOND);
    }
    reading.open_fds = std::fs::read_dir("/proc/self/fd")
        .ok()
        .map(|entries| entries.count() as u64);
    reading.max_fds = rlimit::getrlimit(rlimit::Resource::NOFILE)
        .ok()
        .map(|(soft, _)| soft);
    reading
}

fn gauge<N>(
    encoder: &mut DescriptorEncoder,
    name: &str,
    help: &str,
    value: Option<N>,
) -> Result<(), std::fmt::Error>
where
    ConstGauge<N>: EncodeMetric,
{
    let Some(value) = value else {
        return Ok(());
    };
    let gauge = ConstGauge::new(value);
    gauge.encode(encoder.encode_descriptor(name, help, None, gauge.metric_type())?)
}

fn signed(n: Option<u64>) -> Option<i64> {
    n.map(|n| i64::try_from(n).unwrap_or(i64::MAX))
}

impl Collector for Process {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let r = read();
        let e = &mut encoder;
        gauge(
            e,
            "process_resident_memory_bytes",
            "Resident memory size in bytes",
            signed(r.resident_bytes),
        )?;
        gauge(
            e,
            "process_virtual_memory_bytes",
            "Virtual memory size in bytes",
            signed(r.virtual_bytes),
        )?;
        if let Some(cpu) = r.cpu_seconds {
            let counter = ConstCounter::new(cpu);
            counter.encode(e.encode_descriptor(
                "process_cpu_seconds",
                "Total user and system CPU time spent in seconds",
                None,
                counter.metric_type(),
            )?)?;
        }
        gauge(
            e,
            "process_open_fds",
            "Number of open file descriptors",
            signed(r.open_fds),
        )?;
        gauge(
            e,
            "process_max_fds",
            "Maximum number of open file descriptors",
            signed(r.max_fds),
        )?;
        gauge(
            e,
            "process_threads",
            "Number of OS threads in the process",
            signed(r.threads),
        )?;
        gauge(
            e,
            "process_start_time_seconds",
            "Start time of the process since the Unix epoch in seconds",
            r.start_time_seconds,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_and_stat_are_read_even_with_a_command_name_holding_brackets() {
        let mut reading = Reading::default();
        parse_status(
            "Name:\tsupplysite\nVmSize:\t  204800 kB\nVmRSS:\t   51200 kB\nThreads:\t9\n",
            &mut reading,
        );
        assert_eq!(reading.resident_bytes, Some(51200 * 1024));
        assert_eq!(reading.virtual_bytes, Some(204800 * 1024));
        assert_eq!(reading.threads, Some(9));
        let stat = "4242 (odd) name) S 1 4242 4242 0 -1 4194560 500 0 0 0 250 50 0 0 20 0 9 0 12345 209715200 12800 18446744073709551615";
        assert_eq!(parse_stat(stat), Some((3.0, 12345)));
        assert_eq!(
            parse_boot_time("cpu  1 2 3\nbtime 1700000000\nprocesses 5\n"),
            Some(1_700_000_000)
        );
    }

    #[test]
    fn this_process_is_read_on_linux() {
        if cfg!(target_os = "linux") {
            let r = read();
            assert!(r.resident_bytes.unwrap() > 0);
            assert!(r.cpu_seconds.is_some());
            assert!(r.open_fds.unwrap() > 0);
            assert!(r.start_time_seconds.unwrap() > 1.0e9);
        }
    }
}
