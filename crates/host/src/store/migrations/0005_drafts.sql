-- Orders a player is writing on the web and has not sent: one draft per
-- seat, kept until it is sent (or a newer one replaces it), so that
-- leaving the page loses nothing.

CREATE TABLE drafts (
    game_id TEXT NOT NULL,
    seat TEXT NOT NULL,
    text TEXT NOT NULL,
    saved_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
