-- The web: logged-in sessions, players' API tokens, the game masters'
-- desk logins. Tokens are kept only as SHA-256 hashes.

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    role TEXT NOT NULL,
    game_id TEXT,
    seat TEXT,
    desk_user TEXT,
    csrf TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE TABLE api_tokens (
    token_hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL,
    seat TEXT NOT NULL,
    label TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX api_tokens_seat ON api_tokens (game_id, seat);

CREATE TABLE desk_users (
    name TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
