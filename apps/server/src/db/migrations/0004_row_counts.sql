CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "total")
SELECT 'students', count(*) FROM "students"
UNION ALL SELECT 'faculty', count(*) FROM "faculty"
UNION ALL SELECT 'exams', count(*) FROM "exams";
--> statement-breakpoint
CREATE FUNCTION "row_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "row_counts" SET "total" = "total" + (SELECT count(*) FROM "changed_rows")
      WHERE "table_name" = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "row_counts" SET "total" = "total" - (SELECT count(*) FROM "changed_rows")
      WHERE "table_name" = TG_TABLE_NAME;
  ELSE
    UPDATE "row_counts" SET "total" = 0 WHERE "table_name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "students_count_insert" AFTER INSERT ON "students" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "students_count_delete" AFTER DELETE ON "students" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "students_count_truncate" AFTER TRUNCATE ON "students" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "faculty_count_insert" AFTER INSERT ON "faculty" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "faculty_count_delete" AFTER DELETE ON "faculty" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "faculty_count_truncate" AFTER TRUNCATE ON "faculty" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "exams_count_insert" AFTER INSERT ON "exams" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "exams_count_delete" AFTER DELETE ON "exams" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "exams_count_truncate" AFTER TRUNCATE ON "exams" FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_keep"();
