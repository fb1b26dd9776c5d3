//! What `/proc/<pid>/stat` says of a process (Linux; elsewhere there is no such file and every read
//! finds nothing): one parser for the box's look at the agent above the hook (`confine`) and the
//! person checks' look at the processes around a command (`person`).

/// The fields of `/proc/<pid>/stat` gitvow reads.
#[derive(Clone, Debug)]
pub(crate) struct Stat {
    pub(crate) pid: u32,
    /// The executable's name as the kernel keeps it (at most 15 bytes): what a process calls itself.
    pub(crate) comm: String,
    pub(crate) ppid: u32,
    pub(crate) group: u32,
    pub(crate) session: u32,
    /// The controlling terminal's device number as the kernel writes it (0: none).
    pub(crate) tty: u64,
    /// The foreground process group of that terminal.
    pub(crate) foreground: i64,
    /// Clock ticks since boot: comparable between processes, and nothing a process can change.
    pub(crate) start: u64,
}

/// Process `pid` as `/proc` shows it now; `None` when it has ended or cannot be read. A zombie has
/// ended: its entry stays only until its parent collects its exit status, and its children are
/// another's already (a double fork's middle process, looked at in that moment, says nothing of
/// where its child came from).
pub(crate) fn read(pid: u32) -> Option<Stat> {
    parse(pid, &std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// `pid (comm) state ppid pgrp session tty_nr tpgid … starttime(22nd)`: comm may hold spaces and
/// parentheses (a process names itself), so it ends at the last `)` and the fields are counted after it.
fn parse(pid: u32, text: &str) -> Option<Stat> {
    let open = text.find('(')?;
    let (head, rest) = text.rsplit_once(')')?;
    let comm = head.get(open + 1..)?.to_string();
    let fields: Vec<&str> = rest.split_whitespace().collect();
    if matches!(fields.first(), Some(&("Z" | "X" | "x"))) {
        return None;
    }
    let field = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<i64>().ok());
    Some(Stat {
        pid,
        comm,
        ppid: u32::try_from(field(4)?).ok()?,
        group: u32::try_from(field(5)?).ok()?,
        session: u32::try_from(field(6)?).ok()?,
        tty: field(7)? as u64,
        foreground: field(8)?,
        start: u64::try_from(field(22)?).ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::parse;

    /// A name with spaces and `) ` of its own does not shift the fields after it.
    #[test]
    fn the_fields_are_counted_after_the_name_however_it_is_written() {
        let line = "4242 (a) b (c)) S 17 4242 4242 34816 4300 4194560 1 0 0 0 5 2 0 0 20 0 1 0 987654 1000 10\n";
        let s = parse(4242, line).unwrap();
        assert_eq!((s.comm.as_str(), s.ppid, s.group, s.session), ("a) b (c)", 17, 4242, 4242));
        assert_eq!((s.tty, s.foreground, s.start), (34816, 4300, 987654));
        assert!(parse(1, "1 (init S 0 1 1 0 -1").is_none(), "a line cut short is no process");
        let zombie = "4242 (sh) Z 17 4242 4242 0 -1 4194560 1 0 0 0 5 2 0 0 20 0 1 0 987654 0 0\n";
        assert!(parse(4242, zombie).is_none(), "a zombie has ended");
    }
}
