-- Keeps a cask's gauge alerts (casks.regauge_due_on, casks.abv_forty_on) when it is added or its
-- year changes: set on the row itself before it is written, so no second write. The regauges
-- keep them too (103_cask_regauges_apply_alerts.sql). Never written by the API.
CREATE OR REPLACE FUNCTION casks_set_gauge_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.regauge_due_on := cask_regauge_due_on(
    make_date(NEW.year, 1, 1),
    (SELECT max(r.gauged_on) FROM cask_regauges r WHERE r.cask_id = NEW.id));
  NEW.abv_forty_on := cask_abv_forty_on(NEW.id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER casks_gauge_alerts BEFORE INSERT OR UPDATE OF year ON casks
  FOR EACH ROW EXECUTE FUNCTION casks_set_gauge_alerts();
