//! Settings per user and per server: written, changed, cleared, kept apart
//! by owner and scope, several changes as one, and still there after a
//! reopen.

use super::*;
use xiangqi_bot::store::{SettingChange, SettingScope, StoredSettings};

fn set(name: &str, value: &str) -> SettingChange {
    SettingChange {
        name: name.into(),
        value: Some(value.into()),
    }
}

fn clear(name: &str) -> SettingChange {
    SettingChange {
        name: name.into(),
        value: None,
    }
}

fn stored(pairs: &[(&str, &str)]) -> StoredSettings {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

async fn settings_are_kept_per_owner_and_scope(backend: Backend) {
    let (db, clock, store) = fresh(backend).await;
    let (user, server) = (SettingScope::User, SettingScope::Server);
    assert!(store.settings(user, "100").await.unwrap().is_empty());

    let after = store
        .change_settings(user, "100", "100", vec![set("language", "vi")])
        .await
        .unwrap();
    assert_eq!(after, stored(&[("language", "vi")]));
    store
        .change_settings(user, "200", "200", vec![set("language", "zh-Hans")])
        .await
        .unwrap();
    // A server whose id is a user's id keeps its own settings.
    store
        .change_settings(server, "100", "300", vec![set("language", "en")])
        .await
        .unwrap();
    store
        .change_settings(
            server,
            "g1",
            "300",
            vec![set("level", "5"), set("channels", "c1 c2")],
        )
        .await
        .unwrap();

    // Overwritten, then cleared back to the default.
    let after = store
        .change_settings(
            user,
            "100",
            "100",
            vec![set("language", "zh-Hant"), set("notation", "wxf")],
        )
        .await
        .unwrap();
    assert_eq!(
        after,
        stored(&[("language", "zh-Hant"), ("notation", "wxf")])
    );
    let after = store
        .change_settings(user, "100", "100", vec![clear("language"), clear("theme")])
        .await
        .unwrap();
    assert_eq!(after, stored(&[("notation", "wxf")]));

    let (mine, guild) = store.settings_for("100", Some("g1")).await.unwrap();
    assert_eq!(mine, stored(&[("notation", "wxf")]));
    assert_eq!(guild, stored(&[("level", "5"), ("channels", "c1 c2")]));
    let (mine, guild) = store.settings_for("200", None).await.unwrap();
    assert_eq!(mine, stored(&[("language", "zh-Hans")]));
    assert!(
        guild.is_empty(),
        "outside a server there are no server settings"
    );
    assert_eq!(
        store.settings(server, "100").await.unwrap(),
        stored(&[("language", "en")])
    );

    store.close().await;
    let store = open(&db, clock).await;
    assert_eq!(
        store.settings(server, "g1").await.unwrap(),
        stored(&[("level", "5"), ("channels", "c1 c2")])
    );
}
on_both_backends!(settings_are_kept_per_owner_and_scope);

async fn a_refused_change_stores_none_of_its_parts(backend: Backend) {
    let (_db, _clock, store) = fresh(backend).await;
    let scope = SettingScope::Server;
    store
        .change_settings(scope, "g1", "300", vec![set("level", "2")])
        .await
        .unwrap();
    let too_long = "x".repeat(xiangqi_bot::store::MAX_SETTING_VALUE + 1);
    for bad in [
        set("", "1"),
        set(&"n".repeat(65), "1"),
        set("channels", &too_long),
    ] {
        let err = store
            .change_settings(scope, "g1", "300", vec![set("level", "7"), bad])
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::InvalidSetting(_)), "{err}");
    }
    assert_eq!(
        store.settings(scope, "g1").await.unwrap(),
        stored(&[("level", "2")])
    );
}
on_both_backends!(a_refused_change_stores_none_of_its_parts);

async fn the_schema_refuses_what_the_store_would_not_write(backend: Backend) {
    let (db, _clock, store) = fresh(backend).await;
    store.close().await;
    let insert = "INSERT INTO settings (scope, owner_id, name, value, set_by, set_at) \
                  VALUES ($1, 'o', $2, 'v', 'u', 0)";
    for (scope, name) in [("guild", "level"), ("user", "")] {
        let result = match backend {
            Backend::Sqlite => {
                let mut conn = sqlx::SqliteConnection::connect(db.url()).await.unwrap();
                sqlx::query(insert)
                    .bind(scope)
                    .bind(name)
                    .execute(&mut conn)
                    .await
                    .map(drop)
            }
            Backend::Postgres => {
                let mut conn = sqlx::PgConnection::connect(db.url()).await.unwrap();
                sqlx::query(insert)
                    .bind(scope)
                    .bind(name)
                    .execute(&mut conn)
                    .await
                    .map(drop)
            }
        };
        assert!(result.is_err(), "{scope} {name:?} was stored");
    }
}
on_both_backends!(the_schema_refuses_what_the_store_would_not_write);
