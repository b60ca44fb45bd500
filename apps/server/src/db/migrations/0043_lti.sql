CREATE TABLE "lti_accounts" (
	"platform_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_accounts_platform_id_subject_pk" PRIMARY KEY("platform_id","subject")
);
--> statement-breakpoint
CREATE TABLE "lti_deep_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" uuid NOT NULL,
	"deployment_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"return_url" text NOT NULL,
	"data" text,
	"response_jwt" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_launch_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"platform_id" uuid NOT NULL,
	"redirect" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_login_states" (
	"state" text PRIMARY KEY NOT NULL,
	"platform_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_platforms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"deployment_ids" text[] NOT NULL,
	"auth_login_url" text NOT NULL,
	"access_token_url" text NOT NULL,
	"jwks_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_platforms_issuer_client_id_key" UNIQUE("issuer","client_id")
);
--> statement-breakpoint
CREATE TABLE "lti_score_links" (
	"platform_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"line_item_url" text NOT NULL,
	"sent_score" double precision,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"failed_at" timestamp with time zone,
	CONSTRAINT "lti_score_links_exam_id_user_id_line_item_url_pk" PRIMARY KEY("exam_id","user_id","line_item_url")
);
--> statement-breakpoint
CREATE TABLE "lti_tool_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lti_accounts" ADD CONSTRAINT "lti_accounts_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_accounts" ADD CONSTRAINT "lti_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_deep_links" ADD CONSTRAINT "lti_deep_links_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_deep_links" ADD CONSTRAINT "lti_deep_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launch_tickets" ADD CONSTRAINT "lti_launch_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launch_tickets" ADD CONSTRAINT "lti_launch_tickets_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_login_states" ADD CONSTRAINT "lti_login_states_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_links" ADD CONSTRAINT "lti_score_links_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_links" ADD CONSTRAINT "lti_score_links_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_links" ADD CONSTRAINT "lti_score_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_accounts_user_id_idx" ON "lti_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lti_deep_links_platform_id_idx" ON "lti_deep_links" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "lti_deep_links_user_id_idx" ON "lti_deep_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lti_launch_tickets_user_id_idx" ON "lti_launch_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lti_launch_tickets_platform_id_idx" ON "lti_launch_tickets" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "lti_login_states_platform_id_idx" ON "lti_login_states" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "lti_login_states_expires_at_idx" ON "lti_login_states" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "lti_score_links_platform_id_idx" ON "lti_score_links" USING btree ("platform_id");--> statement-breakpoint
CREATE INDEX "lti_score_links_user_id_idx" ON "lti_score_links" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lti_score_links_failed_idx" ON "lti_score_links" USING btree ("failed_at") WHERE "lti_score_links"."last_error" is not null;