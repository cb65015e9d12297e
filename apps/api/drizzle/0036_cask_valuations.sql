CREATE TABLE "cask_valuations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cask_id" uuid NOT NULL,
	"valued_on" date NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cask_valuations_value_not_negative" CHECK ("cask_valuations"."value" >= 0),
	CONSTRAINT "cask_valuations_source_valid" CHECK ("cask_valuations"."source" in ('Broker quote', 'Auction comparable', 'Internal model', 'Other'))
);
--> statement-breakpoint
ALTER TABLE "cask_valuations" ADD CONSTRAINT "cask_valuations_cask_id_casks_id_fk" FOREIGN KEY ("cask_id") REFERENCES "public"."casks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cask_valuations" ADD CONSTRAINT "cask_valuations_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cask_valuations_cask_idx" ON "cask_valuations" USING btree ("cask_id","valued_on","created_at");--> statement-breakpoint
-- Hand-written (issue 44, decisions 396 and 397). The value history now follows the valuations
-- (src/db/sql/050_cask_valuations_record_appreciation.sql, applied after the migrations): the
-- trigger that wrote this month's point from casks.current_value goes.
DROP TRIGGER IF EXISTS casks_appreciation_insert ON casks;
--> statement-breakpoint
DROP TRIGGER IF EXISTS casks_appreciation_update ON casks;
--> statement-breakpoint
DROP FUNCTION IF EXISTS casks_record_appreciation();
--> statement-breakpoint
-- Each monthly point kept so far becomes a valuation on the first day of its month, source
-- 'Other', recorded by nobody: the point is then that month's latest valuation, as the trigger
-- keeps it from now on.
INSERT INTO cask_valuations (cask_id, valued_on, value, source, note, created_at)
SELECT a.cask_id, a.month, a.value, 'Other', 'Carried over from the monthly value history',
       a.created_at
FROM cask_appreciation a;
--> statement-breakpoint
-- A cask whose current value is not its last point (only a hand-made change could do that) gets
-- one more valuation today, so that its current value is its latest valuation, and this month's
-- point follows.
WITH added AS (
  INSERT INTO cask_valuations (cask_id, valued_on, value, source, note)
  SELECT c.id, (now() AT TIME ZONE 'UTC')::date, c.current_value, 'Other',
         'The current value when valuations began to be recorded'
  FROM casks c
  WHERE c.current_value IS NOT NULL
    AND c.current_value IS DISTINCT FROM (SELECT a.value FROM cask_appreciation a
                                          WHERE a.cask_id = c.id ORDER BY a.month DESC LIMIT 1)
  RETURNING cask_id, valued_on, value
)
INSERT INTO cask_appreciation AS a (cask_id, month, value)
SELECT cask_id, date_trunc('month', valued_on)::date, value FROM added
ON CONFLICT (cask_id, month) DO UPDATE SET value = excluded.value;
