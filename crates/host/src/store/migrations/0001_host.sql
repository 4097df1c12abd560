-- The host: games, their worlds and seats, what players sent, the turns
-- run, the reports, the outbox and the game masters' actions.
-- Times are milliseconds since 1970 (UTC). {id} is an automatic row
-- number and {blob} bytes, spelled per backend.

CREATE TABLE games (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    settings TEXT NOT NULL,
    status TEXT NOT NULL,
    turn BIGINT NOT NULL,
    world_rev BIGINT NOT NULL,
    deadline BIGINT,
    running_turn BIGINT,
    running_deadline BIGINT,
    running_next BIGINT,
    reminded_turn BIGINT NOT NULL DEFAULT 0,
    held_turn BIGINT NOT NULL DEFAULT 0,
    touched BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);

CREATE TABLE worlds (
    game_id TEXT NOT NULL,
    rev BIGINT NOT NULL,
    turn BIGINT NOT NULL,
    made_by TEXT NOT NULL,
    state {blob} NOT NULL,
    made_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, rev)
);

CREATE TABLE seats (
    game_id TEXT NOT NULL,
    seat TEXT NOT NULL,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    addresses TEXT NOT NULL,
    status TEXT NOT NULL,
    missed BIGINT NOT NULL DEFAULT 0,
    joined_turn BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE submissions (
    id {id},
    game_id TEXT,
    source TEXT NOT NULL,
    sender TEXT,
    message_id TEXT,
    received_at BIGINT NOT NULL,
    raw {blob} NOT NULL,
    disposition TEXT NOT NULL,
    answer TEXT,
    answered_at BIGINT
);
CREATE UNIQUE INDEX submissions_message_id ON submissions (message_id);
CREATE INDEX submissions_game ON submissions (game_id, id);

CREATE TABLE orders (
    game_id TEXT NOT NULL,
    turn BIGINT NOT NULL,
    seat TEXT NOT NULL,
    submission_id BIGINT NOT NULL,
    text TEXT NOT NULL,
    new_password_hash TEXT,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, turn, seat)
);

CREATE TABLE articles (
    id {id},
    game_id TEXT NOT NULL,
    turn BIGINT NOT NULL,
    seat TEXT NOT NULL,
    signed BIGINT NOT NULL,
    text TEXT NOT NULL,
    submission_id BIGINT NOT NULL
);
CREATE INDEX articles_turn ON articles (game_id, turn, id);

CREATE TABLE turns (
    game_id TEXT NOT NULL,
    turn BIGINT NOT NULL,
    attempt BIGINT NOT NULL,
    status TEXT NOT NULL,
    seed BIGINT NOT NULL,
    world_before BIGINT NOT NULL,
    world_after BIGINT NOT NULL,
    events {blob} NOT NULL,
    summary TEXT NOT NULL,
    public TEXT NOT NULL,
    run_ms BIGINT NOT NULL,
    ran_at BIGINT NOT NULL,
    deadline BIGINT,
    next_deadline BIGINT,
    PRIMARY KEY (game_id, turn, attempt)
);

CREATE TABLE reports (
    game_id TEXT NOT NULL,
    turn BIGINT NOT NULL,
    attempt BIGINT NOT NULL,
    seat TEXT NOT NULL,
    text TEXT NOT NULL,
    json TEXT,
    template TEXT,
    PRIMARY KEY (game_id, turn, attempt, seat)
);

CREATE TABLE outbox (
    id {id},
    game_id TEXT,
    seat TEXT,
    kind TEXT NOT NULL,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    report_turn BIGINT,
    report_attempt BIGINT,
    in_reply_to TEXT,
    created_at BIGINT NOT NULL,
    status TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    last_error TEXT,
    sent_at BIGINT
);
CREATE INDEX outbox_status ON outbox (status, id);
CREATE INDEX outbox_game ON outbox (game_id, id);

CREATE TABLE audit (
    id {id},
    game_id TEXT,
    at BIGINT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL
);
CREATE INDEX audit_game ON audit (game_id, id);
