-- One cell of a CSV export written by PostgreSQL's COPY (issue 29, docs/decisions/279), as the
-- API's own writer makes it (db/csv.ts neutralise): a cell that starts with =, +, -, @, a tab or a
-- carriage return gets a leading apostrophe (OWASP 'CSV Injection'), unless it is a plain number
-- (-12.50 stays a number); an empty cell is NULL, which COPY's CSV format writes as nothing, as
-- csv-stringify writes an empty string (COPY would write "" for it).
-- One SQL expression and not STRICT, so PostgreSQL inlines it into the statement: no function call
-- per cell. Its argument is read more than once, so give it a column, not an expression (an
-- expression would be computed again each time).
CREATE OR REPLACE FUNCTION csv_cell(cell text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN ascii(cell) IN (9, 13, 43, 45, 61, 64) AND cell !~ '^-?[0-9]+(\.[0-9]+)?$'
      THEN '''' || cell
    ELSE nullif(cell, '')
  END
$$;
