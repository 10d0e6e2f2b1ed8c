//! Discord's documented checks on what a client sends: message bodies,
//! slash command definitions, autocomplete answers and thread parameters.
//! Each refusal is an [`ApiError`] shaped as Discord's JSON error body; form
//! errors (50035) carry the path of the offending field under `errors`.

use serde_json::{json, Map, Value};

use super::UploadedFile;

/// Discord's limit on a message's `content`, in characters.
pub const MAX_CONTENT_CHARS: usize = 2000;
/// The default per-file upload limit (10 MiB), also the stand-in's default
/// `attachment_size_limit` on interactions.
pub const DEFAULT_ATTACHMENT_SIZE_LIMIT: u64 = 10 * 1024 * 1024;
/// The largest request body when sending a message (25 MiB).
pub const MAX_REQUEST_BYTES: u64 = 25 * 1024 * 1024;
/// The auto-archive durations a thread may have, in minutes.
pub const AUTO_ARCHIVE_DURATIONS: [u64; 4] = [60, 1440, 4320, 10080];

/// A refusal, as Discord answers it.
#[derive(Clone, Debug)]
pub struct ApiError {
    pub status: u16,
    pub code: u64,
    pub message: String,
    /// For 50035 Invalid Form Body: the nested `errors` object.
    pub errors: Option<Value>,
}

impl ApiError {
    pub fn new(status: u16, code: u64, message: &str) -> ApiError {
        ApiError {
            status,
            code,
            message: message.to_string(),
            errors: None,
        }
    }

    /// 400 Invalid Form Body, with one error at `path` (keys and array indices).
    pub fn form(path: &[String], error_code: &str, text: &str) -> ApiError {
        let mut errors = json!({"_errors": [{"code": error_code, "message": text}]});
        for key in path.iter().rev() {
            let mut outer = Map::new();
            outer.insert(key.clone(), errors);
            errors = Value::Object(outer);
        }
        ApiError {
            status: 400,
            code: 50035,
            message: "Invalid Form Body".to_string(),
            errors: Some(errors),
        }
    }

    pub fn body(&self) -> Value {
        let mut body = json!({"message": self.message, "code": self.code});
        if let Some(errors) = &self.errors {
            body["errors"] = errors.clone();
        }
        body
    }

    pub fn unknown_channel() -> ApiError {
        ApiError::new(404, 10003, "Unknown Channel")
    }
    pub fn unknown_message() -> ApiError {
        ApiError::new(404, 10008, "Unknown Message")
    }
    pub fn unknown_webhook() -> ApiError {
        ApiError::new(404, 10015, "Unknown Webhook")
    }
    pub fn unknown_interaction() -> ApiError {
        ApiError::new(404, 10062, "Unknown interaction")
    }
    pub fn already_acknowledged() -> ApiError {
        ApiError::new(400, 40060, "Interaction has already been acknowledged.")
    }
    pub fn invalid_webhook_token() -> ApiError {
        ApiError::new(401, 50027, "Invalid Webhook Token")
    }
    pub fn missing_access() -> ApiError {
        ApiError::new(403, 50001, "Missing Access")
    }
    pub fn missing_permissions() -> ApiError {
        ApiError::new(403, 50013, "Missing Permissions")
    }
    pub fn empty_message() -> ApiError {
        ApiError::new(400, 50006, "Cannot send an empty message")
    }
    pub fn too_large() -> ApiError {
        ApiError::new(413, 40005, "Request entity too large")
    }
    pub fn wrong_channel_type() -> ApiError {
        ApiError::new(400, 50024, "Cannot execute action on this channel type")
    }
    pub fn thread_exists() -> ApiError {
        ApiError::new(
            400,
            160004,
            "A thread has already been created for this message",
        )
    }
    pub fn thread_locked() -> ApiError {
        ApiError::new(403, 160005, "Thread is locked")
    }
    pub fn thread_archived() -> ApiError {
        ApiError::new(400, 50083, "Thread is archived")
    }
}

