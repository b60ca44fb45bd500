ALTER TABLE "faculty" ALTER COLUMN "photo" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "faculty" ALTER COLUMN "date_of_birth" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "faculty" ALTER COLUMN "gender" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "faculty" ALTER COLUMN "nationality" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "faculty" ALTER COLUMN "religion" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "faculty" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "faculty" ALTER COLUMN "permanent_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "faculty" ALTER COLUMN "current_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "faculty" ALTER COLUMN "marital_status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "faculty" ALTER COLUMN "department" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "faculty" ALTER COLUMN "designation" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "faculty" ALTER COLUMN "total_experience_years" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "photo" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "date_of_birth" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "gender" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "nationality" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "religion" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "permanent_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "current_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "institution_settings" ADD COLUMN "optional_student_fields" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "institution_settings" ADD COLUMN "optional_faculty_fields" text[] DEFAULT '{}' NOT NULL;