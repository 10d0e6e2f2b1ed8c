//! Settings as the store keeps them: per user or per server, a name and a
//! text value, one row for each setting that was set (a missing row is the
//! default). The store knows no setting by name: the bot's typed list
//! (`bot::settings`) checks names and values before they are written and
//! reads them back, so a new setting needs no new column or migration.

use std::collections::BTreeMap;

use super::backend::on_conn;
use super::error::{StoreError, StoreResult};
use super::handle::Store;

/// Whose setting: a user's own, or a server's (chosen by its managers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SettingScope {
    User,
    Server,
}

impl SettingScope {
    /// The `scope` column's word.
    pub const fn as_str(self) -> &'static str {
        match self {
            SettingScope::User => "user",
            SettingScope::Server => "server",
        }
    }
}

/// One owner's settings that were set: name to stored value.
pub type StoredSettings = BTreeMap<String, String>;

/// The longest name and value the schema takes (its CHECKs say the same).
pub const MAX_SETTING_NAME: usize = 64;
pub const MAX_SETTING_VALUE: usize = 4000;

/// One change to a setting: a new value, or `None` to go back to the default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingChange {
    pub name: String,
    pub value: Option<String>,
}

const UPSERT_SETTING: &str = "INSERT INTO settings (scope, owner_id, name, value, set_by, set_at) \
     VALUES ($1, $2, $3, $4, $5, $6) \
     ON CONFLICT (scope, owner_id, name) DO UPDATE SET \
     value = excluded.value, set_by = excluded.set_by, set_at = excluded.set_at";
const SELECT_OWNER: &str = "SELECT name, value FROM settings WHERE scope = $1 AND owner_id = $2";
const DELETE_SETTING: &str =
    "DELETE FROM settings WHERE scope = $1 AND owner_id = $2 AND name = $3";

impl Store {
    /// One owner's settings (user id or server id).
    pub async fn settings(
        &self,
        scope: SettingScope,
        owner_id: &str,
    ) -> StoreResult<StoredSettings> {
        let mut tx = self.begin_read().await?;
        let rows: Vec<(String, String)> =
            on_conn!(&mut tx.conn(), |c| sqlx::query_as(SELECT_OWNER)
                .bind(scope.as_str())
                .bind(owner_id)
                .fetch_all(c)
                .await?);
        Ok(rows.into_iter().collect())
    }

    /// Every owner in `scope` that set `name`, with the value: the servers
    /// a scheduled task serves (the daily puzzle's channel).
    pub async fn owners_with_setting(
        &self,
        scope: SettingScope,
        name: &str,
    ) -> StoreResult<Vec<(String, String)>> {
        let mut tx = self.begin_read().await?;
        let rows: Vec<(String, String)> = on_conn!(&mut tx.conn(), |c| {
            sqlx::query_as(
            "SELECT owner_id, value FROM settings WHERE scope = $1 AND name = $2 ORDER BY owner_id",
        )
        .bind(scope.as_str())
        .bind(name)
        .fetch_all(c)
        .await?
        });
        Ok(rows)
    }

    /// A user's settings and, when the request came from a server, that
    /// server's: what every request needs, in one query.
    pub async fn settings_for(
        &self,
        user_id: &str,
        server_id: Option<&str>,
    ) -> StoreResult<(StoredSettings, StoredSettings)> {
        let mut tx = self.begin_read().await?;
        let rows: Vec<(String, String, String)> = on_conn!(&mut tx.conn(), |c| sqlx::query_as(
            "SELECT scope, name, value FROM settings \
             WHERE (scope = 'user' AND owner_id = $1) OR (scope = 'server' AND owner_id = $2)",
        )
        .bind(user_id)
        // A server id never matches NULL, so a DM reads the user's alone.
        .bind(server_id)
        .fetch_all(c)
        .await?);
        let (mut user, mut server) = (StoredSettings::new(), StoredSettings::new());
        for (scope, name, value) in rows {
            match scope.as_str() {
                "user" => user.insert(name, value),
                _ => server.insert(name, value),
            };
        }
        Ok((user, server))
    }

    /// Applies `changes` to one owner's settings, all or none, recording who
    /// made them. Returns the owner's settings afterwards.
    pub async fn change_settings(
        &self,
        scope: SettingScope,
        owner_id: &str,
        set_by: &str,
        changes: Vec<SettingChange>,
    ) -> StoreResult<StoredSettings> {
        for change in &changes {
            let too_long = change.name.is_empty()
                || change.name.len() > MAX_SETTING_NAME
                || change
                    .value
                    .as_ref()
                    .is_some_and(|v| v.chars().count() > MAX_SETTING_VALUE);
            if too_long {
                return Err(StoreError::InvalidSetting(change.name.clone()));
            }
        }
        let owner_id = owner_id.to_owned();
        let set_by = set_by.to_owned();
        let now = self.now();
        self.write(move |conn| {
            Box::pin(async move {
                for change in changes {
                    match change.value {
                        Some(value) => on_conn!(conn, |c| sqlx::query(UPSERT_SETTING)
                            .bind(scope.as_str())
                            .bind(&owner_id)
                            .bind(&change.name)
                            .bind(value)
                            .bind(&set_by)
                            .bind(now)
                            .execute(c)
                            .await?
                            .rows_affected()),
                        None => on_conn!(conn, |c| sqlx::query(DELETE_SETTING)
                            .bind(scope.as_str())
                            .bind(&owner_id)
                            .bind(&change.name)
                            .execute(c)
                            .await?
                            .rows_affected()),
                    };
                }
                let rows: Vec<(String, String)> = on_conn!(conn, |c| sqlx::query_as(SELECT_OWNER)
                    .bind(scope.as_str())
                    .bind(&owner_id)
                    .fetch_all(c)
                    .await?);
                Ok(rows.into_iter().collect())
            })
        })
        .await
    }
}
