-- Hand-written note (decision 037): "verified" is one fact, "email_verified_at". No data moves:
-- every account the product showed as verified had "email_verified_at" set, and keeps it. An
-- account with only "first_verified_at" had proved an earlier address and then changed it; its
-- current address was never proved, so it stays unverified, and what protects it from being
-- replaced at registration is now what it holds (listings, messages, offers, favourites,
-- reviews), not that column.
ALTER TABLE "users" DROP COLUMN "first_verified_at";
