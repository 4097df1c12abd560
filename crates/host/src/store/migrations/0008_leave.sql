-- Leave and substitutes: a seat's player away for some turns (the last
-- turn of their leave, kept apart from the seat so that a leave ended
-- or run out changes nothing else), and the seats the game master opened
-- for a newcomer to take.

CREATE TABLE leaves (
    game_id TEXT NOT NULL,
    seat TEXT NOT NULL,
    until_turn BIGINT NOT NULL,
    set_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE open_seats (
    game_id TEXT NOT NULL,
    seat TEXT NOT NULL,
    opened_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
