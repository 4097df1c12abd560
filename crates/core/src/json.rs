//! JSON laid out for people from the compact form programs keep.
//!
//! Games keep their JSON compact (a third of the bytes, and quicker to
//! write); [`indent`] lays a compact document out as `serde_json`'s pretty
//! printer would (two spaces, `"key": value`, `[]` and `{}` when empty)
//! without reading it into a tree, so the keys keep their order.

/// `compact` laid out with two-space indentation. Text that is not JSON
/// comes out re-spaced but otherwise as it went in; nothing is dropped.
pub fn indent(compact: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(compact.len() + compact.len() / 2);
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let newline = |out: &mut Vec<u8>, depth: usize| {
        out.push(b'\n');
        out.resize(out.len() + 2 * depth, b' ');
    };
    let mut i = 0;
    while i < compact.len() {
        let c = compact[i];
        i += 1;
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == b'\\' {
                escaped = true;
            } else if c == b'"' {
                in_string = false;
            }
            continue;
        }
        match c {
            b'"' => {
                in_string = true;
                out.push(c);
            }
            b'{' | b'[' => {
                out.push(c);
                // An empty object or array stays on one line.
                let close = if c == b'{' { b'}' } else { b']' };
                let next = compact[i..]
                    .iter()
                    .position(|b| !b.is_ascii_whitespace())
                    .map(|k| i + k);
                if let Some(k) = next.filter(|&k| compact[k] == close) {
                    out.push(close);
                    i = k + 1;
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            b',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            b':' => out.extend_from_slice(b": "),
            c if c.is_ascii_whitespace() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::indent;

    #[test]
    fn lays_out_as_serde_json_pretty_prints() {
        let value = serde_json::json!({
            "header": {"turn": 3, "faction": {"id": "f05", "name": "Blue \"Hand\" {of} [Doom], \\ ok"}},
            "empty_list": [],
            "empty_map": {},
            "units": [{"id": "U1", "items": [1, 2.5, -3, null, true, false]}, {"id": "U2", "items": []}],
            "text": "a:b,c\n\t\u{e9}"
        });
        let compact = serde_json::to_vec(&value).unwrap();
        let pretty = serde_json::to_vec_pretty(&value).unwrap();
        assert_eq!(
            String::from_utf8(indent(&compact)).unwrap(),
            String::from_utf8(pretty).unwrap()
        );
    }

    #[test]
    fn keeps_the_keys_in_their_order() {
        let out = indent(br#"{"z":1,"a":{"y":[],"b":2}}"#);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\n  \"z\": 1,\n  \"a\": {\n    \"y\": [],\n    \"b\": 2\n  }\n}"
        );
    }

    #[test]
    fn already_indented_json_comes_out_the_same() {
        let value = serde_json::json!({"a": [1, {"b": []}], "c": "d e"});
        let pretty = serde_json::to_vec_pretty(&value).unwrap();
        assert_eq!(indent(&pretty), pretty);
    }
}
