//! A real headless Chromium, driven over WebDriver: `scripts/browser`
//! installs Debian's chromium and chromium-driver when they are missing,
//! and a test that cannot have them fails.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{Value, json};

/// Keys, as WebDriver names them.
pub const TAB: &str = "\u{E004}";
pub const ENTER: &str = "\u{E007}";
pub const SHIFT: &str = "\u{E008}";
pub const CONTROL: &str = "\u{E009}";
pub const SPACE: &str = "\u{E00D}";
pub const LEFT: &str = "\u{E012}";
pub const UP: &str = "\u{E013}";
pub const RIGHT: &str = "\u{E014}";
pub const DOWN: &str = "\u{E015}";

/// The WebDriver's name for an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A chromedriver and one browser session; both end when dropped.
pub struct Browser {
    driver: Child,
    url: String,
    agent: ureq::Agent,
    /// Where screenshots go.
    pub shots: PathBuf,
    taken: usize,
}

fn programs() -> (String, String) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/browser");
    let out = Command::new(&script)
        .stderr(Stdio::inherit())
        .output()
        .expect("scripts/browser runs");
    assert!(
        out.status.success(),
        "scripts/browser could not provide chromium and chromedriver"
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    (
        lines.next().unwrap().to_string(),
        lines.next().unwrap().to_string(),
    )
}

