//! The server core every protocol face stands on: a listener, a
//! connection with its own reader task (lines of at most a given length,
//! each stamped with the moment it arrived) and its own writer task (a
//! bounded queue, each write under a deadline), answers read against a
//! deadline, and records written whole at the end.
//!
//! Nothing here knows a protocol. A client that floods, stalls or sends
//! garbage only fills its own bounded queues: its reader stops reading
//! (TCP pushes back on it), its writer gives up on it, and every other
//! connection goes on.

use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// Lines a connection's reader may have read ahead of its face.
const READ_AHEAD: usize = 64;
/// Lines waiting to be written to one client before it counts as stalled.
pub const WRITE_QUEUE: usize = 4096;
/// How long one write to a client may take before it counts as stalled.
pub const WRITE_DEADLINE: Duration = Duration::from_secs(10);

/// What a connection's reader hands on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// A line (without its line end), and when it arrived.
    Line(String, Instant),
    /// A line longer than the limit (the rest of it was skipped).
    TooLong,
    /// The connection closed.
    Gone,
}

/// What waiting for a line gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// Something heard.
    Heard(Heard),
    /// The deadline passed first.
    Timeout,
}

/// The sending side of a connection: cheap to clone, never blocks. A
/// client whose queue is full has stopped reading and is cut off.
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::Sender<String>,
}

impl Outbox {
    /// Queue a line (the line end is added). `false` when the client is
    /// gone or has stopped reading (its queue is full).
    pub fn send(&self, line: impl Into<String>) -> bool {
        self.tx.try_send(line.into()).is_ok()
    }

    /// Whether the client's writer has ended.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// Whether every queued line has been taken by the writer (or the
    /// writer has ended).
    pub fn is_flushed(&self) -> bool {
        self.tx.is_closed() || self.tx.capacity() == self.tx.max_capacity()
    }
}

/// One client connection: its lines in, its outbox.
pub struct Conn {
    /// The client's address.
    pub peer: SocketAddr,
    lines: mpsc::Receiver<Heard>,
    out: Option<Outbox>,
    reader: JoinHandle<()>,
    writer: Option<JoinHandle<()>>,
    gone: bool,
}

impl Drop for Conn {
    fn drop(&mut self) {
        // The reader stops; the writer ends once every outbox is dropped
        // and what was queued has been written.
        self.reader.abort();
    }
}

impl Conn {
    /// Take over a connected stream: a reader task for lines of at most
    /// `max_line` bytes, a writer task ending each line with `line_end`.
    pub fn open(stream: TcpStream, max_line: usize, line_end: &'static str) -> io::Result<Conn> {
        let peer = stream.peer_addr()?;
        stream.set_nodelay(true).ok();
        let (read, write) = stream.into_split();
        let (tx, lines) = mpsc::channel(READ_AHEAD);
        let reader = tokio::spawn(read_lines(BufReader::new(read), max_line, tx));
        let (out_tx, out_rx) = mpsc::channel(WRITE_QUEUE);
        let writer = tokio::spawn(write_lines(write, out_rx, line_end));
        Ok(Conn {
            peer,
            lines,
            out: Some(Outbox { tx: out_tx }),
            reader,
            writer: Some(writer),
            gone: false,
        })
    }

    /// Queue a line for the client.
    pub fn send(&mut self, line: impl Into<String>) {
        if !self.gone && !self.out.as_ref().is_some_and(|o| o.send(line)) {
            self.gone = true;
        }
    }

    /// The connection's outbox, for others to write to it.
    pub fn outbox(&self) -> Outbox {
        match &self.out {
            Some(o) => o.clone(),
            None => Outbox {
                tx: mpsc::channel(1).0,
            },
        }
    }

    /// Close the connection once what was queued is written (at most
    /// `wait`; other outboxes of it must be dropped for it to close).
    pub async fn close(mut self, wait: Duration) {
        self.out = None;
        if let Some(w) = self.writer.take() {
            tokio::time::timeout(wait, w).await.ok();
        }
    }

    /// Whether the connection is known to be gone.
    pub fn is_gone(&self) -> bool {
        self.gone
    }

    /// Mark the connection gone (a face that gives up on it).
    pub fn set_gone(&mut self) {
        self.gone = true;
    }

    /// The next thing heard, waiting until `deadline` (for ever if none).
    pub async fn next(&mut self, deadline: Option<Instant>) -> Next {
        if self.gone {
            return Next::Heard(Heard::Gone);
        }
        let heard = match deadline {
            None => self.lines.recv().await,
            Some(d) => {
                match tokio::time::timeout_at(tokio::time::Instant::from_std(d), self.lines.recv())
                    .await
                {
                    Ok(h) => h,
                    Err(_) => return Next::Timeout,
                }
            }
        };
        let heard = heard.unwrap_or(Heard::Gone);
        if heard == Heard::Gone {
            self.gone = true;
        }
        Next::Heard(heard)
    }

