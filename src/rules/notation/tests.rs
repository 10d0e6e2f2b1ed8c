use proptest::prelude::*;

use super::*;
use crate::rules::playouts::playout_positions;
use crate::rules::Square;

const PERFT_TABLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.tsv");

fn mv(text: &str) -> Move {
    Move::new(
        Square::parse(&text[..2]).unwrap(),
        Square::parse(&text[2..]).unwrap(),
    )
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|err| panic!("{fen}: {err}"))
}

fn after(moves: &str) -> Position {
    let mut p = Position::startpos();
    for m in moves.split_whitespace() {
        assert!(p.is_legal(mv(m)), "{m}");
        p.make_move(mv(m));
    }
    p
}

fn parses_to(p: &Position, text: &str, expected: &str, notation: Notation) {
    match parse_move(p, text) {
        Ok(parsed) => {
            assert_eq!(parsed.mv, mv(expected), "{text}");
            assert_eq!(parsed.notation, notation, "{text}");
        }
        Err(err) => panic!("{text} should parse as {expected}: {err}"),
    }
}

fn error_of(p: &Position, text: &str) -> MoveError {
    match parse_move(p, text) {
        Ok(parsed) => panic!("{text} should be refused, got {}", parsed.mv),
        Err(err) => err,
    }
}

#[test]
fn reads_the_examples_of_every_notation() {
    let start = Position::startpos();
    for text in ["h2e2", "H2E2", "H2-E2", "h2-e2", " h2e2 ", "ｈ２ｅ２"] {
        parses_to(&start, text, "h2e2", Notation::Iccs);
    }
    for text in ["C2=5", "c2=5", "C2.5", "Ｃ２＝５"] {
        parses_to(&start, text, "h2e2", Notation::Wxf);
    }
    for text in ["炮二平五", "砲二平五", "包二平五", "炮2平5", "炮 二 平 五"] {
        parses_to(&start, text, "h2e2", Notation::Chinese);
    }
    parses_to(&start, "H8+7", "b0c2", Notation::Wxf);
    parses_to(&start, "N8+7", "b0c2", Notation::Wxf);
    parses_to(&start, "马八进七", "b0c2", Notation::Chinese);
    parses_to(&start, "R1+1", "i0i1", Notation::Wxf);
    parses_to(&start, "E3+5", "g0e2", Notation::Wxf);
    parses_to(&start, "B3+5", "g0e2", Notation::Wxf);
    parses_to(&start, "A4+5", "f0e1", Notation::Wxf);
    parses_to(&start, "K5+1", "e0e1", Notation::Wxf);
    parses_to(&start, "P7+1", "c3c4", Notation::Wxf);
    parses_to(&start, "兵七进一", "c3c4", Notation::Chinese);
    let black = after("h2e2");
    for text in ["马8进7", "馬８進７", "馬8進7", "傌8进7"] {
        parses_to(&black, text, "h9g7", Notation::Chinese);
    }
    parses_to(&black, "H8+7", "h9g7", Notation::Wxf);
    parses_to(&black, "卒3进1", "c6c5", Notation::Chinese);
    parses_to(&black, "车9进1", "i9i8", Notation::Chinese);
    parses_to(&black, "車９進１", "i9i8", Notation::Chinese);
    parses_to(&black, "车1进1", "a9a8", Notation::Chinese);
    parses_to(&black, "将5进1", "e9e8", Notation::Chinese);
    parses_to(&black, "將五進一", "e9e8", Notation::Chinese);
}

