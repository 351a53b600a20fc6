import { formatCount } from '@unimercado/shared/format';
import { sql } from 'drizzle-orm';
import { jsonColumn, queryRows } from '../../db/rows';
import { savedSearchDigests } from '../../db/schema';
import { inExclusiveTransaction } from '../../db/tx';
import type { AppDeps } from '../../lib/deps';
import { greetingFor, plainText, renderEmail } from '../../lib/email';
import type { MailMessage } from '../../plugins/mail';
import { isHitVisible } from './saved-searches.service';

/**
 * The saved-search email digest (issue 21, decision 088), done the way of the unread-messages
 * digest (modules/chat/unread-digest.ts): at most one email a day per member, only about searches
 * they opted in to, only verified addresses, new listings not yet seen in the app that matched
 * more than `waitMs` ago (the in-app alert had its chance first). The mail goes to the database
 * outbox in the transaction that records the send (decision 011).
 */
export const SAVED_SEARCH_DIGEST = {
  waitMs: 60 * 60_000,
  atMostEveryMs: 24 * 60 * 60_000,
  intervalMs: 5 * 60_000,
  batchSize: 200,
} as const;

/** pg_try_advisory_xact_lock key: one digest pass at a time across every instance. */
export const SAVED_SEARCH_DIGEST_LOCK_ID = 740_210_089;

type SearchCount = { name: string; count: number };
type PendingRow = { id: number; name: string; email: string; searches: SearchCount[] | string };

export const buildSavedSearchDigestEmail = (
  config: Pick<AppDeps['config'], 'appName' | 'publicUrl'>,
  recipient: { name: string; email: string },
  searches: SearchCount[],
): MailMessage => {
  const total = searches.reduce((sum, search) => sum + search.count, 0);
  const subject = `${formatCount(total, 'producto nuevo', 'productos nuevos')} para tus búsquedas en ${config.appName}`;
  // Search names are people's own text: plain text only.
  const lines = searches.map(
    (search) =>
      `«${plainText(search.name)}»: ${formatCount(search.count, 'producto nuevo', 'productos nuevos')}`,
  );
  const { text, html } = renderEmail({
    appName: config.appName,
    greeting: greetingFor(recipient.name),
    intro: ['Se publicaron productos que buscas:', ...lines],
    action: { label: 'Ver mis búsquedas', url: `${config.publicUrl}/my-searches` },
    outro: [
      `Te enviamos como máximo un resumen al día. Si no quieres recibirlo, desactiva el aviso por correo en tus búsquedas: ${config.publicUrl}/my-searches`,
    ],
  });
  return { to: recipient.email, subject, text, html };
};

/** One pass: safe on every instance at once (advisory lock) and to repeat (the claim commits with the mail). */
export const runSavedSearchDigest = async (
  deps: Pick<AppDeps, 'db' | 'now' | 'mailer' | 'config'>,
): Promise<{ sent: number; skipped: boolean }> => {
  const now = deps.now();
  const matchedBefore = new Date(now.getTime() - SAVED_SEARCH_DIGEST.waitMs);
  const lastDigestBefore = new Date(now.getTime() - SAVED_SEARCH_DIGEST.atMostEveryMs);
  const done = await inExclusiveTransaction(
    deps.db,
    SAVED_SEARCH_DIGEST_LOCK_ID,
    async (tx, afterCommit) => {
      const rows = await queryRows<PendingRow>(
        tx,
        sql`
      with pending as (
        select s.user_id, s.name, count(*)::int as n, max(h.created_at) as last_at
        from saved_searches s
        join saved_search_hits h on h.saved_search_id = s.id
        left join saved_search_digests d on d.user_id = s.user_id
        where s.email_digest and not s.is_paused
          and h.created_at > s.last_seen_at
          and h.created_at <= ${matchedBefore}
          and (d.last_digest_at is null
            or (d.last_digest_at <= ${lastDigestBefore} and h.created_at > d.last_digest_at))
          and ${isHitVisible(sql`h.product_id`, sql`s.user_id`)}
        group by s.user_id, s.id, s.name
      )
      select u.id, u.name, u.email,
        json_agg(json_build_object('name', pending.name, 'count', pending.n)
          order by pending.last_at desc) as searches
      from pending
      join users u on u.id = pending.user_id
        and u.deleted_at is null and u.email_verified_at is not null
      group by u.id, u.name, u.email
      order by u.id
      limit ${SAVED_SEARCH_DIGEST.batchSize}`,
      );
      for (const row of rows) {
        const searches = jsonColumn(row.searches);
        await tx
          .insert(savedSearchDigests)
          .values({ userId: row.id, lastDigestAt: now })
          .onConflictDoUpdate({ target: savedSearchDigests.userId, set: { lastDigestAt: now } });
        await deps.mailer.enqueue(
          { tx, afterCommit },
          buildSavedSearchDigestEmail(deps.config, row, searches),
        );
      }
      return { sent: rows.length, skipped: false };
    },
  );
  return done ?? { sent: 0, skipped: true };
};
