ALTER TABLE "exams" DROP CONSTRAINT "exams_schedule_check";--> statement-breakpoint
ALTER TABLE "exams" drop column "window_start";--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "window_start" timestamp GENERATED ALWAYS AS (coalesce(exam_date + start_time, start_date + coalesce(start_time, '00:00'::time))) STORED;--> statement-breakpoint
ALTER TABLE "exams" drop column "window_end";--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "window_end" timestamp GENERATED ALWAYS AS (coalesce(exam_date + end_time, end_date + coalesce(end_time, '24:00'::time))) STORED;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_schedule_check" CHECK (("exams"."mode" = 'PROCTORING' and "exams"."exam_date" is not null
          and "exams"."start_time" is not null and "exams"."end_time" is not null
          and "exams"."end_time" > "exams"."start_time"
          and "exams"."start_date" is null and "exams"."end_date" is null)
        or ("exams"."mode" = 'AUTO' and "exams"."start_date" is not null and "exams"."end_date" is not null
          and ("exams"."end_date" > "exams"."start_date" or ("exams"."end_date" = "exams"."start_date"
            and coalesce("exams"."end_time", '24:00'::time) > coalesce("exams"."start_time", '00:00'::time)))
          and "exams"."exam_date" is null));--> statement-breakpoint
CREATE INDEX "exams_published_window_idx" ON "exams" USING btree ("window_start","window_end") WHERE "exams"."status" = 'PUBLISH';