CREATE TABLE "shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"data" timestamp with time zone,
	CONSTRAINT "system_settings_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_one_open_idx" ON "shifts" USING btree ("user_id") WHERE "shifts"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "shifts_user_started_idx" ON "shifts" USING btree ("user_id","started_at");--> statement-breakpoint
INSERT INTO "system_settings" ("name", "data") VALUES ('order overload', NULL);
