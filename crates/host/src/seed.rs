//! Seeds for the dice of what the host starts: a new game's world, a
//! joining player's seat. Drawn from the system's random source, so
//! players cannot work them out; a kind that is given a seed (`seed=4`)
//! uses that one instead.

/// There is no random source to draw a seed from.
#[derive(Debug, thiserror::Error)]
#[error("no random source: {0}")]
pub struct NoRandomSource(String);

/// A seed from the system's random source.
pub fn random() -> Result<u64, NoRandomSource> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).map_err(|e| NoRandomSource(e.to_string()))?;
    Ok(u64::from_le_bytes(b))
}

#[cfg(test)]
mod tests {
    #[test]
    fn two_seeds_drawn_differ() {
        let (a, b) = (super::random(), super::random());
        assert!(matches!((a, b), (Ok(a), Ok(b)) if a != b));
    }
}