    /// Forget what was heard and not read yet (lines sent before a
    /// question are no answer to it).
    pub fn drain(&mut self) {
        while let Ok(h) = self.lines.try_recv() {
            if h == Heard::Gone {
                self.gone = true;
            }
        }
    }
}

/// Read lines of at most `max` bytes; a longer line is skipped to its end
/// without being kept and reported as [`Heard::TooLong`].
async fn read_lines(mut r: BufReader<OwnedReadHalf>, max: usize, tx: mpsc::Sender<Heard>) {
    loop {
        let mut buf = Vec::new();
        let read = (&mut r)
            .take(max as u64 + 1)
            .read_until(b'\n', &mut buf)
            .await;
        let heard = match read {
            Ok(0) | Err(_) => {
                tx.send(Heard::Gone).await.ok();
                return;
            }
            Ok(_) if buf.len() > max && !buf.ends_with(b"\n") => {
                if !skip_line(&mut r).await {
                    tx.send(Heard::Gone).await.ok();
                    return;
                }
                Heard::TooLong
            }
            Ok(_) => {
                let text = String::from_utf8_lossy(&buf)
                    .trim_end_matches(['\r', '\n'])
                    .to_string();
                Heard::Line(text, Instant::now())
            }
        };
        if tx.send(heard).await.is_err() {
            return;
        }
    }
}

/// Skip to the end of the current line, keeping nothing; `false` when the
/// connection ends first.
async fn skip_line(r: &mut BufReader<OwnedReadHalf>) -> bool {
    loop {
        let (done, used) = match r.fill_buf().await {
            Ok([]) | Err(_) => return false,
            Ok(buf) => match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (true, i + 1),
                None => (false, buf.len()),
            },
        };
        r.consume(used);
        if done {
            return true;
        }
    }
}

/// Write queued lines, each under [`WRITE_DEADLINE`]; stop (and close the
/// sending side) when the queue ends or a write fails or stalls.
async fn write_lines(mut w: OwnedWriteHalf, mut rx: mpsc::Receiver<String>, end: &'static str) {
    while let Some(mut line) = rx.recv().await {
        line.push_str(end);
        // Write what is queued already in one go.
        while let Ok(more) = rx.try_recv() {
            line.push_str(&more);
            line.push_str(end);
            if line.len() > 1 << 16 {
                break;
            }
        }
        match tokio::time::timeout(WRITE_DEADLINE, w.write_all(line.as_bytes())).await {
            Ok(Ok(())) => {}
            _ => return,
        }
    }
    w.shutdown().await.ok();
}

/// How many connections a server holds at once: past the most, a new
/// one is told so and closed, and the others go on (file handles and
/// memory stay bounded however many clients knock).
#[derive(Clone, Debug)]
pub struct Gate {
    open: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    most: usize,
}

/// One connection let in by a [`Gate`]; it counts until dropped.
#[derive(Debug)]
pub struct Pass {
    open: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Drop for Pass {
    fn drop(&mut self) {
        self.open.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
    }
}

impl Gate {
    /// A gate letting in at most `most` connections at once.
    pub fn new(most: usize) -> Gate {
        Gate {
            open: Default::default(),
            most,
        }
    }

    /// The most connections let in at once.
    pub fn most(&self) -> usize {
        self.most
    }

    /// Let one more connection in, if there is room.
    pub fn enter(&self) -> Option<Pass> {
        use std::sync::atomic::Ordering;
        self.open
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.most).then_some(n + 1)
            })
            .ok()?;
        Some(Pass {
            open: self.open.clone(),
        })
    }

    /// The words a connection turned away is told (after the protocol's
    /// own error word).
    pub fn full_words(&self) -> String {
        format!(
            "the server holds {} connections, its most; try again later",
            self.most
        )
    }
}

/// Tell a connection turned away why, in one line (within a second), and
/// close it.
pub async fn turn_away(mut stream: TcpStream, line: String) {
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(line.as_bytes()).await.ok();
        stream.shutdown().await.ok();
    })
    .await;
}

/// A listening socket.
pub struct Listener {
    inner: TcpListener,
}

impl Listener {
    /// Listen on `host:port` (port 0: any free port).
    pub async fn bind(host: &str, port: u16) -> io::Result<Listener> {
        Ok(Listener {
            inner: TcpListener::bind((host, port)).await?,
        })
    }

    /// The address listened on.
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }

    /// The next connection.
    pub async fn accept(&self) -> io::Result<TcpStream> {
        self.inner.accept().await.map(|(s, _)| s)
    }
}

/// Write `text` to `path` whole: into a file beside it first, then renamed,
/// so that a reader never sees half a record.
pub fn write_whole(path: &Path, text: &str) -> io::Result<()> {
    let mut part = PathBuf::from(path);
    let name = format!(
        ".{}.part",
        path.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    );
    part.set_file_name(name);
    std::fs::write(&part, text)?;
    std::fs::rename(&part, path)
}

