-- A turn that runs early when every seat is ready: each seat's word on
-- its orders for a turn (ready, or not ready), kept apart from the orders
-- so that a word alone changes nothing else; and the moment every seat
-- was ready, kept with a run under way so that a run repeated after a
-- crash tells the players the same.

CREATE TABLE ready_marks (
    game_id TEXT NOT NULL,
    turn BIGINT NOT NULL,
    seat TEXT NOT NULL,
    ready BIGINT NOT NULL,
    marked_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, turn, seat)
);

ALTER TABLE games ADD COLUMN running_early BIGINT;
