//! axe-core in the browser tests: every page a test keeps a screenshot
//! of is checked against the WCAG 2.1 A and AA rules, at a phone's width
//! and a wide screen's, with every `<details>` opened; any violation
//! fails the test, naming the rule, the element and the page.
//!
//! axe-core comes from the npm registry, pinned in
//! `scripts/axe-core/package-lock.json` and installed by `scripts/axe`;
//! nothing is fetched while the tests run.

#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde_json::Value;

use super::browser::Browser;

/// The two widths every page is checked at: a phone's and a wide screen's.
pub const WIDTHS: [u32; 2] = [390, 1280];

/// The rules' tags: WCAG 2.0 and 2.1, levels A and AA.
const TAGS: &str = "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']";

/// axe-core's script, read once from where `scripts/axe` installed it.
fn source() -> &'static str {
    static SOURCE: OnceLock<String> = OnceLock::new();
    SOURCE.get_or_init(|| {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/axe");
        let out = Command::new(&script)
            .stderr(Stdio::inherit())
            .output()
            .expect("scripts/axe runs");
        assert!(
            out.status.success(),
            "scripts/axe could not provide axe-core"
        );
        let path = String::from_utf8(out.stdout).unwrap();
        std::fs::read_to_string(path.trim()).expect("axe.min.js reads")
    })
}

/// The page's violations of the WCAG 2.1 A and AA rules as axe-core
/// finds them, every `<details>` opened for the check (and closed again
/// after), in words: one line per element, naming the rule.
pub fn violations(b: &mut Browser) -> Vec<String> {
    if b.js("return typeof window.axe === 'undefined'") == Value::Bool(true) {
        b.js(&format!("{}\n;return 0;", source()));
    }
    let found = b.js_async(&format!(
        "var done = arguments[0];\
         var closed = [...document.querySelectorAll('details:not([open])')];\
         closed.forEach(function (d) {{ d.open = true; }});\
         axe.run(document, {{ runOnly: {{ type: 'tag', values: {TAGS} }}, resultTypes: ['violations'] }})\
           .then(function (r) {{\
             closed.forEach(function (d) {{ d.open = false; }});\
             done(r.violations.map(function (v) {{ return {{ id: v.id, impact: v.impact, help: v.help,\
               nodes: v.nodes.map(function (n) {{ return {{ target: n.target.join(' '), html: n.html.slice(0, 160),\
                 why: (n.failureSummary || '').replace(/\\s+/g, ' ') }}; }}) }}; }}));\
           }}, function (e) {{ done([{{ id: 'axe-failed', impact: 'critical', help: String(e), nodes: [] }}]); }});"
    ));
    let mut lines = Vec::new();
    for v in found.as_array().into_iter().flatten() {
        let rule = format!(
            "{} ({}): {}",
            v["id"].as_str().unwrap_or("?"),
            v["impact"].as_str().unwrap_or("?"),
            v["help"].as_str().unwrap_or("")
        );
        let nodes = v["nodes"].as_array().cloned().unwrap_or_default();
        if nodes.is_empty() {
            lines.push(rule.clone());
        }
        for n in nodes {
            lines.push(format!(
                "{rule}\n    at {}\n    {}\n    {}",
                n["target"].as_str().unwrap_or(""),
                n["html"].as_str().unwrap_or(""),
                n["why"].as_str().unwrap_or("")
            ));
        }
    }
    lines
}

/// Check the page as it stands at the window's width, and at the other
/// of [`WIDTHS`]; the window is put back as it was. Panics with every
/// violation, the page named by `name` and its address.
pub fn both_widths(b: &mut Browser, name: &str) {
    let (width, height) = b.size();
    let other = if width <= 600 { WIDTHS[1] } else { WIDTHS[0] };
    let mut found = Vec::new();
    for w in [width, other] {
        if w != width {
            b.resize(w, height);
        }
        for v in violations(b) {
            found.push(format!("[{w} px] {v}"));
        }
    }
    b.resize(width, height);
    if !found.is_empty() {
        let at = b.current();
        let shot = b.shot(&format!("{name}-axe"));
        panic!(
            "axe-core: {} WCAG 2.1 A/AA violation(s) on `{name}` ({at}; screenshot {}):\n{}",
            found.len(),
            shot.display(),
            found.join("\n")
        );
    }
}
