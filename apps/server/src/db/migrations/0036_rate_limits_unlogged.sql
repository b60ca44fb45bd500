-- The sign-in limits only matter to a running server (a backup leaves them out): kept out of the
-- write-ahead log, a reservation commits without waiting for a flush to disk, and a sign-in's
-- counters cost no log records. A crash empties them, as a restart empties Redis's.
ALTER TABLE "rate_limits" SET UNLOGGED;