/// The text Discord gives for a JSON error code the tests inject.
pub fn message_for_code(code: u64) -> &'static str {
    match code {
        0 => "General error",
        10003 => "Unknown Channel",
        10004 => "Unknown Guild",
        10007 => "Unknown Member",
        10008 => "Unknown Message",
        10015 => "Unknown Webhook",
        10062 => "Unknown interaction",
        40005 => "Request entity too large",
        40060 => "Interaction has already been acknowledged.",
        50001 => "Missing Access",
        50006 => "Cannot send an empty message",
        50013 => "Missing Permissions",
        50024 => "Cannot execute action on this channel type",
        50027 => "Invalid Webhook Token",
        50035 => "Invalid Form Body",
        160004 => "A thread has already been created for this message",
        160005 => "Thread is locked",
        _ => "Injected failure (stand-in)",
    }
}

fn path(prefix: &[&str], rest: &[&str]) -> Vec<String> {
    prefix
        .iter()
        .chain(rest.iter())
        .map(|s| s.to_string())
        .collect()
}

fn chars(value: &str) -> usize {
    value.chars().count()
}

/// Whether a message body carries something to show besides text.
pub fn has_non_text(body: &Value, files: &[UploadedFile]) -> bool {
    let non_empty = |key: &str| {
        body.get(key)
            .and_then(Value::as_array)
            .is_some_and(|a| !a.is_empty())
    };
    !files.is_empty()
        || non_empty("embeds")
        || non_empty("components")
        || non_empty("sticker_ids")
        || body.get("poll").is_some_and(|p| !p.is_null())
}

