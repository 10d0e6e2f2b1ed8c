//! [`commands!`]: every command declared once. One entry gives the
//! command's variant of `Command` (its fields are its arguments), its
//! table entry in `COMMANDS` (words, help line and group, flags, each
//! argument's slash option), its reading from typed words and from slash
//! options, and its dispatch to its handler — as `messages!` declares each
//! catalog message once, and as poise's `#[command]` does for serenity bots.
//!
//! An entry reads:
//!
//! ```text
//! Challenge {
//!     words: ["challenge"],
//!     about: AboutChallenge,          // the `Msg` of its help line
//!     group: Playing,                 // its help section (`Group`)
//!     flags: [StartsGame],            // `Flag`s: Private, StartsGame, IgnoresRest
//!     args: {
//!         opponent: Actor = Msg::OptionOpponent,       // required: a kind
//!         color: Option<ColorChoice> = Msg::OptionSide, // optional: Option<kind>
//!     },
//!     run: challenge::challenge,      // async fn(&Ctx, Actor, Option<ColorChoice>)
//! }
//! ```
//!
//! A field's name is its slash option's name unless renamed
//! (`text as "move": MoveText = …`); the expression after `=` is the
//! option's description. The handler takes the request's context and the
//! fields in order. The names the generated code uses (`Ctx`, `BotResult`,
//! `CommandSpec`, …) are those in scope where the macro is invoked, at the
//! top of the core, which alone sees both this vocabulary and the handlers.

/// Declares `Command`, `COMMANDS`, and their reading and dispatch (see the
/// module's comment).
macro_rules! commands {
    (@option $field:ident) => { stringify!($field) };
    (@option $field:ident $option:literal) => { $option };
    (
        $(
            $(#[doc = $doc:literal])*
            $variant:ident {
                words: [$word:literal $(, $alias:literal)* $(,)?],
                about: $about:ident,
                group: $group:ident,
                flags: [$($flag:ident),* $(,)?],
                args: { $( $field:ident $(as $option:literal)? : $ty:ty = $arg_about:expr ),* $(,)? },
                run: $run:path $(,)?
            }
        )*
    ) => {
        /// One thing a user asked the bot to do, with its arguments.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Command {
            $( $(#[doc = $doc])* $variant { $($field: $ty),* }, )*
        }

        /// Each command's place in [`COMMANDS`].
        #[derive(Clone, Copy)]
        #[repr(usize)]
        enum Entry {
            $( $variant, )*
        }

        /// Every command, in the order the help and Discord's picker show them.
        pub static COMMANDS: &[CommandSpec] = &[
            $(
                CommandSpec {
                    word: $word,
                    aliases: &[$($alias),*],
                    about: Msg::$about,
                    group: Group::$group,
                    flags: &[$(Flag::$flag),*],
                    args: &[$( ArgSpec::of::<$ty>(commands!(@option $field $($option)?), || $arg_about) ),*],
                },
            )*
        ];

        impl Command {
            /// This command's entry in [`COMMANDS`].
            pub fn spec(&self) -> &'static CommandSpec {
                match self {
                    $( Command::$variant { .. } => &COMMANDS[Entry::$variant as usize], )*
                }
            }

            /// Reads the words after `spec`'s own into its command.
            fn from_words(spec: &'static CommandSpec, words: &[&str]) -> Result<Command, CommandError> {
                $(
                    if std::ptr::eq(spec, &COMMANDS[Entry::$variant as usize]) {
                        $( let mut $field = Slot::<<$ty as Field>::Kind>::default(); )*
                        read_words(spec, words, &mut [$(&mut $field as &mut dyn ReadSlot),*])?;
                        return Ok(Command::$variant {
                            $( $field: <$ty as Field>::finish($field.into_value()).ok_or_else(|| {
                                CommandError::MissingArgument {
                                    command: spec.word,
                                    what: Box::new(<<$ty as Field>::Kind as Arg>::what()),
                                    usage: spec.usage(),
                                }
                            })?, )*
                        });
                    }
                )*
                Err(CommandError::Unknown { word: spec.word.to_owned() })
            }

            /// Reads a slash subcommand's options into `spec`'s command.
            fn from_options(
                spec: &'static CommandSpec,
                options: &[(String, OptionValue)],
            ) -> Result<Command, SlashError> {
                $(
                    if std::ptr::eq(spec, &COMMANDS[Entry::$variant as usize]) {
                        $( let mut $field = Slot::<<$ty as Field>::Kind>::default(); )*
                        read_options(spec.args, options, &mut [$(&mut $field as &mut dyn ReadSlot),*])?;
                        return Ok(Command::$variant {
                            $( $field: <$ty as Field>::finish($field.into_value()).ok_or_else(|| {
                                SlashError::Missing {
                                    command: spec.word,
                                    what: Box::new(<<$ty as Field>::Kind as Arg>::what()),
                                }
                            })?, )*
                        });
                    }
                )*
                Err(SlashError::Said(Msg::SlashUnknown { name: spec.word.to_owned() }))
            }

            /// The users the command names (an opponent, whose history), for
            /// transports that resolve names and for the core to make them
            /// unmistakable.
            pub fn actors_mut(&mut self) -> Vec<&mut Actor> {
                let mut actors = Vec::new();
                match self {
                    $( Command::$variant { $($field),* } => {
                        $( actors.extend(Field::actor_mut($field)); )*
                    } )*
                }
                actors
            }
        }

        /// Runs `command`'s handler.
        pub async fn dispatch(ctx: &Ctx<'_>, command: Command) -> BotResult<()> {
            match command {
                $( Command::$variant { $($field),* } => $run(ctx $(, $field)*).await, )*
            }
        }
    };
}

#[allow(unused_imports)]
pub(crate) use commands;