/// How long since `asked`, in milliseconds.
pub fn ms_since(asked: Instant, at: Instant) -> f64 {
    at.saturating_duration_since(asked).as_secs_f64() * 1000.0
}

/// Keep large blocks (a password hash's 19 MiB) mapped on their own and
/// returned to the system when freed. glibc's allocator otherwise raises
/// its threshold after the first such block is freed and keeps the later
/// ones in its heaps: 150 logins at once held 860 MB, with this 8 MB.
/// Call it before the server's threads start.
pub fn keep_large_blocks_apart() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        unsafe extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        const M_MMAP_THRESHOLD: i32 = -3;
        // SAFETY: mallopt only sets a parameter of the C allocator; it
        // takes the allocator's own locks.
        unsafe {
            mallopt(M_MMAP_THRESHOLD, 256 * 1024);
        }
    }
}

/// Resolves when the process is asked to stop: Ctrl-C (SIGINT) or, on
/// Unix, SIGTERM (what `kill` and service managers send), so a server
/// can record what is in progress before it ends.
pub async fn stop_requested() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                tokio::signal::ctrl_c().await.ok();
            }
        }
    }
    #[cfg(not(unix))]
    {
        tokio::signal::ctrl_c().await.ok();
    }
}

/// Most answer times an [`AnswerTimes`] keeps (the first ones; enough
/// for any benchmark, bounded for a server that runs for months).
pub const MAX_ANSWER_TIMES: usize = 1 << 20;

/// How long the server took to answer commands: from the moment a line
/// arrived to the moment its answer was queued for the client, in
/// microseconds. Shared by a server's games; read when it stops.
#[derive(Clone, Debug, Default)]
pub struct AnswerTimes(std::sync::Arc<std::sync::Mutex<Vec<u32>>>);

impl AnswerTimes {
    /// Note one answer to a line that arrived at `arrived`.
    pub fn note(&self, arrived: Instant) {
        let us = arrived.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
        if let Ok(mut v) = self.0.lock()
            && v.len() < MAX_ANSWER_TIMES
        {
            v.push(us);
        }
    }

    /// `answers N: median X us, p99 Y us` (or that there were none).
    pub fn summary(&self) -> String {
        let mut v = self.0.lock().map(|v| v.clone()).unwrap_or_default();
        if v.is_empty() {
            return "answers 0".into();
        }
        v.sort_unstable();
        let q = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
        format!(
            "answers {}: median {} us, p99 {} us, max {} us",
            v.len(),
            q(0.5),
            q(0.99),
            v[v.len() - 1]
        )
    }
}

/// The async runtime the servers run on (for callers that start one).
pub use tokio::runtime as tokio_runtime;

/// A multi-threaded runtime for a server (two worker threads: the
/// machine's cores are shared with the games' own threads).
pub fn runtime() -> io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, Write};

    #[test]
    fn lines_are_cut_at_the_limit_and_a_long_line_is_skipped_whole() {
        let rt = runtime().unwrap();
        rt.block_on(async {
            let listener = Listener::bind("127.0.0.1", 0).await.unwrap();
            let addr = listener.local_addr().unwrap();
            let client = std::thread::spawn(move || {
                let mut s = std::net::TcpStream::connect(addr).unwrap();
                s.write_all(b"hello\r\n").unwrap();
                s.write_all(&vec![b'x'; 100_000]).unwrap();
                s.write_all(b"\nafter\n").unwrap();
                let mut r = std::io::BufReader::new(s.try_clone().unwrap());
                let mut line = String::new();
                r.read_line(&mut line).unwrap();
                line
            });
            let stream = listener.accept().await.unwrap();
            let mut conn = Conn::open(stream, 1000, "\r\n").unwrap();
            let far = Some(Instant::now() + Duration::from_secs(10));
            assert!(matches!(conn.next(far).await, Next::Heard(Heard::Line(t, _)) if t == "hello"));
            assert_eq!(conn.next(far).await, Next::Heard(Heard::TooLong));
            assert!(matches!(conn.next(far).await, Next::Heard(Heard::Line(t, _)) if t == "after"));
            let soon = Some(Instant::now() + Duration::from_millis(50));
            assert_eq!(conn.next(soon).await, Next::Timeout);
            conn.send("bye");
            assert_eq!(client.join().unwrap(), "bye\r\n");
            assert_eq!(conn.next(far).await, Next::Heard(Heard::Gone));
            assert!(conn.is_gone());
        });
    }

    #[test]
    fn a_record_is_written_whole() {
        let dir = std::env::temp_dir().join(format!("tabula-core-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.json");
        write_whole(&path, "{}").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{}");
        assert!(!dir.join(".r.json.part").exists());
        std::fs::remove_dir_all(&dir).ok();
    }
}
