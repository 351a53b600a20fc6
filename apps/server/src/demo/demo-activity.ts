import { ROLE_USER } from '@unimercado/shared/constants';
import type { Tx } from '../db/tx';
import type { Actor } from '../lib/authorization';
import { createMemoryCounterStore } from '../lib/counter-store';
import { markConversationRead, sendPrivateMessage } from '../modules/chat/chat.service';
import { toggleFavorite } from '../modules/favorites/favorites.service';
import {
  insertNotification,
  listNotifications,
  markNotificationRead,
} from '../modules/notifications/notifications.service';
import { createReview } from '../modules/reviews/reviews.service';
import { createOffer, decideOffer } from '../modules/sales/sales.service';
import type { Broker } from '../plugins/broker';
import { createMemoryBus } from '../plugins/bus';
import { createNotifier } from '../plugins/notifier';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../plugins/rate-limit';
import type { Storage } from '../plugins/storage';

/** A demo listing as the seed stored it. */
export type SeededListing = { id: number; sellerId: number; publishedAt: Date };

const HOUR = 3_600_000;

/** When something happened: hours after a listing was published, or hours before the seed ran. */
type When = { published: string; hours: number } | { hoursAgo: number };
const after = (published: string, hours: number): When => ({ published, hours });
const ago = (hoursAgo: number): When => ({ hoursAgo });

/**
 * What happened between the demo accounts (issue 18: a newcomer sees every screen filled). Users
 * are indexes into DEMO_USERS, listings their titles. Each step goes through the service a member's
 * request would reach, with the clock set to when it happened, so the rules hold as they would
 * (an accepted offer sells the product and rejects the others, reviews only from buyers, one
 * notification per event, chat bursts ring once) and the notifications are those the events made.
 */
type Step =
  | { at: When; offer: { by: number; on: string; price: number } }
  | { at: When; accept: { on: string; from: number } }
  | { at: When; reject: { on: string; from: number } }
  | { at: When; review: { by: number; on: string; rating: number; comment: string } }
  | { at: When; message: { from: number; to: number; content: string } }
  | { at: When; read: { by: number; from: number } }
  | { at: When; favourite: { by: number; on: string } };

const AUDIFONOS = 'Audífonos de diadema JBL';
const BICI = 'Bicicleta urbana plegable';
const PORTATIL_HP = 'Portátil HP para oficina';
const CALCULO = 'Cálculo de Stewart, 8.ª edición';
const LENOVO = 'Portátil Lenovo IdeaPad 15"';
const IPHONE = 'iPhone 12 de 128 GB';
const TABLET = 'Tablet Samsung Galaxy Tab A8';
const MONITOR = 'Monitor LG 24" Full HD';

