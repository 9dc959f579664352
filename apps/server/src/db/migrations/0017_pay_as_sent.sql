ALTER TABLE "orders" ADD COLUMN "pay_as_sent" integer;--> statement-breakpoint
-- Orders sent before: their pay now is the most a later edit may pay.
UPDATE "orders" SET "pay_as_sent" = "cost_for_executor";
