//! FEN reading and writing: round trips, the accepted spellings, one test per
//! kind of refusal asserting its message, and no panic on any input.

use proptest::prelude::*;
use xiangqi_bot::rules::{FenError, Position, START_FEN};

fn error(fen: &str) -> FenError {
    match Position::from_fen(fen) {
        Ok(p) => panic!("{fen} was accepted as {}", p.to_fen()),
        Err(e) => e,
    }
}

fn message(fen: &str) -> String {
    error(fen).to_string()
}

#[test]
fn start_position_round_trips() {
    let p = Position::startpos();
    assert_eq!(p.to_fen(), START_FEN);
    assert_eq!(Position::from_fen(START_FEN).unwrap(), p);
}

#[test]
fn alternative_letters_read_and_standard_ones_written() {
    let alt = "rhekaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1";
    // That board is one file short on the back rank; the real one:
    assert!(Position::from_fen(alt).is_err());
    let alt = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1";
    assert_eq!(Position::from_fen(alt).unwrap().to_fen(), START_FEN);
    // Counters are optional.
    let short = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    assert_eq!(Position::from_fen(short).unwrap().to_fen(), START_FEN);
    let counters = "4k4/9/9/9/9/4N4/9/9/9/4K4 b - - 17 42";
    let p = Position::from_fen(counters).unwrap();
    assert_eq!((p.halfmove_clock(), p.fullmove_number()), (17, 42));
    assert_eq!(p.to_fen(), counters);
}

