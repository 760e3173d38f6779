CREATE TABLE "captcha_solutions" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD COLUMN "payment_id" integer;--> statement-breakpoint
CREATE INDEX "captcha_solutions_expires_at_idx" ON "captcha_solutions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_payment_id_unique" UNIQUE("payment_id");