ALTER TABLE "payment_items" ADD COLUMN "licence_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "licence_id" integer;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_licence_id_idx" ON "subscriptions" USING btree ("licence_id");--> statement-breakpoint
-- Hand-written (drizzle-kit generates no data changes): a subscription made before this column existed
-- pays for the top-level licence bought with it, the one of the same purchase and product.
UPDATE "subscriptions" SET "licence_id" = "licences"."id" FROM "licences"
  WHERE "licences"."payment_id" = "subscriptions"."payment_id"
    AND "licences"."download_id" = "subscriptions"."download_id"
    AND "licences"."parent_licence_id" IS NULL
    AND "subscriptions"."licence_id" IS NULL;
