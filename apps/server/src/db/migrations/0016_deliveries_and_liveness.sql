CREATE TABLE "assignment_deliveries" (
	"order_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"queue" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "assignment_deliveries_order_id_staff_id_pk" PRIMARY KEY("order_id","staff_id")
);
--> statement-breakpoint
ALTER TABLE "dispatch_waiters" ADD COLUMN "instance_key" integer;--> statement-breakpoint
ALTER TABLE "assignment_deliveries" ADD CONSTRAINT "assignment_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_deliveries" ADD CONSTRAINT "assignment_deliveries_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_deliveries_sent_idx" ON "assignment_deliveries" USING btree ("sent_at");