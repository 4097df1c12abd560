//! Deadline schedules, in the game's own time zone.
//!
//! A schedule is written as a game master says it:
//!
//! - `sat 18:00`, `mon,thu 20:30`, `daily 06:00`: at that time of day on
//!   those days, in the game's time zone, daylight saving included;
//! - `every 3 days`, `every 12 hours`, `every 30 minutes`: that long after
//!   the last deadline (or after now, when there was none).
//!
//! A time that the clocks skip on some day (02:30 when they go forward)
//! runs at the same time after the change (03:30); a time that happens
//! twice runs at the first. A single deadline given as a date and time
//! (`extend --to`) must exist exactly once, or it is refused with why.

use std::fmt;

use jiff::civil::{DateTime, Time, Weekday};
use jiff::tz::{AmbiguousOffset, TimeZone};
use jiff::{Timestamp, ToSpan};

/// Why a schedule, a zone or a time was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ScheduleError(pub String);

/// When a game's turns run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// On these days (Monday first) at this time of day.
    Days { days: Vec<Weekday>, at: Time },
    /// This many minutes after the last deadline.
    Every { minutes: i64 },
}

const DAYS: [(Weekday, &str, &str); 7] = [
    (Weekday::Monday, "mon", "monday"),
    (Weekday::Tuesday, "tue", "tuesday"),
    (Weekday::Wednesday, "wed", "wednesday"),
    (Weekday::Thursday, "thu", "thursday"),
    (Weekday::Friday, "fri", "friday"),
    (Weekday::Saturday, "sat", "saturday"),
    (Weekday::Sunday, "sun", "sunday"),
];

fn day(word: &str) -> Result<Vec<Weekday>, ScheduleError> {
    let w = word.trim().to_ascii_lowercase();
    match w.as_str() {
        "daily" | "day" | "every-day" => return Ok(DAYS.iter().map(|d| d.0).collect()),
        "weekdays" => return Ok(DAYS[..5].iter().map(|d| d.0).collect()),
        "weekends" => return Ok(DAYS[5..].iter().map(|d| d.0).collect()),
        _ => {}
    }
    let found = DAYS
        .iter()
        .find(|(_, short, long)| w == *short || w == *long || w.trim_end_matches('s') == *long);
    match found {
        Some((d, _, _)) => Ok(vec![*d]),
        None => {
            let names = DAYS.iter().map(|d| d.2);
            let hint = umpire_core::text::suggest(&w, names)
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            Err(ScheduleError(format!(
                "`{word}` is not a day{hint}: write mon … sun, daily, weekdays or weekends"
            )))
        }
    }
}

fn time_of_day(s: &str) -> Result<Time, ScheduleError> {
    let bad = || {
        ScheduleError(format!(
            "`{s}` is not a time of day: write it as HH:MM on a 24-hour clock, 00:00 to 23:59"
        ))
    };
    let (h, m) = s.trim().split_once(':').ok_or_else(bad)?;
    let h: i8 = h.parse().map_err(|_| bad())?;
    let m: i8 = m.parse().map_err(|_| bad())?;
    Time::new(h, m, 0, 0).map_err(|_| bad())
}

