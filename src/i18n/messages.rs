//! Every message the code asks the catalogs for, with the arguments it
//! passes: the one list the catalog test checks each `.ftl` file against.
//! A variant's fields are the message's Fluent variables (`{ $game }`).

use fluent_bundle::FluentValue;

/// Declares [`Msg`]: one variant per message, its Fluent id, and its
/// arguments with their types.
macro_rules! messages {
    ($( $(#[$doc:meta])* $variant:ident $({ $($arg:ident : $ty:ty),* $(,)? })? = $id:literal; )*) => {
        /// A message the bot says, with its arguments.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Msg {
            $( $(#[$doc])* $variant $({ $($arg: $ty),* })?, )*
        }

        impl Msg {
            /// Every message's id and the names of its arguments.
            pub const CATALOG: &'static [(&'static str, &'static [&'static str])] = &[
                $( ($id, &[$($(stringify!($arg)),*)?]), )*
            ];

            /// Its id in the catalogs.
            pub fn id(&self) -> &'static str {
                match self {
                    $( Msg::$variant { .. } => $id, )*
                }
            }

            /// Its arguments, by name.
            pub fn into_args(self) -> Vec<(&'static str, FluentValue<'static>)> {
                match self {
                    $( Msg::$variant $({ $($arg),* })? => vec![$($((stringify!($arg), FluentValue::from($arg))),*)?], )*
                }
            }
        }
    };
}

