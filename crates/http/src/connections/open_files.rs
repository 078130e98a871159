//! The process's open-file limit: raised from its soft to its hard value at start, and the
//! share of it that connections may take.

use std::io;

/// The open-file limit once raised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenFiles {
    /// The soft limit the process started with.
    pub was: u64,
    /// The soft limit now in force.
    pub soft: u64,
    /// The hard limit, which only a privileged process may raise.
    pub hard: u64,
}

impl OpenFiles {
    /// How many connections the server may hold: the soft limit less a reserve (a quarter,
    /// at least 64 and at most 4096) for what else the process opens: static files being
    /// sent, the outbox's SQLite database, sockets to Contentful and the mail service, the
    /// log, and the descriptor `accept` needs to refuse a connection over the cap.
    pub fn connection_budget(&self) -> usize {
        let soft = usize::try_from(self.soft).unwrap_or(usize::MAX);
        let reserve = (soft / 4).clamp(64, 4096);
        soft.saturating_sub(reserve).max(1)
    }
}

/// Raises the soft open-file limit to the hard limit and reports both.
pub fn raise_open_file_limit() -> io::Result<OpenFiles> {
    let (was, hard) = rlimit::Resource::NOFILE.get()?;
    let soft = if was < hard {
        rlimit::increase_nofile_limit(hard)?
    } else {
        was
    };
    Ok(OpenFiles { was, soft, hard })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(soft: u64) -> usize {
        OpenFiles {
            was: soft,
            soft,
            hard: soft,
        }
        .connection_budget()
    }

    #[test]
    fn connections_leave_room_for_everything_else_the_process_opens() {
        assert_eq!(budget(256), 192);
        assert_eq!(budget(1024), 768);
        assert_eq!(budget(1_048_576), 1_048_576 - 4096);
        assert_eq!(budget(100), 36);
        assert_eq!(budget(10), 1);
    }

    #[test]
    fn the_soft_limit_is_raised_to_the_hard_limit() {
        let files = raise_open_file_limit().unwrap();
        assert_eq!(files.soft, files.hard);
        assert!(files.was <= files.soft);
    }
}
