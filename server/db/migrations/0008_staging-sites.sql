ALTER TABLE "product_tiers" ADD COLUMN "staging_sites_free" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "kind" text DEFAULT 'production' NOT NULL;