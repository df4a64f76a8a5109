-- Keeps registration_stats.live and registration_duplicate_keys.live equal to the live
-- (not soft-deleted) registrations, per statement, inside the writing transaction.
CREATE FUNCTION registrations_maintain_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE registration_stats SET live = live + (SELECT count(*) FROM new_rows WHERE deleted_at IS NULL) WHERE id = 1;
    INSERT INTO registration_duplicate_keys AS k (duplicate_key, live)
      SELECT duplicate_key, count(*) FROM new_rows
      WHERE deleted_at IS NULL AND duplicate_key IS NOT NULL GROUP BY duplicate_key
      ON CONFLICT (duplicate_key) DO UPDATE SET live = k.live + excluded.live;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE registration_stats SET live = live - (SELECT count(*) FROM old_rows WHERE deleted_at IS NULL) WHERE id = 1;
    UPDATE registration_duplicate_keys k SET live = k.live - c.n
      FROM (SELECT duplicate_key, count(*) AS n FROM old_rows
            WHERE deleted_at IS NULL AND duplicate_key IS NOT NULL GROUP BY duplicate_key) c
      WHERE k.duplicate_key = c.duplicate_key;
  ELSE
    UPDATE registration_stats
      SET live = live + (SELECT count(*) FROM new_rows WHERE deleted_at IS NULL)
                      - (SELECT count(*) FROM old_rows WHERE deleted_at IS NULL)
      WHERE id = 1;
    INSERT INTO registration_duplicate_keys AS k (duplicate_key, live)
      SELECT duplicate_key, sum(delta) FROM (
        SELECT duplicate_key, 1 AS delta FROM new_rows WHERE deleted_at IS NULL AND duplicate_key IS NOT NULL
        UNION ALL
        SELECT duplicate_key, -1 AS delta FROM old_rows WHERE deleted_at IS NULL AND duplicate_key IS NOT NULL
      ) c GROUP BY duplicate_key
      ON CONFLICT (duplicate_key) DO UPDATE SET live = k.live + excluded.live;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION registrations_reset_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE registration_stats SET live = 0 WHERE id = 1;
  DELETE FROM registration_duplicate_keys;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER registrations_counters_insert AFTER INSERT ON registrations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION registrations_maintain_counters();
--> statement-breakpoint
CREATE TRIGGER registrations_counters_update AFTER UPDATE ON registrations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION registrations_maintain_counters();
--> statement-breakpoint
CREATE TRIGGER registrations_counters_delete AFTER DELETE ON registrations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION registrations_maintain_counters();
--> statement-breakpoint
CREATE TRIGGER registrations_counters_truncate AFTER TRUNCATE ON registrations
  FOR EACH STATEMENT EXECUTE FUNCTION registrations_reset_counters();
--> statement-breakpoint
INSERT INTO registration_stats (id, live) SELECT 1, count(*) FROM registrations WHERE deleted_at IS NULL;
--> statement-breakpoint
INSERT INTO registration_duplicate_keys (duplicate_key, live)
  SELECT duplicate_key, count(*) FROM registrations
  WHERE deleted_at IS NULL AND duplicate_key IS NOT NULL GROUP BY duplicate_key;
