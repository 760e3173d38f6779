-- The guard of a site addition decided on an unlocked read (server/licences/site-add-guarded.ts). It
-- takes the licence's row lock, then answers whether the addition still holds: the licence row is the
-- version the decision read (status, expiry and limit unchanged), no active site is the same site
-- (`same_site_urls`: the stored forms of its siteKey), and there is still room, by the rules of
-- server/licences/activation.ts: production sites count against the limit, staging and local ones
-- within `free_per_production` per production site (at least one's worth); no limit, no cap.
-- The row lock waits for any change in progress and re-reads the row at its latest version. The sites
-- are then read by statements of their own, so with fresh snapshots (READ COMMITTED, volatile
-- function) that see every change committed before the lock was ours. Called in the WHERE of the
-- insert, it holds the lock until that statement commits: checked and kept in one round trip, with no
-- lock held while the server decides.
CREATE FUNCTION "lock_licence_if_room"(
  "licence" integer,
  "row_version" text,
  "new_kind" text,
  "same_site_urls" text[],
  "free_per_production" integer
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  "site_limit" integer;
  "production" integer;
  "other" integer;
BEGIN
  -- xmin changes with every update of the row.
  SELECT "activation_limit" INTO "site_limit" FROM "licences"
    WHERE "id" = "licence" AND "xmin"::text = "row_version" FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  IF EXISTS (SELECT 1 FROM "sites" WHERE "licence_id" = "licence" AND "deactivated_at" IS NULL
      AND "url" = ANY("same_site_urls")) THEN
    RETURN false;
  END IF;
  IF "site_limit" IS NULL THEN
    RETURN true;
  END IF;
  SELECT count(*) FILTER (WHERE "kind" = 'production'), count(*) FILTER (WHERE "kind" <> 'production')
    INTO "production", "other" FROM "sites" WHERE "licence_id" = "licence" AND "deactivated_at" IS NULL;
  IF "new_kind" = 'production' THEN
    RETURN "production" < "site_limit";
  END IF;
  RETURN "other" < "free_per_production" * greatest(1, "production");
END
$$;
