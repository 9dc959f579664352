CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"option_id" uuid,
	"degree_ids" uuid[] DEFAULT '{}' NOT NULL,
	"cost" integer NOT NULL,
	"designer_price" integer NOT NULL,
	"execution_time" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_persons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"condition" smallint DEFAULT 0 NOT NULL,
	"cost" integer NOT NULL,
	"charged_main" integer NOT NULL,
	"charged_bonus" integer NOT NULL,
	"cost_for_executor" integer NOT NULL,
	"execution_time" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"original" text NOT NULL,
	"original_thumb" text NOT NULL,
	"draft" text NOT NULL,
	"additional" text,
	"final_picture" text,
	"refuse_reason_id" uuid,
	"tip" integer DEFAULT 0 NOT NULL,
	"date_start" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_person_id_order_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."order_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_option_id_service_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."service_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_persons" ADD CONSTRAINT "order_persons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refuse_reason_id_refusal_reasons_id_fk" FOREIGN KEY ("refuse_reason_id") REFERENCES "public"."refusal_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_person_idx" ON "order_items" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "order_persons_order_idx" ON "order_persons" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_condition_idx" ON "orders" USING btree ("condition","created_at");