//! What the stand-in remembers about its Discord: channels and threads,
//! messages as users would see them, interactions and their tokens, guild
//! members, registered commands, and the failures tests asked for.

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::{
    RegisteredCommand, ShownMessage, StandInConfig, TestUser, ThreadInfo, UploadedFile,
    BOT_USER_ID, GUILD_ID, TIMESTAMP,
};

/// Permission bits the stand-in looks at.
pub mod perm {
    pub const ADMINISTRATOR: u64 = 1 << 3;
    pub const MANAGE_GUILD: u64 = 1 << 5;
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const MANAGE_MESSAGES: u64 = 1 << 13;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const MENTION_EVERYONE: u64 = 1 << 17;
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    pub const MANAGE_THREADS: u64 = 1 << 34;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
}

/// What the bot may do in a guild channel by default: the permissions its
/// README asks for (View Channels, Send Messages, Attach Files, Read Message
/// History, Use Application Commands, Create Public Threads, Send Messages in
/// Threads).
pub const DEFAULT_APP_PERMISSIONS: u64 = 311_385_230_336;
/// What the bot may do in a DM: Discord reports ATTACH_FILES, EMBED_LINKS
/// and MENTION_EVERYONE (and USE_EXTERNAL_EMOJIS in the bot's own DMs) on
/// top of reading and writing there.
pub const DM_APP_PERMISSIONS: u64 = perm::VIEW_CHANNEL
    | perm::SEND_MESSAGES
    | perm::READ_MESSAGE_HISTORY
    | perm::ATTACH_FILES
    | perm::EMBED_LINKS
    | perm::MENTION_EVERYONE
    | perm::USE_EXTERNAL_EMOJIS;
/// A member's permissions when the test did not say.
pub const DEFAULT_MEMBER_PERMISSIONS: u64 = 2_248_473_465_835_073;

pub struct Thread {
    pub name: String,
    pub archived: bool,
    pub locked: bool,
    pub auto_archive_duration: u64,
    pub members: Vec<u64>,
    pub unarchived: usize,
    pub starter: Option<u64>,
}

pub struct Channel {
    /// Discord's channel type (0 text, 1 DM, 2 voice, 3 group DM, 5
    /// announcement, 10-12 threads, 15 forum, 16 media…).
    pub kind: u8,
    pub parent: Option<u64>,
    pub deleted: bool,
    pub bot_removed: bool,
    pub app_permissions: Option<u64>,
    pub thread: Option<Thread>,
}

impl Channel {
    pub fn is_dm(&self) -> bool {
        matches!(self.kind, 1 | 3)
    }

