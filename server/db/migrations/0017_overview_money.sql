-- The season overview's money (ADR 024), kept the way ADR 023 keeps every total: keyed rows of
-- overview_counts, updated by statement-level triggers in the writing transaction.
-- 'due': the contests live children's registrations entered (the server prices them, domain/season.ts).
CREATE OR REPLACE FUNCTION overview_keys(r registrations) RETURNS TABLE (chart text, key text) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY SELECT k.chart, k.key FROM (
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
INSERT INTO overview_counts (chart, key, n)
  SELECT 'due', c, count(*) FROM registrations r CROSS JOIN LATERAL unnest(r.categories) c
  WHERE r.type = 'participant' AND r.cancelled_at IS NULL AND r.deleted_at IS NULL
  GROUP BY c
ON CONFLICT (chart, key) DO UPDATE SET n = excluded.n;
--> statement-breakpoint
-- 'money': paise per day (in Chennai), method and kind of the live ledger entries.
-- plpgsql, as overview_keys (0010): an inlined SQL function under GROUP BY trips a planner error.
CREATE FUNCTION ledger_money_keys(l ledger_entries) RETURNS TABLE (key text, paise bigint) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY SELECT to_char(l.occurred_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') || '|' || coalesce(l.method, 'none') || '|' || l.kind,
    l.amount_paise::bigint
  WHERE l.voided_at IS NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_maintain_overview() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO overview_counts AS o (chart, key, n)
      SELECT 'money', k.key, sum(k.paise) FROM new_rows l CROSS JOIN LATERAL ledger_money_keys(l) k GROUP BY 2
      ON CONFLICT (chart, key) DO UPDATE SET n = o.n + excluded.n;
  ELSE
    INSERT INTO overview_counts AS o (chart, key, n)
      SELECT 'money', key, sum(paise) FROM (
        SELECT k.key, k.paise FROM new_rows l CROSS JOIN LATERAL ledger_money_keys(l) k
        UNION ALL
        SELECT k.key, -k.paise FROM old_rows l CROSS JOIN LATERAL ledger_money_keys(l) k
      ) c GROUP BY key HAVING sum(paise) <> 0
      ON CONFLICT (chart, key) DO UPDATE SET n = o.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_overview_insert AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_maintain_overview();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_overview_update AFTER UPDATE ON ledger_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_maintain_overview();
--> statement-breakpoint
INSERT INTO overview_counts (chart, key, n)
  SELECT 'money', k.key, sum(k.paise) FROM ledger_entries l CROSS JOIN LATERAL ledger_money_keys(l) k GROUP BY 2
ON CONFLICT (chart, key) DO UPDATE SET n = excluded.n;
