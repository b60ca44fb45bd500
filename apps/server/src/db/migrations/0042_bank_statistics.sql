CREATE TABLE "bank_question_exam_statistics" (
	"bank_question_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"exam_id" uuid NOT NULL,
	"sittings" integer NOT NULL,
	"score_share_sum" double precision NOT NULL,
	"discrimination" double precision,
	"option_counts" integer[],
	CONSTRAINT "bank_question_exam_statistics_bank_question_id_version_exam_id_pk" PRIMARY KEY("bank_question_id","version","exam_id")
);
--> statement-breakpoint
CREATE TABLE "bank_question_statistics" (
	"bank_question_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"exams" integer NOT NULL,
	"times_used" integer NOT NULL,
	"facility" double precision,
	"discrimination" double precision,
	"option_shares" double precision[],
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bank_question_statistics_bank_question_id_version_pk" PRIMARY KEY("bank_question_id","version")
);
--> statement-breakpoint
ALTER TABLE "course_banks" ADD COLUMN "level1_percent" integer DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_banks" ADD COLUMN "level2_percent" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_banks" ADD COLUMN "level3_percent" integer DEFAULT 70 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_question_exam_statistics" ADD CONSTRAINT "bank_question_exam_statistics_bank_question_id_bank_questions_id_fk" FOREIGN KEY ("bank_question_id") REFERENCES "public"."bank_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_question_exam_statistics" ADD CONSTRAINT "bank_question_exam_statistics_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_question_statistics" ADD CONSTRAINT "bank_question_statistics_bank_question_id_bank_questions_id_fk" FOREIGN KEY ("bank_question_id") REFERENCES "public"."bank_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_question_exam_statistics_exam_id_idx" ON "bank_question_exam_statistics" USING btree ("exam_id");