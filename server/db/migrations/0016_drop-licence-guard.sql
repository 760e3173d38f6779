-- Adding a site takes one path (server/licences/site-add.ts: SELECT … FOR UPDATE on the licence,
-- decide, insert, in one transaction); the optimistic guard of migration 0009 is no longer called.
DROP FUNCTION IF EXISTS "lock_licence_if_room"(integer, text, text, text[], integer);
