//! Which gateway shards a process runs: `A-B/N` is shards A to B-1 of N in
//! all (`0-2/4` runs shards 0 and 1 of 4), `A/N` the one shard A. Discord
//! sends each guild's events to the shard `(guild_id >> 22) % N`, and events
//! without a guild (direct messages) to shard 0, so K processes given
//! ranges that together cover `0..N` hear every event once. Without a range
//! the process runs all the shards Discord recommends (`GET /gateway/bot`).

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// The most shards a range may name: far beyond any bot's needs (Discord
/// asks for one shard per 2,500 guilds at most), small enough to count.
pub const MAX_SHARDS: u32 = 65_536;

/// Shards `first..end` of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub end: u32,
    pub total: u32,
}

impl ShardRange {
    pub fn shards(&self) -> Range<u32> {
        self.first..self.end
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}/{}", self.first, self.end, self.total)
    }
}

/// What is wrong with a shard range, said so that the setting can be fixed.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardRangeError {
    #[error("{0:?} is not a shard range: write FIRST-END/TOTAL (shards FIRST to END-1 of TOTAL, as 0-2/4) or SHARD/TOTAL")]
    Form(String),
    #[error("{what} {text:?} in the shard range is not a whole number")]
    Number { what: &'static str, text: String },
    #[error("the shard total must be 1 to {MAX_SHARDS}, not {0}")]
    Total(u32),
    #[error("the shard range {first}-{end} is empty: END must be greater than FIRST")]
    Empty { first: u32, end: u32 },
    #[error("the shard range {first}-{end} goes past the {total} shards there are (shards are numbered 0 to {last})", last = .total - 1)]
    PastTotal { first: u32, end: u32, total: u32 },
}

impl FromStr for ShardRange {
    type Err = ShardRangeError;

    fn from_str(text: &str) -> Result<ShardRange, ShardRangeError> {
        let form = || ShardRangeError::Form(text.to_owned());
        let (range, total) = text.trim().split_once('/').ok_or_else(form)?;
        let number = |what: &'static str, text: &str| {
            text.trim()
                .parse::<u32>()
                .map_err(|_| ShardRangeError::Number {
                    what,
                    text: text.trim().to_owned(),
                })
        };
        let total = number("the total", total)?;
        if !(1..=MAX_SHARDS).contains(&total) {
            return Err(ShardRangeError::Total(total));
        }
        let (first, end) = match range.split_once('-') {
            Some((first, end)) => (number("the first shard", first)?, number("the end", end)?),
            None => {
                let shard = number("the shard", range)?;
                if shard >= total {
                    let end = shard.saturating_add(1);
                    return Err(ShardRangeError::PastTotal {
                        first: shard,
                        end,
                        total,
                    });
                }
                (shard, shard + 1)
            }
        };
        if end <= first {
            return Err(ShardRangeError::Empty { first, end });
        }
        if end > total {
            return Err(ShardRangeError::PastTotal { first, end, total });
        }
        Ok(ShardRange { first, end, total })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_as_written() {
        let range: ShardRange = "0-2/4".parse().unwrap();
        assert_eq!(range.shards(), 0..2);
        assert_eq!(range.total, 4);
        assert_eq!("3/4".parse::<ShardRange>().unwrap().shards(), 3..4);
        assert_eq!(" 1 - 2 / 2 ".parse::<ShardRange>().unwrap().shards(), 1..2);
        assert_eq!(range.to_string(), "0-2/4");
    }

    #[test]
    fn bad_ranges_say_what_is_wrong() {
        let error = |text: &str| text.parse::<ShardRange>().unwrap_err().to_string();
        assert!(
            error("0-1").contains("write FIRST-END/TOTAL"),
            "{}",
            error("0-1")
        );
        assert!(error("a-2/4").contains("the first shard \"a\""));
        assert!(error("0-2/x").contains("the total \"x\""));
        assert!(error("0-2/0").contains("must be 1 to"));
        assert!(error("2-2/4").contains("is empty"));
        assert!(error("3-1/4").contains("is empty"));
        assert!(
            error("2-5/4").contains("numbered 0 to 3"),
            "{}",
            error("2-5/4")
        );
        assert!(error("4/4").contains("past the 4 shards"));
        assert!(error("-1/4").contains("not a whole number"));
        assert!(error(&format!("{}/4", u32::MAX)).contains("past the 4 shards"));
        assert!(error("").contains("not a shard range"));
    }
}
