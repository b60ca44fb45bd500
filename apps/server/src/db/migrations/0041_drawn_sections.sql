ALTER TABLE "exam_sections" ADD COLUMN "draw" jsonb;--> statement-breakpoint
ALTER TABLE "exam_sections" ADD COLUMN "answer_any" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "draw_rule" integer;