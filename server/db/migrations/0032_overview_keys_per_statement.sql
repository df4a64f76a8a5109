-- The overview's counters (0010, 0017) named each row's keys with one call of a plpgsql function
-- per row: ~0.2 ms a row on PGlite, a third of a 100-row registration batch's time in the
-- database (issue 47). The keys are now named for all of a statement's rows in one call, each
-- kind of key in one pass over them. The keys themselves are unchanged (0017's list).
-- plpgsql, as before: an inlined SQL function under GROUP BY trips a planner error (setrefs.c).
CREATE FUNCTION overview_keys_of(rs registrations[]) RETURNS TABLE (chart text, key text) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  WITH counted AS (
    SELECT r.*, to_char(r.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS day
    FROM unnest(rs) r WHERE r.deleted_at IS NULL OR r.erased_at IS NOT NULL
  )
  SELECT 'day', n.day FROM counted n
  UNION ALL SELECT 'type', n.type FROM counted n
  UNION ALL SELECT 'city', lower(n.city) FROM counted n
  UNION ALL SELECT 'category', c FROM counted n, unnest(n.categories) c
  UNION ALL SELECT 'baby', c || ':' || n.age FROM counted n, unnest(n.categories) c
    WHERE n.age_unit = 'months' AND c IN ('crawling', 'fastest-walking')
  UNION ALL SELECT 'erased', 'all' FROM counted n WHERE n.erased_at IS NOT NULL
  -- What is owed (ADR 024): each contest a live child's registration entered, priced by the server.
  UNION ALL SELECT 'due', c FROM counted n, unnest(n.categories) c
    WHERE n.type = 'participant' AND n.cancelled_at IS NULL AND n.erased_at IS NULL
  UNION ALL SELECT 'delay', n.day || '|' || floor(ln(1 + greatest(0, extract(epoch FROM n.created_at - n.device_saved_at))) * 8)::int
    FROM counted n WHERE n.device_saved_at IS NOT NULL
  UNION ALL SELECT 'late', n.day FROM counted n WHERE n.created_at - n.device_saved_at > interval '1 day';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION registrations_maintain_overview() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added registrations[] := '{}';
  removed registrations[] := '{}';
BEGIN
  -- A transition table exists only for the operations that have it (no old rows on an insert).
  IF TG_OP <> 'DELETE' THEN added := ARRAY(SELECT r::registrations FROM new_rows r); END IF;
  IF TG_OP <> 'INSERT' THEN removed := ARRAY(SELECT r::registrations FROM old_rows r); END IF;
  INSERT INTO overview_counts AS o (chart, key, n)
    SELECT d.chart, d.key, sum(d.delta) FROM (
      SELECT k.chart, k.key, 1 AS delta FROM overview_keys_of(added) k
      UNION ALL SELECT k.chart, k.key, -1 FROM overview_keys_of(removed) k
    ) d GROUP BY 1, 2 HAVING sum(d.delta) <> 0
    ON CONFLICT (chart, key) DO UPDATE SET n = o.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION overview_keys(registrations);
