//! What a requester may do beyond playing, as the transport reports it:
//! change a server's settings (Discord's Manage Server) and abort games
//! (Manage Messages). Adapters fill it from the platform's own data (a
//! Discord interaction's `member.permissions`), never from anything typed;
//! the console's one local user may do everything.

/// The rights the core checks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Permissions {
    /// May change the server's settings (Discord: Manage Server).
    pub manage_server: bool,
    /// May abort a game (Discord: Manage Messages).
    pub manage_messages: bool,
}

impl Permissions {
    /// No rights beyond playing.
    pub const NONE: Permissions = Permissions {
        manage_server: false,
        manage_messages: false,
    };

    /// Every right: the console's local user, who runs the bot.
    pub const ALL: Permissions = Permissions {
        manage_server: true,
        manage_messages: true,
    };
}

/// A right the core asks for, to name it in a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Right {
    ManageServer,
    ManageMessages,
}

impl Right {
    /// Whether `permissions` grant it; `None` (the transport could not
    /// tell) grants nothing.
    pub fn granted(self, permissions: Option<Permissions>) -> bool {
        permissions.is_some_and(|p| match self {
            Right::ManageServer => p.manage_server,
            Right::ManageMessages => p.manage_messages,
        })
    }

    /// The catalogs' selector word for it.
    pub fn key(self) -> &'static str {
        match self {
            Right::ManageServer => "manage-server",
            Right::ManageMessages => "manage-messages",
        }
    }
}
