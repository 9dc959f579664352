CREATE TABLE "dispatch_waiters" (
	"user_id" uuid NOT NULL,
	"queue" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "dispatch_waiters_user_id_queue_pk" PRIMARY KEY("user_id","queue")
);
--> statement-breakpoint
ALTER TABLE "order_processing" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_processing" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_processing" ADD COLUMN "extension_offered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_processing" ADD COLUMN "executor_pay" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tip_executor_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "executor_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reviewer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "dispatch_waiters" ADD CONSTRAINT "dispatch_waiters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_waiters_queue_idx" ON "dispatch_waiters" USING btree ("queue","since");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tip_executor_id_users_id_fk" FOREIGN KEY ("tip_executor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_executor_id_users_id_fk" FOREIGN KEY ("executor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_processing_open_deadline_idx" ON "order_processing" USING btree ("deadline_at") WHERE "order_processing"."date_end" is null and "order_processing"."deadline_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_queue_idx" ON "orders" USING btree ("condition","queued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_per_executor_idx" ON "orders" USING btree ("executor_id") WHERE "orders"."executor_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_per_reviewer_idx" ON "orders" USING btree ("reviewer_id") WHERE "orders"."reviewer_id" is not null;