import { USER_QUEUES, type ChatError, type UserQueue } from '@unimercado/shared/chat';
import type { StompFrame } from '@unimercado/shared/stomp';
import type { Broker } from '../broker';
import type { StompConnection } from './connection';

/** A client's subscription to one of its own queues. */
export type Subscription = { id: string; destination: string; queue: UserQueue };

/** What delivery needs of a session: its socket and its subscriptions. */
export type Subscriber = {
  connection: StompConnection;
  subscriptions: ReadonlyMap<string, Subscription>;
};

const queueOfDestination = (destination: string): UserQueue | undefined =>
  (Object.keys(USER_QUEUES) as UserQueue[]).find((queue) => USER_QUEUES[queue] === destination);

/**
 * The delivery part of the STOMP endpoint: a body for one of a user's queues becomes a MESSAGE
 * frame on each of that user's subscriptions to it, on every connection of theirs.
 */
export const deliverTo = (subscriber: Subscriber, queue: UserQueue, json: string) => {
  let frames = 0;
  for (const subscription of subscriber.subscriptions.values()) {
    if (subscription.queue !== queue) continue;
    frames += 1;
    subscriber.connection.sendMessage(
      {
        subscription: subscription.id,
        destination: subscription.destination,
        'content-type': 'application/json',
      },
      json,
    );
  }
  return frames;
};

/** A refused SEND goes back to that connection's error queue (the connection stays open). */
export const refuseSend = (
  subscriber: Subscriber,
  frame: StompFrame,
  code: string,
  message: string,
) => {
  const body: ChatError = {
    code,
    error: message,
    message,
    ...(frame.headers.receipt ? { receiptId: frame.headers.receipt } : {}),
  };
  deliverTo(subscriber, 'errors', JSON.stringify(body));
};

/**
 * The broker's deliveries (in-process or through Redis) to this instance's subscribers;
 * `onDelivered` hears how many MESSAGE frames each one became (the metrics).
 * Answers the function that stops them.
 */
export const routeDeliveries = (
  broker: Pick<Broker, 'onDelivery'>,
  subscribersOf: (userId: number) => Iterable<Subscriber> | undefined,
  onDelivered: (frames: number) => void = () => undefined,
) =>
  broker.onDelivery(({ userId, destination, body }) => {
    const subscribers = subscribersOf(userId);
    const queue = queueOfDestination(destination);
    if (!subscribers || !queue) return;
    const json = JSON.stringify(body);
    let frames = 0;
    for (const subscriber of subscribers) frames += deliverTo(subscriber, queue, json);
    onDelivered(frames);
  });
