CREATE TABLE "cask_alert_days" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"casks" integer NOT NULL,
	CONSTRAINT "cask_alert_days_kind_day_pk" PRIMARY KEY("kind","day"),
	CONSTRAINT "cask_alert_days_kind_valid" CHECK ("cask_alert_days"."kind" in ('regauge_due', 'abv_forty'))
);
--> statement-breakpoint
-- Hand-written (decision 386): the alert days of the casks already there, once, by the rules of
-- src/db/sql/101_casks_alert_day_rows.sql and 102_rebuild_cask_alert_days.sql; the triggers of
-- 031_casks_counters.sql keep them from the next start on (the files run after the migrations).
INSERT INTO cask_alert_days (kind, day, casks)
SELECT d.kind, d.day, count(*)::int
FROM casks c CROSS JOIN LATERAL (VALUES
  ('regauge_due', c.regauge_due_on),
  ('abv_forty', c.abv_forty_on)
) AS d(kind, day)
WHERE c.deleted_at IS NULL AND d.day IS NOT NULL
GROUP BY d.kind, d.day;
