ALTER TABLE "questions" ADD COLUMN "options" text[];--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "correct_option" integer;--> statement-breakpoint
UPDATE "questions" SET "options" = "choices"."texts", "correct_option" = "choices"."correct"
FROM (
	SELECT "question_id",
		array_agg("option_text" ORDER BY "position") AS "texts",
		(array_agg("position" ORDER BY "position") FILTER (WHERE "is_correct"))[1] AS "correct"
	FROM "question_options"
	GROUP BY "question_id"
) AS "choices"
WHERE "choices"."question_id" = "questions"."id";--> statement-breakpoint
DROP TABLE "question_options" CASCADE;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_correct_option_check" CHECK (("questions"."options" is null) = ("questions"."correct_option" is null) and ("questions"."correct_option" is null or "questions"."correct_option" between 0 and cardinality("questions"."options") - 1));
