-- Hosting: which run of a turn queued a message, so that rolling the
-- turn back withdraws what it has not sent; and the game master's rulings
-- on lines held for them (an En Garde! duel, an audience), kept until the
-- turn runs.

ALTER TABLE outbox ADD COLUMN run_turn BIGINT;
ALTER TABLE outbox ADD COLUMN run_attempt BIGINT;
CREATE INDEX outbox_run ON outbox (game_id, run_turn, run_attempt);

CREATE TABLE rulings (
    id {id},
    game_id TEXT NOT NULL,
    turn BIGINT NOT NULL,
    seat TEXT NOT NULL,
    line BIGINT NOT NULL,
    text TEXT NOT NULL,
    fate TEXT NOT NULL,
    note TEXT NOT NULL,
    actor TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX rulings_turn ON rulings (game_id, turn, id);
