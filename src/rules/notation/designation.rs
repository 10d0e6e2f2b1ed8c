//! What WXF and Chinese notation share: a move named by the piece's kind, which
//! one of them (its file, or its place among same-kind pieces on one file),
//! a direction and a number, all seen from the mover's side. This module turns
//! such a designation into the one legal move it names, and describes a move
//! in those terms for the writers.

use std::fmt;

use crate::rules::{Color, IllegalReason, Move, Piece, PieceKind, Position, Square};

/// Forward, backward or sideways, from the mover's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Direction {
    Forward,
    Backward,
    Sideways,
}

/// Which of several same-kind pieces on one file is meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// The frontmost (Chinese 前).
    Front,
    /// The rearmost (Chinese 后).
    Rear,
    /// The middle one of three or five (Chinese 中).
    Middle,
    /// The n-th from the front, 1-based (Chinese 一二三四五 for pawns).
    Ordinal(u8),
    /// WXF `+`: the front one, or the second from the front when four or more
    /// pawns share the file (the foremost is then `++`).
    WxfPlus,
    /// WXF `-`: the rear one, or the second from the rear with four or more.
    WxfMinus,
    /// WXF `++`: the foremost of four or more pawns.
    Foremost,
    /// WXF `--`: the rearmost of four or more pawns.
    Rearmost,
}

impl Place {
    /// The index from the front (0-based) that this place names among
    /// `count` same-kind pieces on a file, if it names one.
    fn index_among(self, count: usize) -> Option<usize> {
        if count < 2 {
            return None;
        }
        match self {
            Place::Front | Place::Foremost => Some(0),
            Place::Rear | Place::Rearmost => Some(count - 1),
            Place::Middle => (count % 2 == 1).then_some(count / 2),
            Place::Ordinal(n) => (1..=count).contains(&(n as usize)).then(|| n as usize - 1),
            Place::WxfPlus => Some(if count >= 4 { 1 } else { 0 }),
            Place::WxfMinus => Some(if count >= 4 { count - 2 } else { count - 1 }),
        }
    }
}

/// How the moving piece is picked out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Selector {
    /// The piece on this file (1–9, from the mover's right). With three or five
    /// pawns on the file it means the middle one, as in WXF.
    File(u8),
    /// A piece by its place on a file; the file is given for tandem pawns on
    /// two files.
    Place { file: Option<u8>, place: Place },
}

/// A move as WXF and Chinese notation name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Designation {
    pub kind: PieceKind,
    pub selector: Selector,
    pub direction: Direction,
    /// Points moved along a file, or the destination file (1–9).
    pub number: u8,
}

/// The piece a designation looked for and did not find: `color` has no
/// `kind` where it says. Typed, so each language can word it; `Display` is
/// the English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MissingPiece {
    pub color: Color,
    pub kind: PieceKind,
    pub place: MissingPlace,
}

/// Where a [`MissingPiece`] was looked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MissingPlace {
    /// On this file (1–9, from the mover's right).
    OnFile(u8),
    /// In the named place (front, rear, …) among pieces on this file.
    PlaceOnFile(u8),
    /// In the named place on a file holding another piece of its kind.
    PlaceOnSharedFile,
}

impl fmt::Display for MissingPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (color, name) = (self.color, self.kind.name());
        match self.place {
            MissingPlace::OnFile(number) => write!(f, "{color} has no {name} on file {number}"),
            MissingPlace::PlaceOnFile(number) => {
                write!(f, "{color} has no {name} in that place on file {number}")
            }
            MissingPlace::PlaceOnSharedFile => write!(
                f,
                "{color} has no {name} in that place on a file shared with another {name}"
            ),
        }
    }
}

/// Why a designated piece cannot make a move of the designated shape.
/// Typed, so each language can word it; `Display` is the English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImpossibleShape {
    /// The number is not 1 to 9.
    NumberOutOfRange,
    /// A sideways move to the file the piece already stands on.
    AlreadyOnFile { kind: PieceKind, file: u8 },
    /// A diagonal mover (advisor, elephant, horse) named a file it cannot
    /// reach in one move.
    OutOfDiagonalReach { kind: PieceKind, file: u8 },
    /// Advisors, elephants and horses never move sideways.
    NeverSideways { kind: PieceKind },
    /// The move would leave the board.
    OffBoard { kind: PieceKind },
}

