-- ADR 048: the sales every Sales History page and every recompute pass reads are the newest ones, by index-only
-- scans, and a sale's row can be answered from an index alone only once a vacuum has marked its heap page
-- all-visible. Autovacuum's default for rows inserted (1,000 + 20 % of the table) left the newest 200,000 sales
-- of a million-sale table unmarked: each page of 50 visited the heap for every sale shown (and for the sales an
-- offset skips). Vacuuming after each 10,000 sales inserted, whatever the table's size, keeps them marked. A vacuum
-- of rows only inserted reads just the pages not yet marked and, with no dead rows, leaves the indexes alone.
ALTER TABLE sales SET (autovacuum_vacuum_insert_threshold = 10000, autovacuum_vacuum_insert_scale_factor = 0);