#[test]
fn writes_the_standard_forms() {
    let start = Position::startpos();
    assert_eq!(iccs(mv("h2e2")), "h2e2");
    assert_eq!(wxf(&start, mv("h2e2")), "C2=5");
    assert_eq!(chinese(&start, mv("h2e2")), "炮二平五");
    assert_eq!(wxf(&start, mv("b0c2")), "H8+7");
    assert_eq!(chinese(&start, mv("b0c2")), "马八进七");
    assert_eq!(wxf(&start, mv("i0i2")), "R1+2");
    assert_eq!(chinese(&start, mv("i0i2")), "车一进二");
    assert_eq!(wxf(&start, mv("h2h9")), "C2+7");
    let black = after("h2e2");
    assert_eq!(wxf(&black, mv("h9g7")), "H8+7");
    assert_eq!(chinese(&black, mv("h9g7")), "马8进7");
    assert_eq!(chinese(&black, mv("b7e7")), "炮2平5");
    assert_eq!(chinese(&black, mv("e9e8")), "将5进1");
    assert_eq!(chinese(&black, mv("c6c5")), "卒3进1");
    // A capture backwards along the file.
    let p = after("h2e2 h9g7 e2e6 b9c7");
    assert_eq!(wxf(&p, mv("e6e4")), "C5-2");
    assert_eq!(chinese(&p, mv("e6e4")), "炮五退二");
}

/// Two Red chariots on file 8 (b), two Black cannons on Black's file 2 (b).
const TANDEM_PIECES: &str = "4k4/9/1c7/9/1c7/9/1R7/9/9/1R1K5 w - - 0 1";

#[test]
fn tandem_pieces_are_front_and_rear() {
    let p = pos(TANDEM_PIECES);
    assert_eq!(wxf(&p, mv("b3e3")), "R+=5");
    assert_eq!(wxf(&p, mv("b0c0")), "R-=7");
    assert_eq!(wxf(&p, mv("b0b2")), "R-+2");
    assert_eq!(chinese(&p, mv("b3e3")), "前车平五");
    assert_eq!(chinese(&p, mv("b0b1")), "后车进一");
    for text in ["R+=5", "+R=5", "R+.5", "前车平五", "前俥平五", "車前平五"] {
        let notation = if text.is_ascii() {
            Notation::Wxf
        } else {
            Notation::Chinese
        };
        parses_to(&p, text, "b3e3", notation);
    }
    parses_to(&p, "后车进一", "b0b1", Notation::Chinese);
    parses_to(&p, "後車進一", "b0b1", Notation::Chinese);
    // The plain file form is fine when only one of the two can make the move.
    parses_to(&p, "R8-1", "b3b2", Notation::Wxf);
    let black = after_fen(TANDEM_PIECES, "d0d1");
    assert_eq!(wxf(&black, mv("b5b6")), "C+-1");
    assert_eq!(wxf(&black, mv("b7e7")), "C-=5");
    assert_eq!(chinese(&black, mv("b7e7")), "后炮平5");
    parses_to(&black, "C-=5", "b7e7", Notation::Wxf);
    parses_to(&black, "后炮平5", "b7e7", Notation::Chinese);
}

fn after_fen(fen: &str, moves: &str) -> Position {
    let mut p = pos(fen);
    for m in moves.split_whitespace() {
        assert!(p.is_legal(mv(m)), "{m}");
        p.make_move(mv(m));
    }
    p
}

const FIVE_PAWNS: &str = "P3k4/P8/P8/P8/P8/9/9/9/9/3K5 w - - 0 1";
const FOUR_PAWNS: &str = "4k4/P8/P8/P8/P8/9/9/9/9/3K5 w - - 0 1";

