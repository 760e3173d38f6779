CREATE TABLE "company_products" (
	"company_id" integer NOT NULL,
	"download_id" integer NOT NULL,
	CONSTRAINT "company_products_company_id_download_id_pk" PRIMARY KEY("company_id","download_id")
);
--> statement-breakpoint
CREATE TABLE "mail_list_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_list_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_configs" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"multisite" boolean DEFAULT false NOT NULL,
	"server" text,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "switched_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "company_products" ADD CONSTRAINT "company_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_products" ADD CONSTRAINT "company_products_download_id_products_download_id_fk" FOREIGN KEY ("download_id") REFERENCES "public"."products"("download_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_list_members" ADD CONSTRAINT "mail_list_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_configs" ADD CONSTRAINT "site_configs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_list_members_company_email_idx" ON "mail_list_members" USING btree ("company_id","email");--> statement-breakpoint
CREATE INDEX "mail_list_members_company_idx" ON "mail_list_members" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_switched_by_user_id_users_id_fk" FOREIGN KEY ("switched_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;