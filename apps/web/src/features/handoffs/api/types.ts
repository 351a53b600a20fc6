import type { Handoff } from '@unimercado/shared/schemas/handoffs';

/**
 * A meet-up proposal on a hand-off (issue 20; spots and proposals are built in parallel, B1):
 * `meetup` is the accepted one, `pendingMeetup` the one awaiting an answer. Optional until the
 * contract carries them, so the card renders them as soon as the server sends them.
 */
export type HandoffMeetup = {
  id: number;
  handoffId: number;
  proposerId: number;
  spot: { id: number; name: string; area: string };
  startsAt: string;
  state: string;
  createdAt: string;
};

export type HandoffView = Handoff & {
  meetup?: HandoffMeetup | null;
  pendingMeetup?: HandoffMeetup | null;
};
