//! Reading a command's arguments, the same way for every command: typed
//! words are offered to the arguments still open, each reading what it can
//! be, so an optional argument may be left out wherever it stands
//! (`board contrast` is the board here, in the contrast theme); slash
//! options are read by their names. The declaration (`commands!`) makes
//! one [`Slot`] per field and hands them here.

use super::arg::{Arg, OptionValue};
use super::kinds::shorten;
use super::problem::{CommandError, Problem, SlashError};
use super::spec::{ArgSpec, CommandSpec, Flag};

/// The prefix Discord users type before a command; accepted here too so that
/// adapters may pass the text as typed.
pub const PREFIX: &str = "!xq";

/// The line without a leading [`PREFIX`] (in any case).
pub fn strip_prefix(text: &str) -> &str {
    match text.get(..PREFIX.len()) {
        Some(head) if head.eq_ignore_ascii_case(PREFIX) => text[PREFIX.len()..].trim_start(),
        _ => text,
    }
}

/// One field's argument while a command is read: what was read so far.
pub struct Slot<T: Arg> {
    value: Option<T>,
}

impl<T: Arg> Default for Slot<T> {
    fn default() -> Slot<T> {
        Slot { value: None }
    }
}

impl<T: Arg> Slot<T> {
    pub fn into_value(self) -> Option<T> {
        self.value
    }
}

/// A [`Slot`] of any kind, as the readers handle them.
pub trait ReadSlot {
    fn is_filled(&self) -> bool;
    fn takes_rest(&self) -> bool;
    fn closed_words(&self) -> bool;
    /// Reads from the head of `words` into the slot: how many words it took.
    fn read(&mut self, words: &[&str]) -> Option<Result<usize, Problem>>;
    fn plainly(&self, word: &str) -> bool;
    fn not_this(&self, word: String) -> Problem;
    fn twice(&self, word: String) -> Problem;
    fn read_option(&mut self, value: &OptionValue, option: &str) -> Result<(), SlashError>;
}

impl<T: Arg> ReadSlot for Slot<T> {
    fn is_filled(&self) -> bool {
        self.value.is_some()
    }
    fn takes_rest(&self) -> bool {
        T::TAKES_REST
    }
    fn closed_words(&self) -> bool {
        T::CLOSED_WORDS
    }
    fn read(&mut self, words: &[&str]) -> Option<Result<usize, Problem>> {
        Some(T::read_words(words)?.map(|(value, used)| {
            self.value = Some(value);
            used
        }))
    }
    fn plainly(&self, word: &str) -> bool {
        T::plainly(word)
    }
    fn not_this(&self, word: String) -> Problem {
        T::not_this(word)
    }
    fn twice(&self, word: String) -> Problem {
        T::twice(word)
    }
    fn read_option(&mut self, value: &OptionValue, option: &str) -> Result<(), SlashError> {
        self.value = T::read_option(value, option)?;
        Ok(())
    }
}

/// Reads the words after a command's own into its `slots` (one per entry
/// of `spec.args`, in order). Each word goes to the open argument it
/// plainly is (`black` is a side before it is a name), else to the first
/// open argument that reads it; one shaped like an open argument but wrong (`#0`) is
/// refused as that; an argument that takes the rest of the line (a move, a
/// setting's value) takes what the others do not. A word nothing takes is
/// refused as the argument named twice, when it plainly is one already
/// given, or else by what the open arguments expect.
pub fn read_words(
    spec: &'static CommandSpec,
    words: &[&str],
    slots: &mut [&mut dyn ReadSlot],
) -> Result<(), CommandError> {
    let bad = |problem: Problem| CommandError::BadArgument {
        command: spec.word,
        problem,
        usage: spec.usage(),
    };
    let mut at = 0;
    while at < words.len() {
        let rest = &words[at..];
        let mut refused = None;
        let mut took = None;
        // A word plainly of one open argument's kind (`black`, `#7`, a
        // mention) is that argument's, before another reads it as a name.
        let plain = slots
            .iter()
            .position(|slot| !slot.is_filled() && !slot.takes_rest() && slot.plainly(rest[0]));
        let order = plain.into_iter().chain(0..slots.len());
        for index in order {
            let slot = &mut slots[index];
            if slot.is_filled() || slot.takes_rest() {
                continue;
            }
            match slot.read(rest) {
                Some(Ok(used)) => {
                    took = Some(used);
                    break;
                }
                Some(Err(problem)) => {
                    refused.get_or_insert(problem);
                }
                None => {}
            }
        }
        if let Some(used) = took {
            at += used;
            continue;
        }
        if let Some(problem) = refused {
            return Err(bad(problem));
        }
        if let Some(slot) = slots
            .iter_mut()
            .find(|slot| !slot.is_filled() && slot.takes_rest())
        {
            if let Some(Err(problem)) = slot.read(rest) {
                return Err(bad(problem));
            }
            return Ok(());
        }
        if spec.has(Flag::IgnoresRest) {
            return Ok(());
        }
        return Err(bad(unread(spec.args, slots, rest[0])));
    }
    Ok(())
}

/// Why no argument took `word`: given twice, when it plainly is an
/// argument already given; else what the open arguments wanted (the
/// required ones first, then those with a closed set of words, then the
/// others), or what the given ones with a closed set of words are not;
/// else, every argument given, the last one twice.
fn unread(args: &[ArgSpec], slots: &[&mut dyn ReadSlot], word: &str) -> Problem {
    let quoted = shorten(word);
    let kept = || {
        args.iter()
            .zip(slots.iter())
            .filter(|(_, slot)| !slot.takes_rest())
    };
    if let Some((_, given)) = kept().find(|(_, slot)| slot.is_filled() && slot.plainly(word)) {
        return given.twice(quoted);
    }
    let rank = |arg: &ArgSpec, slot: &dyn ReadSlot| -> u8 {
        match (slot.is_filled(), arg.required, slot.closed_words()) {
            (false, true, _) => 0,
            (false, false, true) => 1,
            (false, false, false) => 2,
            (true, _, true) => 3,
            (true, _, false) => 4,
        }
    };
    let best = kept().map(|(arg, slot)| rank(arg, &**slot)).min();
    match best {
        Some(best) if best < 4 => kept()
            .filter(|(arg, slot)| rank(arg, &***slot) == best)
            .map(|(_, slot)| slot.not_this(quoted.clone()))
            .reduce(Problem::either)
            .unwrap_or(Problem::TakesNothing { word: quoted }),
        Some(_) => match kept().next_back() {
            Some((_, last)) => last.twice(quoted),
            None => Problem::TakesNothing { word: quoted },
        },
        None => Problem::TakesNothing { word: quoted },
    }
}

/// Reads a slash subcommand's options (name and value, as the transport
/// read them) into `slots`, by each argument's option name.
pub fn read_options(
    args: &'static [ArgSpec],
    options: &[(String, OptionValue)],
    slots: &mut [&mut dyn ReadSlot],
) -> Result<(), SlashError> {
    for (arg, slot) in args.iter().zip(slots.iter_mut()) {
        if let Some((_, value)) = options.iter().find(|(name, _)| name == arg.option) {
            slot.read_option(value, arg.option)?;
        }
    }
    Ok(())
}