// 0 Valentina, 1 Santiago, 2 Camila, 3 Mateo, 4 Isabella, 5 Daniel.
const STEPS: Step[] = [
  // Sold weeks ago through an accepted offer, the other offer rejected, the buyer's review (the
  // listing was published 500 hours ago: the conversation is dated from now, like all of them).
  { at: after(AUDIFONOS, 6), offer: { by: 3, on: AUDIFONOS, price: 100000 } },
  {
    at: ago(492),
    message: { from: 5, to: 0, content: 'Hola, ¿los audífonos JBL suenan bien por los dos lados?' },
  },
  { at: ago(491), read: { by: 0, from: 5 } },
  {
    at: ago(491),
    message: {
      from: 0,
      to: 5,
      content: 'Hola Daniel, sí, suenan perfecto. Te los puedo mostrar en la biblioteca.',
    },
  },
  { at: ago(490), read: { by: 5, from: 0 } },
  { at: after(AUDIFONOS, 10), offer: { by: 5, on: AUDIFONOS, price: 110000 } },
  { at: after(AUDIFONOS, 48), accept: { on: AUDIFONOS, from: 5 } },
  {
    at: after(AUDIFONOS, 80),
    review: {
      by: 5,
      on: AUDIFONOS,
      rating: 5,
      comment: 'Todo tal cual lo describió y muy puntual en la entrega.',
    },
  },
  { at: after(BICI, 20), offer: { by: 2, on: BICI, price: 520000 } },
  { at: after(BICI, 48), accept: { on: BICI, from: 2 } },
  {
    at: after(BICI, 96),
    review: {
      by: 2,
      on: BICI,
      rating: 4,
      comment: 'Buena bicicleta, los frenos necesitaban ajuste.',
    },
  },
  // Bought by Valentina, not rated yet: her purchases show 'Calificar producto'.
  { at: after(PORTATIL_HP, 12), offer: { by: 0, on: PORTATIL_HP, price: 850000 } },
  { at: after(PORTATIL_HP, 48), accept: { on: PORTATIL_HP, from: 0 } },
  // A rejected offer.
  { at: after(MONITOR, 5), offer: { by: 4, on: MONITOR, price: 300000 } },
  { at: after(MONITOR, 30), reject: { on: MONITOR, from: 4 } },
  // Offers waiting for their sellers.
  { at: after(TABLET, 30), offer: { by: 4, on: TABLET, price: 600000 } },
  { at: after(IPHONE, 14), offer: { by: 5, on: IPHONE, price: 1350000 } },
  { at: after(LENOVO, 2), offer: { by: 2, on: LENOVO, price: 1500000 } },
  { at: after(LENOVO, 3), offer: { by: 0, on: LENOVO, price: 1550000 } },
  { at: after(CALCULO, 1), offer: { by: 3, on: CALCULO, price: 75000 } },
  // Conversations of the last hours, some of them still unread.
  {
    at: ago(3),
    message: {
      from: 2,
      to: 1,
      content: '¿La batería del portátil aguanta una jornada de clases?',
    },
  },
  { at: ago(2.5), read: { by: 1, from: 2 } },
  {
    at: ago(2.5),
    message: {
      from: 1,
      to: 2,
      content: 'Unas 5 horas con uso normal. Te lo puedo mostrar en el bloque 19.',
    },
  },
  { at: ago(2.2), read: { by: 2, from: 1 } },
  {
    at: ago(1.9),
    message: {
      from: 3,
      to: 0,
      content: 'Hola Valentina, ¿el libro de Cálculo todavía está disponible?',
    },
  },
  { at: ago(1.5), read: { by: 0, from: 3 } },
  {
    at: ago(1.5),
    message: {
      from: 0,
      to: 3,
      content:
        '¡Hola Mateo! Sí, sigue disponible. Solo tiene notas a lápiz en los primeros capítulos.',
    },
  },
  { at: ago(1.4), read: { by: 3, from: 0 } },
  {
    at: ago(1.3),
    message: {
      from: 3,
      to: 0,
      content: 'Perfecto, te hice una oferta. ¿Nos vemos mañana en la Biblioteca Central?',
    },
  },
  {
    at: ago(0.5),
    message: { from: 4, to: 0, content: 'Hola, ¿la tablet incluye el cargador original?' },
  },
  // Favourites.
  { at: ago(2), favourite: { by: 0, on: LENOVO } },
  { at: ago(20), favourite: { by: 0, on: 'Guitarra acústica Yamaha C40' } },
  { at: ago(60), favourite: { by: 0, on: 'Audífonos inalámbricos Sony' } },
  { at: ago(2), favourite: { by: 1, on: CALCULO } },
  { at: ago(10), favourite: { by: 1, on: 'Bicicleta de montaña rin 29' } },
  { at: ago(3), favourite: { by: 2, on: LENOVO } },
  { at: ago(100), favourite: { by: 2, on: 'Patineta eléctrica Xiaomi' } },
  { at: ago(2), favourite: { by: 3, on: CALCULO } },
  { at: ago(50), favourite: { by: 3, on: 'Balón de fútbol Golty #5' } },
  { at: ago(100), favourite: { by: 4, on: TABLET } },
  { at: ago(30), favourite: { by: 4, on: 'Silla ergonómica de oficina' } },
  { at: ago(24), favourite: { by: 5, on: IPHONE } },
  { at: ago(150), favourite: { by: 5, on: 'Teclado musical Casio 61 teclas' } },
];

/** Notifications older than this were opened and marked read; newer ones wait on the bell. */
const READ_NOTIFICATIONS_BEFORE_HOURS = 24;

const UNLIMITED: RateLimitSettings = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([key, limit]) => [
    key,
    { ...limit, max: Number.MAX_SAFE_INTEGER },
  ]),
) as RateLimitSettings;

