-- Version 3: the last good live content, shared so a replica that starts without its own copy
-- on disk starts from it. One row per space and environment (key); synced_at is when the
-- content it holds was synced (Unix milliseconds): an older snapshot never replaces a newer.
CREATE TABLE content_snapshot (
    key       TEXT   PRIMARY KEY,
    synced_at BIGINT NOT NULL,
    bytes     BYTEA  NOT NULL
);
