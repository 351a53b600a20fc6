import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { SAVED_SEARCH_MESSAGES } from '@unimercado/shared/schemas/saved-searches';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { FOLD_FUNCTION } from '../../db/schema/columns';
import { savedSearchQueue } from '../../db/schema';
import { inTransaction, type TxScope } from '../../db/tx';
import type { AppDeps } from '../../lib/deps';
import { startPolledWorker } from '../../lib/polled-worker';
import { isHitVisible } from './saved-searches.service';

/**
 * Saved-search alerts (issue 21, decision 088). A listing that is published, or becomes available
 * again, is written to `saved_search_queue` in its own transaction (an outbox: nothing is lost if
 * the process stops after the commit). After the commit the bus wakes the matcher on every
 * instance; each queued listing is claimed by one (`for update skip locked`) and matched against
 * every active saved search in ONE statement, off the request path.
 */
export const SAVED_SEARCH_QUEUED_TOPIC = 'saved-searches.queued';

export const SAVED_SEARCH_ALERTS = {
  /** Leftovers (a wake-up lost, a failed pass) are looked for this often. */
  pollMs: 60_000,
  /** Where the alert leads: the member's saved searches, with the counts. */
  link: '/my-searches',
} as const;

type QueueDeps = { bus: Pick<AppDeps['bus'], 'publish'> };

/** Queues a listing for matching, in the caller's (the listing's) transaction. */
export const queueListingForAlerts = async (scope: TxScope, deps: QueueDeps, productId: number) => {
  await scope.tx.insert(savedSearchQueue).values({ productId }).onConflictDoNothing();
  scope.afterCommit(() => deps.bus.publish(SAVED_SEARCH_QUEUED_TOPIC, {}));
};

type MatchedSearch = { id: number; user_id: number; name: string; new_count: number };

const folded = (value: ReturnType<typeof sql>) => sql`lower(${sql.raw(FOLD_FUNCTION)}(${value}))`;

/**
 * Matches one listing against every active saved search in one statement and records the hits
 * (once per search and listing). Indexes pick the candidates first: searches sharing a lexeme
 * with the listing, searches whose text starts like a three-letter piece of its title, and
 * searches without text in its category (or any); the others are never read. The filters are plain column comparisons on the saved rows; the
 * text is the search's own rule, on forms stored when the search was saved: the listing's
 * tsvector against the stored tsquery (Spanish, accent-insensitive), or, from three characters,
 * the folded text inside the folded title (the partial-word search). Never the seller's own
 * searches, never a member who blocked the seller, never a paused search (a deleted member's
 * searches are deleted with them).
 * Answers each search that got a new hit, with its count of new listings since last seen.
 */
export const matchListing = async (scope: TxScope, productId: number, now: Date) =>
  queryRows<MatchedSearch>(
    scope.tx,
    sql`
    with product as (
      select p.id, p.seller_id, p.category_id, p.price, p.condition, p.search, p.title_folded,
        p.course_codes,
        ${folded(sql`p.location`)} as location_folded,
        tsvector_to_array(p.search) as lexemes,
        array(select distinct substr(p.title_folded, i, 3)
          from generate_series(1, greatest(char_length(p.title_folded) - 2, 0)) i) as heads
      from products p
      where p.id = ${productId} and p.hidden_at is null and not p.is_sold
    ), candidates as (
      select s.id from saved_searches s, product p
      where not s.is_paused and s.lexemes && p.lexemes
      union
      select s.id from saved_searches s, product p
      where not s.is_paused and s.search_head = any(p.heads)
      union
      select s.id from saved_searches s, product p
      where not s.is_paused and s.search is null
        and (s.category_id is null or s.category_id = p.category_id)
    ), hits as (
      insert into saved_search_hits (saved_search_id, product_id, created_at)
      select s.id, p.id, ${now}
      from product p
      join candidates c on true
      join saved_searches s on s.id = c.id and s.user_id <> p.seller_id
        and (s.category_id is null or s.category_id = p.category_id)
        and (s.min_price is null or p.price >= s.min_price)
        and (s.max_price is null or p.price <= s.max_price)
        and (s.condition is null or s.condition = p.condition)
        and (s.location_folded is null or strpos(p.location_folded, s.location_folded) > 0)
        and (s.course is null or s.course = any(p.course_codes))
        and (s.search is null
          or p.search @@ s.query
          or (char_length(s.search_folded) >= 3 and strpos(p.title_folded, s.search_folded) > 0))
      where not exists (
        select 1 from blocks b where b.blocker_id = s.user_id and b.blocked_id = p.seller_id)
      on conflict do nothing
      returning saved_search_id
    )
    select s.id, s.user_id, s.name,
      1 + (select count(*)::int from saved_search_hits h
        where h.saved_search_id = s.id and h.created_at > s.last_seen_at
          and ${isHitVisible(sql`h.product_id`, sql`s.user_id`)}) as new_count
    from hits join saved_searches s on s.id = hits.saved_search_id
    order by s.id`,
  );

type AlertDeps = Pick<AppDeps, 'db' | 'notifier' | 'now'> & {
  log: Pick<AppDeps['log'], 'error'>;
};

/**
 * Claims one queued listing, matches it and notifies, all in one transaction: a failure leaves
 * the listing queued (behind the others) and sends nothing. False when the queue is empty.
 */
export const processNextQueued = async (deps: AlertDeps): Promise<boolean> => {
  let claimed: number | undefined;
  try {
    return await inTransaction(deps.db, async (tx, afterCommit) => {
      const [row] = await queryRows<{ product_id: number }>(
        tx,
        sql`delete from saved_search_queue where product_id = (
          select product_id from saved_search_queue order by created_at, product_id
          limit 1 for update skip locked)
        returning product_id`,
      );
      if (!row) return false;
      claimed = row.product_id;
      const now = deps.now();
      for (const search of await matchListing({ tx, afterCommit }, row.product_id, now)) {
        // One notification per search, updated while it is unread (decision 088).
        await deps.notifier.notify(
          { tx, afterCommit },
          {
            userId: search.user_id,
            typeId: NOTIFICATION_TYPES.savedSearch,
            message: SAVED_SEARCH_MESSAGES.alert(search.new_count, search.name),
            eventKey: `saved-search:${search.id}`,
            replaceUnread: true,
            link: SAVED_SEARCH_ALERTS.link,
            createdAt: now,
          },
        );
      }
      return true;
    });
  } catch (error) {
    deps.log.error({ err: error, productId: claimed }, 'saved-search matching failed');
    if (claimed !== undefined) {
      await deps.db
        .execute(
          sql`update saved_search_queue set created_at = ${deps.now()} where product_id = ${claimed}`,
        )
        .catch(() => undefined);
    }
    return false;
  }
};

/**
 * The matcher of one instance: `kick` starts a pass (or asks the running one to look again) and
 * resolves when the queue is empty; a pass is also started every `pollMs`.
 */
export const createAlertMatcher = (deps: AlertDeps & Pick<AppDeps, 'bus'>) => {
  const worker = startPolledWorker({
    runPass: async () => {
      while (await processNextQueued(deps)) {
        // one listing per transaction
      }
    },
    pollMs: SAVED_SEARCH_ALERTS.pollMs,
    onError: (error) => deps.log.error({ err: error }, 'saved-search matching failed'),
  });
  const unsubscribe = deps.bus.subscribe(SAVED_SEARCH_QUEUED_TOPIC, () => void worker.kick());
  return {
    kick: worker.kick,
    close: async () => {
      unsubscribe();
      await worker.stop();
    },
  };
};
export type AlertMatcher = ReturnType<typeof createAlertMatcher>;