    pub fn is_thread(&self) -> bool {
        matches!(self.kind, 10..=12)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ack {
    Message,
    Deferred,
    /// A component interaction acknowledged without a message (callback 6):
    /// the pressed message stays as it is.
    DeferredUpdate,
    /// A component interaction answered by editing its message (callback 7).
    Update,
    Autocomplete,
    /// Answered with a form (callback 9): the modal, as the bot sent it.
    Modal,
}

pub struct Interaction {
    pub id: u64,
    /// 2 application command, 3 message component, 4 autocomplete,
    /// 5 modal submit.
    pub kind: u8,
    pub channel: u64,
    pub user: u64,
    pub created: Instant,
    /// How much older the test made it than it is.
    pub aged: Duration,
    pub ack: Option<Ack>,
    pub original: Option<u64>,
    pub size_limit: u64,
    /// For a component interaction: the message its button is on; for a
    /// modal submit, the message whose button opened the modal.
    pub message: Option<u64>,
    /// The modal it was answered with (callback 9), as the bot sent it.
    pub modal: Option<Value>,
}

impl Interaction {
    pub fn age(&self) -> Duration {
        self.created.elapsed() + self.aged
    }
}

pub struct Member {
    pub user: TestUser,
    pub nick: Option<String>,
    pub permissions: u64,
    /// The ids of the roles they hold, sent as `member.roles`.
    pub roles: Vec<u64>,
}

pub struct InjectedFailure {
    pub method: String,
    pub prefix: String,
    pub status: u16,
    pub code: u64,
}

pub struct RateLimit {
    pub remaining: usize,
    pub retry_after: f64,
}

pub struct World {
    pub config: StandInConfig,
    pub channels: HashMap<u64, Channel>,
    pub messages: Vec<ShownMessage>,
    pub message_index: HashMap<u64, usize>,
    pub interactions: HashMap<String, Interaction>,
    pub members: BTreeMap<u64, Member>,
    pub users: HashMap<u64, TestUser>,
    pub threads_allowed: bool,
    pub failures: Vec<InjectedFailure>,
    pub rate_limit: Option<RateLimit>,
    pub invalid_requests: usize,
    pub commands: Vec<RegisteredCommand>,
    /// The intents of the last accepted IDENTIFY.
    pub identified_intents: Option<u64>,
    /// The `[shard_id, num_shards]` of every accepted IDENTIFY.
    pub identified_shards: Vec<[u64; 2]>,
    pub refused_identifies: usize,
    /// MESSAGE_CREATE events not delivered for want of an intent.
    pub undelivered: usize,
    /// Each user's client language, sent as an interaction's `locale`
    /// (`en-US` when not set).
    pub locales: HashMap<u64, String>,
    /// Faults on the way to and from the stand-in (`faults.rs`).
    pub faults: super::faults::Faults,
    /// Message creates that asked for `enforce_nonce`.
    pub nonces: super::faults::Nonces,
}

impl World {
    pub fn new(config: StandInConfig) -> World {
        World {
            config,
            channels: HashMap::new(),
            messages: Vec::new(),
            message_index: HashMap::new(),
            interactions: HashMap::new(),
            members: BTreeMap::new(),
            users: HashMap::new(),
            threads_allowed: true,
            locales: HashMap::new(),
            failures: Vec::new(),
            rate_limit: None,
            invalid_requests: 0,
            commands: Vec::new(),
            identified_intents: None,
            identified_shards: Vec::new(),
            refused_identifies: 0,
            undelivered: 0,
            faults: Default::default(),
            nonces: Default::default(),
        }
    }

    /// The channel, a guild text channel when the test never said otherwise.
    pub fn channel(&mut self, id: u64) -> &mut Channel {
        self.channels.entry(id).or_insert(Channel {
            kind: 0,
            parent: None,
            deleted: false,
            bot_removed: false,
            app_permissions: None,
            thread: None,
        })
    }

    pub fn kind_of(&self, id: u64) -> u8 {
        self.channels.get(&id).map_or(0, |c| c.kind)
    }

    pub fn guild_of(&self, id: u64) -> Option<u64> {
        match self.channels.get(&id) {
            Some(c) if c.is_dm() => None,
            _ => Some(GUILD_ID),
        }
    }

    pub fn parent_of(&self, id: u64) -> Option<u64> {
        self.channels
            .get(&id)
            .filter(|c| c.is_thread())
            .and_then(|c| c.parent)
    }

    /// The bot's permissions in a channel: set by the test, else inherited
    /// by a thread from its parent, else the defaults; without thread
    /// permission (see `allow_threads`) the thread-creating bits are off.
    pub fn app_permissions(&self, id: u64) -> u64 {
        let channel = self.channels.get(&id);
        let mut perms = match channel {
            Some(c) if c.is_dm() => return c.app_permissions.unwrap_or(DM_APP_PERMISSIONS),
            Some(c) => c.app_permissions.or_else(|| {
                c.parent
                    .and_then(|p| self.channels.get(&p))
                    .and_then(|p| p.app_permissions)
            }),
            None => None,
        }
        .unwrap_or(DEFAULT_APP_PERMISSIONS);
        if !self.threads_allowed {
            perms &= !(perm::CREATE_PUBLIC_THREADS | perm::CREATE_PRIVATE_THREADS);
        }
        perms
    }

    /// The channel's own access checks: gone (10003) or closed to the bot
    /// (50001). A thread is gone with its parent.
    pub fn check_access(&self, id: u64) -> Result<(), super::validate::ApiError> {
        use super::validate::ApiError;
        let mut at = Some(id);
        while let Some(current) = at {
            let Some(channel) = self.channels.get(&current) else {
                return Ok(());
            };
            if channel.deleted {
                return Err(ApiError::unknown_channel());
            }
            if channel.bot_removed {
                return Err(ApiError::missing_access());
            }
            at = channel.parent;
        }
        Ok(())
    }

    pub fn message(&self, id: u64) -> Option<&ShownMessage> {
        self.message_index.get(&id).map(|&i| &self.messages[i])
    }

    pub fn message_mut(&mut self, id: u64) -> Option<&mut ShownMessage> {
        self.message_index
            .get(&id)
            .copied()
            .map(move |i| &mut self.messages[i])
    }

    pub fn add_message(&mut self, message: ShownMessage) {
        self.message_index.insert(message.id, self.messages.len());
        self.messages.push(message);
    }

    pub fn remember_user(&mut self, user: &TestUser) {
        self.users.insert(user.id, user.clone());
    }

    /// A user who talks in the guild is one of its members.
    pub fn ensure_member(&mut self, user: &TestUser) {
        self.remember_user(user);
        self.members.entry(user.id).or_insert_with(|| Member {
            user: user.clone(),
            nick: None,
            permissions: DEFAULT_MEMBER_PERMISSIONS,
            roles: Vec::new(),
        });
    }

    /// A guild member object; `with_user` for REST and interactions, without
    /// for the `member` of a MESSAGE_CREATE (Discord leaves `user` out there).
    pub fn member_json(&self, user: u64, with_user: bool, with_permissions: bool) -> Option<Value> {
        let member = self.members.get(&user)?;
        let mut value = json!({
            "nick": member.nick,
            "roles": member.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
            "joined_at": TIMESTAMP,
            "deaf": false, "mute": false, "flags": 0, "avatar": null,
        });
        if with_user {
            value["user"] = member.user.json();
        }
        if with_permissions {
            value["permissions"] = json!(member.permissions.to_string());
        }
        Some(value)
    }

    pub fn user_json(&self, id: u64) -> Value {
        if id == BOT_USER_ID {
            return super::bot_user();
        }
        match self.users.get(&id) {
            Some(user) => user.json(),
            None => json!({
                "id": id.to_string(), "username": format!("user{id}"),
                "discriminator": "0", "global_name": null, "avatar": null,
            }),
        }
    }

    /// The `mentions` of a message in `channel` with this content: every
    /// `<@id>`, with member data in a guild.
    pub fn mentions_json(&self, content: &str, channel: u64) -> Value {
        let in_guild = self.guild_of(channel).is_some();
        let users: Vec<Value> = user_mentions(content)
            .into_iter()
            .map(|id| {
                let mut user = self.user_json(id);
                if in_guild {
                    if let Some(member) = self.member_json(id, false, false) {
                        user["member"] = member;
                    }
                }
                user
            })
            .collect();
        Value::Array(users)
    }

    /// The thread a message starts, if one was created from it.
    pub fn thread_of_message(&self, message: u64) -> Option<u64> {
        self.channels
            .iter()
            .find(|(_, c)| c.thread.as_ref().and_then(|t| t.starter) == Some(message))
            .map(|(id, _)| *id)
    }

    pub fn thread_info(&self, id: u64) -> Option<ThreadInfo> {
        let channel = self.channels.get(&id)?;
        let thread = channel.thread.as_ref()?;
        Some(ThreadInfo {
            id,
            parent: channel.parent.unwrap_or(0),
            kind: channel.kind,
            name: thread.name.clone(),
            archived: thread.archived,
            locked: thread.locked,
            auto_archive_duration: thread.auto_archive_duration,
            members: thread.members.clone(),
            unarchived: thread.unarchived,
            starter: thread.starter,
        })
    }

    /// A thread as Discord's channel object.
    pub fn thread_json(&self, id: u64) -> Value {
        let channel = &self.channels[&id];
        let thread = channel.thread.as_ref().expect("a thread");
        json!({
            "id": id.to_string(), "type": channel.kind, "guild_id": GUILD_ID.to_string(),
            "parent_id": channel.parent.map(|p| p.to_string()), "name": thread.name,
            "owner_id": BOT_USER_ID.to_string(), "last_message_id": null,
            "rate_limit_per_user": 0, "flags": 0, "total_message_sent": 0,
            "thread_metadata": {
                "archived": thread.archived, "auto_archive_duration": thread.auto_archive_duration,
                "locked": thread.locked, "archive_timestamp": TIMESTAMP,
                "create_timestamp": TIMESTAMP,
            },
            "message_count": 0, "member_count": thread.members.len().min(50),
            "member": if thread.members.contains(&BOT_USER_ID) {
                json!({"id": id.to_string(), "user_id": BOT_USER_ID.to_string(),
                       "join_timestamp": TIMESTAMP, "flags": 0})
            } else { Value::Null },
        })
    }

    /// Any channel as Discord's channel object.
    pub fn channel_json(&mut self, id: u64) -> Value {
        let kind = self.kind_of(id);
        if self.channels.get(&id).is_some_and(|c| c.thread.is_some()) {
            return self.thread_json(id);
        }
        match kind {
            1 => json!({
                "id": id.to_string(), "type": 1, "last_message_id": null,
                "recipients": [{"id": "1", "username": "someone", "discriminator": "0"}],
            }),
            3 => json!({
                "id": id.to_string(), "type": 3, "last_message_id": null, "name": null,
                "recipients": [{"id": "1", "username": "someone", "discriminator": "0"},
                               {"id": "2", "username": "someone-else", "discriminator": "0"}],
            }),
            _ => {
                let parent = self.channels.get(&id).and_then(|c| c.parent);
                json!({
                    "id": id.to_string(), "type": kind, "guild_id": GUILD_ID.to_string(),
                    "name": format!("channel-{id}"), "position": 0, "permission_overwrites": [],
                    "nsfw": false, "parent_id": parent.map(|p| p.to_string()),
                })
            }
        }
    }

    /// The partial channel an interaction carries.
    pub fn interaction_channel_json(&self, id: u64) -> Value {
        let kind = self.kind_of(id);
        let mut value = json!({
            "id": id.to_string(), "type": kind,
            "parent_id": self.parent_of(id).map(|p| p.to_string()),
            "app_permissions": self.app_permissions(id).to_string(),
        });
        if let Some(thread) = self.channels.get(&id).and_then(|c| c.thread.as_ref()) {
            value["thread_metadata"] = json!({
                "archived": thread.archived, "auto_archive_duration": thread.auto_archive_duration,
                "locked": thread.locked, "archive_timestamp": TIMESTAMP,
            });
            value["name"] = json!(thread.name);
        }
        if self.guild_of(id).is_some() {
            value["guild_id"] = json!(GUILD_ID.to_string());
        }
        value
    }

    /// A message as Discord's message object.
    pub fn message_json(&self, message: &ShownMessage) -> Value {
        let attachments: Vec<Value> = message
            .files
            .iter()
            .zip(&message.attachment_ids)
            .map(|(file, id)| {
                let url = format!(
                    "https://cdn.discordapp.com/attachments/{}/{id}/{}",
                    message.channel, file.filename
                );
                json!({"id": id.to_string(), "filename": file.filename, "size": file.bytes.len(),
                       "url": url, "proxy_url": url})
            })
            .collect();
        let kind = if message.reference.is_some() {
            19
        } else if message.interaction_token.is_some() && message.is_original {
            20
        } else {
            0
        };
        let mut value = json!({
            "id": message.id.to_string(),
            "channel_id": message.channel.to_string(),
            "author": self.user_json(message.author),
            "content": message.content,
            "timestamp": TIMESTAMP,
            "edited_timestamp": if message.edited { json!(TIMESTAMP) } else { Value::Null },
            "tts": false,
            "mention_everyone": message.pings_everyone,
            "mentions": self.mentions_json(&message.content, message.channel),
            "mention_roles": [],
            "attachments": attachments,
            "embeds": message.embeds,
            "pinned": false,
            "type": kind,
            // EPHEMERAL (64) and LOADING (128).
            "flags": u64::from(message.ephemeral) * 64 + u64::from(message.loading) * 128,
            "components": message.components,
        });
        if let Some(reference) = message.reference {
            value["message_reference"] = json!({
                "type": 0, "message_id": reference.to_string(),
                "channel_id": message.channel.to_string(),
            });
        }
        if message.interaction_token.is_some() {
            value["webhook_id"] = json!(super::APP_ID.to_string());
            value["application_id"] = json!(super::APP_ID.to_string());
        }
        if let Some(guild) = self.guild_of(message.channel) {
            value["guild_id"] = json!(guild.to_string());
        }
        value
    }
}

/// The user ids `<@id>` or `<@!id>` in `content`, once each, in order.
pub fn user_mentions(content: &str) -> Vec<u64> {
    let mut ids = Vec::new();
    let mut rest = content;
    while let Some(start) = rest.find("<@") {
        let after = &rest[start + 2..];
        let after = after.strip_prefix('!').unwrap_or(after);
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        if !digits.is_empty() && after[digits.len()..].starts_with('>') {
            if let Ok(id) = digits.parse() {
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
        }
        rest = &rest[start + 2..];
    }
    ids
}

/// Whether `content` says `@everyone` or `@here`.
pub fn mentions_everyone(content: &str) -> bool {
    content.contains("@everyone") || content.contains("@here")
}

/// Who a message pings by Discord's allowed-mentions rules: without an
/// `allowed_mentions` object, regular messages parse every mention type and
/// interaction/webhook messages only users; with one, `parse` lists the
/// types parsed whole and `users` the only user ids that may ping. Returns
/// (users pinged, whether @everyone/@here is parsed, whether the replied-to
/// author is pinged).
pub fn resolve_pings(content: &str, body: &Value, webhook: bool) -> (Vec<u64>, bool, bool) {
    let mentioned = user_mentions(content);
    let everyone = mentions_everyone(content);
    match body.get("allowed_mentions").filter(|a| a.is_object()) {
        None => {
            let everyone_parsed = !webhook && everyone;
            (mentioned, everyone_parsed, true)
        }
        Some(allowed) => {
            let parse: Vec<&str> = allowed
                .get("parse")
                .and_then(Value::as_array)
                .map(|p| p.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let listed: Vec<u64> = allowed
                .get("users")
                .and_then(Value::as_array)
                .map(|u| {
                    u.iter()
                        .filter_map(|v| {
                            v.as_str()
                                .and_then(|s| s.parse().ok())
                                .or_else(|| v.as_u64())
                        })
                        .collect()
                })
                .unwrap_or_default();
            let users = if parse.contains(&"users") {
                mentioned
            } else {
                mentioned
                    .into_iter()
                    .filter(|id| listed.contains(id))
                    .collect()
            };
            let replied = allowed.get("replied_user").and_then(Value::as_bool) == Some(true);
            (users, everyone && parse.contains(&"everyone"), replied)
        }
    }
}

/// A role as Discord's role object, for `resolved.roles`: mentionable,
/// named after its id.
pub fn role_json(id: &str) -> Value {
    json!({
        "id": id, "name": format!("role-{id}"), "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false, "icon": null, "unicode_emoji": null, "position": 1,
        "permissions": "0", "managed": false, "mentionable": true, "flags": 0,
    })
}

/// The role ids a message's content mentions (`<@&id>`).
pub fn role_mentions(content: &str) -> Vec<u64> {
    let mut ids = Vec::new();
    for (at, _) in content.match_indices("<@&") {
        let after = &content[at + 3..];
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        if !digits.is_empty() && after[digits.len()..].starts_with('>') {
            if let Ok(id) = digits.parse() {
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
        }
    }
    ids
}

/// The roles a message pings by the allowed-mentions rules, as
/// [`resolve_pings`] does for users: without an `allowed_mentions` object a
/// regular message parses them all and an interaction's or webhook's none;
/// with one, `parse: ["roles"]` lets all through and `roles` lists the only
/// ones that may ping. Lenient: Discord pings a role only when it is
/// mentionable or the sender may mention everyone; the stand-in has no
/// roles of its own and counts every role let through.
pub fn resolve_role_pings(content: &str, body: &Value, webhook: bool) -> Vec<u64> {
    let mentioned = role_mentions(content);
    let Some(allowed) = body.get("allowed_mentions").filter(|a| a.is_object()) else {
        return if webhook { Vec::new() } else { mentioned };
    };
    let parsed = allowed
        .get("parse")
        .and_then(Value::as_array)
        .is_some_and(|p| p.iter().any(|kind| kind.as_str() == Some("roles")));
    if parsed {
        return mentioned;
    }
    let listed: Vec<u64> = allowed
        .get("roles")
        .and_then(Value::as_array)
        .map(|roles| {
            roles
                .iter()
                .filter_map(|v| {
                    v.as_str()
                        .and_then(|s| s.parse().ok())
                        .or_else(|| v.as_u64())
                })
                .collect()
        })
        .unwrap_or_default();
    mentioned
        .into_iter()
        .filter(|id| listed.contains(id))
        .collect()
}

/// A new, empty message of the bot's.
pub fn bot_message(id: u64, channel: u64) -> ShownMessage {
    ShownMessage {
        id,
        channel,
        author: BOT_USER_ID,
        content: String::new(),
        files: Vec::new(),
        attachment_ids: Vec::new(),
        embeds: Vec::new(),
        ephemeral: false,
        visible_to: None,
        loading: false,
        deleted: false,
        edited: false,
        interaction_token: None,
        is_original: false,
        reference: None,
        pinged: Vec::new(),
        pinged_roles: Vec::new(),
        pings_everyone: false,
        mentions_everyone: false,
        call: None,
        thread: None,
        components: Vec::new(),
    }
}

/// Applies a create or edit body to a message: `content` and `embeds` when
/// present; attachments kept as `attachments` lists them (all kept when it is
/// absent) plus the uploaded files.
pub fn apply_content(
    message: &mut ShownMessage,
    body: &Value,
    files: &[UploadedFile],
    mut new_id: impl FnMut(&UploadedFile) -> u64,
) {
    if let Some(content) = body.get("content") {
        message.content = content.as_str().unwrap_or("").to_string();
    }
    if let Some(embeds) = body.get("embeds") {
        message.embeds = embeds.as_array().cloned().unwrap_or_default();
    }
    if let Some(components) = body.get("components") {
        message.components = components.as_array().cloned().unwrap_or_default();
    }
    if let Some(listed) = body.get("attachments").and_then(Value::as_array) {
        let keep: Vec<u64> = listed
            .iter()
            .filter_map(|a| a.get("id"))
            .filter_map(|id| {
                id.as_str()
                    .and_then(|s| s.parse().ok())
                    .or_else(|| id.as_u64())
            })
            .collect();
        let mut kept_files = Vec::new();
        let mut kept_ids = Vec::new();
        for (file, id) in message.files.iter().zip(&message.attachment_ids) {
            if keep.contains(id) {
                kept_files.push(file.clone());
                kept_ids.push(*id);
            }
        }
        message.files = kept_files;
        message.attachment_ids = kept_ids;
    }
    for file in files {
        message.attachment_ids.push(new_id(file));
        message.files.push(file.clone());
    }
}
