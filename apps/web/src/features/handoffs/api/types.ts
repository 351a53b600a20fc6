import type { Handoff } from '@unimercado/shared/schemas/handoffs';
import type { Meetup } from '@unimercado/shared/schemas/meetups';

/**
 * A meet-up proposal on a hand-off (decision 083): the hand-off's `meetup` is the accepted one,
 * `pendingMeetup` the one awaiting an answer.
 */
export type HandoffMeetup = Meetup;

/** One hand-off as the API sends it (types only: the card loads no zod). */
export type HandoffView = Handoff;