#[test]
fn wrong_number_of_ranks() {
    assert_eq!(
        message("rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        "the board field has 9 ranks separated by '/'; it needs 10"
    );
}

#[test]
fn wrong_number_of_files_in_a_rank() {
    assert_eq!(
        message("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/8/RNBAKABNR w - - 0 1"),
        "rank 1 of the board (the 9th '/'-separated part) covers 8 files; it needs 9"
    );
    assert_eq!(
        message("rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        "rank 9 of the board (the 1st '/'-separated part) covers 10 files; it needs 9"
    );
    assert_eq!(
        error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/99/RNBAKABNR w - - 0 1"),
        FenError::FileCount { rank: 1, found: 18 }
    );
}

#[test]
fn bad_characters() {
    assert_eq!(
        message("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1X1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        "rank 3 of the board has 'X', which is neither a piece letter (K A B N R C P, \
         E for elephant, H for horse; upper case for Red) nor a count of empty points 1-9"
    );
    assert!(matches!(
        error("rnbakabnr/9/1c5c1/p1p1p1p1p/0/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        FenError::BadChar {
            rank: 5,
            found: '0'
        }
    ));
    assert!(matches!(
        error("rnbakabnr/9/1c5c1/p1p1p1p1p/９/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        FenError::BadChar { rank: 5, .. }
    ));
}

#[test]
fn bad_and_missing_fields() {
    let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    assert_eq!(message(""), "the FEN is empty");
    assert_eq!(message(board), "field 2 (side to move) is missing");
    assert_eq!(
        message(&format!("{board} x - - 0 1")),
        "field 2 (side to move) is \"x\"; expected 'w' (or 'r') for Red or 'b' for Black"
    );
    assert_eq!(
        message(&format!("{board} w KQ - 0 1")),
        "field 3 (castling, always '-' in Xiangqi) is \"KQ\"; expected '-'"
    );
    assert_eq!(
        message(&format!("{board} w - e3 0 1")),
        "field 4 (en passant, always '-' in Xiangqi) is \"e3\"; expected '-'"
    );
    assert_eq!(
        message(&format!("{board} w - - -1 1")),
        "field 5 (plies since the last capture) is \"-1\"; expected a whole number of at most 999"
    );
    assert_eq!(
        message(&format!("{board} w - - 0 0")),
        "field 6 (move number) is \"0\"; expected a whole number from 1 to 9999"
    );
    assert_eq!(
        message(&format!("{board} w - - 0 1 extra")),
        "the FEN has 7 fields; it has at most 6"
    );
}

#[test]
fn missing_and_extra_generals() {
    assert_eq!(
        message("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        "Black has no general"
    );
    assert_eq!(
        message("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w - - 0 1"),
        "Red has 2 generals; a side has at most 1"
    );
}

#[test]
fn too_many_pieces_of_a_kind() {
    assert_eq!(
        message("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/RNBAKABNR w - - 0 1"),
        "Red has 3 chariots; a side has at most 2"
    );
    assert_eq!(
        message("rnbakabnr/9/1c5c1/p1p1p1p1p/p8/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        "Black has 6 soldiers; a side has at most 5"
    );
}

#[test]
fn pieces_on_points_they_can_never_reach() {
    assert_eq!(
        message("3k5/9/9/9/9/9/3A5/9/9/3K5 w - - 0 1"),
        "the Red advisor on d3 is outside its palace"
    );
    assert_eq!(
        message("3k5/9/9/9/9/9/9/9/3A5/3K5 w - - 0 1"),
        "the Red advisor on d1 is not on one of the five diagonal points of its palace"
    );
    assert_eq!(
        message("3k5/9/9/9/9/9/9/9/9/3KA4 w - - 0 1"),
        "the Red advisor on e0 is not on one of the five diagonal points of its palace"
    );
    assert_eq!(
        message("3k5/9/9/9/9/9/9/9/9/2AK5 w - - 0 1"),
        "the Red advisor on c0 is outside its palace"
    );
    assert_eq!(
        message("3k5/9/9/9/9/9/9/9/9/3KB4 w - - 0 1"),
        "the Red elephant on e0 is not on one of the seven points an elephant can reach"
    );
    assert_eq!(
        message("3k5/9/9/2B6/9/9/9/9/9/3K5 w - - 0 1"),
        "the Red elephant on c6 has crossed the river, which an elephant never does"
    );
    assert_eq!(
        message("3k5/9/9/9/9/9/9/9/4P4/3K5 w - - 0 1"),
        "the Red soldier on e1 stands behind its starting rank, and soldiers never move back"
    );
    assert_eq!(
        message("3k5/4p4/9/9/9/9/9/9/9/3K5 w - - 0 1"),
        "the Black soldier on e8 stands behind its starting rank, and soldiers never move back"
    );
    assert_eq!(
        message("3k5/9/9/9/9/9/1P7/9/9/3K5 w - - 0 1"),
        "the Red soldier on b3 is on a file no soldier can reach before crossing the river"
    );
    assert_eq!(
        message("3k5/9/9/9/9/9/9/9/9/3K1K3 w - - 0 1"),
        "Red has 2 generals; a side has at most 1"
    );
    assert_eq!(
        message("3k5/9/9/9/9/9/9/9/9/2K6 w - - 0 1"),
        "the Red general on c0 is outside its palace"
    );
    assert_eq!(
        message("9/9/9/9/4k4/9/9/9/9/3K5 w - - 0 1"),
        "the Black general on e5 is outside its palace"
    );
}

#[test]
fn generals_facing() {
    assert_eq!(
        message("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
        "the generals face each other on file e with nothing between them"
    );
}

#[test]
fn side_not_to_move_in_check() {
    assert_eq!(
        message("4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1"),
        "Black is not to move but its general is in check, which no legal move can leave"
    );
}

const VALID: [&str; 4] = [
    START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
];

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in ".*") {
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn fen_like_text_never_panics(text in "[rnbakcpRNBAKCPEH0-9/ wb-]{0,100}") {
        let _ = Position::from_fen(&text);
    }

    /// Valid FENs with characters replaced, inserted or removed either read
    /// back to the same FEN or give an error; never a panic.
    #[test]
    fn mutated_fens_never_panic(
        which in 0usize..VALID.len(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, prop::char::any()), 1..4),
    ) {
        let mut chars: Vec<char> = VALID[which].chars().collect();
        for (index, op, c) in edits {
            let at = index.index(chars.len().max(1));
            match op {
                0 if !chars.is_empty() => {
                    let last = chars.len() - 1;
                    chars[at.min(last)] = c;
                }
                1 => chars.insert(at.min(chars.len()), c),
                _ if !chars.is_empty() => { chars.remove(at.min(chars.len() - 1)); }
                _ => {}
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(p) = Position::from_fen(&text) {
            let again = Position::from_fen(&p.to_fen()).expect("a written FEN reads back");
            prop_assert_eq!(again, p);
        }
    }
}