impl fmt::Display for ImpossibleShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ImpossibleShape::NumberOutOfRange => f.write_str("the number must be 1 to 9"),
            ImpossibleShape::AlreadyOnFile { kind, file } => write!(
                f,
                "a sideways move names the file the {} goes to, and it already stands on file {file}",
                kind.name()
            ),
            ImpossibleShape::OutOfDiagonalReach { kind, file } => {
                let reach = match kind {
                    PieceKind::Advisor => "the next file",
                    PieceKind::Elephant => "a file two away",
                    _ => "a file one or two away",
                };
                write!(
                    f,
                    "{} {} moves diagonally to {reach}, so it cannot reach file {file}",
                    article(kind),
                    kind.name()
                )
            }
            ImpossibleShape::NeverSideways { kind } => {
                write!(f, "{} {} never moves sideways", article(kind), kind.name())
            }
            ImpossibleShape::OffBoard { kind } => {
                write!(f, "that would take the {} off the board", kind.name())
            }
        }
    }
}

/// Why a designation names no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unresolved {
    /// No piece fits the kind and selector.
    NoPiece(MissingPiece),
    /// Pieces fit, but none can make a move of that shape.
    Impossible(ImpossibleShape),
    /// The move it names breaks a rule.
    Illegal(Move, IllegalReason),
    /// More than one legal move fits.
    Ambiguous(Vec<Move>),
}

/// The file number (1–9) of `sq` counted from `color`'s right.
pub(crate) fn file_number(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

/// The board file (0–8, `a`–`i`) of file number `number` counted from `color`'s right.
fn board_file(color: Color, number: u8) -> u8 {
    match color {
        Color::Red => 9 - number,
        Color::Black => number - 1,
    }
}

/// Whether `a` stands further forward than `b` for `color`.
fn is_ahead(color: Color, a: Square, b: Square) -> bool {
    match color {
        Color::Red => a.rank() > b.rank(),
        Color::Black => a.rank() < b.rank(),
    }
}

/// Where a piece stands among the pieces of its kind and colour on its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Column {
    /// How many such pieces share the file (at least 1).
    pub count: usize,
    /// This piece's place, 0 for the frontmost.
    pub index: usize,
}

fn column(squares: &[Square], color: Color, sq: Square) -> Column {
    let mates = squares.iter().filter(|s| s.file() == sq.file());
    let (mut count, mut index) = (0, 0);
    for &mate in mates {
        count += 1;
        if is_ahead(color, mate, sq) {
            index += 1;
        }
    }
    Column { count, index }
}

fn squares_of(pos: &Position, piece: Piece) -> Vec<Square> {
    Square::all()
        .filter(|&sq| pos.piece_at(sq) == Some(piece))
        .collect()
}

/// The pieces that move along files and ranks count points; the others name
/// the destination file.
fn moves_straight(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::General | PieceKind::Chariot | PieceKind::Cannon | PieceKind::Soldier
    )
}

/// "a" or "an", for a piece's English name.
fn article(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Advisor | PieceKind::Elephant => "an",
        _ => "a",
    }
}

/// Where a `kind` of `color` on `from` lands, moving as the designation says.
fn destination(
    color: Color,
    kind: PieceKind,
    from: Square,
    direction: Direction,
    number: u8,
) -> Result<Square, ImpossibleShape> {
    let forward: i32 = match color {
        Color::Red => 1,
        Color::Black => -1,
    };
    if !(1..=9).contains(&number) {
        return Err(ImpossibleShape::NumberOutOfRange);
    }
    let (file, rank) = (i32::from(from.file()), i32::from(from.rank()));
    let (to_file, to_rank) = if moves_straight(kind) {
        match direction {
            Direction::Sideways => {
                let to_file = i32::from(board_file(color, number));
                if to_file == file {
                    return Err(ImpossibleShape::AlreadyOnFile { kind, file: number });
                }
                (to_file, rank)
            }
            Direction::Forward => (file, rank + forward * i32::from(number)),
            Direction::Backward => (file, rank - forward * i32::from(number)),
        }
    } else {
        let to_file = i32::from(board_file(color, number));
        let files_apart = (to_file - file).abs();
        let ranks_apart = match (kind, files_apart) {
            (PieceKind::Advisor, 1) => 1,
            (PieceKind::Elephant, 2) => 2,
            (PieceKind::Horse, 1) => 2,
            (PieceKind::Horse, 2) => 1,
            _ => return Err(ImpossibleShape::OutOfDiagonalReach { kind, file: number }),
        };
        match direction {
            Direction::Sideways => return Err(ImpossibleShape::NeverSideways { kind }),
            Direction::Forward => (to_file, rank + forward * ranks_apart),
            Direction::Backward => (to_file, rank - forward * ranks_apart),
        }
    };
    if !(0..9).contains(&to_file) || !(0..10).contains(&to_rank) {
        return Err(ImpossibleShape::OffBoard { kind });
    }
    Ok(Square::new(to_file as u8, to_rank as u8).expect("checked on the board"))
}