impl Schedule {
    /// Read a schedule as written (see the module's documentation).
    pub fn parse(spec: &str) -> Result<Schedule, ScheduleError> {
        let words: Vec<&str> = spec.split_whitespace().collect();
        match words.as_slice() {
            [every, n, unit] if every.eq_ignore_ascii_case("every") => {
                let n: i64 = n.parse().ok().filter(|n| *n > 0).ok_or_else(|| {
                    ScheduleError(format!("`{n}` is not a number of {unit} above 0"))
                })?;
                let minutes = match unit.to_ascii_lowercase().trim_end_matches('s') {
                    "minute" | "min" => n,
                    "hour" => n * 60,
                    "day" => n * 60 * 24,
                    "week" => n * 60 * 24 * 7,
                    other => {
                        return Err(ScheduleError(format!(
                            "`{other}` is not a unit of time: write minutes, hours, days or weeks"
                        )));
                    }
                };
                if minutes > 60 * 24 * 366 {
                    return Err(ScheduleError(
                        "a turn at most every year, please".to_string(),
                    ));
                }
                Ok(Schedule::Every { minutes })
            }
            [days, at] => {
                let mut list = Vec::new();
                for d in days.split(',').filter(|d| !d.is_empty()) {
                    for x in day(d)? {
                        if !list.contains(&x) {
                            list.push(x);
                        }
                    }
                }
                list.sort_by_key(|d| d.to_monday_zero_offset());
                Ok(Schedule::Days {
                    days: list,
                    at: time_of_day(at)?,
                })
            }
            _ => Err(ScheduleError(format!(
                "`{spec}` is not a schedule: write DAYS HH:MM (`sat 18:00`, `mon,thu 20:30`, `daily 06:00`) or `every N minutes|hours|days`"
            ))),
        }
    }

    /// The first deadline after `after` (the last deadline, or now).
    pub fn next_after(&self, after: Timestamp, zone: &TimeZone) -> Timestamp {
        match self {
            Schedule::Every { minutes } => after
                .checked_add(minutes.minutes())
                .unwrap_or(Timestamp::MAX),
            Schedule::Days { days, at } => {
                let start = zone.to_datetime(after).date();
                for k in 0..=8i64 {
                    let Ok(date) = start.checked_add(k.days()) else {
                        break;
                    };
                    if !days.contains(&date.weekday()) {
                        continue;
                    }
                    let dt = DateTime::from_parts(date, *at);
                    // Skipped by the clocks: the same time after the change;
                    // twice: the first.
                    let Ok(t) = zone.to_ambiguous_timestamp(dt).compatible() else {
                        continue;
                    };
                    if t > after {
                        return t;
                    }
                }
                Timestamp::MAX
            }
        }
    }
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Schedule::Every { minutes } => {
                let (n, unit) = if minutes % (60 * 24 * 7) == 0 {
                    (minutes / (60 * 24 * 7), "week")
                } else if minutes % (60 * 24) == 0 {
                    (minutes / (60 * 24), "day")
                } else if minutes % 60 == 0 {
                    (minutes / 60, "hour")
                } else {
                    (*minutes, "minute")
                };
                write!(f, "every {n} {unit}{}", if n == 1 { "" } else { "s" })
            }
            Schedule::Days { days, at } => {
                let names: Vec<&str> = days
                    .iter()
                    .filter_map(|d| DAYS.iter().find(|x| x.0 == *d).map(|x| x.1))
                    .collect();
                let days = if names.len() == 7 {
                    "daily".to_string()
                } else {
                    names.join(",")
                };
                write!(f, "{days} {:02}:{:02}", at.hour(), at.minute())
            }
        }
    }
}

/// The time zone called `name`, or why there is none.
pub fn zone(name: &str) -> Result<TimeZone, ScheduleError> {
    TimeZone::get(name.trim()).map_err(|_| {
        let names: Vec<String> = jiff::tz::db().available().map(|n| n.to_string()).collect();
        let hint = umpire_core::text::suggest(name.trim(), names.iter().map(String::as_str))
            .map(|s| format!(" (did you mean `{s}`?)"))
            .unwrap_or_default();
        ScheduleError(format!(
            "`{name}` is not a time zone{hint}: write one such as UTC, Europe/Paris or America/New_York"
        ))
    })
}

/// A date and time in `zone`, which must happen exactly once there.
pub fn moment(text: &str, zone_name: &str) -> Result<Timestamp, ScheduleError> {
    let tz = zone(zone_name)?;
    let normal = text.trim().replacen(' ', "T", 1);
    let dt: DateTime = normal.parse().map_err(|_| {
        ScheduleError(format!(
            "`{text}` is not a date and time: write YYYY-MM-DD HH:MM, such as 2026-12-05 18:00"
        ))
    })?;
    let ambiguous = tz.to_ambiguous_timestamp(dt);
    match ambiguous.offset() {
        AmbiguousOffset::Gap { .. } => Err(ScheduleError(format!(
            "{text} does not exist in {zone_name}: the clocks go forward over it; choose a time an hour later or earlier"
        ))),
        AmbiguousOffset::Fold { .. } => Err(ScheduleError(format!(
            "{text} happens twice in {zone_name} (the clocks go back over it); choose a time an hour later or earlier"
        ))),
        AmbiguousOffset::Unambiguous { .. } => ambiguous
            .unambiguous()
            .map_err(|e| ScheduleError(format!("{text} in {zone_name}: {e}"))),
    }
}

