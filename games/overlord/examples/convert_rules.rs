//! Convert the original engine's rules files into data/*.toml.
//! `cargo run -p umpire-overlord --example convert_rules -- REF_DIR OUT_DIR`
#![allow(clippy::unwrap_used, clippy::expect_used)]
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = std::path::Path::new(&args[1]);
    let out = std::path::Path::new(&args[2]);
    let mut files = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if name.ends_with(".rules") || name.ends_with(".var") {
            files.insert(
                name,
                String::from_utf8_lossy(&std::fs::read(&p).unwrap()).to_string(),
            );
        }
    }
    let (tables, notes) = umpire_overlord::legacy::rules::convert(&files);
    for n in &notes {
        eprintln!("{n}");
    }
    for (name, text) in umpire_overlord::rules::write_tables(&tables).unwrap() {
        std::fs::write(out.join(name), text).unwrap();
    }
    match umpire_overlord::rules::Rules::from_tables(tables, Default::default()) {
        Ok(r) => eprintln!(
            "ok: {} items {} skills {} races",
            r.items.len(),
            r.skills.len(),
            r.races.len()
        ),
        Err(e) => eprintln!("{e}"),
    }
}