/// The legal move a designation names in `pos`, for the side to move.
pub(crate) fn resolve(pos: &Position, designation: &Designation) -> Result<Move, Unresolved> {
    let color = pos.side_to_move();
    let kind = designation.kind;
    let squares = squares_of(pos, Piece::new(color, kind));
    let candidates: Vec<Square> = squares
        .iter()
        .copied()
        .filter(|&sq| {
            let column = column(&squares, color, sq);
            match designation.selector {
                Selector::File(number) => {
                    file_number(color, sq) == number
                        && !(kind == PieceKind::Soldier
                            && column.count >= 3
                            && column.count % 2 == 1
                            && column.index != column.count / 2)
                }
                Selector::Place { file, place } => {
                    file.is_none_or(|number| file_number(color, sq) == number)
                        && place.index_among(column.count) == Some(column.index)
                }
            }
        })
        .collect();
    if candidates.is_empty() {
        return Err(Unresolved::NoPiece(describe_missing(
            color,
            kind,
            designation.selector,
        )));
    }
    let mut formed = Vec::new();
    let mut shape_error = None;
    for &from in &candidates {
        match destination(color, kind, from, designation.direction, designation.number) {
            Ok(to) => formed.push(Move::new(from, to)),
            Err(why) => {
                shape_error.get_or_insert(why);
            }
        }
    }
    if formed.is_empty() {
        return Err(Unresolved::Impossible(
            shape_error.expect("every candidate failed with a reason"),
        ));
    }
    let legal: Vec<Move> = formed
        .iter()
        .copied()
        .filter(|&m| pos.is_legal(m))
        .collect();
    match legal.len() {
        1 => Ok(legal[0]),
        0 => Err(Unresolved::Illegal(
            formed[0],
            pos.explain_illegal(formed[0]),
        )),
        _ => Err(Unresolved::Ambiguous(legal)),
    }
}

fn describe_missing(color: Color, kind: PieceKind, selector: Selector) -> MissingPiece {
    let place = match selector {
        Selector::File(number) => MissingPlace::OnFile(number),
        Selector::Place {
            file: Some(number), ..
        } => MissingPlace::PlaceOnFile(number),
        Selector::Place { file: None, .. } => MissingPlace::PlaceOnSharedFile,
    };
    MissingPiece { color, kind, place }
}

/// A move described as the notations need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Description {
    pub color: Color,
    pub kind: PieceKind,
    /// The file it leaves, 1–9 from the mover's right.
    pub file: u8,
    pub column: Column,
    /// For soldiers: how many files hold two or more of the mover's soldiers.
    pub tandem_files: usize,
    pub direction: Direction,
    pub number: u8,
}

/// Describes `mv` in `pos`; `None` when no piece stands on its starting point.
pub(crate) fn describe(pos: &Position, mv: Move) -> Option<Description> {
    let piece = pos.piece_at(mv.from())?;
    let (color, kind) = (piece.color, piece.kind);
    let squares = squares_of(pos, piece);
    let column = column(&squares, color, mv.from());
    let tandem_files = if kind == PieceKind::Soldier {
        (0..9u8)
            .filter(|&f| squares.iter().filter(|s| s.file() == f).count() >= 2)
            .count()
    } else {
        0
    };
    let (from, to) = (mv.from(), mv.to());
    let direction = if from.rank() == to.rank() {
        Direction::Sideways
    } else if is_ahead(color, to, from) {
        Direction::Forward
    } else {
        Direction::Backward
    };
    let number = if moves_straight(kind) && from.file() == to.file() {
        from.rank().abs_diff(to.rank())
    } else {
        file_number(color, to)
    };
    Some(Description {
        color,
        kind,
        file: file_number(color, from),
        column,
        tandem_files,
        direction,
        number,
    })
}
