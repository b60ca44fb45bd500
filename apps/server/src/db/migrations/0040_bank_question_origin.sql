ALTER TABLE "questions" ADD COLUMN "bank_question_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "bank_version" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_bank_question_id_bank_questions_id_fk" FOREIGN KEY ("bank_question_id") REFERENCES "public"."bank_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_bank_question_id_idx" ON "questions" USING btree ("bank_question_id","bank_version") WHERE "questions"."bank_question_id" is not null;