//! The hex continent: elevation and moisture from smooth value noise,
//! terrain from both and from latitude, then one location per hex with
//! its six exits.
//!
//! The map is `width` columns by `height` rows of flat-topped hexes in
//! "odd-q" offset layout (odd columns sit half a hex lower); the
//! locations carry axial coordinates. Column 0, row 0 is the north-west
//! corner; north is up. The outer ring of hexes is always ocean.
//!
//! Only `+ - * /` and `sqrt` are used on floats, which IEEE 754 makes
//! exact on every platform, so the same seed gives the same map
//! everywhere.

use umpire_core::Dice;
use umpire_core::ids::TypedId;

use super::{GenerateError, MapSize, need};
use crate::rules::terrains::Direction;
use crate::rules::{Rules, TerrainId};
use crate::world::{Exit, Hex, Location, LocationId, World};

/// The terrains the generator lays down, by what they are for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerrainIds {
    pub ocean: TerrainId,
    pub lake: TerrainId,
    pub plains: TerrainId,
    pub hills: TerrainId,
    pub mountains: TerrainId,
    pub forest: TerrainId,
    pub desert: TerrainId,
    pub swamp: TerrainId,
    pub tundra: TerrainId,
    pub city: TerrainId,
    pub village: TerrainId,
}

impl TerrainIds {
    pub fn resolve(rules: &Rules) -> Result<TerrainIds, GenerateError> {
        let t = |tag: &str| need(rules.terrain(tag), "terrain", tag);
        Ok(TerrainIds {
            ocean: t("ocea")?,
            lake: t("lake")?,
            plains: t("plai")?,
            hills: t("hill")?,
            mountains: t("moun")?,
            forest: t("fore")?,
            desert: t("dese")?,
            swamp: t("swmp")?,
            tundra: t("tund")?,
            city: t("city")?,
            village: t("vill")?,
        })
    }

    pub fn is_water(&self, t: TerrainId) -> bool {
        t == self.ocean || t == self.lake
    }
}

/// The generated grid, kept for the later steps.
#[derive(Clone, Debug)]
pub struct Map {
    pub size: MapSize,
    /// Terrain per hex, index = `row * width + col`; the location of hex
    /// `i` is `LocationId(i)`.
    pub terrain: Vec<TerrainId>,
    /// Land hexes in index order.
    pub land: Vec<usize>,
    /// Index of the land hex nearest the centre of the largest landmass.
    pub heart: usize,
    /// For every hex, the landmass it belongs to (`u32::MAX` for water);
    /// landmass 0 is the largest.
    pub landmass: Vec<u32>,
}

impl Map {
    pub fn width(&self) -> usize {
        self.size.width as usize
    }

    pub fn hex_of(&self, i: usize) -> Hex {
        let col = (i % self.width()) as i32;
        let row = (i / self.width()) as i32;
        Hex::new(col, row - (col - (col & 1)) / 2)
    }

    pub fn index_of(&self, h: Hex) -> Option<usize> {
        let col = h.q;
        let row = h.r + (col - (col & 1)) / 2;
        if col < 0 || row < 0 || col >= self.size.width as i32 || row >= self.size.height as i32 {
            return None;
        }
        Some(row as usize * self.width() + col as usize)
    }

    /// The in-bounds neighbours of hex `i`, with their direction.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = (Direction, usize)> + '_ {
        let h = self.hex_of(i);
        Direction::HEX.into_iter().filter_map(move |d| {
            let n = h.step(d)?;
            Some((d, self.index_of(n)?))
        })
    }

    pub fn row(&self, i: usize) -> usize {
        i / self.width()
    }

    pub fn is_land(&self, i: usize) -> bool {
        self.landmass[i] != u32::MAX
    }
}

