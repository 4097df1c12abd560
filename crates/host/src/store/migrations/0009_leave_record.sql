-- Each seat's record counts a turn it was on leave for apart from a turn
-- it missed: the seat's report of a run says whether the seat was on leave
-- for the turn when it ran (1) or not (0), so that a leave ended, run out
-- or asked again later changes nothing of the turns that ran, and a run
-- rolled back takes its word with it.

ALTER TABLE reports ADD COLUMN on_leave BIGINT NOT NULL DEFAULT 0;
