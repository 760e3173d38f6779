CREATE TABLE "checkouts" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"gateway_ref" text,
	"sandbox_outcome" text,
	"buyer_token_hash" text,
	"lines" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"cart_id" integer,
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_gateway_ref_idx" ON "checkouts" USING btree ("gateway","gateway_ref");