/// Lay out the continent and push one location per hex into `world`.
pub fn build(
    rules: &Rules,
    t: TerrainIds,
    size: MapSize,
    dice: &mut Dice,
    world: &mut World,
) -> Result<Map, GenerateError> {
    let w = size.width as usize;
    let h = size.height as usize;
    let n = size.hexes();
    let big = Noise::new(dice.roll(u32::MAX));
    let detail = Noise::new(dice.roll(u32::MAX));
    let wet = Noise::new(dice.roll(u32::MAX));
    let cold = Noise::new(dice.roll(u32::MAX));

    // Hex centres in hex-width units, and the continent's ellipse.
    let centre = |i: usize| -> (f64, f64) {
        let col = (i % w) as f64;
        let row = (i / w) as f64;
        let odd = if (i % w) % 2 == 1 { 0.5 } else { 0.0 };
        (col * 0.866, row + odd)
    };
    let (cx, cy) = ((w as f64 - 1.0) * 0.866 / 2.0, (h as f64 - 1.0) / 2.0);
    let (rx, ry) = (cx.max(1.0), cy.max(1.0));
    let scale = (w.max(h) as f64 / 5.0).max(5.0);
    let mut elevation = vec![0.0f64; n];
    let mut moisture = vec![0.0f64; n];
    let mut chill = vec![0.0f64; n];
    for (i, e) in elevation.iter_mut().enumerate() {
        let (x, y) = centre(i);
        let dx = (x - cx) / rx;
        let dy = (y - cy) / ry;
        let d2 = dx * dx + dy * dy;
        let noise = 0.50 * big.at(x / scale, y / scale)
            + 0.32 * detail.at(x / 4.0, y / 4.0)
            + 0.18 * detail.at(x / 1.7 + 17.0, y / 1.7 + 31.0);
        *e = noise - 0.75 * d2 * d2.sqrt();
        moisture[i] = 0.7 * wet.at(x / 6.0, y / 6.0) + 0.3 * wet.at(x / 2.5 + 9.0, y / 2.5);
        chill[i] = cold.at(x / 4.0, y / 4.0);
        let col = i % w;
        let row = i / w;
        if col == 0 || row == 0 || col == w - 1 || row == h - 1 {
            *e = f64::MIN;
        }
    }

    // About 55% land, of which the highest 8% mountains and next 14% hills.
    let sea = quantile(&elevation, 0.45);
    let mut terrain = vec![t.ocean; n];
    let land_elev: Vec<f64> = elevation.iter().copied().filter(|e| *e > sea).collect();
    let mountain = quantile(&land_elev, 0.92);
    let hill = quantile(&land_elev, 0.78);
    let low = quantile(&land_elev, 0.45);
    let land_wet: Vec<f64> = (0..n)
        .filter(|&i| elevation[i] > sea)
        .map(|i| moisture[i])
        .collect();
    let soaked = quantile(&land_wet, 0.90);
    let wooded = quantile(&land_wet, 0.62);
    let dry = quantile(&land_wet, 0.14);
    for i in 0..n {
        let e = elevation[i];
        if e <= sea {
            continue;
        }
        let lat = (i / w) as f64 / h as f64; // 0 north .. 1 south
        let m = moisture[i];
        terrain[i] = if e > mountain {
            t.mountains
        } else if lat + 0.08 * chill[i] < 0.13 {
            t.tundra
        } else if e > hill {
            t.hills
        } else if m > soaked && e < low {
            t.swamp
        } else if m > wooded {
            t.forest
        } else if m < dry && lat > 0.45 {
            t.desert
        } else {
            t.plains
        };
    }

    let mut map = Map {
        size,
        terrain,
        land: Vec::new(),
        heart: 0,
        landmass: vec![u32::MAX; n],
    };
    mark_lakes(&mut map, t);
    number_landmasses(&mut map, t);
    if map.land.len() < 40 {
        return Err(GenerateError::TooSmall {
            size,
            land: map.land.len(),
        });
    }

    // Locations, one per hex, numbered from 1 in row order.
    let weather = rules
        .weathers
        .ids()
        .next()
        .ok_or(GenerateError::MissingRules {
            kind: "weather",
            tag: "(any)".into(),
        })?;
    world.locations = umpire_core::ids::IdVec::with_capacity(n + n / 20);
    for i in 0..n {
        let mut loc = Location::new(i as u32 + 1, map.terrain[i], weather);
        loc.hex = Some(map.hex_of(i));
        loc.exits = map
            .neighbours(i)
            .map(|(direction, j)| Exit {
                direction,
                to: LocationId::from_index(j),
                only: None,
                road: false,
            })
            .collect();
        world.locations.push(loc);
    }
    Ok(map)
}

/// Water not connected to the map's edge and no bigger than six hexes is
/// a lake.
fn mark_lakes(map: &mut Map, t: TerrainIds) {
    let n = map.terrain.len();
    let mut seen = vec![false; n];
    for start in 0..n {
        if seen[start] || map.terrain[start] != t.ocean {
            continue;
        }
        let mut body = vec![start];
        seen[start] = true;
        let mut k = 0;
        let mut touches_edge = false;
        while k < body.len() {
            let i = body[k];
            k += 1;
            let (col, row) = (i % map.width(), map.row(i));
            if col == 0 || row == 0 || col + 1 == map.width() || row + 1 == map.size.height as usize
            {
                touches_edge = true;
            }
            let next: Vec<usize> = map.neighbours(i).map(|(_, j)| j).collect();
            for j in next {
                if !seen[j] && map.terrain[j] == t.ocean {
                    seen[j] = true;
                    body.push(j);
                }
            }
        }
        if !touches_edge && body.len() <= 6 {
            for i in body {
                map.terrain[i] = t.lake;
            }
        }
    }
}

