CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_id_check" CHECK ("media"."id" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "media_content_type_check" CHECK ("media"."content_type" in ('image/png', 'image/jpeg', 'image/gif', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_created_by_idx" ON "media" USING btree ("created_by");--> statement-breakpoint
-- Images are compressed already: stored as they are, read without a decompression attempt.
ALTER TABLE "media" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;