/// A deadline as players read it, in the game's zone and in UTC:
/// `Saturday 5 December 2026, 18:00 CET (17:00 UTC)`; the day is named
/// again when UTC's is another.
pub fn describe(t: Timestamp, zone_name: &str) -> String {
    let tz = zone(zone_name).unwrap_or(TimeZone::UTC);
    let local = t.to_zoned_datetime(tz);
    let mut out = local.strftime("%A %-d %B %Y, %H:%M %Z").to_string();
    let utc = t.to_zoned_datetime(TimeZone::UTC);
    if local.offset().seconds() != 0 {
        let day = if utc.date() == local.date() {
            String::new()
        } else {
            utc.strftime("%A ").to_string()
        };
        out.push_str(&format!(" ({day}{} UTC)", utc.strftime("%H:%M")));
    }
    out
}

/// The next `n` deadlines from `first` (the one set now), each the
/// schedule's next after the one before, as the scheduler will set them
/// if nothing is extended: fewer when the schedule runs out.
pub fn upcoming(
    first: Timestamp,
    schedule: Option<&Schedule>,
    zone: &TimeZone,
    n: usize,
) -> Vec<Timestamp> {
    let mut out = Vec::with_capacity(n);
    let mut at = first;
    while out.len() < n && at != Timestamp::MAX {
        out.push(at);
        match schedule {
            Some(s) => at = s.next_after(at, zone),
            None => break,
        }
    }
    out
}

