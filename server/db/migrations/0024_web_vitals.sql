CREATE TABLE "web_vitals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"metric" text NOT NULL,
	"page" text NOT NULL,
	"lang" text NOT NULL,
	"value" double precision NOT NULL,
	"navigation_type" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_vitals_metric" CHECK ("web_vitals"."metric" in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
	CONSTRAINT "web_vitals_lang" CHECK ("web_vitals"."lang" in ('en', 'ta')),
	CONSTRAINT "web_vitals_value" CHECK ("web_vitals"."value" >= 0)
);
--> statement-breakpoint
CREATE INDEX "web_vitals_recorded_at" ON "web_vitals" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "web_vitals_page_metric_recorded_at" ON "web_vitals" USING btree ("page","metric","recorded_at");