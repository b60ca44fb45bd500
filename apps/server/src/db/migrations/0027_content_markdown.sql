-- Exam content is Markdown from here on. Text written before was plain: every character Markdown
-- would take as markup is escaped, so it shows exactly what its author typed. The same rules as
-- `escapeMarkdown` in the shared contracts (a test holds the two together).
CREATE FUNCTION "escape_markdown"(plain text) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $fn$
  SELECT regexp_replace(regexp_replace(regexp_replace(regexp_replace(plain,
    '([\\`*_$\[\]~^|])', '\\\1', 'g'),
    '&(#?[A-Za-z0-9]+;)', '\\&\1', 'g'),
    '(^|\n)([ \t]*)([#>+=<-])', '\1\2\\\3', 'g'),
    '(^|\n)([ \t]*[0-9]+)([.)])', '\1\2\\\3', 'g')
$fn$;
--> statement-breakpoint
CREATE FUNCTION "escape_markdown"(plain text[]) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT AS $fn$
  SELECT array(SELECT escape_markdown(line) FROM unnest(plain) WITH ORDINALITY AS t(line, n) ORDER BY n)
$fn$;
--> statement-breakpoint
UPDATE "exams" SET "general_instructions" = escape_markdown("general_instructions")
  WHERE "general_instructions" IS DISTINCT FROM escape_markdown("general_instructions");
--> statement-breakpoint
UPDATE "exam_sections" SET "instructions" = escape_markdown("instructions")
  WHERE "instructions" IS DISTINCT FROM escape_markdown("instructions");
--> statement-breakpoint
UPDATE "questions" SET
  "question_text" = escape_markdown("question_text"),
  "explanation" = escape_markdown("explanation"),
  "options" = escape_markdown("options"),
  "sample_answer" = escape_markdown("sample_answer"),
  "model_answer" = escape_markdown("model_answer")
  WHERE ("question_text", "explanation", "options", "sample_answer", "model_answer") IS DISTINCT FROM
    (escape_markdown("question_text"), escape_markdown("explanation"), escape_markdown("options"),
     escape_markdown("sample_answer"), escape_markdown("model_answer"));
--> statement-breakpoint
UPDATE "attempt_answers" AS a SET "text" = escape_markdown(a."text")
  FROM "questions" AS q
  WHERE q."id" = a."question_id" AND q."question_type" = 'LONG_ANSWER' AND a."text" <> escape_markdown(a."text");
--> statement-breakpoint
DROP FUNCTION "escape_markdown"(text[]);
--> statement-breakpoint
DROP FUNCTION "escape_markdown"(text);
