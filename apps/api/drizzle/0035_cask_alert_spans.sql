ALTER TABLE "cask_alert_days" DROP CONSTRAINT "cask_alert_days_kind_valid";--> statement-breakpoint
ALTER TABLE "cask_alert_days" ADD CONSTRAINT "cask_alert_days_kind_valid" CHECK ("cask_alert_days"."kind" in ('regauge_due', 'regauge_due_month', 'regauge_due_year', 'abv_forty', 'abv_forty_month', 'abv_forty_year'));--> statement-breakpoint
-- Hand-written (decision 394): the month and year rows of the alert days already there, summed
-- from the day rows, once; the triggers of 031_casks_counters.sql keep them from the next start
-- on, by the rows of src/db/sql/101_casks_alert_day_rows.sql (the files run after the migrations).
INSERT INTO cask_alert_days (kind, day, casks)
SELECT d.kind || s.span, date_trunc(s.unit, d.day::timestamp)::date, sum(d.casks)::int
FROM cask_alert_days d CROSS JOIN (VALUES ('_month', 'month'), ('_year', 'year')) AS s(span, unit)
WHERE d.kind IN ('regauge_due', 'abv_forty')
GROUP BY 1, 2;