/// The checks every message body gets, wherever it is sent: `content` up to
/// 2,000 characters, at most 10 embeds, each uploaded file within
/// `size_limit` and the whole upload within 25 MiB, and an `allowed_mentions`
/// that does not name ids for a type it also parses. `prefix` is where the
/// message sits in the body (`["data"]` in an interaction callback).
pub fn check_message_fields(
    body: &Value,
    files: &[UploadedFile],
    size_limit: u64,
    prefix: &[&str],
) -> Result<(), ApiError> {
    if let Some(content) = body.get("content").and_then(Value::as_str) {
        if chars(content) > MAX_CONTENT_CHARS {
            return Err(ApiError::form(
                &path(prefix, &["content"]),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 2000 or fewer in length.",
            ));
        }
    }
    if let Some(embeds) = body.get("embeds").and_then(Value::as_array) {
        if embeds.len() > 10 {
            return Err(ApiError::form(
                &path(prefix, &["embeds"]),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 10 or fewer in length.",
            ));
        }
    }
    if let Some(components) = body.get("components") {
        check_components(components, prefix)?;
    }
    let mut total = 0u64;
    for file in files {
        let size = file.bytes.len() as u64;
        total += size;
        if size > size_limit {
            return Err(ApiError::too_large());
        }
    }
    if total > MAX_REQUEST_BYTES {
        return Err(ApiError::too_large());
    }
    if let Some(allowed) = body.get("allowed_mentions").filter(|a| a.is_object()) {
        let parse: Vec<&str> = allowed
            .get("parse")
            .and_then(Value::as_array)
            .map(|p| p.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for (kind, key) in [("users", "users"), ("roles", "roles")] {
            let listed = allowed
                .get(key)
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            if parse.contains(&kind) && listed > 0 {
                return Err(ApiError::form(
                    &path(prefix, &["allowed_mentions", "parse"]),
                    "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    &format!("parse:[\"{kind}\"] and {key}: [ids...] are mutually exclusive."),
                ));
            }
            if listed > 100 {
                return Err(ApiError::form(
                    &path(prefix, &["allowed_mentions", key]),
                    "BASE_TYPE_MAX_LENGTH",
                    "Must be 100 or fewer in length.",
                ));
            }
        }
    }
    Ok(())
}

/// A message's components, as Discord's pages on message components say:
/// at most 5 action rows (type 1) at the top, each holding up to 5 buttons
/// (type 2) or a single select; a custom_id of 1–100 characters, unique in
/// the message; a button label of at most 80; a link button (style 5) with a
/// url and no custom_id, any other button with a custom_id and no url.
/// A string select (type 3) has 1 to 25 options, each with a label and a
/// value of 1 to 100 characters; a text input (type 4) belongs in a modal,
/// never in a message. Lenient: emoji, the other selects' fields and the
/// newer layout components (v2) are not checked, since the bot sends none.
fn check_components(components: &Value, prefix: &[&str]) -> Result<(), ApiError> {
    let invalid = |at: Vec<String>, code: &str, text: &str| {
        let at: Vec<&str> = at.iter().map(String::as_str).collect();
        ApiError::form(&path(prefix, &at), code, text)
    };
    let rows = components.as_array().ok_or_else(|| {
        invalid(
            vec!["components".into()],
            "MODEL_TYPE_CONVERT",
            "Only iterables may be used in a ListType",
        )
    })?;
    if rows.len() > 5 {
        return Err(invalid(
            vec!["components".into()],
            "BASE_TYPE_MAX_LENGTH",
            "Must be 5 or fewer in length.",
        ));
    }
    let mut seen = std::collections::HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        let at = |rest: &[&str]| {
            let mut at = vec!["components".to_string(), r.to_string()];
            at.extend(rest.iter().map(|s| s.to_string()));
            at
        };
        if row["type"].as_u64() != Some(1) {
            return Err(invalid(
                at(&["type"]),
                "COMPONENT_LAYOUT_INVALID",
                "Top-level components must be action rows.",
            ));
        }
        let children = row["components"].as_array().cloned().unwrap_or_default();
        let selects = children
            .iter()
            .filter(|c| c["type"].as_u64() != Some(2))
            .count();
        if children.is_empty() || children.len() > 5 || (selects > 0 && children.len() > 1) {
            return Err(invalid(
                at(&["components"]),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "An action row holds 1 to 5 buttons or a single select.",
            ));
        }
        for (c, child) in children.iter().enumerate() {
            let (ci, field) = (c.to_string(), |f: &str| f.to_string());
            let here = |f: &str| at(&["components", &ci, f]);
            let custom_id = child.get("custom_id").and_then(Value::as_str);
            let link = child["type"].as_u64() == Some(2) && child["style"].as_u64() == Some(5);
            match (link, custom_id) {
                (true, Some(_)) => {
                    return Err(invalid(
                        here("custom_id"),
                        "BUTTON_COMPONENT_CUSTOM_ID_INVALID",
                        "A link button cannot have a custom id.",
                    ))
                }
                (false, None) => {
                    return Err(invalid(
                        here("custom_id"),
                        "BASE_TYPE_REQUIRED",
                        "This field is required",
                    ))
                }
                (false, Some(id)) => {
                    if id.is_empty() || chars(id) > 100 {
                        return Err(invalid(
                            here("custom_id"),
                            "BASE_TYPE_BAD_LENGTH",
                            "Must be between 1 and 100 in length.",
                        ));
                    }
                    if !seen.insert(id.to_string()) {
                        return Err(invalid(
                            here("custom_id"),
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            "Component custom id cannot be duplicated",
                        ));
                    }
                }
                (true, None) => {}
            }
            if child["type"].as_u64() == Some(4) {
                return Err(invalid(
                    here("type"),
                    "COMPONENT_TYPE_INVALID",
                    "A text input can only be used in a modal.",
                ));
            }
            if child["type"].as_u64() == Some(3) {
                let options = child["options"].as_array().cloned().unwrap_or_default();
                if options.is_empty() || options.len() > 25 {
                    return Err(invalid(
                        here("options"),
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 25 in length.",
                    ));
                }
                for (o, option) in options.iter().enumerate() {
                    for key in ["label", "value"] {
                        let text = option[key].as_str().unwrap_or_default();
                        if text.is_empty() || chars(text) > 100 {
                            let mut at = here("options");
                            at.extend([o.to_string(), key.to_string()]);
                            return Err(invalid(
                                at,
                                "BASE_TYPE_BAD_LENGTH",
                                "Must be between 1 and 100 in length.",
                            ));
                        }
                    }
                }
            }
            if let Some(label) = child.get("label").and_then(Value::as_str) {
                if chars(label) > 80 {
                    return Err(invalid(
                        here(&field("label")),
                        "BASE_TYPE_MAX_LENGTH",
                        "Must be 80 or fewer in length.",
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A modal (callback 9's `data`), as the pages on interactions and on
/// components say: a custom_id of 1–100 characters, a title of 1–45, and
/// 1 to 5 action rows of one text input (type 4) each; a text input has a
/// custom_id of 1–100 characters unique in the modal, style 1 (short) or 2
/// (paragraph), a label of 1–45, `min_length` 0–4,000, `max_length`
/// 1–4,000, a placeholder of at most 100 and a value of at most 4,000.
pub fn check_modal(data: &Value) -> Result<(), ApiError> {
    let invalid = |at: Vec<String>, code: &str, text: &str| {
        let at: Vec<&str> = at.iter().map(String::as_str).collect();
        ApiError::form(&path(&["data"], &at), code, text)
    };
    let length = |value: &Value, at: Vec<String>, min: usize, max: usize| {
        let text = value.as_str().unwrap_or_default();
        if chars(text) < min || chars(text) > max || (min > 0 && !value.is_string()) {
            return Err(invalid(
                at,
                "BASE_TYPE_BAD_LENGTH",
                &format!("Must be between {min} and {max} in length."),
            ));
        }
        Ok(())
    };
    length(&data["custom_id"], vec!["custom_id".into()], 1, 100)?;
    length(&data["title"], vec!["title".into()], 1, 45)?;
    let rows = data["components"].as_array().cloned().unwrap_or_default();
    if rows.is_empty() || rows.len() > 5 {
        return Err(invalid(
            vec!["components".into()],
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 5 in length.",
        ));
    }
    let mut seen = std::collections::HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        let at = |rest: &[&str]| {
            let mut at = vec!["components".to_string(), r.to_string()];
            at.extend(rest.iter().map(|s| s.to_string()));
            at
        };
        let inputs = row["components"].as_array().cloned().unwrap_or_default();
        if row["type"].as_u64() != Some(1) || inputs.len() != 1 {
            return Err(invalid(
                at(&["components"]),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "A modal's action row holds exactly one text input.",
            ));
        }
        let input = &inputs[0];
        let here = |f: &str| at(&["components", "0", f]);
        if input["type"].as_u64() != Some(4) {
            return Err(invalid(
                here("type"),
                "COMPONENT_TYPE_INVALID",
                "A modal holds text inputs only.",
            ));
        }
        length(&input["custom_id"], here("custom_id"), 1, 100)?;
        if !seen.insert(input["custom_id"].as_str().unwrap_or_default().to_string()) {
            return Err(invalid(
                here("custom_id"),
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            ));
        }
        if !matches!(input["style"].as_u64(), Some(1 | 2)) {
            return Err(invalid(
                here("style"),
                "BASE_TYPE_CHOICES",
                "Value must be one of (1, 2).",
            ));
        }
        length(&input["label"], here("label"), 1, 45)?;
        for (key, min) in [("min_length", 0), ("max_length", 1)] {
            if let Some(value) = input.get(key).filter(|v| !v.is_null()) {
                if !value.as_u64().is_some_and(|n| n >= min && n <= 4000) {
                    return Err(invalid(
                        here(key),
                        "NUMBER_TYPE_MAX",
                        &format!("Must be between {min} and 4000."),
                    ));
                }
            }
        }
        for (key, max) in [("placeholder", 100), ("value", 4000)] {
            if let Some(value) = input.get(key).filter(|v| !v.is_null()) {
                length(value, here(key), 0, max)?;
            }
        }
    }
    Ok(())
}

/// A new message needs content, an embed, a component, a sticker, a poll or
/// a file (50006 otherwise).
pub fn check_not_empty(body: &Value, files: &[UploadedFile]) -> Result<(), ApiError> {
    let content = body.get("content").and_then(Value::as_str).unwrap_or("");
    if content.is_empty() && !has_non_text(body, files) {
        return Err(ApiError::empty_message());
    }
    Ok(())
}

// ------------------------------------------------------------ slash commands

/// Whether `c` may appear in a slash command or option name: Discord's
/// `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, approximated with Rust's
/// `char::is_alphabetic` (letters, plus the other alphabetic marks) and
/// `char::is_numeric` (`\p{N}` exactly), and the Devanagari and Thai blocks
/// for the two scripts.
fn name_char_allowed(c: char) -> bool {
    matches!(c, '-' | '_' | '\'')
        || c.is_alphabetic()
        || c.is_numeric()
        || ('\u{0900}'..='\u{097F}').contains(&c)
        || ('\u{A8E0}'..='\u{A8FF}').contains(&c)
        || ('\u{0E00}'..='\u{0E7F}').contains(&c)
}

/// A letter that has a distinct lowercase form (which must be used instead).
fn has_lowercase_variant(c: char) -> bool {
    let mut lower = c.to_lowercase();
    !(lower.next() == Some(c) && lower.next().is_none())
}

/// Discord's naming rule for `CHAT_INPUT` commands and their options.
pub fn valid_command_name(name: &str) -> bool {
    let n = chars(name);
    (1..=32).contains(&n)
        && name
            .chars()
            .all(|c| name_char_allowed(c) && !has_lowercase_variant(c))
}

/// Discord's locales, the keys a localization dictionary may have
/// (developers/reference, "Locales").
pub const LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// What a localized value of a field must satisfy: the field's own rule.
#[derive(Clone, Copy)]
enum Localized {
    /// A command's or option's name: Discord's naming rule.
    CommandName,
    /// A description or a choice's name: 1 to 100 characters.
    Text,
}

/// Checks `object[key]`, a localization dictionary when present: every key
/// one of [`LOCALES`], every value following the field's own rule. Returns
/// the characters of the longest value, which is what counts towards a
/// command's size (application-commands, "Application Command Naming").
/// Lenient: Discord's exact error codes for these are not documented; the
/// stand-in answers with its generic form error.
fn check_localizations(
    object: &Value,
    key: &str,
    rule: Localized,
    at: &[String],
) -> Result<usize, ApiError> {
    let Some(dictionary) = object.get(key).filter(|v| !v.is_null()) else {
        return Ok(0);
    };
    let mut here = at.to_vec();
    here.push(key.into());
    let Some(entries) = dictionary.as_object() else {
        return Err(ApiError::form(
            &here,
            "DICT_TYPE_CONVERT",
            "Only dictionaries may be used in a DictType",
        ));
    };
    let mut longest = 0;
    for (locale, value) in entries {
        let mut at_locale = here.clone();
        at_locale.push(locale.clone());
        if !LOCALES.contains(&locale.as_str()) {
            return Err(ApiError::form(
                &at_locale,
                "LOCALE_INVALID",
                &format!("Invalid Locale: {locale:?}"),
            ));
        }
        let text = value.as_str().unwrap_or("");
        let ok = match rule {
            Localized::CommandName => valid_command_name(text),
            Localized::Text => (1..=100).contains(&chars(text)),
        };
        if !ok {
            return Err(ApiError::form(
                &at_locale,
                "BASE_TYPE_BAD_LENGTH",
                &format!("Localized value is invalid: {text:?}"),
            ));
        }
        longest = longest.max(chars(text));
    }
    Ok(longest)
}

/// The characters a field counts towards a command's size: its longest
/// form, default or localized.
fn counted(default: usize, longest_localized: usize) -> usize {
    default.max(longest_localized)
}

struct CommandChecker {
    /// Characters of names, descriptions and choice values, per command.
    budget: usize,
}

fn check_name(value: Option<&Value>, at: &[String]) -> Result<(), ApiError> {
    let mut here = at.to_vec();
    here.push("name".into());
    let Some(name) = value.and_then(Value::as_str) else {
        return Err(ApiError::form(
            &here,
            "BASE_TYPE_REQUIRED",
            "This field is required",
        ));
    };
    if !valid_command_name(name) {
        return Err(ApiError::form(
            &here,
            "APPLICATION_COMMAND_INVALID_NAME",
            &format!("Command name is invalid: {name:?}"),
        ));
    }
    Ok(())
}

fn check_description(value: Option<&Value>, at: &[String]) -> Result<usize, ApiError> {
    let mut here = at.to_vec();
    here.push("description".into());
    let text = value.and_then(Value::as_str).unwrap_or("");
    let n = chars(text);
    if !(1..=100).contains(&n) {
        return Err(ApiError::form(
            &here,
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 100 in length.",
        ));
    }
    Ok(n)
}

fn too_many(at: &[String], key: &str) -> ApiError {
    let mut here = at.to_vec();
    here.push(key.into());
    ApiError::form(
        &here,
        "BASE_TYPE_MAX_LENGTH",
        "Must be 25 or fewer in length.",
    )
}

impl CommandChecker {
    /// One level of options: `parent_kind` is 0 for a command, else the
    /// option type (1 sub-command, 2 group) whose `options` these are.
    fn options(
        &mut self,
        options: &[Value],
        parent_kind: u64,
        at: &[String],
    ) -> Result<(), ApiError> {
        if options.len() > 25 {
            return Err(too_many(at, "options"));
        }
        let mut names: Vec<&str> = Vec::new();
        // (option index, locale, localized name) at this level.
        let mut localized_names: Vec<(usize, &str, &str)> = Vec::new();
        let mut seen_optional = false;
        for (i, option) in options.iter().enumerate() {
            let mut here = at.to_vec();
            here.push("options".into());
            here.push(i.to_string());
            let field = |key: &str| {
                let mut p = here.clone();
                p.push(key.to_string());
                p
            };
            let kind = option.get("type").and_then(Value::as_u64).unwrap_or(0);
            if !(1..=11).contains(&kind) {
                return Err(ApiError::form(
                    &field("type"),
                    "BASE_TYPE_CHOICES",
                    "Value must be one of (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11).",
                ));
            }
            // Nesting: a group holds sub-commands only, a sub-command holds
            // no sub-commands or groups.
            let nested_ok = match parent_kind {
                2 => kind == 1,
                1 => kind > 2,
                _ => true,
            };
            if !nested_ok {
                return Err(ApiError::form(
                    &field("type"),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    "Sub-command groups hold sub-commands only, and sub-commands hold no sub-commands.",
                ));
            }
            check_name(option.get("name"), &here)?;
            let name = option.get("name").and_then(Value::as_str).unwrap_or("");
            if names.contains(&name) {
                return Err(ApiError::form(
                    &field("name"),
                    "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                ));
            }
            names.push(name);
            let localized_name =
                check_localizations(option, "name_localizations", Localized::CommandName, &here)?;
            self.budget += counted(chars(name), localized_name);
            if let Some(entries) = option.get("name_localizations").and_then(Value::as_object) {
                localized_names.extend(
                    entries
                        .iter()
                        .filter_map(|(locale, value)| Some((i, locale.as_str(), value.as_str()?))),
                );
            }
            let description = check_description(option.get("description"), &here)?;
            let localized_description =
                check_localizations(option, "description_localizations", Localized::Text, &here)?;
            self.budget += counted(description, localized_description);
            let required = option.get("required").and_then(Value::as_bool) == Some(true);
            if kind > 2 {
                if required && seen_optional {
                    return Err(ApiError::form(
                        &field("required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    ));
                }
                seen_optional |= !required;
            }
            let choices = option.get("choices").and_then(Value::as_array);
            let autocomplete = option.get("autocomplete").and_then(Value::as_bool) == Some(true);
            let choice_kind = matches!(kind, 3 | 4 | 10);
            if let Some(choices) = choices {
                if !choices.is_empty() && !choice_kind {
                    return Err(ApiError::form(
                        &field("choices"),
                        "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
                        "Only string, integer and number options have choices.",
                    ));
                }
                if choices.len() > 25 {
                    return Err(too_many(&here, "choices"));
                }
                if autocomplete && !choices.is_empty() {
                    return Err(ApiError::form(
                        &field("autocomplete"),
                        "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
                        "Autocomplete cannot be enabled on options that have choices.",
                    ));
                }
                for (j, choice) in choices.iter().enumerate() {
                    let mut at_choice = field("choices");
                    at_choice.push(j.to_string());
                    self.budget += check_choice(choice, &at_choice)?;
                }
            }
            if autocomplete && !choice_kind {
                return Err(ApiError::form(
                    &field("autocomplete"),
                    "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
                    "Only string, integer and number options autocomplete.",
                ));
            }
            for (key, low, high) in [("min_length", 0, 6000), ("max_length", 1, 6000)] {
                if let Some(n) = option.get(key).and_then(Value::as_i64) {
                    if !(low..=high).contains(&n) {
                        return Err(ApiError::form(
                            &field(key),
                            "NUMBER_TYPE_MAX",
                            &format!("{key} must be between {low} and {high}."),
                        ));
                    }
                }
            }
            if let Some(sub) = option.get("options").and_then(Value::as_array) {
                if !sub.is_empty() && kind > 2 {
                    return Err(ApiError::form(
                        &field("options"),
                        "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                        "Only sub-commands and groups have options.",
                    ));
                }
                self.options(sub, kind, &here)?;
            }
        }
        check_localized_names_unique(&names, &localized_names, at)
    }
}

/// Discord's rule for localized option names (application-commands,
/// "Localization"): each is distinct from the other options' default names
/// and from the other options' names in its locale. A value equal to its own
/// default is ignored, as Discord ignores it. Read at one level of options
/// (the rule says "of that command"; the bot's own default names already
/// repeat across levels, `move` the subcommand and `move` its option, which
/// Discord accepts). Lenient: the error code is not documented; the stand-in
/// uses the one for duplicate default names.
fn check_localized_names_unique(
    names: &[&str],
    localized: &[(usize, &str, &str)],
    at: &[String],
) -> Result<(), ApiError> {
    for &(i, locale, name) in localized {
        if name == names[i] {
            continue;
        }
        let default_clash = names
            .iter()
            .enumerate()
            .any(|(j, other)| j != i && *other == name);
        // In this locale, an earlier option's name: its localization, or
        // its default where it has none for the locale (the later of two
        // is the one refused).
        let locale_clash = names.iter().enumerate().any(|(j, default)| {
            j < i
                && localized
                    .iter()
                    .find(|&&(k, l, _)| k == j && l == locale)
                    .map_or(*default, |&(_, _, other)| other)
                    == name
        });
        if default_clash || locale_clash {
            let mut here = at.to_vec();
            here.extend(["options".into(), i.to_string()]);
            here.extend(["name_localizations".into(), locale.to_string()]);
            return Err(ApiError::form(
                &here,
                "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                &format!("Localized option name {name:?} is not unique in {locale}"),
            ));
        }
    }
    Ok(())
}

/// A choice of a command option or of an autocomplete answer: a name of 1 to
/// 100 characters and a string value of at most 100. Returns the characters
/// it adds to the command's size.
pub fn check_choice(choice: &Value, at: &[String]) -> Result<usize, ApiError> {
    let field = |key: &str| {
        let mut p = at.to_vec();
        p.push(key.to_string());
        p
    };
    let name = choice.get("name").and_then(Value::as_str).unwrap_or("");
    let n = chars(name);
    if !(1..=100).contains(&n) {
        return Err(ApiError::form(
            &field("name"),
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 100 in length.",
        ));
    }
    let n = counted(
        n,
        check_localizations(choice, "name_localizations", Localized::Text, at)?,
    );
    let value_chars = match choice.get("value") {
        Some(Value::String(s)) => {
            if chars(s) > 100 {
                return Err(ApiError::form(
                    &field("value"),
                    "BASE_TYPE_MAX_LENGTH",
                    "Must be 100 or fewer in length.",
                ));
            }
            chars(s)
        }
        Some(Value::Number(v)) => v.to_string().len(),
        _ => {
            return Err(ApiError::form(
                &field("value"),
                "BASE_TYPE_REQUIRED",
                "This field is required",
            ))
        }
    };
    Ok(n + value_chars)
}

/// A user or message command (type 2 or 3, a context menu entry), by
/// application-commands ("Application Command Object", "User Commands"): a
/// name of 1 to 32 characters, where capitals and spaces are allowed (no
/// naming rule beyond the length), its localizations the same; the
/// description an empty string (or left out, as Discord defaults it), with
/// no localizations; no options. Lenient: Discord's error codes for these
/// are not documented; the stand-in answers with its generic form errors.
fn check_menu_command(command: &Value, at: &[String]) -> Result<(), ApiError> {
    let field = |name: &str| {
        let mut here = at.to_vec();
        here.push(name.into());
        here
    };
    let name = command.get("name").and_then(Value::as_str).unwrap_or("");
    if !(1..=32).contains(&chars(name)) {
        return Err(ApiError::form(
            &field("name"),
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 32 in length.",
        ));
    }
    if let Some(names) = command.get("name_localizations").and_then(Value::as_object) {
        for (locale, value) in names {
            let text = value.as_str().unwrap_or("");
            if !LOCALES.contains(&locale.as_str()) || !(1..=32).contains(&chars(text)) {
                return Err(ApiError::form(
                    &field("name_localizations"),
                    "BASE_TYPE_BAD_LENGTH",
                    &format!("Localized value is invalid: {locale} {text:?}"),
                ));
            }
        }
    }
    let description = command
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or("");
    let localized = command
        .get("description_localizations")
        .and_then(Value::as_object)
        .is_some_and(|d| !d.is_empty());
    if !description.is_empty() || localized {
        return Err(ApiError::form(
            &field("description"),
            "APPLICATION_COMMAND_INVALID_DESCRIPTION",
            "Context menu commands cannot have description",
        ));
    }
    let options = command.get("options").and_then(Value::as_array);
    if options.is_some_and(|o| !o.is_empty()) {
        return Err(ApiError::form(
            &field("options"),
            "APPLICATION_COMMAND_OPTIONS_INVALID",
            "Context menu commands cannot have options",
        ));
    }
    Ok(())
}

/// A bulk overwrite of application commands (global or guild): each
/// `CHAT_INPUT` command by the documented limits, each user or message
/// command by [`check_menu_command`].
pub fn check_commands(body: &Value) -> Result<(), ApiError> {
    let Some(commands) = body.as_array() else {
        return Err(ApiError::form(
            &[],
            "BASE_TYPE_ARRAY",
            "Must be an array of application commands.",
        ));
    };
    if commands.len() > 100 {
        return Err(ApiError::form(
            &[],
            "BASE_TYPE_MAX_LENGTH",
            "Must be 100 or fewer in length.",
        ));
    }
    let mut names: Vec<(u64, &str)> = Vec::new();
    for (i, command) in commands.iter().enumerate() {
        let at = vec![i.to_string()];
        let kind = command.get("type").and_then(Value::as_u64).unwrap_or(1);
        let name = command.get("name").and_then(Value::as_str).unwrap_or("");
        if kind == 1 {
            check_name(command.get("name"), &at)?;
            let localized_name =
                check_localizations(command, "name_localizations", Localized::CommandName, &at)?;
            let mut checker = CommandChecker {
                budget: counted(chars(name), localized_name),
            };
            let description = check_description(command.get("description"), &at)?;
            let localized_description =
                check_localizations(command, "description_localizations", Localized::Text, &at)?;
            checker.budget += counted(description, localized_description);
            let options = command
                .get("options")
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or_default();
            checker.options(options, 0, &at)?;
            if checker.budget > 8000 {
                return Err(ApiError::form(
                    &at,
                    "APPLICATION_COMMAND_TOO_LARGE",
                    "Command exceeds maximum size (8000)",
                ));
            }
        } else {
            check_menu_command(command, &at)?;
        }
        if names.contains(&(kind, name)) {
            return Err(ApiError::form(
                &[i.to_string(), "name".into()],
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                &format!("Application command names must be unique: {name}"),
            ));
        }
        names.push((kind, name));
    }
    Ok(())
}

/// An autocomplete answer (callback type 8): at most 25 choices, each named
/// in 1 to 100 characters.
pub fn check_autocomplete(body: &Value) -> Result<(), ApiError> {
    let choices = body
        .get("data")
        .and_then(|d| d.get("choices"))
        .and_then(Value::as_array);
    let Some(choices) = choices else {
        return Err(ApiError::form(
            &["data".into(), "choices".into()],
            "BASE_TYPE_REQUIRED",
            "This field is required",
        ));
    };
    if choices.len() > 25 {
        return Err(too_many(&["data".into()], "choices"));
    }
    for (i, choice) in choices.iter().enumerate() {
        check_choice(choice, &["data".into(), "choices".into(), i.to_string()])?;
    }
    Ok(())
}

// ------------------------------------------------------------------ threads

/// `name` and `auto_archive_duration` of a thread about to be started.
pub fn check_thread_fields(body: &Value) -> Result<(), ApiError> {
    match body.get("name").and_then(Value::as_str) {
        None => {
            return Err(ApiError::form(
                &["name".into()],
                "BASE_TYPE_REQUIRED",
                "This field is required",
            ))
        }
        Some(name) if !(1..=100).contains(&chars(name)) => {
            return Err(ApiError::form(
                &["name".into()],
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 100 in length.",
            ))
        }
        Some(_) => {}
    }
    if let Some(duration) = body.get("auto_archive_duration").filter(|v| !v.is_null()) {
        if !duration
            .as_u64()
            .is_some_and(|d| AUTO_ARCHIVE_DURATIONS.contains(&d))
        {
            return Err(ApiError::form(
                &["auto_archive_duration".into()],
                "BASE_TYPE_CHOICES",
                "Value must be one of {60, 1440, 4320, 10080}.",
            ));
        }
    }
    Ok(())
}
