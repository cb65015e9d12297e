-- After regauges are added (one statement, any number of casks: the seeds add histories in
-- bulk), the gauge alerts of the casks they belong to are computed again from all their gauges.
CREATE OR REPLACE FUNCTION cask_regauges_apply_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE casks c
  SET regauge_due_on = cask_regauge_due_on(
        make_date(c.year, 1, 1),
        (SELECT max(r.gauged_on) FROM cask_regauges r WHERE r.cask_id = c.id)),
      abv_forty_on = cask_abv_forty_on(c.id)
  WHERE c.id IN (SELECT DISTINCT n.cask_id FROM new_rows n);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cask_regauges_alerts AFTER INSERT ON cask_regauges
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cask_regauges_apply_alerts();
--> statement-breakpoint
-- The Cask List's alert filters count their matches again only when this version has moved
-- (db/list.ts): any change that can change a cask's alert days. Kept by refresh_counters, which
-- moves every *.search_version forward.
CREATE TRIGGER casks_alert_search_version
  AFTER INSERT OR DELETE OR UPDATE OF year, regauge_due_on, abv_forty_on OR TRUNCATE ON casks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('casks.alert.search_version');
