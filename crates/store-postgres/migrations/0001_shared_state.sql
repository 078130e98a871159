-- Version 1: the state several replicas share.
--
-- outbox_enquiry: enquiries in the order received; the enquiry itself is kept as the JSON core
-- reads back through its own rules. submission_id is unique (a resubmission stores nothing);
-- fingerprint is a hash of the address and message, to fold an identical form sent again.
CREATE TABLE outbox_enquiry (
    seq           BIGSERIAL PRIMARY KEY,
    id            TEXT   NOT NULL UNIQUE,
    received_at   BIGINT NOT NULL,
    enquiry       TEXT   NOT NULL,
    submission_id TEXT   UNIQUE,
    fingerprint   TEXT   NOT NULL
);
CREATE INDEX outbox_enquiry_fingerprint ON outbox_enquiry (fingerprint, received_at);

-- outbox_job: one delivery job per (enquiry, kind). A pending job is due at next_attempt_at;
-- a claim moves it to the end of the claimer's lease.
CREATE TABLE outbox_job (
    enquiry_seq     BIGINT  NOT NULL REFERENCES outbox_enquiry (seq) ON DELETE CASCADE,
    kind            TEXT    NOT NULL CHECK (kind IN ('notify-inbox', 'upsert-contact')),
    state           TEXT    NOT NULL CHECK (state IN ('pending', 'delivered', 'dead')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT,
    finished_at     BIGINT,
    last_error      TEXT,
    PRIMARY KEY (enquiry_seq, kind)
);
CREATE INDEX outbox_job_due ON outbox_job (state, next_attempt_at);

-- outbox_state: the outbox's own state, one row per key ('blocked': why deliveries are held
-- up, as JSON).
CREATE TABLE outbox_state (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- used_challenge: the self-hosted robot check's spent challenges until they expire, so a
-- solved challenge is refused on every replica.
CREATE TABLE used_challenge (
    challenge TEXT   PRIMARY KEY,
    expires   BIGINT NOT NULL
);
CREATE INDEX used_challenge_expires ON used_challenge (expires);

-- contact_allowance: the contact rate limit per client, as the instant (Unix milliseconds) its
-- allowance would be used up at the average rate.
CREATE TABLE contact_allowance (
    client     TEXT   PRIMARY KEY,
    busy_until BIGINT NOT NULL
);
CREATE INDEX contact_allowance_busy_until ON contact_allowance (busy_until);
