//! How a picture looks, as a viewer chooses it: the piece style and the board
//! theme. Parsed from the words users and flags give (`chinese`,
//! `international`, `wood`, `contrast`), with an error naming the choices.

use std::fmt;
use std::str::FromStr;

/// What is drawn on a piece.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieceStyle {
    /// The traditional characters (帥 車 馬 …).
    #[default]
    Chinese,
    /// Pictograms a chess player reads without Chinese: a rook for the
    /// chariot, a knight for the horse, a king for the general, and so on.
    International,
}

/// The board's colours and how the two sides' pieces are told apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// A wooden board; both sides on light discs, red or black ink.
    #[default]
    Wood,
    /// Near-white board, black lines, Red's pieces light discs outlined in
    /// red and Black's filled dark: the sides differ in lightness, not only
    /// hue, for small screens and red–green colour blindness.
    Contrast,
}

/// A piece style and a theme: everything about a picture's look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Style {
    pub pieces: PieceStyle,
    pub theme: Theme,
}

impl PieceStyle {
    pub const ALL: [PieceStyle; 2] = [PieceStyle::Chinese, PieceStyle::International];

    pub fn name(self) -> &'static str {
        match self {
            PieceStyle::Chinese => "chinese",
            PieceStyle::International => "international",
        }
    }
}

impl Theme {
    pub const ALL: [Theme; 2] = [Theme::Wood, Theme::Contrast];

    pub fn name(self) -> &'static str {
        match self {
            Theme::Wood => "wood",
            Theme::Contrast => "contrast",
        }
    }
}

/// A word that names none of the choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownChoice {
    what: &'static str,
    given: String,
    choices: Vec<&'static str>,
}

impl fmt::Display for UnknownChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a {}: choose {}",
            self.given,
            self.what,
            self.choices.join(" or ")
        )
    }
}

impl std::error::Error for UnknownChoice {}

fn parse_choice<T: Copy>(
    text: &str,
    what: &'static str,
    all: &[T],
    name: fn(T) -> &'static str,
) -> Result<T, UnknownChoice> {
    let word = text.trim().to_lowercase();
    all.iter()
        .copied()
        .find(|&choice| name(choice) == word)
        .ok_or_else(|| UnknownChoice {
            what,
            given: text.chars().take(40).collect(),
            choices: all.iter().map(|&c| name(c)).collect(),
        })
}

impl FromStr for PieceStyle {
    type Err = UnknownChoice;
    fn from_str(text: &str) -> Result<PieceStyle, UnknownChoice> {
        parse_choice(text, "piece style", &PieceStyle::ALL, PieceStyle::name)
    }
}

impl FromStr for Theme {
    type Err = UnknownChoice;
    fn from_str(text: &str) -> Result<Theme, UnknownChoice> {
        parse_choice(text, "board theme", &Theme::ALL, Theme::name)
    }
}

impl fmt::Display for PieceStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_anything_else_names_the_choices() {
        for style in PieceStyle::ALL {
            assert_eq!(style.name().parse::<PieceStyle>(), Ok(style));
        }
        for theme in Theme::ALL {
            assert_eq!(theme.name().parse::<Theme>(), Ok(theme));
        }
        assert_eq!(" Contrast ".parse::<Theme>(), Ok(Theme::Contrast));
        let err = "western".parse::<PieceStyle>().unwrap_err().to_string();
        assert_eq!(
            err,
            "\"western\" is not a piece style: choose chinese or international"
        );
        let err = "dark".parse::<Theme>().unwrap_err().to_string();
        assert!(err.contains("wood or contrast"), "{err}");
    }
}