impl Browser {
    /// Start chromedriver and a headless Chromium.
    pub fn start(shots: &str) -> Browser {
        let (driver_bin, chromium) = programs();
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let driver = Command::new(driver_bin)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(120)))
            .build()
            .into();
        let base = format!("http://127.0.0.1:{port}");
        let start = Instant::now();
        loop {
            if let Ok(mut r) = agent.get(format!("{base}/status")).call() {
                let v: Value =
                    serde_json::from_str(&r.body_mut().read_to_string().unwrap()).unwrap();
                if v["value"]["ready"] == Value::Bool(true) {
                    break;
                }
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "chromedriver did not answer"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let shots = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("screenshots")
            .join(shots);
        let _ = std::fs::remove_dir_all(&shots);
        std::fs::create_dir_all(&shots).unwrap();
        let mut b = Browser {
            driver,
            url: base,
            agent,
            shots,
            taken: 0,
        };
        let v = b.call(
            "POST",
            "/session",
            Some(json!({"capabilities": {"alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": {
                    "binary": chromium,
                    "args": ["--headless", "--no-sandbox", "--disable-gpu",
                             "--disable-background-networking", "--disable-dev-shm-usage",
                             "--window-size=1280,1000"]
                }
            }}})),
        );
        b.url = format!(
            "{}/session/{}",
            b.url,
            v["sessionId"].as_str().expect("a session")
        );
        b
    }

    fn call(&mut self, method: &str, path: &str, body: Option<Value>) -> Value {
        // Before the session: the driver's address; after: the session's.
        let url = format!("{}{path}", self.url);
        let mut r = match (method, body) {
            ("GET", _) => self.agent.get(&url).call().unwrap(),
            ("DELETE", _) => self.agent.delete(&url).call().unwrap(),
            (_, Some(b)) => self
                .agent
                .post(&url)
                .content_type("application/json")
                .send(b.to_string())
                .unwrap(),
            (_, None) => self
                .agent
                .post(&url)
                .content_type("application/json")
                .send("{}")
                .unwrap(),
        };
        let status = r.status().as_u16();
        let v: Value = serde_json::from_str(&r.body_mut().read_to_string().unwrap()).unwrap();
        assert!(status < 400, "WebDriver {method} {path}: {status} {v}");
        if v.get("sessionId").is_some() {
            return v;
        }
        v["value"].clone()
    }

    /// Make the window `width` by `height` CSS pixels (a phone: 390 x 844).
    pub fn resize(&mut self, width: u32, height: u32) {
        self.call(
            "POST",
            "/window/rect",
            Some(json!({ "width": width, "height": height })),
        );
    }

    /// The window's size as last set (what [`Browser::resize`] takes).
    pub fn size(&mut self) -> (u32, u32) {
        let r = self.call("GET", "/window/rect", None);
        (
            r["width"].as_u64().unwrap_or(1280) as u32,
            r["height"].as_u64().unwrap_or(1000) as u32,
        )
    }

    pub fn go(&mut self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    pub fn current(&mut self) -> String {
        self.call("GET", "/url", None).as_str().unwrap().to_string()
    }

    /// Run a script in the page; its return value.
    pub fn js(&mut self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    /// The element matching `css`; panics when there is none.
    pub fn find(&mut self, css: &str) -> String {
        let v = self.call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        v[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no {css}: {v}"))
            .to_string()
    }

    pub fn click(&mut self, css: &str) {
        let e = self.find(css);
        self.call("POST", &format!("/element/{e}/click"), None);
    }

    /// Replace a field's text, typing it as a person would.
    pub fn type_into(&mut self, css: &str, text: &str) {
        let e = self.find(css);
        self.call("POST", &format!("/element/{e}/clear"), None);
        self.call(
            "POST",
            &format!("/element/{e}/value"),
            Some(json!({ "text": text })),
        );
    }

    pub fn text(&mut self, css: &str) -> String {
        let e = self.find(css);
        self.call("GET", &format!("/element/{e}/text"), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Wait until `script` (an expression) is true in the page.
    pub fn wait_for(&mut self, what: &str, expression: &str) {
        let start = Instant::now();
        loop {
            if self.js(&format!("return !!({expression});")) == Value::Bool(true) {
                return;
            }
            if start.elapsed() > Duration::from_secs(30) {
                let shot = self.shot("timed-out");
                panic!(
                    "timed out waiting for {what} ({expression}); the page is in {}",
                    shot.display()
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Run an async script in the page (it calls `arguments[0]` with its
    /// result); that result.
    pub fn js_async(&mut self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/async",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    /// Press keys on the keyboard, as a person would, into whatever has
    /// the focus: each of `keys` is pressed and let go in turn, while
    /// `held` (modifiers such as [`SHIFT`] or [`CONTROL`]) are held down.
    pub fn press_with(&mut self, held: &[&str], keys: &[&str]) {
        let mut actions = Vec::new();
        for h in held {
            actions.push(json!({"type": "keyDown", "value": h}));
        }
        for k in keys {
            actions.push(json!({"type": "keyDown", "value": k}));
            actions.push(json!({"type": "keyUp", "value": k}));
        }
        for h in held.iter().rev() {
            actions.push(json!({"type": "keyUp", "value": h}));
        }
        self.call(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})),
        );
    }

    /// Press keys, nothing held.
    pub fn press(&mut self, keys: &[&str]) {
        self.press_with(&[], keys);
    }

    /// Type `text` on the keyboard into whatever has the focus (a new
    /// line is the Enter key).
    pub fn keys(&mut self, text: &str) {
        let keys: Vec<String> = text
            .chars()
            .map(|c| {
                if c == '\n' {
                    ENTER.to_string()
                } else {
                    c.to_string()
                }
            })
            .collect();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        self.press(&keys);
    }

    /// What has the focus, in words: its tag, id, classes, name or
    /// data-name, and text.
    pub fn focused(&mut self) -> String {
        self.js(
            "const e = document.activeElement; if (!e) return 'nothing';\
             const cls = typeof e.className === 'string' ? e.className : (e.className.baseVal || '');\
             return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (cls ? '.' + cls.trim().split(/\\s+/).join('.') : '')\
               + (e.getAttribute('name') ? '[name=' + e.getAttribute('name') + ']' : '')\
               + (e.dataset && e.dataset.name ? '[data-name=' + e.dataset.name + ']' : '')\
               + ' ' + (e.textContent || e.value || '').trim().slice(0, 60);",
        )
        .as_str()
        .unwrap_or("")
        .to_string()
    }

    /// Press Tab (Shift+Tab when `back`) until the element with the focus
    /// matches `css`; panics, naming what was reached, when 80 presses do
    /// not get there.
    pub fn tab_to(&mut self, css: &str, back: bool) {
        let matches = format!(
            "return !!(document.activeElement && document.activeElement.matches({}))",
            serde_json::to_string(css).unwrap()
        );
        let mut passed = Vec::new();
        for _ in 0..80 {
            if self.js(&matches) == Value::Bool(true) {
                return;
            }
            if back {
                self.press_with(&[SHIFT], &[TAB]);
            } else {
                self.press(&[TAB]);
            }
            passed.push(self.focused());
        }
        panic!(
            "Tab never reached {css}; it went through:\n{}",
            passed.join("\n")
        );
    }

    /// The window's inner width, in CSS pixels.
    pub fn width(&mut self) -> u64 {
        self.js("return window.innerWidth").as_u64().unwrap_or(0)
    }

    /// Check the page with axe-core at the window's width and at the
    /// other of a phone's and a wide screen's (see [`axe`]), then keep a
    /// screenshot for a reviewer; its path.
    pub fn screenshot(&mut self, name: &str) -> PathBuf {
        super::axe::both_widths(self, name);
        self.shot(name)
    }

    /// Keep a screenshot for a reviewer, unchecked; its path.
    pub fn shot(&mut self, name: &str) -> PathBuf {
        self.taken += 1;
        let v = self.call("GET", "/screenshot", None);
        let png = base64::engine::general_purpose::STANDARD
            .decode(v.as_str().unwrap())
            .unwrap();
        let path = self.shots.join(format!("{:02}-{name}.png", self.taken));
        std::fs::write(&path, png).unwrap();
        path
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let url = self.url.clone();
        let _ = self.agent.delete(&url).call();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