#[test]
fn tandem_pawns_follow_the_wxf_rules() {
    // Three Red soldiers on file e (Red's file 5), crossed.
    let three = pos("5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(wxf(&three, mv("e7d7")), "P+=6");
    assert_eq!(wxf(&three, mv("e6d6")), "P5=6");
    assert_eq!(wxf(&three, mv("e5f5")), "P-=4");
    assert_eq!(chinese(&three, mv("e7d7")), "前兵平六");
    assert_eq!(chinese(&three, mv("e6d6")), "中兵平六");
    assert_eq!(chinese(&three, mv("e5f5")), "后兵平四");
    parses_to(&three, "P5=6", "e6d6", Notation::Wxf);
    parses_to(&three, "中兵平六", "e6d6", Notation::Chinese);
    // Five on file a (Red's 9): ++, P+, P9, P-, --; in Chinese 一 to 五.
    let five = pos(FIVE_PAWNS);
    let cases = [
        ("a9b9", "++=8", "一兵平八"),
        ("a8b8", "P+=8", "二兵平八"),
        ("a7b7", "P9=8", "三兵平八"),
        ("a6b6", "P-=8", "四兵平八"),
        ("a5b5", "--=8", "五兵平八"),
    ];
    for (m, w, c) in cases {
        assert_eq!(wxf(&five, mv(m)), w);
        assert_eq!(chinese(&five, mv(m)), c);
        parses_to(&five, w, m, Notation::Wxf);
        parses_to(&five, c, m, Notation::Chinese);
    }
    // Four on file a: ++, P+, P-, --.
    let four = pos(FOUR_PAWNS);
    let written: Vec<String> = ["a8b8", "a7b7", "a6b6", "a5b5"]
        .iter()
        .map(|m| wxf(&four, mv(m)))
        .collect();
    assert_eq!(written, ["++=8", "P+=8", "P-=8", "--=8"]);
    // Tandems on two files: the file digit leads.
    let two_files = pos("5k3/9/2P1P4/2P1P4/4P4/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(wxf(&two_files, mv("e7d7")), "5+=6");
    assert_eq!(wxf(&two_files, mv("e6d6")), "55=6");
    assert_eq!(wxf(&two_files, mv("e5d5")), "5-=6");
    assert_eq!(wxf(&two_files, mv("c7b7")), "7+=8");
    assert_eq!(wxf(&two_files, mv("c6b6")), "7-=8");
    assert_eq!(chinese(&two_files, mv("e7d7")), "前五平六");
    assert_eq!(chinese(&two_files, mv("e6d6")), "中五平六");
    assert_eq!(chinese(&two_files, mv("c6b6")), "后七平八");
    // "P+" cannot tell the two files apart when both fronts can move so.
    let err = error_of(&two_files, "P+=6");
    assert!(matches!(err, MoveError::Ambiguous { .. }), "{err:?}");
    parses_to(&two_files, "5+=6", "e7d7", Notation::Wxf);
    parses_to(&two_files, "前兵五平六", "e7d7", Notation::Chinese);
}

#[test]
fn vietnamese_notation_reads_and_writes_as_vietnamese_players_record() {
    let start = Position::startpos();
    let cases = [
        ("h2e2", "P2-5"),
        ("b0c2", "M8.7"),
        ("h0g2", "M2.3"),
        ("i0i2", "X1.2"),
        ("h2h9", "P2.7"),
        ("c3c4", "B7.1"),
        ("e0e1", "Tg5.1"),
        ("f0e1", "S4.5"),
        ("g0e2", "T3.5"),
    ];
    for (m, written) in cases {
        assert_eq!(vietnamese(&start, mv(m)), written);
        parses_to(&start, written, m, Notation::Vietnamese);
    }
    for text in ["p2-5", "P2 - 5", "P2–5", "Ｐ２－５"] {
        parses_to(&start, text, "h2e2", Notation::Vietnamese);
    }
    let black = after("h2e2");
    assert_eq!(vietnamese(&black, mv("h9g7")), "M8.7");
    assert_eq!(vietnamese(&black, mv("b7e7")), "P2-5");
    parses_to(&black, "M8.7", "h9g7", Notation::Vietnamese);
    let p = after("h2e2 h9g7 e2e6 b9c7");
    assert_eq!(vietnamese(&p, mv("e6e4")), "P5/2");
    parses_to(&p, "P5/2", "e6e4", Notation::Vietnamese);
    // Front and rear (trước, sau) of two on a file.
    let tandem = pos(TANDEM_PIECES);
    assert_eq!(vietnamese(&tandem, mv("b3e3")), "Xt-5");
    assert_eq!(vietnamese(&tandem, mv("b0c0")), "Xs-7");
    assert_eq!(vietnamese(&tandem, mv("b0b2")), "Xs.2");
    parses_to(&tandem, "xt-5", "b3e3", Notation::Vietnamese);
    let black_tandem = after_fen(TANDEM_PIECES, "d0d1");
    assert_eq!(vietnamese(&black_tandem, mv("b7e7")), "Ps-5");
    parses_to(&black_tandem, "Ps-5", "b7e7", Notation::Vietnamese);
    // Three soldiers on a file: trước, giữa, sau.
    let three = pos("5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(vietnamese(&three, mv("e7e8")), "Bt.1");
    assert_eq!(vietnamese(&three, mv("e6d6")), "Bg-6");
    assert_eq!(vietnamese(&three, mv("e5f5")), "Bs-4");
    parses_to(&three, "Bg-6", "e6d6", Notation::Vietnamese);
    // Tandems on two files carry the file after the place; four on a file
    // have no Vietnamese form and are written in ICCS.
    let two_files = pos("5k3/9/2P1P4/2P1P4/4P4/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(vietnamese(&two_files, mv("c6b6")), "Bs7-8");
    parses_to(&two_files, "Bs7-8", "c6b6", Notation::Vietnamese);
    assert_eq!(vietnamese(&pos(FOUR_PAWNS), mv("a7b7")), "a7b7");
}

#[test]
fn traditional_characters_for_readers_of_traditional_chinese() {
    let start = Position::startpos();
    assert_eq!(chinese_traditional(&start, mv("h2e2")), "炮二平五");
    assert_eq!(chinese_traditional(&start, mv("b0c2")), "馬八進七");
    let black = after("h2e2");
    assert_eq!(chinese_traditional(&black, mv("h9g7")), "馬8進7");
    assert_eq!(chinese_traditional(&black, mv("i9i8")), "車9進1");
    assert_eq!(chinese_traditional(&black, mv("e9e8")), "將5進1");
    let tandem = pos(TANDEM_PIECES);
    assert_eq!(chinese_traditional(&tandem, mv("b0b1")), "後車進一");
    assert_eq!(chinese_traditional(&tandem, mv("d0d1")), "帥六進一");
}

/// A Red cannon on e1 and a crossed Red soldier on e6: `P5.4` is the soldier
/// sideways to file 4 in WXF, and the cannon forward 4 in Vietnamese.
const WXF_OR_VIETNAMESE: &str = "5k3/9/9/4P4/9/9/9/9/4C4/3K5 w - - 0 1";

#[test]
fn a_text_that_reads_two_ways_is_settled_by_preference_or_refused() {
    let p = pos(WXF_OR_VIETNAMESE);
    let err = error_of(&p, "P5.4");
    assert!(matches!(err, MoveError::Ambiguous { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "`P5.4` is ambiguous: it could be P5=4 in WXF (e6f6) or P5.4 in Vietnamese (e1e5)"
    );
    let preferring = |notation| parse_move_preferring(&p, "P5.4", Some(notation)).unwrap();
    assert_eq!(preferring(Notation::Vietnamese).mv, mv("e1e5"));
    assert_eq!(preferring(Notation::Wxf).mv, mv("e6f6"));
    // Where only one reading is a legal move, it is taken whatever the preference.
    parses_to(&p, "P5=4", "e6f6", Notation::Wxf);
    parses_to(&p, "P5-4", "e1f1", Notation::Vietnamese);
    let wxf_only = parse_move_preferring(&p, "P5=4", Some(Notation::Vietnamese)).unwrap();
    assert_eq!(wxf_only.mv, mv("e6f6"));
}

#[test]
fn error_messages_say_what_is_wrong() {
    let cases: &[(&str, &str, &str)] = &[
        ("h2e2 h9g7", "h2e2", "there is no piece on h2"),
        ("", "b7b0", "b7 holds a Black piece"),
        ("", "b0d1", "the horse's leg at c0 is blocked"),
        ("h2e2 h9g7", "C2=5", "C2=5 matches no piece"),
        ("", "H8+5", "H8+5 is not a possible move"),
        ("", "E3=5", "an elephant never moves sideways"),
        ("", "R1+10", "is not a move I can read"),
        ("", "h10e10", "counts ranks 1 to 10"),
        ("", "j2e2", "files run from a to i"),
        ("", "hello", "ICCS (h2e2 or H2-E2), WXF"),
        ("", "炮二平二", "already stands on file 2"),
        ("", "C2+9", "off the board"),
        ("", "   ", "no move was given"),
    ];
    for &(moves, text, expected) in cases {
        let p = after(moves);
        let message = error_of(&p, text).to_string();
        assert!(
            message.contains(expected),
            "{text}: {message:?} should contain {expected:?}"
        );
    }
    let check = pos("4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1");
    assert_eq!(
        error_of(&check, "d0d1").to_string(),
        "that would leave your general in check"
    );
    let facing = pos("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(
        error_of(&facing, "K6=5").to_string(),
        "the generals would face each other"
    );
    let ambiguous = pos("4k4/9/9/9/9/9/1R7/9/9/1R1K5 w - - 0 1");
    let message = error_of(&ambiguous, "R8+1").to_string();
    assert!(message.starts_with("`R8+1` is ambiguous"), "{message}");
    assert!(message.contains("R++1 (b3b4)"), "{message}");
    assert!(message.contains("R-+1 (b0b1)"), "{message}");
}

/// Positions to round-trip: the start, the perft table's, the tandem
/// setups above and positions along seeded random playouts.
fn sample_positions() -> Vec<Position> {
    let mut positions = vec![Position::startpos()];
    let table = std::fs::read_to_string(PERFT_TABLE)
        .unwrap_or_else(|err| panic!("cannot read {PERFT_TABLE}: {err}"));
    for line in table.lines().filter(|l| !l.trim().is_empty()) {
        let fen = line.split('\t').next().unwrap();
        positions.push(pos(fen));
    }
    for fen in [
        TANDEM_PIECES,
        "5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1",
        FIVE_PAWNS,
        FOUR_PAWNS,
        "5k3/9/2P1P4/2P1P4/4P4/9/9/9/9/3K5 w - - 0 1",
        "5k3/9/9/9/9/4p4/4p4/2p1p4/2p6/3K5 b - - 0 1",
    ] {
        positions.push(pos(fen));
    }
    positions.extend(playout_positions(40, 120, 0x9E37_79B9_7F4A_7C15));
    positions
}

#[test]
fn every_legal_move_round_trips_in_every_notation() {
    let positions = sample_positions();
    let mut checked = 0;
    for p in &positions {
        for &m in p.legal_moves().iter() {
            for notation in Notation::ALL {
                let written = notation.write(p, m);
                // Only Vietnamese texts can also read as WXF; the others
                // round-trip with no preference at all.
                let preferred = (notation == Notation::Vietnamese).then_some(notation);
                if written == iccs(m) && notation != Notation::Iccs {
                    // No form in this notation (four soldiers on a file).
                    continue;
                }
                match parse_move_preferring(p, &written, preferred) {
                    Ok(parsed) => {
                        assert_eq!(parsed.mv, m, "{written} in {p:?}");
                        assert_eq!(parsed.notation, notation, "{written} in {p:?}");
                    }
                    Err(err) => panic!("{written} ({m}) in {p:?} does not read back: {err}"),
                }
                checked += 1;
            }
            let traditional = chinese_traditional(p, m);
            let parsed = parse_move(p, &traditional)
                .unwrap_or_else(|err| panic!("{traditional} ({m}) in {p:?}: {err}"));
            assert_eq!(parsed.mv, m, "{traditional} in {p:?}");
        }
    }
    assert!(checked > 50_000, "only {checked} moves checked");
}

/// Texts made of the characters the parsers look for, so that the random
/// inputs reach past the first checks.
fn move_like_text() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "abcdehiKAEBHNRCPkpTgSXMtsg/–0123456789+-=.前中后後兵卒炮砲车車马馬相象仕士帅將将进進退平一二三四五六七八九１８＝ "
        .chars()
        .collect();
    prop::collection::vec(prop::sample::select(alphabet), 0..8)
        .prop_map(|chars| chars.into_iter().collect())
}

proptest! {
    #[test]
    fn parsing_never_panics_on_any_text(text in any::<String>()) {
        let p = Position::startpos();
        let _ = parse_move(&p, &text);
    }

    #[test]
    fn parsing_never_panics_on_move_like_text(text in move_like_text(), black in any::<bool>()) {
        let p = if black { after("h2e2") } else { pos("5k3/9/2P1P4/2P1P4/4P4/9/9/9/9/3K5 w - - 0 1") };
        match parse_move(&p, &text) {
            Ok(parsed) => prop_assert!(p.is_legal(parsed.mv)),
            Err(err) => prop_assert!(!err.to_string().is_empty()),
        }
    }
}
