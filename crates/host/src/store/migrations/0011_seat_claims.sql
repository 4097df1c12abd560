-- A newcomer asking for an open seat is mailed a code, and takes the seat
-- with it: the claim waiting for its code (kept as a hash), one per seat
-- and address, with how many wrong codes were tried.

CREATE TABLE seat_claims (
    game_id TEXT NOT NULL,
    seat TEXT NOT NULL,
    address TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    made_at BIGINT NOT NULL,
    tries BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat, address)
);
