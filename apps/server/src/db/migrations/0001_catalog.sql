CREATE TABLE "degrees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_admin" text DEFAULT '' NOT NULL,
	"title_user" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "option_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_admin" text DEFAULT '' NOT NULL,
	"title_user" text DEFAULT '' NOT NULL,
	"description_admin" text NOT NULL,
	"description_user" text NOT NULL,
	"instruction" text NOT NULL,
	"cost" integer NOT NULL,
	"designer_price" integer NOT NULL,
	"execution_time" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refusal_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_admin" text DEFAULT '' NOT NULL,
	"title_user" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service_degrees" (
	"service_id" uuid NOT NULL,
	"degree_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_degrees_service_id_degree_id_pk" PRIMARY KEY("service_id","degree_id")
);
--> statement-breakpoint
CREATE TABLE "service_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_admin" text DEFAULT '' NOT NULL,
	"title_user" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"title_admin" text DEFAULT '' NOT NULL,
	"title_user" text DEFAULT '' NOT NULL,
	"description_admin" text NOT NULL,
	"description_user" text NOT NULL,
	"instruction" text NOT NULL,
	"cost" integer NOT NULL,
	"designer_price" integer NOT NULL,
	"execution_time" integer NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"picture" text NOT NULL,
	"picture_thumb" text NOT NULL,
	"picture_before" text NOT NULL,
	"picture_after" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"title_admin" text DEFAULT '' NOT NULL,
	"title_user" text DEFAULT '' NOT NULL,
	"description_admin" text NOT NULL,
	"description_user" text NOT NULL,
	"instruction" text NOT NULL,
	"cost" integer NOT NULL,
	"designer_price" integer NOT NULL,
	"execution_time" integer NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"picture" text NOT NULL,
	"picture_thumb" text NOT NULL,
	"picture_before" text NOT NULL,
	"picture_after" text NOT NULL,
	"embed_in_canvas" boolean DEFAULT false NOT NULL,
	"allow_message" boolean DEFAULT false NOT NULL,
	"allow_additional_image" boolean DEFAULT false NOT NULL,
	"multi" boolean DEFAULT false NOT NULL,
	"multi_degree" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "service_degrees" ADD CONSTRAINT "service_degrees_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_degrees" ADD CONSTRAINT "service_degrees_degree_id_degrees_id_fk" FOREIGN KEY ("degree_id") REFERENCES "public"."degrees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_options" ADD CONSTRAINT "service_options_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_group_id_service_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."service_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "degrees_one_default" ON "degrees" USING btree ("is_default") WHERE "degrees"."is_default" and "degrees"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "service_options_service_idx" ON "service_options" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "services_group_idx" ON "services" USING btree ("group_id");