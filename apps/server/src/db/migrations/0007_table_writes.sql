CREATE TABLE "table_writes" (
	"transaction_id" bigint NOT NULL,
	"table_name" text NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "table_writes_transaction_id_table_name_kind_pk" PRIMARY KEY("transaction_id","table_name","kind")
);
--> statement-breakpoint
CREATE FUNCTION "table_writes_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "table_writes" ("transaction_id", "table_name", "kind")
  VALUES (
    pg_current_xact_id()::text::bigint,
    TG_TABLE_NAME,
    CASE WHEN TG_OP = 'INSERT' THEN 'rows' ELSE 'changes' END
  )
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  -- No answer depends on a session being added: sessions record only changes and removals.
  FOREACH name IN ARRAY ARRAY['users', 'batches', 'courses', 'branches', 'sections', 'students',
    'faculty', 'exams', 'exam_target_sections', 'exam_faculty', 'exam_sections', 'questions']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I FOR EACH STATEMENT EXECUTE FUNCTION "table_writes_record"()', name || '_writes_rows', name);
  END LOOP;
  FOREACH name IN ARRAY ARRAY['users', 'sessions', 'batches', 'courses', 'branches', 'sections',
    'students', 'faculty', 'exams', 'exam_target_sections', 'exam_faculty', 'exam_sections',
    'questions']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "table_writes_record"()', name || '_writes_changes', name);
  END LOOP;
END
$$;
