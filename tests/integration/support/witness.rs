//! [`Witness`]: whether every process a test started has ended, told without a clock.

use std::io::{PipeReader, Read};
use std::os::fd::{AsRawFd, OwnedFd};
use std::process::Command;
use std::sync::Arc;

/// The descriptor a witness's writing end has in the processes it watches: above the ones shell
/// scripts and gitvow's watchdog use (0 to 3).
pub const FD: i32 = 9;

/// A script that never answers in time: it sleeps past every timeout under test (doctor's 3 s, a
/// provider's or an adapter's 10 s), then tells the [`Witness`] it outlived them, which a script
/// killed at its timeout never does.
pub const HANGS: &str = "sleep 30; echo outlived >&9";

/// A pipe whose writing end every watched process inherits as [`FD`], through gitvow and whatever
/// gitvow starts (an entry's shell, a provider, a stand-in that hangs). Reading the pipe to its end
/// returns when the last process holding it has exited, and not before: "the stand-in was killed"
/// becomes "the read ended with nothing written", however slowly the machine runs. A stand-in writes
/// to it what it should never live to do (`sleep 30; echo outlived >&9`).
pub struct Witness {
    reader: PipeReader,
    writer: End,
}

/// The writing end, as a command holds it until it is dropped.
#[derive(Clone)]
pub struct End(Arc<OwnedFd>);

impl Witness {
    pub fn new() -> Witness {
        // Both ends close on exec: only the processes given the writer as `FD` hold it.
        let (reader, writer) = std::io::pipe().expect("a pipe");
        Witness { reader, writer: End(Arc::new(writer.into())) }
    }

    /// The writing end, for [`super::Cmd::witnessed`].
    pub fn end(&self) -> End {
        self.writer.clone()
    }

    /// What the watched processes wrote, once every one of them has ended. Call it after the
    /// commands given the witness have run (and been dropped): the test's own end is closed first.
    pub fn ended(self) -> String {
        let Witness { mut reader, writer } = self;
        drop(writer);
        let mut said = String::new();
        reader.read_to_string(&mut said).expect("the witness pipe");
        said
    }
}

impl End {
    /// Gives `cmd`'s process the writing end as [`FD`].
    pub fn hand_to(&self, cmd: &mut Command) {
        let writer = Arc::clone(&self.0);
        // SAFETY: between fork and exec, only dup2 and fcntl (async-signal-safe) on descriptors the
        // child owns; `writer` stays open in the parent until the command is dropped.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(cmd, move || {
                let fd = writer.as_raw_fd();
                if (fd != FD && libc::dup2(fd, FD) < 0) || libc::fcntl(FD, libc::F_SETFD, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
}
