//! `xiangqi-bot status` through the built binary: one `RESULT REASON` line per
//! input line, `error: ...` for a bad line, and the next line still answered.

use crate::support::{bot_binary, run_with_stdin};

fn status(stdin: impl AsRef<[u8]>) -> Vec<String> {
    let mut command = bot_binary();
    command.arg("status");
    let output = run_with_stdin(command, stdin);
    assert!(output.status.success(), "exit status {:?}", output.status);
    String::from_utf8(output.stdout)
        .expect("UTF-8 output")
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn answers_every_result_and_reason() {
    let lines = [
        ("startpos", "* ongoing"),
        ("startpos moves h2e2 h9g7", "* ongoing"),
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "* ongoing",
        ),
        ("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1 moves b0b9", "1-0 checkmate"),
        ("3k5/8R/9/9/9/9/9/9/4R4/5K3 b - - 0 1", "1-0 stalemate"),
        (
            "4k4/9/9/9/5R3/9/9/9/9/3K5 w - - 0 1 moves f5e5 e9f9 e5f5 f9e9 f5e5 e9f9 e5f5 f9e9",
            "0-1 perpetual-check",
        ),
        (
            "5k3/9/6r2/R1c6/6n2/2N6/6C1r/2R6/9/3K5 w - - 0 1 moves c4b6 f9f8 b6c4 f8f9 c4b6 f9f8 b6c4 f8f9",
            "0-1 perpetual-chase",
        ),
        (
            "startpos moves h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9",
            "1/2-1/2 repetition",
        ),
        ("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 119 80 moves a8a7", "1/2-1/2 no-capture"),
        ("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 119 80 moves b0b9", "1-0 checkmate"),
        ("3ak4/4a4/4b4/9/9/9/9/9/4p4/3AK4 w - - 0 1 moves e0e1", "1/2-1/2 insufficient-material"),
        ("4k4/R8/9/9/9/9/9/9/9/1R1K5 b - - 0 300 moves e9f9", "1/2-1/2 move-limit"),
        ("startpos moves 炮二平五 马8进7 H2+3 C2=5", "* ongoing"),
        ("position startpos moves h2e2", "* ongoing"),
    ];
    let input: String = lines.iter().map(|(line, _)| format!("{line}\n")).collect();
    let answers = status(&input);
    assert_eq!(answers.len(), lines.len(), "{answers:?}");
    for ((line, expected), answer) in lines.iter().zip(&answers) {
        assert_eq!(answer, expected, "for {line}");
    }
}

#[test]
fn bad_lines_get_an_error_and_the_next_line_is_read() {
    let input = "startpos moves h2e2 e2e1\n\
                 not a fen\n\
                 startpos moves h2e2 zz9\n\
                 \n\
                 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1 moves b0b9 e9e8\n\
                 startpos moves h2e2\n";
    let answers = status(input);
    assert_eq!(answers.len(), 6, "{answers:?}");
    assert!(
        answers[0].starts_with("error: move 2 `e2e1`"),
        "{}",
        answers[0]
    );
    assert!(
        answers[0].contains("e2 holds a Red piece"),
        "{}",
        answers[0]
    );
    assert!(
        answers[1].starts_with("error: invalid FEN"),
        "{}",
        answers[1]
    );
    assert!(
        answers[2].starts_with("error: move 2 `zz9`"),
        "{}",
        answers[2]
    );
    assert!(
        answers[3].starts_with("error: empty line"),
        "{}",
        answers[3]
    );
    assert!(
        answers[4].starts_with("error: move 2 `e9e8`"),
        "{}",
        answers[4]
    );
    assert!(answers[4].contains("already over"), "{}", answers[4]);
    assert_eq!(answers[5], "* ongoing");
}

/// A line that is not UTF-8 is answered with an error for that line; the
/// lines after it are still read and answered (before, the first such byte
/// ended the command with an I/O error).
#[test]
fn a_line_that_is_not_utf8_gets_an_error_and_the_next_line_is_read() {
    let mut input = b"startpos\n".to_vec();
    input.extend_from_slice(b"startpos moves h2e2 \xff\xfe\n");
    input.extend_from_slice(b"startpos\n");
    let answers = status(input);
    assert_eq!(answers.len(), 3, "{answers:?}");
    assert_eq!(answers[0], "* ongoing");
    assert_eq!(answers[1], "error: line 2 is not UTF-8 text");
    assert_eq!(answers[2], "* ongoing");
}
