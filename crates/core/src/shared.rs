//! The shared rules folder (`seeds/`, `spec/`) that sits beside the
//! repository, for tests that check the code against the source texts and
//! checklists. `UMPIRE_SHARED_DIR` points elsewhere.

use std::path::PathBuf;

/// The shared folder: `UMPIRE_SHARED_DIR`, or `../shared` beside the
/// repository.
pub fn dir() -> PathBuf {
    match std::env::var_os("UMPIRE_SHARED_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    }
}

/// A file of the shared folder (`spec/nb-orders-checklist.md`), or a
/// message that says where it was looked for and how to point elsewhere.
pub fn read(relative: &str) -> Result<String, String> {
    let path = dir().join(relative);
    std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "{relative} is expected at {} (the shared folder beside the project); set UMPIRE_SHARED_DIR to read it from elsewhere: {e}",
            path.display()
        )
    })
}
