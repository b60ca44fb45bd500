-- Every sign-in updates its account's row (last_login). With a tenth of each page kept free, the
-- new version fits beside the old one and no index gains an entry (a heap-only update); pages
-- filled by a bulk import of students would otherwise leave none. Pages written before this
-- keep their fill until they are rewritten.
ALTER TABLE "users" SET (fillfactor = 90);
