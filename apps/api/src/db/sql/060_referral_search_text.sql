-- A referral's search text (docs/decisions/176): its code, then each customer's search text, one
-- per line, or an empty line for a deleted customer (a deleted customer's name and e-mail match
-- no search). LANGUAGE sql: checked when created, so customers.search_text must exist (it does,
-- from the migrations, before any file runs).
CREATE OR REPLACE FUNCTION referral_search_text(code text, referrer uuid, referee uuid) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT lower(code)
    || chr(10) || coalesce((SELECT search_text FROM customers WHERE id = referrer AND deleted_at IS NULL), '')
    || chr(10) || coalesce((SELECT search_text FROM customers WHERE id = referee AND deleted_at IS NULL), '');
$$;
