//! The resident memory and CPU time of a server on this machine: the process listening on the
//! port of the URL, found through /proc (Linux). Elsewhere, or for a remote server, they are
//! not known.

use std::fs;

/// The host and port of a websocket URL: `ws://127.0.0.1:7878/x` → (`127.0.0.1`, 7878).
pub fn host_port(url: &str) -> Option<(String, u16)> {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split(['/', '?']).next()?;
    let authority = authority.rsplit_once('@').map_or(authority, |(_, a)| a);
    let (host, port) = match authority.strip_prefix('[') {
        Some(v6) => {
            let (host, after) = v6.split_once(']')?;
            (host, after.strip_prefix(':'))
        }
        None => match authority.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (authority, None),
        },
    };
    let default = if url.starts_with("wss://") { 443 } else { 80 };
    let port = match port {
        Some(p) => p.parse().ok()?,
        None => default,
    };
    Some((host.to_owned(), port))
}

/// Whether `host` is this machine.
pub fn is_local(host: &str) -> bool {
    host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback() || ip.is_unspecified())
}

/// The process that listens on TCP `port`, from /proc/net/tcp{,6} and /proc/*/fd.
pub fn listener_pid(port: u16) -> Option<u32> {
    let inodes: Vec<String> = ["/proc/net/tcp", "/proc/net/tcp6"]
        .iter()
        .filter_map(|f| fs::read_to_string(f).ok())
        .flat_map(|table| listening_inodes(&table, port))
        .collect();
    if inodes.is_empty() {
        return None;
    }
    let wanted: Vec<String> = inodes.iter().map(|i| format!("socket:[{i}]")).collect();
    for entry in fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(fds) = fs::read_dir(entry.path().join("fd")) else {
            continue;
        };
        for fd in fds.flatten() {
            if let Ok(target) = fs::read_link(fd.path()) {
                if wanted.iter().any(|w| target.as_os_str() == w.as_str()) {
                    return Some(pid);
                }
            }
        }
    }
    None
}

/// Inodes of the sockets listening on `port` in a /proc/net/tcp table.
fn listening_inodes(table: &str, port: u16) -> Vec<String> {
    const LISTEN: &str = "0A";
    table
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let local = fields.get(1)?;
            let local_port = u16::from_str_radix(local.rsplit_once(':')?.1, 16).ok()?;
            (local_port == port && *fields.get(3)? == LISTEN)
                .then(|| fields.get(9).map(|s| s.to_string()))?
        })
        .collect()
}

/// The resident set size of process `pid`, in bytes.
pub fn rss_bytes(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Clock ticks a second of the times in /proc/PID/stat: Linux's USER_HZ, 100 on every
/// architecture it runs servers on (x86, ARM, RISC-V, POWER).
const USER_HZ: f64 = 100.0;

/// The CPU time process `pid` has used so far (all its threads, user and system), in seconds.
pub fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    let after_name = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // utime and stime are fields 14 and 15, i.e. the 12th and 13th after the name.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) as f64 / USER_HZ)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_give_host_and_port() {
        assert_eq!(
            host_port("ws://127.0.0.1:7878"),
            Some(("127.0.0.1".into(), 7878))
        );
        assert_eq!(host_port("ws://[::1]:9/x"), Some(("::1".into(), 9)));
        assert_eq!(
            host_port("ws://example.org/ws"),
            Some(("example.org".into(), 80))
        );
        assert_eq!(
            host_port("wss://example.org"),
            Some(("example.org".into(), 443))
        );
        assert_eq!(host_port("ws://h:notaport"), None);
        assert!(is_local("localhost") && is_local("127.0.0.1") && is_local("::1"));
        assert!(!is_local("192.168.1.20") && !is_local("example.org"));
    }

    #[test]
    fn listening_sockets_are_read_from_the_tcp_table() {
        let table = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n   0: 0100007F:1EC6 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 4242 1 0 100 0 0 10 0\n   1: 0100007F:1EC6 0100007F:D431 01 00000000:00000000 00:00000000 00000000  1000        0 4343 1 0 20 4 30 10 -1\n";
        assert_eq!(listening_inodes(table, 7878), vec!["4242".to_owned()]);
        assert!(listening_inodes(table, 80).is_empty());
    }

    #[test]
    fn this_process_has_a_resident_size() {
        if cfg!(target_os = "linux") {
            assert!(rss_bytes(std::process::id()).is_some_and(|b| b > 0));
        }
    }

    #[test]
    fn this_process_has_used_cpu() {
        if !cfg!(target_os = "linux") {
            return;
        }
        let start = cpu_seconds(std::process::id()).expect("cpu time");
        let t = std::time::Instant::now();
        let mut x = 0u64;
        while t.elapsed() < std::time::Duration::from_millis(100) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let used = cpu_seconds(std::process::id()).expect("cpu time") - start;
        assert!((0.0..5.0).contains(&used), "{used}");
        assert!(used > 0.0, "100 ms of spinning used no CPU time");
    }

    #[test]
    fn a_listener_of_this_process_is_found() {
        if !cfg!(target_os = "linux") {
            return;
        }
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().expect("addr").port();
        assert_eq!(listener_pid(port), Some(std::process::id()));
    }
}