/// Number the landmasses, largest first, and find the heartland: the land
/// hex nearest the middle of the largest one.
fn number_landmasses(map: &mut Map, t: TerrainIds) {
    let n = map.terrain.len();
    let mut masses: Vec<Vec<usize>> = Vec::new();
    let mut seen = vec![false; n];
    for start in 0..n {
        if seen[start] || t.is_water(map.terrain[start]) {
            continue;
        }
        seen[start] = true;
        let mut body = vec![start];
        let mut k = 0;
        while k < body.len() {
            let i = body[k];
            k += 1;
            let next: Vec<usize> = map.neighbours(i).map(|(_, j)| j).collect();
            for j in next {
                if !seen[j] && !t.is_water(map.terrain[j]) {
                    seen[j] = true;
                    body.push(j);
                }
            }
        }
        masses.push(body);
    }
    // Largest first; ties by first hex, so the order is fixed.
    masses.sort_by(|a, b| b.len().cmp(&a.len()).then(a[0].cmp(&b[0])));
    for (m, body) in masses.iter().enumerate() {
        for &i in body {
            map.landmass[i] = m as u32;
        }
    }
    map.land = (0..n).filter(|&i| map.landmass[i] != u32::MAX).collect();
    if let Some(main) = masses.first() {
        let (sq, sr) = main.iter().fold((0i64, 0i64), |(q, r), &i| {
            let h = map.hex_of(i);
            (q + i64::from(h.q), r + i64::from(h.r))
        });
        let len = main.len() as i64;
        let mid = Hex::new((sq / len) as i32, (sr / len) as i32);
        map.heart = main
            .iter()
            .copied()
            .min_by_key(|&i| (map.hex_of(i).distance(mid), i))
            .unwrap_or(main[0]);
    }
}

/// The value below which a fraction `q` of `values` lie.
fn quantile(values: &[f64], q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let k = ((v.len() - 1) as f64 * q) as usize;
    v[k.min(v.len() - 1)]
}

/// Smooth value noise: random values on an integer lattice, blended with
/// a smoothstep. Values lie in `0.0..1.0`.
struct Noise {
    seed: u64,
}

impl Noise {
    fn new(seed: u32) -> Self {
        Noise {
            seed: u64::from(seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03,
        }
    }

    fn lattice(&self, x: i64, y: i64) -> f64 {
        let mut z = self.seed
            ^ (x as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9)
            ^ (y as u64).wrapping_mul(0x94D0_49BB_1331_11EB);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }

    fn at(&self, x: f64, y: f64) -> f64 {
        let x0 = x.floor();
        let y0 = y.floor();
        let (fx, fy) = (x - x0, y - y0);
        let sx = fx * fx * (3.0 - 2.0 * fx);
        let sy = fy * fy * (3.0 - 2.0 * fy);
        let (ix, iy) = (x0 as i64, y0 as i64);
        let a = self.lattice(ix, iy);
        let b = self.lattice(ix + 1, iy);
        let c = self.lattice(ix, iy + 1);
        let d = self.lattice(ix + 1, iy + 1);
        let top = a + (b - a) * sx;
        let bottom = c + (d - c) * sx;
        top + (bottom - top) * sy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_and_axial_coordinates_agree_with_the_directions() {
        let map = Map {
            size: MapSize::new(10, 8),
            terrain: Vec::new(),
            land: Vec::new(),
            heart: 0,
            landmass: Vec::new(),
        };
        for i in 0..80 {
            assert_eq!(map.index_of(map.hex_of(i)), Some(i));
            for (d, j) in map.neighbours(i) {
                assert_eq!(map.hex_of(i).distance(map.hex_of(j)), 1, "{i} {d}");
                let back: Vec<usize> = map
                    .neighbours(j)
                    .filter(|(e, _)| *e == d.opposite())
                    .map(|(_, k)| k)
                    .collect();
                assert_eq!(back, vec![i]);
            }
        }
        // An inner hex has six neighbours, a corner two or three.
        assert_eq!(map.neighbours(3 * 10 + 4).count(), 6);
        assert!(map.neighbours(0).count() <= 3);
    }

    #[test]
    fn noise_is_smooth_and_in_range() {
        let n = Noise::new(7);
        let mut prev = n.at(0.0, 0.0);
        for k in 1..200 {
            let v = n.at(f64::from(k) * 0.05, 1.3);
            assert!((0.0..1.0).contains(&v));
            assert!((v - prev).abs() < 0.2, "jump at {k}");
            prev = v;
        }
    }

    #[test]
    fn quantiles_split_the_values() {
        let v: Vec<f64> = (0..101).map(f64::from).collect();
        assert_eq!(quantile(&v, 0.45), 45.0);
        assert_eq!(quantile(&v, 0.0), 0.0);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }
}
