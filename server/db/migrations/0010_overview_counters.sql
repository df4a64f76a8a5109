-- Keeps overview_counts (server/db/schema.ts) equal to the counted registrations (live, or
-- erased by the retention job), per statement, inside the writing transaction, like
-- registration_stats (0005). overview_keys() names the counters one row adds to.
-- plpgsql, not sql: an inlined SQL function under GROUP BY trips a planner error (setrefs.c).
CREATE FUNCTION overview_keys(r registrations) RETURNS TABLE (chart text, key text) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY SELECT k.chart, k.key FROM (
    SELECT 'day' AS chart, to_char(r.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS key
    UNION ALL SELECT 'type', r.type
    UNION ALL SELECT 'city', lower(r.city)
    UNION ALL SELECT 'category', c FROM unnest(r.categories) c
    UNION ALL SELECT 'baby', c || ':' || r.age FROM unnest(r.categories) c
      WHERE r.age_unit = 'months' AND c IN ('crawling', 'fastest-walking')
    UNION ALL SELECT 'erased', 'all' WHERE r.erased_at IS NOT NULL
    UNION ALL SELECT 'delay', to_char(r.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') || '|'
        || floor(ln(1 + greatest(0, extract(epoch FROM r.created_at - r.device_saved_at))) * 8)::int
      WHERE r.device_saved_at IS NOT NULL
    UNION ALL SELECT 'late', to_char(r.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD')
      WHERE r.created_at - r.device_saved_at > interval '1 day'
  ) k
  WHERE r.deleted_at IS NULL OR r.erased_at IS NOT NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION registrations_maintain_overview() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO overview_counts AS o (chart, key, n)
      SELECT k.chart, k.key, count(*) FROM new_rows r CROSS JOIN LATERAL overview_keys(r) k GROUP BY 1, 2
      ON CONFLICT (chart, key) DO UPDATE SET n = o.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE overview_counts o SET n = o.n - c.n
      FROM (SELECT k.chart, k.key, count(*) AS n FROM old_rows r CROSS JOIN LATERAL overview_keys(r) k GROUP BY 1, 2) c
      WHERE o.chart = c.chart AND o.key = c.key;
  ELSE
    INSERT INTO overview_counts AS o (chart, key, n)
      SELECT chart, key, sum(delta) FROM (
        SELECT k.chart, k.key, 1 AS delta FROM new_rows r CROSS JOIN LATERAL overview_keys(r) k
        UNION ALL
        SELECT k.chart, k.key, -1 AS delta FROM old_rows r CROSS JOIN LATERAL overview_keys(r) k
      ) c GROUP BY chart, key HAVING sum(delta) <> 0
      ON CONFLICT (chart, key) DO UPDATE SET n = o.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION registrations_reset_overview() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM overview_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER registrations_overview_insert AFTER INSERT ON registrations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION registrations_maintain_overview();
--> statement-breakpoint
CREATE TRIGGER registrations_overview_update AFTER UPDATE ON registrations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION registrations_maintain_overview();
--> statement-breakpoint
CREATE TRIGGER registrations_overview_delete AFTER DELETE ON registrations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION registrations_maintain_overview();
--> statement-breakpoint
CREATE TRIGGER registrations_overview_truncate AFTER TRUNCATE ON registrations
  FOR EACH STATEMENT EXECUTE FUNCTION registrations_reset_overview();
--> statement-breakpoint
INSERT INTO overview_counts (chart, key, n)
  SELECT k.chart, k.key, count(*) FROM registrations r CROSS JOIN LATERAL overview_keys(r) k GROUP BY 1, 2;
