import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';
import { campusDateFormat } from '@unimercado/shared/format';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { inTransaction, type Tx } from '../../db/tx';
import type { AppDeps } from '../../lib/deps';
import { greetingFor, plainText, renderEmail } from '../../lib/email';
import { startPeriodic } from '../../lib/periodic';
import { PRODUCTS_CHANGED_TOPIC } from './products.queries';

/**
 * Listings that stay fresh (issue 21, decision 094): an unsold listing is listed until its
 * `expires_at` (LISTING_TTL_DAYS after publishing or renewing). LISTING_EXPIRY_REMINDER_DAYS
 * before, its seller is told once; when it passes, the listing is marked expired (hidden from
 * every list and search) and the seller told again. Sold and reserved listings never expire.
 */
export const LISTING_EXPIRY = {
  /** How often an instance looks; any instance may, only one at a time does the work. */
  intervalMs: 10 * 60_000,
  /** The first pass after start-up (not during it). */
  firstAfterMs: 60_000,
  /** Listings handled per pass and kind; the rest wait for the next pass. */
  batchSize: 500,
} as const;

/** pg_try_advisory_xact_lock key: one expiry pass at a time across every instance. */
export const LISTING_EXPIRY_LOCK_ID = 740_210_094;

const DAY_MS = 24 * 60 * 60_000;

/** What the seller reads (typeId 6, leading to My products). */
export const LISTING_EXPIRY_NOTIFICATIONS = {
  reminder: (title: string, date: string) =>
    `Tu publicación «${title}» caduca el ${date}. Renuévala en Mis productos para que siga apareciendo en las búsquedas.`,
  expired: (title: string) =>
    `Tu publicación «${title}» caducó y ya no aparece en las búsquedas. Renuévala en Mis productos con un clic.`,
} as const;

/** The reminder by email, for sellers who opted in (issue 21: "email if opted in"). */
export const LISTING_EXPIRY_EMAIL = {
  subject: (title: string) => `Tu publicación «${title}» caduca pronto`,
  intro: (title: string, date: string) => [
    `Tu publicación "${title}" caduca el ${date}.`,
    'Renuévala con un clic en Mis productos para que siga apareciendo en las búsquedas.',
  ],
  action: 'Ir a Mis productos',
  outro: (profileUrl: string) =>
    `Recibes este aviso porque lo activaste en tu perfil: ${profileUrl}`,
} as const;

/**
 * Of `userIds`, the sellers who opted in to the reminder by email and can get it. The setting is
 * the chat module's (its email settings); app.ts hands the lookup over, so the modules do not
 * import each other in a circle.
 */
export type ExpiryEmailRecipients = (
  tx: Tx,
  userIds: number[],
) => Promise<{ id: number; name: string; email: string }[]>;

export type ListingExpiryDeps = Pick<
  AppDeps,
  'db' | 'now' | 'notifier' | 'bus' | 'config' | 'mailer'
> & { expiryEmailRecipients: ExpiryEmailRecipients };

type ListingRow = { id: number; seller_id: number; title: string; expires_at: Date | string };

export type ListingExpiryReport = { reminded: number; expired: number; skipped: boolean };

/**
 * One pass: safe to run on every instance at once (a transaction-scoped advisory lock lets one
 * through) and to repeat (each reminder and each expiry is claimed in the transaction that
 * notifies it, and a notification's event key names the period it belongs to).
 */
export const runListingExpiry = async (deps: ListingExpiryDeps): Promise<ListingExpiryReport> => {
  const now = deps.now();
  const remindBefore = new Date(now.getTime() + deps.config.listings.reminderDays * DAY_MS);
  const { formatDate } = campusDateFormat(deps.config.campusTimeZone);
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${LISTING_EXPIRY_LOCK_ID}) as locked`,
    );
    if (!lock?.locked) return { reminded: 0, expired: 0, skipped: true };
    const scope = { tx, afterCommit };
    /** Marks (`set`) up to a batch of listed, unsold listings matching `where`, soonest first. */
    const claim = (set: SQL, where: SQL) =>
      queryRows<ListingRow>(
        tx,
        sql`
        update products p set ${set}
        where p.id in (
          select id from products
          where not is_sold and expired_at is null and ${where}
          order by expires_at limit ${LISTING_EXPIRY.batchSize}
          for update skip locked)
        returning p.id, p.seller_id, p.title, p.expires_at`,
      );
    const expired = await claim(sql`expired_at = ${now}`, sql`expires_at <= ${now}`);
    // A listing that expired between two passes without its reminder gets only the expiry note.
    const reminded = await claim(
      sql`expiry_reminded_at = ${now}`,
      sql`expiry_reminded_at is null and expires_at <= ${remindBefore}`,
    );
    const tell = async (rows: ListingRow[], kind: 'expiry-reminder' | 'expired') => {
      for (const row of rows) {
        await deps.notifier.notify(scope, {
          userId: row.seller_id,
          typeId: NOTIFICATION_TYPES.listingExpiry,
          message:
            kind === 'expired'
              ? LISTING_EXPIRY_NOTIFICATIONS.expired(row.title)
              : LISTING_EXPIRY_NOTIFICATIONS.reminder(row.title, formatDate(row.expires_at)),
          // The period it belongs to: a renewed listing is reminded again.
          eventKey: `listing:${row.id}:${kind}:${new Date(row.expires_at).getTime()}`,
          createdAt: now,
          link: '/my-products',
        });
      }
    };
    await tell(reminded, 'expiry-reminder');
    await tell(expired, 'expired');
    const sellers = [...new Set(reminded.map((row) => row.seller_id))];
    const recipients = new Map(
      (await deps.expiryEmailRecipients(tx, sellers)).map((seller) => [seller.id, seller]),
    );
    const { publicUrl, appName } = deps.config;
    for (const row of reminded) {
      const seller = recipients.get(row.seller_id);
      if (!seller) continue;
      const { text, html } = renderEmail({
        appName,
        greeting: greetingFor(seller.name),
        intro: LISTING_EXPIRY_EMAIL.intro(plainText(row.title), formatDate(row.expires_at)),
        action: { label: LISTING_EXPIRY_EMAIL.action, url: `${publicUrl}/my-products` },
        outro: [LISTING_EXPIRY_EMAIL.outro(`${publicUrl}/profile`)],
      });
      await deps.mailer.enqueue(scope, {
        to: seller.email,
        subject: LISTING_EXPIRY_EMAIL.subject(plainText(row.title)),
        text,
        html,
      });
    }
    // Every instance drops its cached lists: the expired listings leave them at once.
    if (expired.length > 0) afterCommit(() => deps.bus.publish(PRODUCTS_CHANGED_TOPIC, {}));
    return { reminded: reminded.length, expired: expired.length, skipped: false };
  });
};

/** Runs a pass a minute after start and then every LISTING_EXPIRY.intervalMs; returns the stop. */
export const startListingExpiry = (deps: ListingExpiryDeps & Pick<AppDeps, 'log'>) =>
  startPeriodic({
    name: 'listing expiry',
    run: async () => {
      const report = await runListingExpiry(deps);
      if (report.reminded + report.expired > 0) {
        deps.log.info(report, 'listing expiry: reminded sellers and expired listings');
      }
    },
    firstDelayMs: LISTING_EXPIRY.firstAfterMs,
    intervalMs: LISTING_EXPIRY.intervalMs,
    log: deps.log,
  });