/** The listing a step names (its title), or the step has a typo. */
const listingOf = (listings: ReadonlyMap<string, SeededListing>, title: string) => {
  const listing = listings.get(title);
  if (!listing) throw new Error(`Demo: no hay un producto "${title}"`);
  return listing;
};

/**
 * Plays STEPS in time order inside the seed's transaction, through the services. Nothing is
 * delivered live (the server may be stopped); the notifications are written as the events make
 * them.
 */
export const seedDemoActivity = async (
  tx: Tx,
  deps: { storage: Storage; seededAt: Date },
  userIds: readonly number[],
  listings: ReadonlyMap<string, SeededListing>,
) => {
  let clock = deps.seededAt;
  const broker: Broker = { publishToUser: async () => {}, onDelivery: () => () => {} };
  const bus = createMemoryBus({ error: () => {} });
  const services = {
    db: tx,
    now: () => clock,
    notifier: createNotifier(broker, insertNotification),
    broker,
    bus,
    storage: deps.storage,
    counters: createMemoryCounterStore(),
    rateLimits: UNLIMITED,
  };
  const actor = (index: number): Actor => {
    const id = userIds[index];
    if (id === undefined) throw new Error(`Demo: no hay un usuario ${index}`);
    return { id, roles: [ROLE_USER], verified: true };
  };
  const timeOf = ({ at }: Step): Date =>
    'hoursAgo' in at
      ? new Date(deps.seededAt.getTime() - at.hoursAgo * HOUR)
      : new Date(listingOf(listings, at.published).publishedAt.getTime() + at.hours * HOUR);
  const offers = new Map<string, number>();
  const offerOf = (title: string, buyer: number) => {
    const id = offers.get(`${title}|${buyer}`);
    if (id === undefined) throw new Error(`Demo: no hay una oferta de ${buyer} por "${title}"`);
    return id;
  };

  const timeline = STEPS.map((step) => ({ step, at: timeOf(step) })).sort(
    (a, b) => a.at.getTime() - b.at.getTime(),
  );
  for (const { step, at } of timeline) {
    if (at.getTime() > deps.seededAt.getTime()) throw new Error('Demo: un paso queda en el futuro');
    clock = at;
    if ('offer' in step) {
      const { by, on, price } = step.offer;
      const listing = listingOf(listings, on);
      const sale = await createOffer(services, actor(by), {
        buyerId: actor(by).id,
        productId: listing.id,
        price,
      });
      offers.set(`${on}|${by}`, sale.id);
    } else if ('accept' in step || 'reject' in step) {
      const { on, from } = 'accept' in step ? step.accept : step.reject;
      const seller = listingOf(listings, on).sellerId;
      const sellerActor: Actor = { id: seller, roles: [ROLE_USER], verified: true };
      await decideOffer(
        services,
        sellerActor,
        offerOf(on, from),
        'accept' in step ? 'accepted' : 'rejected',
      );
    } else if ('review' in step) {
      const { by, on, rating, comment } = step.review;
      await createReview(services, actor(by), {
        productId: listingOf(listings, on).id,
        rating,
        comment,
      });
    } else if ('message' in step) {
      const { from, to, content } = step.message;
      await sendPrivateMessage(services, actor(from), {
        senderId: actor(from).id,
        receiverId: actor(to).id,
        content,
        timestamp: at.toISOString(),
      });
    } else if ('read' in step) {
      await markConversationRead(services, actor(step.read.by), actor(step.read.from).id);
    } else {
      await toggleFavorite(services, actor(step.favourite.by), {
        productId: listingOf(listings, step.favourite.on).id,
      });
    }
  }

  // Each member has opened the notifications of the days before and marked them read.
  clock = deps.seededAt;
  const readBefore = deps.seededAt.getTime() - READ_NOTIFICATIONS_BEFORE_HOURS * HOUR;
  for (const index of userIds.keys()) {
    const { items } = await listNotifications(services, actor(index), {
      read: false,
      page: 0,
      size: 500,
    });
    for (const notification of items) {
      if (new Date(notification.createdAt).getTime() < readBefore) {
        await markNotificationRead(services, actor(index), notification.id);
      }
    }
  }
};
