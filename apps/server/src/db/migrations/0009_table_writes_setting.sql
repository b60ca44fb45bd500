-- Only PostgreSQL reads the records of table writes: the embedded engine, which one process owns,
-- counts its writing statements instead and starts with examiq.record_table_writes=off. A WHEN
-- condition spares it the call of the trigger function, which costs it more than the write.
DO $$
DECLARE
  found record;
BEGIN
  FOR found IN
    SELECT tgrelid::regclass AS table_name, tgname AS name FROM pg_trigger
    WHERE tgfoid = '"table_writes_record"'::regproc
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', found.name, found.table_name);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER %s ON %s FOR EACH STATEMENT '
      'WHEN (current_setting(''examiq.record_table_writes'', true) IS DISTINCT FROM ''off'') '
      'EXECUTE FUNCTION "table_writes_record"()',
      found.name,
      CASE WHEN found.name LIKE '%\_writes\_rows' THEN 'INSERT' ELSE 'UPDATE OR DELETE OR TRUNCATE' END,
      found.table_name);
  END LOOP;
END
$$;
