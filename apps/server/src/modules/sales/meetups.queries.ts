import type { Meetup, MeetupState } from '@unimercado/shared/schemas/meetups';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { meetupProposals, meetupSpots } from '../../db/schema';
import type { Tx } from '../../db/tx';

/** Meet-up proposals as the contract shows them (decision 083), read with their spot. */

type Db = Database | Tx;

const selectMeetups = (db: Db) =>
  db
    .select({
      proposal: meetupProposals,
      spot: { id: meetupSpots.id, name: meetupSpots.name, area: meetupSpots.area },
    })
    .from(meetupProposals)
    .innerJoin(meetupSpots, eq(meetupSpots.id, meetupProposals.spotId));

type MeetupRow = Awaited<ReturnType<ReturnType<typeof selectMeetups>['where']>>[number];

export const toMeetupDto = ({ proposal, spot }: MeetupRow): Meetup => ({
  id: proposal.id,
  handoffId: proposal.saleId,
  proposerId: proposal.proposerId,
  spot,
  startsAt: proposal.startsAt.toISOString(),
  state: proposal.state as MeetupState,
  createdAt: proposal.createdAt.toISOString(),
});

export const findMeetupById = async (db: Db, id: number) => {
  const [row] = await selectMeetups(db).where(eq(meetupProposals.id, id));
  return row;
};

/** The accepted and the pending proposal of each hand-off (by the accepted offer's id). */
export const findCurrentMeetups = async (db: Db, saleIds: readonly number[]) => {
  const bySale = new Map<number, { meetup: Meetup | null; pendingMeetup: Meetup | null }>();
  if (saleIds.length === 0) return bySale;
  const rows = await selectMeetups(db)
    .where(
      and(
        inArray(meetupProposals.saleId, [...saleIds]),
        inArray(meetupProposals.state, ['accepted', 'proposed']),
      ),
    )
    .orderBy(desc(meetupProposals.id));
  for (const row of rows) {
    const entry = bySale.get(row.proposal.saleId) ?? { meetup: null, pendingMeetup: null };
    const meetup = toMeetupDto(row);
    if (meetup.state === 'accepted') entry.meetup ??= meetup;
    else entry.pendingMeetup ??= meetup;
    bySale.set(row.proposal.saleId, entry);
  }
  return bySale;
};

/** The proposals some chat messages carry, by message id (the chat module asks). */
export const findMeetupsByMessage = async (
  db: Db,
  messageIds: readonly number[],
): Promise<ReadonlyMap<number, Meetup>> => {
  if (messageIds.length === 0) return new Map();
  const rows = await selectMeetups(db).where(
    inArray(meetupProposals.chatMessageId, [...messageIds]),
  );
  return new Map(rows.map((row) => [row.proposal.chatMessageId!, toMeetupDto(row)]));
};
