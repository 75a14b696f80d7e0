-- ADR 021: search and the catalogue's lists are answered from the catalogue in memory, and no statement uses these
-- trigram indexes any more; every write of an item or alias kept them up to date for nothing.
DROP INDEX "item_aliases_normalized_trgm_idx";--> statement-breakpoint
DROP INDEX "items_normalized_code_trgm_idx";--> statement-breakpoint
DROP INDEX "items_normalized_name_trgm_idx";