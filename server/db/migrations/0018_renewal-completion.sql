ALTER TABLE "billing_attempts" ADD COLUMN "completion_ref" text;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_attempts_completion_ref_idx" ON "billing_attempts" USING btree ("completion_ref");