-- Version 2: the signatures of Contentful webhooks already accepted, so a signed request
-- replayed to another replica within its lifetime is refused there too. expires is when the
-- request could no longer pass the time check on its own (Unix milliseconds); later rows are
-- worth nothing and are deleted.
CREATE TABLE seen_webhook (
    signature TEXT   PRIMARY KEY,
    expires   BIGINT NOT NULL
);
CREATE INDEX seen_webhook_expires ON seen_webhook (expires);
