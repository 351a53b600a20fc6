import { formatCount } from '@unimercado/shared/format';
import { sql } from 'drizzle-orm';
import { jsonColumn, queryRows } from '../../db/rows';
import { chatPreferences } from '../../db/schema';
import { inExclusiveTransaction } from '../../db/tx';
import type { AppDeps } from '../../lib/deps';
import { greetingFor, plainText, renderEmail } from '../../lib/email';
import type { MailMessage } from '../../plugins/mail';

/**
 * Unread messages are not lost on someone who is away (issue 10): a member with messages unread
 * for more than an hour gets ONE email summarising them, at most one a day, unless they turned it
 * off on their profile. Only verified addresses get it; each message is summarised once. The mail
 * goes to the database outbox in the same transaction (decision 011).
 */
export const UNREAD_DIGEST = {
  unreadForMs: 60 * 60_000,
  atMostEveryMs: 24 * 60 * 60_000,
  /** How often an instance looks; any instance may, only one at a time does the work. */
  intervalMs: 5 * 60_000,
  /** Members handled per pass; the rest wait for the next one. */
  batchSize: 200,
} as const;

/** pg_try_advisory_xact_lock key: one digest pass at a time across every instance. */
export const UNREAD_DIGEST_LOCK_ID = 740_210_031;

type PendingRow = {
  id: number;
  name: string;
  email: string;
  senders: { name: string; count: number }[] | string;
};

export const buildUnreadDigestEmail = (
  config: Pick<AppDeps['config'], 'appName' | 'publicUrl'>,
  recipient: { name: string; email: string },
  senders: { name: string; count: number }[],
): MailMessage => {
  const total = senders.reduce((sum, sender) => sum + sender.count, 0);
  const subject = `Tienes ${formatCount(total, 'mensaje', 'mensajes')} sin leer en ${config.appName}`;
  // Names are people's own text: plain text only, never something a mail client would link.
  const lines = senders.map(
    (sender) => `${plainText(sender.name)}: ${formatCount(sender.count, 'mensaje', 'mensajes')}`,
  );
  const { text, html } = renderEmail({
    appName: config.appName,
    greeting: greetingFor(recipient.name),
    intro: ['Te escribieron mientras no estabas:', ...lines],
    action: { label: 'Leer mis mensajes', url: `${config.publicUrl}/chat` },
    outro: [
      `Te enviamos como máximo un resumen al día. Si no quieres recibirlo, desactívalo en tu perfil: ${config.publicUrl}/profile`,
    ],
  });
  return { to: recipient.email, subject, text, html };
};

/**
 * One pass: safe to run on every instance at once (a transaction-scoped advisory lock lets one
 * through; the others skip) and to repeat (`last_digest_at` is claimed in the same transaction
 * as the selection, and mail leaves only after commit).
 */
export const runUnreadDigest = async (
  deps: Pick<AppDeps, 'db' | 'now' | 'mailer' | 'config'>,
): Promise<{ sent: number; skipped: boolean }> => {
  const now = deps.now();
  const unreadBefore = new Date(now.getTime() - UNREAD_DIGEST.unreadForMs);
  const lastDigestBefore = new Date(now.getTime() - UNREAD_DIGEST.atMostEveryMs);
  const done = await inExclusiveTransaction(
    deps.db,
    UNREAD_DIGEST_LOCK_ID,
    async (tx, afterCommit) => {
      const rows = await queryRows<PendingRow>(
        tx,
        sql`
      with pending as (
        select m.receiver_id, m.sender_id, count(*)::int as n, max(m.created_at) as last_at
        from chat_messages m
        left join chat_preferences p on p.user_id = m.receiver_id
        where m.read_at is null
          and m.created_at <= ${unreadBefore}
          and coalesce(p.unread_digest, true)
          and (p.last_digest_at is null
            or (p.last_digest_at <= ${lastDigestBefore} and m.created_at > p.last_digest_at))
        group by m.receiver_id, m.sender_id
      )
      select u.id, u.name, u.email,
        json_agg(json_build_object('name', s.name, 'count', pending.n)
          order by pending.last_at desc) as senders
      from pending
      join users u on u.id = pending.receiver_id
        and u.deleted_at is null and u.email_verified_at is not null
      join users s on s.id = pending.sender_id
      group by u.id, u.name, u.email
      order by u.id
      limit ${UNREAD_DIGEST.batchSize}`,
      );
      for (const row of rows) {
        const senders = jsonColumn(row.senders);
        await tx
          .insert(chatPreferences)
          .values({ userId: row.id, lastDigestAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: chatPreferences.userId,
            set: { lastDigestAt: now, updatedAt: now },
          });
        // Written to the mail outbox in this transaction: it leaves only if the claim commits.
        await deps.mailer.enqueue(
          { tx, afterCommit },
          buildUnreadDigestEmail(deps.config, row, senders),
        );
      }
      return { sent: rows.length, skipped: false };
    },
  );
  return done ?? { sent: 0, skipped: true };
};
