-- Messages between players, written on the web or mailed to a faction's
-- address: kept for the pages of the seat that wrote and the seat written
-- to. The game master's desk counts them; it shows the words only of
-- those written while the game's rules let the game master read them
-- (`gm_reads` 1), so a later change of the rule opens no earlier message.

CREATE TABLE messages (
    id {id},
    game_id TEXT NOT NULL,
    from_seat TEXT NOT NULL,
    to_seat TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    via TEXT NOT NULL,
    gm_reads BIGINT NOT NULL,
    sent_at BIGINT NOT NULL
);

CREATE INDEX messages_by_seat ON messages (game_id, to_seat, sent_at);
CREATE INDEX messages_by_sender ON messages (game_id, from_seat, sent_at);