messages! {
    Color { color: String } = "color";
    Seat { name: String, color: String } = "seat";
    Pairing { red: String, black: String } = "pairing";
    TargetAnyone = "target-anyone";
    TargetBot = "target-bot";
    Duration { unit: String, count: i64 } = "duration";
    EndReason { reason: String } = "end-reason";
    Piece { piece: String } = "piece";
    ResultWin { winner: String, reason: String } = "result-win";
    ResultDraw { reason: String } = "result-draw";
    ResultCalledOff { reason: String } = "result-called-off";
    NoGameHere = "no-game-here";
    AlreadyPlaying { game: i64 } = "already-playing";
    OpponentBusy { name: String, game: i64 } = "opponent-busy";
    NotYourTurn { game: i64 } = "not-your-turn";
    StaleGame { game: i64 } = "stale-game";
    BotThinking { game: i64 } = "bot-thinking";
    NotAPlayer { game: i64, red: String, black: String } = "not-a-player";
    IllegalMove { reason: String } = "illegal-move";
    GameNotFound { game: i64 } = "game-not-found";
    GameIsOver { game: i64 } = "game-is-over";
    NoGamesHere = "no-games-here";
    SelfChallenge = "self-challenge";
    ChallengeInDm = "challenge-in-dm";
    NoChallenge = "no-challenge";
    ChallengeExpired { name: String, handle: String } = "challenge-expired";
    ChallengeNotForYou { from: String, to: String, handle: String } = "challenge-not-for-you";
    NothingToDecline = "nothing-to-decline";
    PressNotUnderstood = "press-not-understood";
    PressChallengeClosed = "press-challenge-closed";
    PressMovedOn { game: i64 } = "press-moved-on";
    ButtonAcceptDraw = "button-accept-draw";
    PressNotYourChallenge { from: String } = "press-not-your-challenge";
    ButtonAccept = "button-accept";
    ButtonJoin = "button-join";
    ButtonDecline = "button-decline";
    ButtonWithdraw = "button-withdraw";
    ButtonMove = "button-move";
    ButtonResign = "button-resign";
    ButtonConfirmResign = "button-confirm-resign";
    ButtonOfferDraw = "button-offer-draw";
    ButtonTakeback = "button-takeback";
    ButtonHint = "button-hint";
    ButtonFlip = "button-flip";
    ResignConfirm { game: i64 } = "resign-confirm";
    MoveFormTitle { game: i64 } = "move-form-title";
    MoveFormLabel = "move-form-label";
    MoveFormPlaceholder = "move-form-placeholder";
    NothingToTakeBack { game: i64 } = "nothing-to-take-back";
    AlreadyAsked { command: String } = "already-asked";
    HintsDisabled = "hints-disabled";
    HintsAgainstPeople = "hints-against-people";
    InternalError = "internal-error";
    CommandEmpty = "command-empty";
    CommandUnknown { word: String } = "command-unknown";
    CommandMissing { command: String, what: String, usage: String } = "command-missing";
    CommandBad { command: String, problem: String, usage: String } = "command-bad";
    WhatSide = "what-side";
    WhatLevel = "what-level";
    WhatTimeControl = "what-time-control";
    WhatTimeClass = "what-time-class";
    BadNotTimeClass { word: String } = "bad-not-time-class";
    BadTimeClassTwice = "bad-time-class-twice";
    WhatRated = "what-rated";
    BadNotRated { word: String } = "bad-not-rated";
    BadRatedTwice = "bad-rated-twice";
    ClassOnly { class: String } = "class-only";
    BadTimeControl { word: String, problem: String, max_minutes: i64, max_increment: i64, days: String } = "bad-time-control";
    BadTimeControlTwice = "bad-time-control-twice";
    WhatUser = "what-user";
    WhatGameId = "what-game-id";
    WhatMove = "what-move";
    WhatAnything = "what-anything";
    BadNotUser { word: String } = "bad-not-user";
    BadNotGameId { word: String } = "bad-not-game-id";
    BadSideTwice = "bad-side-twice";
    BadLevelTwice = "bad-level-twice";
    BadLevelNeedsNumber { min: i64, max: i64 } = "bad-level-needs-number";
    BadNotSideNorLevel { word: String, min: i64, max: i64 } = "bad-not-side-nor-level";
    BadNotSide { word: String } = "bad-not-side";
    BadNotLevel { word: String, min: i64, max: i64 } = "bad-not-level";
    BadOneUser = "bad-one-user";
    BadOneGame = "bad-one-game";
    BadTakesNothing { word: String } = "bad-takes-nothing";
    AcceptedForms = "accepted-forms";
    MoveEmpty = "move-empty";
    MoveUnrecognized { input: String } = "move-unrecognized";
    MoveRanksFromOne { input: String } = "move-ranks-from-one";
    MoveNoSuchFile { input: String, file: String } = "move-no-such-file";
    MoveNoPiece { input: String, detail: String } = "move-no-piece";
    MoveImpossible { input: String, detail: String } = "move-impossible";
    MoveAmbiguous { input: String, options: String } = "move-ambiguous";
    /// One reading of an ambiguous move, naming its notation.
    MoveReadingIn { written: String, notation: String, iccs: String } = "move-reading-in";
    /// `place`: `on-file`, `place-on-file` or `place-on-shared-file` (no `file`).
    MissingPiece { color: String, piece: String, place: String, file: i64 } = "missing-piece";
    /// `shape`: `number-out-of-range` (no `piece` or `file`),
    /// `already-on-file`, `out-of-diagonal-reach`, `never-sideways` or
    /// `off-board` (no `file`).
    ImpossibleShape { shape: String, piece: String, file: i64 } = "impossible-shape";
    IllegalNoMovement { square: String } = "illegal-no-movement";
    IllegalNoPiece { square: String } = "illegal-no-piece";
    IllegalWrongSide { square: String, color: String } = "illegal-wrong-side";
    IllegalCapturesOwn { square: String } = "illegal-captures-own";
    IllegalCannotMove { from: String, to: String, piece: String } = "illegal-cannot-move";
    IllegalLeavesPalace { piece: String } = "illegal-leaves-palace";
    IllegalHorseLeg { square: String } = "illegal-horse-leg";
    IllegalElephantEye { square: String } = "illegal-elephant-eye";
    IllegalElephantRiver = "illegal-elephant-river";
    IllegalSoldierSideways = "illegal-soldier-sideways";
    IllegalSoldierBackward = "illegal-soldier-backward";
    IllegalPathBlocked { square: String, piece: String } = "illegal-path-blocked";
    IllegalCannonScreens { screens: i64 } = "illegal-cannon-screens";
    IllegalLeavesCheck = "illegal-leaves-check";
    IllegalGeneralsFace = "illegal-generals-face";
    IllegalNotIllegal = "illegal-not-illegal";
    ThreadTitle { pairing: String } = "thread-title";
    GameStartsIn { game: i64, pairing: String, link: String } = "game-starts-in";
    GameStartBotFirst { game: i64, red: String, black: String } = "game-start-bot-first";
    GameStartYourMove { game: i64, red: String, black: String, name: String } = "game-start-your-move";
    MoveMade { seat: String, mv: String } = "move-made";
    MoveMadeCheck { seat: String, mv: String } = "move-made-check";
    MoveMadeMate { seat: String, mv: String } = "move-made-mate";
    YourMove { name: String } = "your-move";
    GameOverLine { result: String } = "game-over-line";
    Resigns { game: i64, seat: String, result: String } = "resigns";
    BotDeclinesDraw { game: i64 } = "bot-declines-draw";
    BotAcceptsDraw { game: i64 } = "bot-accepts-draw";
    DrawAgreed { game: i64, result: String } = "draw-agreed";
    DrawOfferGone { game: i64 } = "draw-offer-gone";
    DrawOffered { game: i64, name: String, opponent: String } = "draw-offered";
    TookBackAgainstBot { game: i64, yours: String, bots: String } = "took-back-against-bot";
    TakebackAgreed { game: i64, name: String, moves: String } = "takeback-agreed";
    TakebackAsked { game: i64, name: String, opponent: String } = "takeback-asked";
    OfferDeclined { game: i64, name: String, kind: String } = "offer-declined";
    Hint { game: i64, mv: String } = "hint";
    IdleLost { game: i64, idle: String, seat: String, result: String } = "idle-lost";
    IdleWarning { game: i64, name: String, left: String, seat: String } = "idle-warning";
    ChallengeMade { from: String, to: String, side: String, within: String } = "challenge-made";
    ChallengeClock { time: String } = "challenge-clock";
    SeekMade { from: String, side: String, within: String } = "seek-made";
    SeekPostedIn { channel: String } = "seek-posted-in";
    CasualGame = "casual-game";
    CasualMark = "casual-mark";
    FlagFallen { game: i64, seat: String, result: String } = "flag-fallen";
    TooLate { game: i64 } = "too-late";
    TurnReminder { game: i64, name: String, left: String, seat: String } = "turn-reminder";
    ClocksLine { red: String, red_clock: String, black_clock: String, black: String } = "clocks-line";
    ClockDaysLine { seat: String, left: String } = "clock-days-line";
    TimeControlNone = "time-control-none";
    TimeControlLive { minutes: i64, increment: i64 } = "time-control-live";
    TimeControlDays { days: i64 } = "time-control-days";
    ChallengeDeclined { name: String, from: String } = "challenge-declined";
    ChallengeWithdrawn { name: String } = "challenge-withdrawn";
    ChallengeExpiredNotice { from: String, to: String } = "challenge-expired-notice";
    GamesTitle { count: i64 } = "games-title";
    GamesLine { game: i64, pairing: String, number: i64, color: String } = "games-line";
    GamesFooter = "games-footer";
    WatchLive { game: i64, pairing: String, link: String, status: String } = "watch-live";
    WatchOver { game: i64, pairing: String, result: String } = "watch-over";
    StatusHead { game: i64, red: String, black: String, number: i64 } = "status-head";
    StatusLast { mv: String } = "status-last";
    StatusToMove { color: String } = "status-to-move";
    StatusToMoveInCheck { color: String } = "status-to-move-in-check";
    Caption { game: i64, pairing: String, number: i64, color: String, name: String } = "caption";
    CaptionTimed { game: i64, red: String, red_clock: String, black_clock: String, black: String, number: i64 } = "caption-timed";
    CaptionOver { game: i64, pairing: String, number: i64 } = "caption-over";
    ReplayCaption { heading: String, ply: i64 } = "replay-caption";
    HistoryNone { name: String } = "history-none";
    HistoryTitle { name: String } = "history-title";
    HistoryFooter = "history-footer";
    HistoryLine { game: i64, pairing: String, outcome: String, plies: i64, reason: String } = "history-line";
    RecordHead { game: i64, red: String, black: String } = "record-head";
    RecordLive { color: String } = "record-live";
    RecordResult { result: String } = "record-result";
    RecordMoves { moves: String } = "record-moves";
    MovesNone = "moves-none";
    MovesCut = "moves-cut";
    StatsNone { name: String } = "stats-none";
    StatsLine { name: String, rating: String, rank: i64, games: i64, wins: i64, draws: i64, losses: i64, live: i64 } = "stats-line";
    LeaderboardEmpty = "leaderboard-empty";
    LeaderboardTitle = "leaderboard-title";
    LeaderboardLine { rank: i64, name: String, rating: String, games: i64, wins: i64, draws: i64, losses: i64 } = "leaderboard-line";
    NoPuzzleHere = "no-puzzle-here";
    NoPuzzlesLeft = "no-puzzles-left";
    PuzzleStale = "puzzle-stale";
    PuzzleDailyNeedsServer = "puzzle-daily-needs-server";
    PuzzleCaption { id: String, color: String, mate: i64 } = "puzzle-caption";
    PuzzleStart { caption: String, rating: i64 } = "puzzle-start";
    PuzzleStillOpen { caption: String, rating: i64 } = "puzzle-still-open";
    PuzzleCorrect { mv: String, reply: String } = "puzzle-correct";
    PuzzleSolved { mv: String, rating: String, change: String } = "puzzle-solved";
    PuzzleFailed { mv: String, rating: String, change: String } = "puzzle-failed";
    PuzzleSkipped { rating: String, change: String } = "puzzle-skipped";
    PuzzleSolution { line: String } = "puzzle-solution";
    PuzzleHint { piece: String, square: String } = "puzzle-hint";
    PuzzleDailyPlace { place: i64 } = "puzzle-daily-place";
    PuzzleDailySolvers { names: String } = "puzzle-daily-solvers";
    PuzzleDailyDone = "puzzle-daily-done";
    PuzzleDailyPost { caption: String } = "puzzle-daily-post";
    PuzzleDailySolutionPost { day: String, solution: String } = "puzzle-daily-solution-post";
    PuzzleDailyNobody = "puzzle-daily-nobody";
    PuzzleStatsNone { name: String } = "puzzle-stats-none";
    PuzzleStatsLine { name: String, rating: String, attempts: i64, solved: i64 } = "puzzle-stats-line";
    PuzzleTopEmpty = "puzzle-top-empty";
    PuzzleTopTitle { page: i64 } = "puzzle-top-title";
    PuzzleTopLine { rank: i64, name: String, rating: String, solved: i64, attempts: i64 } = "puzzle-top-line";
    PuzzleTopNext { next: i64 } = "puzzle-top-next";
    AboutPuzzle = "about-puzzle";
    OptionPuzzleAction = "option-puzzle-action";
    WhatPuzzleAction = "what-puzzle-action";
    HelpTitle = "help-title";
    GroupPlaying = "group-playing";
    GroupWatching = "group-watching";
    GroupHistory = "group-history";
    GroupHelp = "group-help";
    AboutPlay = "about-play";
    AboutChallenge = "about-challenge";
    AboutAccept = "about-accept";
    AboutDecline = "about-decline";
    AboutMove = "about-move";
    AboutResign = "about-resign";
    AboutDraw = "about-draw";
    AboutTakeback = "about-takeback";
    AboutHint = "about-hint";
    AboutBoard = "about-board";
    AboutFlip = "about-flip";
    AboutGames = "about-games";
    AboutWatch = "about-watch";
    AboutHistory = "about-history";
    AboutGame = "about-game";
    AboutStats = "about-stats";
    AboutLeaderboard = "about-leaderboard";
    AboutHelp = "about-help";
    CommandDescription = "command-description";
    OptionSide = "option-side";
    OptionTime = "option-time";
    OptionTimeClass = "option-time-class";
    OptionRated = "option-rated";
    OptionLevel { min: i64, max: i64, default: i64 } = "option-level";
    OptionGameHere = "option-game-here";
    OptionWhose = "option-whose";
    OptionOpponent = "option-opponent";
    OptionChallenger = "option-challenger";
    OptionGameId = "option-game-id";
    OptionMove = "option-move";
    ChoiceRed = "choice-red";
    ChoiceLive = "choice-live";
    ChoiceCorrespondence = "choice-correspondence";
    ChoiceBlack = "choice-black";
    ChoiceRandom = "choice-random";
    ChoiceLevel { level: i64, rating: i64 } = "choice-level";
    ChoiceLevelEasiest { level: i64, rating: i64 } = "choice-level-easiest";
    ChoiceLevelStrongest { level: i64, rating: i64 } = "choice-level-strongest";
    SlashNotSubcommand = "slash-not-subcommand";
    SlashUnknown { name: String } = "slash-unknown";
    SlashMissing { command: String, what: String } = "slash-missing";
    SlashBadSide { option: String } = "slash-bad-side";
    SlashBadLevel { option: String, min: i64, max: i64 } = "slash-bad-level";
    SlashBadUser { option: String } = "slash-bad-user";
    SlashBadGame { option: String } = "slash-bad-game";
    NameNeedsMention { name: String } = "name-needs-mention";
    NameLookupFailed { name: String } = "name-lookup-failed";
    NameNobody { name: String } = "name-nobody";
    NameSeveral { name: String } = "name-several";
    TooManyChallenges { count: i64 } = "too-many-challenges";
    ChallengerBusy { game: i64 } = "challenger-busy";
    Busy = "busy";
    StoredNotShown { game: i64 } = "stored-not-shown";
    ShownLate { game: i64 } = "shown-late";
    GamesTitlePaged { count: i64, page: i64, pages: i64 } = "games-title-paged";
    GamesNextPage { next: i64 } = "games-next-page";
    BadOnePage = "bad-one-page";
    BadNotPage { word: String } = "bad-not-page";
    OptionPage = "option-page";
    WhatPage = "what-page";
    BadPiecesTwice = "bad-pieces-twice";
    BadThemeTwice = "bad-theme-twice";
    BadNotStyle { word: String, pieces: String, themes: String } = "bad-not-style";
    OptionPieces = "option-pieces";
    OptionTheme = "option-theme";
    WhatPieces = "what-pieces";
    WhatTheme = "what-theme";
    SlashBadChoice { option: String, choices: String } = "slash-bad-choice";
    SlashBadPage { option: String } = "slash-bad-page";
    ConsoleWelcome { name: String } = "console-welcome";
    /// The console's mark before a reply only the requester would see.
    ConsolePrivate = "console-private";
    /// The console's line for a file it wrote (a board image).
    ConsoleFile { path: String } = "console-file";
    ConsoleBadName { name: String } = "console-bad-name";
    ConsoleWhatShould { name: String } = "console-what-should";
    SettingLanguage = "setting-language";
    SettingNotation = "setting-notation";
    SettingPieces = "setting-pieces";
    SettingTheme = "setting-theme";
    SettingServerLanguage = "setting-server-language";
    SettingServerPieces = "setting-server-pieces";
    SettingServerTheme = "setting-server-theme";
    SettingServerLevel = "setting-server-level";
    SettingServerChannels = "setting-server-channels";
    SettingServerThreads = "setting-server-threads";
    SettingServerExpiry = "setting-server-expiry";
    SettingServerPuzzleChannel = "setting-server-puzzle-channel";
    SettingServerPuzzleHour = "setting-server-puzzle-hour";
    SettingFormsHour = "setting-forms-hour";
    SettingFormsRole = "setting-forms-role";
    SettingFormsChoice { choices: String } = "setting-forms-choice";
    SettingFormsLevel { min: i64, max: i64 } = "setting-forms-level";
    SettingFormsChannels { max: i64 } = "setting-forms-channels";
    SettingFormsDuration = "setting-forms-duration";
    GroupSettings = "group-settings";
    AboutSettings = "about-settings";
    AboutAbort = "about-abort";
    OptionSetting = "option-setting";
    OptionSettingValue = "option-setting-value";
    WhatSetting = "what-setting";
    WhatSettingValue = "what-setting-value";
    BadNotSetting { word: String, settings: String } = "bad-not-setting";
    SettingsYours = "settings-yours";
    SettingsServer = "settings-server";
    SettingsLine { setting: String, typed: String, value: String } = "settings-line";
    SettingsHowTo = "settings-how-to";
    SettingDefault = "setting-default";
    SettingDefaultIs { value: String } = "setting-default-is";
    SettingEverywhere = "setting-everywhere";
    SettingOnOff { on: String } = "setting-on-off";
    LanguageName { lang: String } = "language-name";
    NotationName { notation: String } = "notation-name";
    PiecesName { pieces: String } = "pieces-name";
    ThemeName { theme: String } = "theme-name";
    SettingChanged { setting: String, value: String } = "setting-changed";
    SettingReset { setting: String } = "setting-reset";
    NotAllowed { right: String } = "not-allowed";
    NotAllowedTyped { right: String } = "not-allowed-typed";
    SettingServerOnly = "setting-server-only";
    SettingNeedsValue { setting: String, forms: String } = "setting-needs-value";
    SettingBadValue { setting: String, given: String, forms: String } = "setting-bad-value";
    NotPlayedHere { channels: String } = "not-played-here";
    GameAborted { game: i64, pairing: String, name: String, result: String } = "game-aborted";
    BotName { level: i64 } = "bot-name";
    AboutReview = "about-review";
    OptionGameReview = "option-game-review";
    ReviewNoGame = "review-no-game";
    ReviewLive { game: i64 } = "review-live";
    ReviewProgress { game: i64, done: i64, total: i64 } = "review-progress";
    ReviewTitle { game: i64, pairing: String } = "review-title";
    ReviewAccuracy { red: String, black: String } = "review-accuracy";
    ReviewMove { number: String, seat: String, played: String, class: String, better: String } = "review-move";
    ReviewClean = "review-clean";
    ReviewMomentCaption { game: i64, number: String, played: String, class: String, better: String } = "review-moment-caption";
    ReviewOffer { game: i64 } = "review-offer";
    ButtonReview = "button-review";
    ButtonRematch = "button-rematch";
    AboutRematch = "about-rematch";
    OptionGameRematch = "option-game-rematch";
    RematchNoGame = "rematch-no-game";
    RematchLive { game: i64 } = "rematch-live";
    RematchTaken { game: i64 } = "rematch-taken";
    RematchNotYours { game: i64, red: String, black: String } = "rematch-not-yours";
    RematchOffered { game: i64, from: String, to: String, side: String, within: String } = "rematch-offered";
    ChallengeOtherBot { name: String } = "challenge-other-bot";
    /// The member menu's challenge (a Discord user command's name: 1 to 32
    /// characters; capitals and spaces allowed).
    MenuChallenge = "menu-challenge";
    SettingServerAutoReview = "setting-server-auto-review";
    SettingServerSeekChannel = "setting-server-seek-channel";
    SettingServerSeekRole = "setting-server-seek-role";
    SettingServerTournamentRole = "setting-server-tournament-role";
    SettingNotify = "setting-notify";
    TooFast { wait: String } = "too-fast";
    SettingServerOneBoard = "setting-server-one-board";
    BoardMoves { moves: String } = "board-moves";
    TurnNotice { game: i64, name: String } = "turn-notice";
    AboutTournament = "about-tournament";
    OptionTournamentAction = "option-tournament-action";
    WhatTournamentAction = "what-tournament-action";
    TournamentUnknownAction { word: String } = "tournament-unknown-action";
    TournamentBadId { given: String } = "tournament-bad-id";
    TournamentBadRounds { given: String, max: i64 } = "tournament-bad-rounds";
    TournamentBadStart { given: String } = "tournament-bad-start";
    TournamentUntimed = "tournament-untimed";
    TournamentRoundsForRoundRobin = "tournament-rounds-for-round-robin";
    TournamentNameTooLong { max: i64 } = "tournament-name-too-long";
    TournamentDefaultName { name: String } = "tournament-default-name";
    TournamentTermsSwiss { rounds: i64, time: String } = "tournament-terms-swiss";
    TournamentTermsRoundRobin { time: String } = "tournament-terms-round-robin";
    TournamentCreated { id: i64, name: String, terms: String, within: String } = "tournament-created";
    TournamentNoneHere = "tournament-none-here";
    TournamentListHeader = "tournament-list-header";
    TournamentListLine { id: i64, name: String, terms: String, status: String } = "tournament-list-line";
    TournamentStatusRegistering { entrants: i64, within: String } = "tournament-status-registering";
    TournamentStatusRunning { round: i64, rounds: i64, entrants: i64 } = "tournament-status-running";
    TournamentJoined { player: String, tournament: String, count: i64 } = "tournament-joined";
    TournamentUnregistered { player: String, tournament: String } = "tournament-unregistered";
    TournamentWithdrawn { player: String, tournament: String, round: i64 } = "tournament-withdrawn";
    TournamentNotEntered { tournament: String } = "tournament-not-entered";
    TournamentClosed { tournament: String } = "tournament-closed";
    TournamentAlreadyEntered { tournament: String } = "tournament-already-entered";
    TournamentBotAlreadyEntered { tournament: String } = "tournament-bot-already-entered";
    TournamentFull { tournament: String, max: i64 } = "tournament-full";
    TournamentNotFound { id: i64 } = "tournament-not-found";
    TournamentWhich { ids: String } = "tournament-which";
    TournamentNotYours { tournament: String } = "tournament-not-yours";
    TournamentInDm = "tournament-in-dm";
    TournamentNotRegistering { tournament: String } = "tournament-not-registering";
    TournamentCancelled { tournament: String } = "tournament-cancelled";
    TournamentCancelledFew { tournament: String } = "tournament-cancelled-few";
    TournamentRound { tournament: String, round: i64, rounds: i64, boards: String } = "tournament-round";
    TournamentBoardLine { board: i64, game: i64, pairing: String, link: String } = "tournament-board-line";
    TournamentByeLine { name: String } = "tournament-bye-line";
    TournamentGameOf { tournament: String, round: i64, within: String } = "tournament-game-of";
    TournamentForfeit { game: i64, loser: String } = "tournament-forfeit";
    TournamentForfeitBoth { game: i64 } = "tournament-forfeit-both";
    TournamentFinished { tournament: String, winners: String } = "tournament-finished";
    TournamentStandingsHeader { tournament: String, round: i64, rounds: i64 } = "tournament-standings-header";
    TournamentStandingsLive { tournament: String, round: i64, rounds: i64 } = "tournament-standings-live";
    TournamentStartedNow { tournament: String } = "tournament-started-now";
    TournamentStandingLine { rank: i64, name: String, points: String, buchholz: String, sb: String, played: i64 } = "tournament-standing-line";
    TournamentEntrants { tournament: String, count: i64, names: String } = "tournament-entrants";
    TournamentNoPairings { tournament: String } = "tournament-no-pairings";
    TournamentWithdrawnMark = "tournament-withdrawn-mark";
    ButtonJoinTournament = "button-join-tournament";
    ButtonLeaveTournament = "button-leave-tournament";
    /// A command's word (`command`: its English word) in this language: a
    /// slash subcommand's localized name and a chat alias, so lowercase and
    /// without spaces (see `bot::command_words`).
    CommandName { command: String } = "command-name";
    PuzzleActionWord { action: String } = "puzzle-action-word";
    TournamentActionWord { action: String } = "tournament-action-word";
}