/// Milliseconds since 1970 as a timestamp.
pub fn from_ms(ms: i64) -> Timestamp {
    Timestamp::from_millisecond(ms).unwrap_or(Timestamp::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_upcoming_deadlines_keep_the_local_time_over_a_change_of_the_clocks() {
        let paris = zone("Europe/Paris").unwrap();
        let s = Schedule::parse("sat 18:00").unwrap();
        let first = moment("2027-03-20 18:00", "Europe/Paris").unwrap();
        let got: Vec<String> = upcoming(first, Some(&s), &paris, 3)
            .iter()
            .map(ToString::to_string)
            .collect();
        // Summer time begins on Sunday 28 March 2027.
        assert_eq!(
            got,
            [
                "2027-03-20T17:00:00Z",
                "2027-03-27T17:00:00Z",
                "2027-04-03T16:00:00Z"
            ]
        );
        assert_eq!(upcoming(first, None, &paris, 5), vec![first]);
        assert!(upcoming(Timestamp::MAX, Some(&s), &paris, 5).is_empty());
    }

    fn at(s: &str, zone_name: &str) -> Timestamp {
        moment(s, zone_name).unwrap()
    }

    #[test]
    fn schedules_read_as_game_masters_write_them() {
        assert_eq!(
            Schedule::parse("sat 18:00").unwrap().to_string(),
            "sat 18:00"
        );
        assert_eq!(
            Schedule::parse("Thursday,mon 20:30").unwrap().to_string(),
            "mon,thu 20:30"
        );
        assert_eq!(
            Schedule::parse("daily 6:05").unwrap().to_string(),
            "daily 06:05"
        );
        assert_eq!(
            Schedule::parse("every 3 days").unwrap(),
            Schedule::Every {
                minutes: 3 * 24 * 60
            }
        );
        assert_eq!(
            Schedule::parse("every 1 week").unwrap().to_string(),
            "every 1 week"
        );
        assert_eq!(
            Schedule::parse("every 90 minutes").unwrap().to_string(),
            "every 90 minutes"
        );
    }

    #[test]
    fn an_impossible_schedule_is_refused_with_the_reason() {
        let e = Schedule::parse("sat 25:00").unwrap_err().0;
        assert!(e.contains("not a time of day"), "{e}");
        let e = Schedule::parse("saturdy 18:00").unwrap_err().0;
        assert!(e.contains("did you mean `saturday`"), "{e}");
        let e = Schedule::parse("every 0 days").unwrap_err().0;
        assert!(e.contains("above 0"), "{e}");
        let e = Schedule::parse("every 2 fortnights").unwrap_err().0;
        assert!(e.contains("not a unit of time"), "{e}");
        assert!(Schedule::parse("whenever").is_err());
    }

    #[test]
    fn an_unknown_time_zone_is_refused_with_a_suggestion() {
        let e = zone("Europe/Pariss").unwrap_err().0;
        assert!(e.contains("did you mean `Europe/Paris`"), "{e}");
        assert!(zone("UTC").is_ok());
    }

    #[test]
    fn the_next_saturday_deadline_follows_daylight_saving() {
        let s = Schedule::parse("sat 18:00").unwrap();
        let paris = zone("Europe/Paris").unwrap();
        // Friday 23 October 2026: next is Saturday 24th, 18:00 CEST (16:00 UTC).
        let next = s.next_after(at("2026-10-23 12:00", "Europe/Paris"), &paris);
        assert_eq!(next.to_string(), "2026-10-24T16:00:00Z");
        // After the clocks go back (25 October), 18:00 CET is 17:00 UTC.
        let after = s.next_after(next, &paris);
        assert_eq!(after.to_string(), "2026-10-31T17:00:00Z");
        assert_eq!(
            describe(after, "Europe/Paris"),
            "Saturday 31 October 2026, 18:00 CET (17:00 UTC)"
        );
        // Exactly at a deadline, the next is a week on.
        assert_eq!(
            s.next_after(after, &paris).to_string(),
            "2026-11-07T17:00:00Z"
        );
    }

    #[test]
    fn a_time_the_clocks_skip_runs_just_after_the_change() {
        // 29 March 2026 in Paris: 02:00 becomes 03:00.
        let s = Schedule::parse("sun 02:30").unwrap();
        let paris = zone("Europe/Paris").unwrap();
        let next = s.next_after(at("2026-03-28 12:00", "Europe/Paris"), &paris);
        assert_eq!(
            describe(next, "Europe/Paris"),
            "Sunday 29 March 2026, 03:30 CEST (01:30 UTC)"
        );
        // Past midnight in UTC, the day is named.
        let late = moment("2026-12-05 20:30", "America/New_York").unwrap();
        assert_eq!(
            describe(late, "America/New_York"),
            "Saturday 5 December 2026, 20:30 EST (Sunday 01:30 UTC)"
        );
        assert_eq!(describe(late, "UTC"), "Sunday 6 December 2026, 01:30 UTC");
    }

    #[test]
    fn a_single_deadline_must_exist_once() {
        let e = moment("2026-03-29 02:30", "Europe/Paris").unwrap_err().0;
        assert!(e.contains("does not exist"), "{e}");
        let e = moment("2026-10-25 02:30", "Europe/Paris").unwrap_err().0;
        assert!(e.contains("happens twice"), "{e}");
        let e = moment("2026-02-30 10:00", "UTC").unwrap_err().0;
        assert!(e.contains("not a date and time"), "{e}");
        assert_eq!(
            moment("2026-12-05 18:00", "America/New_York")
                .unwrap()
                .to_string(),
            "2026-12-05T23:00:00Z"
        );
    }

    #[test]
    fn every_n_hours_counts_from_the_last_deadline() {
        let s = Schedule::parse("every 12 hours").unwrap();
        let t = at("2026-11-27 09:00", "UTC");
        assert_eq!(
            s.next_after(t, &TimeZone::UTC).to_string(),
            "2026-11-27T21:00:00Z"
        );
    }
}
