CREATE TABLE "idempotent_requests" (
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_requests_user_id_scope_key_pk" PRIMARY KEY("user_id","scope","key")
);
--> statement-breakpoint
CREATE TABLE "order_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"events" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_presence" ADD CONSTRAINT "staff_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_idx" ON "idempotent_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_outbox_created_idx" ON "order_outbox" USING btree ("created_at");--> statement-breakpoint
-- Staff holding work when this runs count as seen now: their absence is measured from here.
INSERT INTO "staff_presence" ("user_id")
  SELECT "executor_id" FROM "orders" WHERE "executor_id" IS NOT NULL
  UNION SELECT "reviewer_id" FROM "orders" WHERE "reviewer_id" IS NOT NULL
  ON CONFLICT DO NOTHING;
