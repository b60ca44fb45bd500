CREATE TABLE "proctor_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "proctor_actions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"exam_id" uuid NOT NULL,
	"attempt_id" uuid,
	"student_user_id" uuid,
	"type" text NOT NULL,
	"actor_user_id" uuid,
	"detail" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proctor_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "proctor_alerts_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"exam_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"signal" text NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"review_status" text DEFAULT 'PENDING' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "proctor_alerts_type_check" CHECK ("proctor_alerts"."type" in ('error', 'warning', 'info')),
	CONSTRAINT "proctor_alerts_review_status_check" CHECK ("proctor_alerts"."review_status" in ('PENDING', 'DISMISSED', 'CONFIRMED'))
);
--> statement-breakpoint
CREATE TABLE "proctor_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proctor_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"attempt_id" uuid NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "proctor_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "proctor_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"exam_id" uuid NOT NULL,
	"student_user_id" uuid,
	"kind" text NOT NULL,
	"sender" text NOT NULL,
	"sender_user_id" uuid,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "system_check" jsonb;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "last_rtt_ms" integer;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "proctoring_thresholds" jsonb;--> statement-breakpoint
ALTER TABLE "proctor_actions" ADD CONSTRAINT "proctor_actions_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_actions" ADD CONSTRAINT "proctor_actions_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_actions" ADD CONSTRAINT "proctor_actions_student_user_id_students_user_id_fk" FOREIGN KEY ("student_user_id") REFERENCES "public"."students"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_actions" ADD CONSTRAINT "proctor_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_alerts" ADD CONSTRAINT "proctor_alerts_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_alerts" ADD CONSTRAINT "proctor_alerts_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_alerts" ADD CONSTRAINT "proctor_alerts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_events" ADD CONSTRAINT "proctor_events_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_messages" ADD CONSTRAINT "proctor_messages_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_messages" ADD CONSTRAINT "proctor_messages_student_user_id_students_user_id_fk" FOREIGN KEY ("student_user_id") REFERENCES "public"."students"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proctor_messages" ADD CONSTRAINT "proctor_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proctor_actions_exam_id_idx" ON "proctor_actions" USING btree ("exam_id","at");--> statement-breakpoint
CREATE INDEX "proctor_actions_attempt_id_idx" ON "proctor_actions" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "proctor_alerts_exam_id_idx" ON "proctor_alerts" USING btree ("exam_id","at");--> statement-breakpoint
CREATE INDEX "proctor_alerts_attempt_id_idx" ON "proctor_alerts" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "proctor_events_attempt_id_idx" ON "proctor_events" USING btree ("attempt_id","received_at");--> statement-breakpoint
CREATE INDEX "proctor_messages_exam_id_idx" ON "proctor_messages" USING btree ("exam_id","at");--> statement-breakpoint
CREATE INDEX "proctor_messages_student_user_id_idx" ON "proctor_messages" USING btree ("student_user_id");--> statement-breakpoint
CREATE FUNCTION "proctor_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A delete is the cascade of its attempt's (an exam or a student deleted): the record goes with it.
	IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT FROM "exam_attempts" WHERE "id" = OLD."attempt_id") THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'The proctoring events are append-only';
END
$$;--> statement-breakpoint
CREATE TRIGGER "proctor_events_append_only" BEFORE UPDATE OR DELETE ON "proctor_events"
	FOR EACH ROW EXECUTE FUNCTION "proctor_events_append_only"();
