-- The overview's counters (0010, 0017) named each row's keys with one call of a plpgsql function
-- per row: ~0.2 ms a row on PGlite, a third of a 100-row registration batch's time in the
-- database (issue 47). The keys are now named for all of a statement's rows in one call. The
-- keys themselves are unchanged (0017's list).
-- plpgsql, as before: an inlined SQL function under GROUP BY trips a planner error (setrefs.c).
CREATE FUNCTION overview_keys_of(rs registrations[]) RETURNS TABLE (chart text, key text) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY SELECT k.chart, k.key FROM unnest(rs) r CROSS JOIN LATERAL (
    SELECT 'day' AS chart, to_char(r.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS key
    UNION ALL SELECT 'type', r.type
    UNION ALL SELECT 'city', lower(r.city)
    UNION ALL SELECT 'category', c FROM unnest(r.categories) c
    UNION ALL SELECT 'baby', c || ':' || r.age FROM unnest(r.categories) c
      WHERE r.age_unit = 'months' AND c IN ('crawling', 'fastest-walking')
    UNION ALL SELECT 'erased', 'all' WHERE r.erased_at IS NOT NULL
    -- What is owed (ADR 024): each contest a live child's registration entered, priced by the server.
    UNION ALL SELECT 'due', c FROM unnest(r.categories) c
      WHERE r.type = 'participant' AND r.cancelled_at IS NULL AND r.erased_at IS NULL
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
CREATE OR REPLACE FUNCTION registrations_maintain_overview() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO overview_counts AS o (chart, key, n)
      SELECT k.chart, k.key, count(*) FROM overview_keys_of(ARRAY(SELECT r::registrations FROM new_rows r)) k GROUP BY 1, 2
      ON CONFLICT (chart, key) DO UPDATE SET n = o.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE overview_counts o SET n = o.n - c.n
      FROM (SELECT k.chart, k.key, count(*) AS n FROM overview_keys_of(ARRAY(SELECT r::registrations FROM old_rows r)) k GROUP BY 1, 2) c
      WHERE o.chart = c.chart AND o.key = c.key;
  ELSE
    INSERT INTO overview_counts AS o (chart, key, n)
      SELECT chart, key, sum(delta) FROM (
        SELECT k.chart, k.key, 1 AS delta FROM overview_keys_of(ARRAY(SELECT r::registrations FROM new_rows r)) k
        UNION ALL
        SELECT k.chart, k.key, -1 AS delta FROM overview_keys_of(ARRAY(SELECT r::registrations FROM old_rows r)) k
      ) c GROUP BY chart, key HAVING sum(delta) <> 0
      ON CONFLICT (chart, key) DO UPDATE SET n = o.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION overview_keys(registrations);
