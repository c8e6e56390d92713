//! Accounts: the users file (`--users FILE`) with salted Argon2id
//! password hashes (never a password), and the accounts of an open
//! server, made at their first LOGIN and kept for the server's lifetime.
//!
//! The file has one account a line, fields separated by tabs:
//! `login<TAB>email<TAB>team<TAB>hash` (team may be empty); lines starting
//! with `#` and empty lines are skipped. `tabula users add` writes it.

use std::collections::BTreeMap;
use std::path::Path;

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

/// Longest login, email, team name or password accepted.
pub const MAX_FIELD: usize = 64;

/// One account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The login (the nickname shown to others).
    pub login: String,
    /// The email address (a login may use it instead).
    pub email: String,
    /// The team, if any.
    pub team: Option<String>,
    /// The Argon2id hash of the password, with its salt (PHC string).
    pub hash: String,
    /// Whether the account was made by `CREATE TESTPLAYER`.
    pub temporary: bool,
}

/// A password job for the hashing threads.
enum Job {
    Hash(String, tokio::sync::oneshot::Sender<Result<String, String>>),
    Verify(String, String, tokio::sync::oneshot::Sender<bool>),
}

/// Threads that hash passwords: each hash takes Argon2's memory (19 MiB)
/// and tens of milliseconds, so a crowd logging in waits in line on two
/// threads of their own, whose memory is reused from one hash to the next
/// (hashing on ever new threads kept every thread's 19 MiB: 150 logins at
/// once held 860 MB).
fn hashers() -> &'static std::sync::Mutex<std::sync::mpsc::Sender<Job>> {
    static HASHERS: std::sync::OnceLock<std::sync::Mutex<std::sync::mpsc::Sender<Job>>> =
        std::sync::OnceLock::new();
    HASHERS.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::channel::<Job>();
        let rx = std::sync::Arc::new(std::sync::Mutex::new(rx));
        for i in 0..2 {
            let rx = rx.clone();
            std::thread::Builder::new()
                .name(format!("password hashing {i}"))
                .spawn(move || {
                    loop {
                        let job = match rx.lock() {
                            Ok(r) => r.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(Job::Hash(pw, reply)) => {
                                reply.send(hash_password(&pw)).ok();
                            }
                            Ok(Job::Verify(pw, hash, reply)) => {
                                reply.send(verify_password(&pw, &hash)).ok();
                            }
                            Err(_) => return,
                        }
                    }
                })
                .ok();
        }
        std::sync::Mutex::new(tx)
    })
}

/// [`hash_password`] on the hashing threads.
pub async fn hash_in_line(password: String) -> Result<String, String> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    hashers()
        .lock()
        .map_err(|_| "the hashing threads are not well".to_string())?
        .send(Job::Hash(password, tx))
        .map_err(|_| "the hashing threads have stopped".to_string())?;
    rx.await
        .map_err(|_| "the hashing threads have stopped".to_string())?
}

/// [`verify_password`] on the hashing threads.
pub async fn verify_in_line(password: String, hash: String) -> bool {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let sent = hashers()
        .lock()
        .map(|h| h.send(Job::Verify(password, hash, tx)).is_ok())
        .unwrap_or(false);
    sent && rx.await.unwrap_or(false)
}

/// Hash a password with a fresh random salt.
pub fn hash_password(password: &str) -> Result<String, String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| format!("cannot hash the password: {e}"))
}

/// Whether `password` matches `hash`.
pub fn verify_password(password: &str, hash: &str) -> bool {
    match PasswordHash::new(hash) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// Whether a login, email or team name may be used: printable, no
/// spaces, tabs or `=`, at most [`MAX_FIELD`] characters.
pub fn valid_word(text: &str) -> bool {
    !text.is_empty()
        && text.chars().count() <= MAX_FIELD
        && text
            .chars()
            .all(|c| !c.is_control() && !c.is_whitespace() && c != '=')
}

/// Read a users file: the accounts, or the first problem with its line.
pub fn read_users(text: &str) -> Result<BTreeMap<String, Account>, String> {
    let mut out = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split('\t').collect();
        let [login, email, team, hash] = parts.as_slice() else {
            return Err(format!(
                "line {n}: an account is `login<TAB>email<TAB>team<TAB>hash` ({} fields found)",
                parts.len()
            ));
        };
        if !valid_word(login) || !valid_word(email) || (!team.is_empty() && !valid_word(team)) {
            return Err(format!(
                "line {n}: a login, email or team has a space, a control character or `=`, or is longer than {MAX_FIELD}"
            ));
        }
        if PasswordHash::new(hash).is_err() {
            return Err(format!("line {n}: the password hash is not a PHC string"));
        }
        if out.contains_key(*login) {
            return Err(format!("line {n}: the login {login} is given twice"));
        }
        out.insert(
            login.to_string(),
            Account {
                login: login.to_string(),
                email: email.to_string(),
                team: (!team.is_empty()).then(|| team.to_string()),
                hash: hash.to_string(),
                temporary: false,
            },
        );
    }
    Ok(out)
}

/// Add an account to the users file at `path` (made if missing); the
/// login must be new there.
pub fn add_user(
    path: &Path,
    login: &str,
    email: &str,
    team: Option<&str>,
    password: &str,
) -> Result<(), String> {
    for (what, v) in [("login", login), ("email", email)] {
        if !valid_word(v) {
            return Err(format!(
                "the {what} must be one word without `=` of at most {MAX_FIELD} characters"
            ));
        }
    }
    if let Some(t) = team
        && !valid_word(t)
    {
        return Err(format!(
            "the team must be one word without `=` of at most {MAX_FIELD} characters"
        ));
    }
    if password.is_empty() || password.chars().count() > MAX_FIELD {
        return Err(format!(
            "the password must have 1 to {MAX_FIELD} characters"
        ));
    }
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read the users file: {e}")),
    };
    let users = read_users(&text).map_err(|e| format!("the users file, {e}"))?;
    if users.contains_key(login) {
        return Err(format!("the login {login} is in the users file already"));
    }
    let hash = hash_password(password)?;
    let mut text = text;
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&format!(
        "{login}\t{email}\t{}\t{hash}\n",
        team.unwrap_or("")
    ));
    crate::core::write_whole(path, &text).map_err(|e| format!("cannot write the users file: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_kept_only_as_a_salted_hash() {
        let a = hash_password("secret").unwrap();
        let b = hash_password("secret").unwrap();
        assert_ne!(a, b, "each hash has its own salt");
        assert!(!a.contains("secret"));
        assert!(a.starts_with("$argon2id$"));
        assert!(verify_password("secret", &a));
        assert!(!verify_password("Secret", &a));
        assert!(!verify_password("secret", "not a hash"));
    }

    #[test]
    fn the_users_file_is_read_and_added_to() {
        let dir = std::env::temp_dir().join(format!("tabula-users-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("users.txt");
        std::fs::remove_file(&path).ok();
        add_user(&path, "zenobios", "z@example.org", Some("SE"), "pw").unwrap();
        add_user(&path, "bob", "bob@example.org", None, "pw2").unwrap();
        let err = add_user(&path, "bob", "b@x", None, "pw").unwrap_err();
        assert!(err.contains("already"), "{err}");
        assert!(add_user(&path, "a b", "x", None, "pw").is_err());
        let users = read_users(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(users["zenobios"].team.as_deref(), Some("SE"));
        assert_eq!(users["bob"].team, None);
        assert!(verify_password("pw2", &users["bob"].hash));
        let bad = read_users("x\ty\n").unwrap_err();
        assert!(bad.starts_with("line 1:"), "{bad}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
