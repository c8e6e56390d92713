//! What the command-line tests share: running the binary, scratch folders.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What one run of the binary did.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

pub fn tabula<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the tabula binary runs");
    Run {
        code: out.status.code().expect("tabula exits with a status"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// An empty folder of this test's own.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli-tests")
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/star-tigris")
        .join(rel)
}

pub fn s(p: &Path) -> String {
    p.display().to_string()
}

/// Play one Domains game of two built-in bots into `dir`; its record.
pub fn domains_record(dir: &Path) -> PathBuf {
    let p = tabula(&[
        "play",
        "--ruleset",
        "domains",
        "--seats",
        "demo,dummy",
        "--records",
        &s(dir),
    ]);
    assert_eq!(p.code, 0, "{}", p.stderr);
    dir.join("game-0001.json")
}

/// Start `tabula serve --port 0 ARGS` (standard error as `stderr`): the
/// process, the port its first line says it listens on, and the rest of
/// its output to read (a test must keep reading it, or the server blocks).
pub fn serve_lines(
    args: &[&str],
    stderr: std::process::Stdio,
) -> (
    std::process::Child,
    u16,
    std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
) {
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("tabula serve starts");
    let out = child.stdout.take().unwrap();
    let mut lines = std::io::BufReader::new(out).lines();
    let first = lines.next().unwrap().unwrap();
    let port = first
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("listening line: {first}"));
    (child, port, lines)
}

/// A `tabula serve` process that is killed when dropped, so a test that
/// fails before its server ends never leaves one running.
pub struct ServerProcess(pub std::process::Child);

impl std::ops::Deref for ServerProcess {
    type Target = std::process::Child;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for ServerProcess {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
    }
}
