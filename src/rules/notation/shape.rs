//! Whether a lone word is shaped like a move in one of the notations
//! players type, before any position is known: chat that looks like a move
//! is taken as one where a game is played.

/// Whether `word` is shaped like a move: ICCS (`h2e2`, `H2-E2`), WXF
/// (`C2=5`, `R+=5`, `H8+7`), Chinese (`炮二平五`) or Vietnamese (`P2-5`,
/// `Xs/1`). Only the shape: the game's position decides legality, and a
/// word that merely looks like a move gets a move error, which is the
/// helpful one.
pub fn looks_like_move(word: &str) -> bool {
    looks_like_iccs(word)
        || looks_like_wxf(word)
        || looks_like_chinese(word)
        || looks_like_vietnamese(word)
}

fn looks_like_iccs(word: &str) -> bool {
    let chars: Vec<char> = word.chars().filter(|c| *c != '-').collect();
    let is_file = |c: char| ('a'..='i').contains(&c.to_ascii_lowercase());
    chars.len() == 4
        && word.chars().count() <= 5
        && is_file(chars[0])
        && chars[1].is_ascii_digit()
        && is_file(chars[2])
        && chars[3].is_ascii_digit()
}

fn looks_like_wxf(word: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    if chars.len() != 4 {
        return false;
    }
    let is_piece = |c: char| "KAEBHNRCPkaebhnrcp".contains(c);
    let is_place = |c: char| c.is_ascii_digit() || c == '+' || c == '-';
    let is_op = |c: char| "+-.=".contains(c);
    // Tandem pieces may also be written with the position first: `+R=5`.
    let piece_first = is_piece(chars[0]) && is_place(chars[1]);
    let tandem_first = matches!(chars[0], '+' | '-') && is_piece(chars[1]);
    (piece_first || tandem_first) && is_op(chars[2]) && chars[3].is_ascii_digit()
}

/// Piece letters (`Tg`, `S`, `T`, `X`, `P`, `M`, `B`), a file or a place
/// (`t`, `s`, `g`, maybe with a file), then `.`, `/` or `-` and a digit.
fn looks_like_vietnamese(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let rest = match bytes {
        [b't', b'g', rest @ ..] => rest,
        [b's' | b't' | b'x' | b'p' | b'm' | b'b', rest @ ..] => rest,
        _ => return false,
    };
    let is_place = |b: &u8| b"tsg".contains(b);
    let head_fits = |head: &[u8]| match head {
        [single] => single.is_ascii_digit() || is_place(single),
        [place, file] => is_place(place) && file.is_ascii_digit(),
        _ => false,
    };
    match rest {
        [head @ .., operator, number] => {
            head_fits(head) && b"./-".contains(operator) && number.is_ascii_digit()
        }
        _ => false,
    }
}

fn looks_like_chinese(word: &str) -> bool {
    let count = word.chars().count();
    (4..=5).contains(&count) && word.chars().any(|c| "进進退平".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_in_every_notation_look_like_moves_and_chat_does_not() {
        for mv in ["H2-E2", "+R=5", "馬８進７", "Xs/1"] {
            assert!(looks_like_move(mv), "{mv}");
        }
        for chat in ["hello", "good", "lol", "j2e2", "hi", "h2e22"] {
            assert!(!looks_like_move(chat), "{chat}");
        }
    }
}
