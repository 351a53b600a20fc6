-- Hand-written (drizzle-kit cannot express it): the words of the titles already published, folded
-- as modules/products/products.queries.ts folds them (decision 097). Later titles are added by the
-- products service when they are written.
INSERT INTO "search_words" ("word")
SELECT DISTINCT w FROM "products" p
CROSS JOIN LATERAL regexp_split_to_table(lower(um_fold(p."title")), '[^[:alnum:]]+') w
WHERE length(w) BETWEEN 3 AND 40
ON CONFLICT DO NOTHING;
