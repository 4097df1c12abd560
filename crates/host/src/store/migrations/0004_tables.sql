-- Games at the table (DBR, Sharp Practice, Napoleon's Battles): the
-- scenario, every line typed at it in order (replaying them rebuilds the
-- game), the pieces' places on the table map, and the links that open it.
-- Links are kept only as SHA-256 hashes.

CREATE TABLE table_games (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    scenario TEXT NOT NULL,
    umpired BIGINT NOT NULL,
    width BIGINT NOT NULL,
    depth BIGINT NOT NULL,
    unit TEXT NOT NULL,
    places TEXT NOT NULL,
    consents TEXT NOT NULL,
    finished BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE table_links (
    token_hash TEXT PRIMARY KEY,
    table_id TEXT NOT NULL,
    who TEXT NOT NULL
);
CREATE INDEX table_links_table ON table_links (table_id);

CREATE TABLE table_lines (
    table_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    who TEXT NOT NULL,
    line TEXT NOT NULL,
    answer TEXT NOT NULL,
    changed BIGINT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
