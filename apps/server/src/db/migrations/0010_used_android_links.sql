CREATE TABLE "used_android_links" (
	"hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_android_links_expires_idx" ON "used_android_links" USING btree ("expires_at");