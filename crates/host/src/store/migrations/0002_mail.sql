-- Mail: what was read of each message, how a message out is threaded and
-- retried, and the addresses that bounce.

ALTER TABLE submissions ADD COLUMN envelope_to TEXT;
ALTER TABLE submissions ADD COLUMN text TEXT;

ALTER TABLE outbox ADD COLUMN reply_to TEXT;
ALTER TABLE outbox ADD COLUMN reference_ids TEXT;
ALTER TABLE outbox ADD COLUMN sender_name TEXT;
ALTER TABLE outbox ADD COLUMN next_attempt_at BIGINT;

CREATE TABLE failing (
    address TEXT PRIMARY KEY,
    reason TEXT NOT NULL,
    since BIGINT NOT NULL
);
