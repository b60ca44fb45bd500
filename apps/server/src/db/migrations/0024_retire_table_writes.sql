-- The admin's lists are read from the database on every request: nothing reads the records of
-- table writes any more. Dropping the function drops the triggers of every table that called it.
DROP FUNCTION "table_writes_record"() CASCADE;
--> statement-breakpoint
DROP TABLE "table_writes";
