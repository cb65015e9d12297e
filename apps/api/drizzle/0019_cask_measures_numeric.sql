-- hand-written
-- Issue 27: the volume and ABV of casks, and of cask and bottle offers' details, were free text
-- ('-5%', 'NaN' and '1e999' were stored). They become numbers: litres to the millilitre, and
-- percent with two decimals (docs/decisions/193). The text already stored is read as leniently
-- as it can be ('58.4%', '58,4 % ABV', '250L', '70 cl', '2 litres'); what still is no volume or
-- ABV becomes null, and the text it held is kept in an audit row ('measure_dropped'), so nothing
-- typed is lost without a trace.
CREATE FUNCTION migration_0019_abv(raw text) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN m[1]::numeric <= 100 THEN trim_scale(round(m[1]::numeric, 2)) END
  FROM (SELECT regexp_match(replace(btrim(raw), ',', '.'),
                            '^(\d{1,3}(?:\.\d+)?)\s*%?\s*(?:abv)?$', 'i') AS m) AS typed
$$;--> statement-breakpoint
CREATE FUNCTION migration_0019_litres(raw text) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN litres > 0 AND litres <= 1000000 THEN trim_scale(litres) END
  FROM (
    SELECT round(m[1]::numeric * CASE lower(coalesce(m[2], 'l'))
                                   WHEN 'cl' THEN 0.01 WHEN 'ml' THEN 0.001 ELSE 1 END, 3) AS litres
    FROM (SELECT regexp_match(replace(btrim(raw), ',', '.'),
                              '^(\d{1,9}(?:\.\d+)?)\s*(l|ltr|litres?|liters?|cl|ml)?$', 'i') AS m) AS typed
  ) AS measured
$$;--> statement-breakpoint
INSERT INTO audit_log (action, entity, entity_id, before, after)
SELECT 'cask.measure_dropped', 'cask', id::text,
       jsonb_strip_nulls(jsonb_build_object(
         'volume', CASE WHEN migration_0019_litres(volume) IS NULL THEN volume END,
         'abv', CASE WHEN migration_0019_abv(abv) IS NULL THEN abv END)),
       CASE WHEN volume IS NOT NULL AND migration_0019_litres(volume) IS NULL
            THEN jsonb_build_object('volume', null) ELSE '{}'::jsonb END
       || CASE WHEN abv IS NOT NULL AND migration_0019_abv(abv) IS NULL
            THEN jsonb_build_object('abv', null) ELSE '{}'::jsonb END
FROM casks
WHERE (volume IS NOT NULL AND migration_0019_litres(volume) IS NULL)
   OR (abv IS NOT NULL AND migration_0019_abv(abv) IS NULL);--> statement-breakpoint
ALTER TABLE "casks" ALTER COLUMN "volume" SET DATA TYPE numeric(12, 3) USING migration_0019_litres("volume");--> statement-breakpoint
ALTER TABLE "casks" ALTER COLUMN "abv" SET DATA TYPE numeric(5, 2) USING migration_0019_abv("abv");--> statement-breakpoint
ALTER TABLE "casks" ADD CONSTRAINT "casks_volume_positive" CHECK ("casks"."volume" > 0);--> statement-breakpoint
ALTER TABLE "casks" ADD CONSTRAINT "casks_abv_range" CHECK ("casks"."abv" between 0 and 100);--> statement-breakpoint
-- The details of cask offers (abv, volume) and bottle offers (volume), as JSON numbers.
WITH converted AS (
  SELECT id, details AS before,
         (details - 'abv' - 'volume')
         || CASE WHEN type = 'cask' AND details ? 'abv' THEN
              jsonb_strip_nulls(jsonb_build_object('abv', migration_0019_abv(details->>'abv')))
            WHEN details ? 'abv' THEN jsonb_build_object('abv', details->'abv')
            ELSE '{}'::jsonb END
         || CASE WHEN details ? 'volume' THEN
              jsonb_strip_nulls(jsonb_build_object('volume', migration_0019_litres(details->>'volume')))
            ELSE '{}'::jsonb END AS after
  FROM offers
  WHERE type IN ('cask', 'bottle') AND (details ? 'abv' OR details ? 'volume')
), dropped AS (
  INSERT INTO audit_log (action, entity, entity_id, before, after)
  SELECT 'offer.measure_dropped', 'offer', id::text,
         jsonb_build_object('details', before), jsonb_build_object('details', after)
  FROM converted
  WHERE (before ? 'abv' AND NOT after ? 'abv') OR (before ? 'volume' AND NOT after ? 'volume')
)
UPDATE offers SET details = converted.after
FROM converted
WHERE offers.id = converted.id AND offers.details IS DISTINCT FROM converted.after;--> statement-breakpoint
DROP FUNCTION migration_0019_abv(text);--> statement-breakpoint
DROP FUNCTION migration_0019_litres(text);
