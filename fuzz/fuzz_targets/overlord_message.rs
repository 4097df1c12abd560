//! Any bytes as a whole message: the checker never panics, and whatever it
//! keeps prints back to text that reads as the same message.
#![no_main]

use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use umpire_overlord::orders::{check, parse_message, Envelope, Message, ParseOptions, Vocabulary};

fn shape(m: &Message) -> Vec<String> {
    let mut out = Vec::new();
    for e in &m.envelopes {
        out.push(e.header().to_string());
        match e {
            Envelope::Orders(o) => {
                out.extend(o.faction_orders.iter().map(|f| format!("{:?}", f.value)));
                for u in &o.units {
                    out.push(format!("UNIT {}", u.unit));
                    out.extend(u.orders.iter().map(|x| format!("{:?}", x.value)));
                }
            }
            Envelope::Press(a) | Envelope::Rumor(a) => out.extend(a.lines.iter().cloned()),
            Envelope::Report(_) => {}
        }
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let options = ParseOptions {
        vocabulary: Some(Vocabulary::builtin()),
    };
    let checked = check("fuzz", data, options);
    let printed = checked.message.to_string();
    let source: Arc<str> = Arc::from("reprinted");
    let again = parse_message(&source, &printed, options);
    assert_eq!(shape(&checked.message), shape(&again.message), "reprint differs:\n{printed}");
});
