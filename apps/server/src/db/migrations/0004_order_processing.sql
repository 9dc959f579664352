CREATE TABLE "order_processing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"executor_id" uuid,
	"date_start" timestamp with time zone,
	"date_end" timestamp with time zone,
	"time_extension" boolean DEFAULT false NOT NULL,
	"result_status" smallint,
	"result_picture" text,
	"result_reason_id" uuid,
	"client_message" text,
	"reviewer_id" uuid,
	"review_date_start" timestamp with time zone,
	"review_date_end" timestamp with time zone,
	"review_status" smallint,
	"review_picture" text,
	"review_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_processing" ADD CONSTRAINT "order_processing_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_processing" ADD CONSTRAINT "order_processing_executor_id_users_id_fk" FOREIGN KEY ("executor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_processing" ADD CONSTRAINT "order_processing_result_reason_id_refusal_reasons_id_fk" FOREIGN KEY ("result_reason_id") REFERENCES "public"."refusal_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_processing" ADD CONSTRAINT "order_processing_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_processing_order_idx" ON "order_processing" USING btree ("order_id","created_at");