CREATE TABLE "portfolio_value_months" (
	"month" date PRIMARY KEY NOT NULL,
	"change" numeric(20, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_value_months_first_of_month" CHECK (extract(day from "portfolio_value_months"."month") = 1)
);
--> statement-breakpoint
-- Hand-written (decision 233): the trends of the data already there, once. The same rules as
-- src/db/sql/033_orders_counters.sql (revenue by month; the counters were named purchases.* until
-- migration 0033) and 111_rebuild_portfolio_value.sql,
-- whose triggers keep both from the next start on (the files run after the migrations).
INSERT INTO counters AS c (name, value)
SELECT 'purchases.revenue.' || extract(year FROM submitted_date AT TIME ZONE 'UTC')::int::text || '-'
         || lpad(extract(month FROM submitted_date AT TIME ZONE 'UTC')::int::text, 2, '0'),
       sum(investment_amount)
FROM purchases WHERE deleted_at IS NULL AND manual_payment_status IN ('paid', 'completed')
GROUP BY 1 HAVING sum(investment_amount) <> 0
ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = now();
--> statement-breakpoint
INSERT INTO portfolio_value_months (month, change)
SELECT month, sum(change) FROM (
  SELECT a.month, a.value - coalesce(lag(a.value) OVER (PARTITION BY a.cask_id ORDER BY a.month), 0)
  FROM cask_appreciation a
  UNION ALL
  SELECT date_trunc('month', now() AT TIME ZONE 'UTC')::date,
         coalesce(c.current_value, 0) - coalesce(
           (SELECT a.value FROM cask_appreciation a WHERE a.cask_id = c.id ORDER BY a.month DESC LIMIT 1), 0)
  FROM casks c
) AS changes(month, change)
GROUP BY month HAVING sum(change) <> 0;
