/**
 * Chat safety nudges (issue 20, decision 071): what in a received message should remind the
 * reader of the safety tips. Pure and shared: the web shows the reminder under the message, the
 * server never uses it to block or alter anything.
 *
 * Text is compared folded (lower case, accents removed) so "Consignación" and "consignacion",
 * "Transferéncia" and "TRANSFERENCIA" match alike.
 */
export type SafetyNudgeReason = 'payAhead' | 'offApp' | 'transfer';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Asking for money before the meeting: "paga antes", "adelanto", "anticipo", "abono"... */
const PAY_AHEAD = [
  /\b(pag|consign|envia|manda|deposit|gira)\w*[^.!?\n]{0,30}\b(antes|primero|por adelantado|adelantado|anticipado)\b/,
  /\b(adelanto|anticipo|abono|pago anticipado|separar con|apartar con)\b/,
];

/** Moving the conversation off the app: other apps, links, phone numbers, email addresses. */
const OFF_APP = [
  /\b(whats ?app|wasap|wsp|wpp|telegram|signal|instagram|insta|facebook|messenger|tiktok|line)\b/,
  /\b(https?:\/\/|www\.)\S+/,
  /\b[a-z0-9-]+\.(com|co|net|org|me|ly|io|app|link)(\/\S*)?\b/,
  /\bwa\.me\b|\bt\.me\b/,
  /[\w.+-]+@[\w-]+\.[\w.]+/,
  /\b(escribeme|llamame|hablame|marcame) (al|a mi)\b/,
];

/** A phone number: seven or more digits, allowing spaces, dots, dashes and a leading +. */
const PHONE = /(?:\+?\d[\s.-]?){7,}/;
/** Prices written with thousands separators ("1.200.000", "$ 850,000") are not phone numbers. */
const PRICE = /\$?\s?\d{1,3}(?:[.,]\d{3})+(?![.,]?\d)/g;

/** Naming a money transfer. */
const TRANSFER = [
  /\b(nequi|daviplata|bancolombia|transfiya|pse|paypal|western union|efecty|baloto|movii|dale)\b/,
  /\b(transferencia|transferir|transfiere|transfieres|transfierame|consignacion|consignar|consigna|consignas|consigname|giro|gira(me)?)\b/,
  /\b(numero de cuenta|cuenta de ahorros|cuenta corriente|llave bre-?b)\b/,
];

/**
 * The reasons a message calls for the reminder, in a fixed order (empty when none). Several may
 * apply at once ("pásame por Nequi antes, mi número es 300 123 4567").
 */
export const detectSafetyNudges = (text: string): SafetyNudgeReason[] => {
  const folded = fold(text);
  const reasons: SafetyNudgeReason[] = [];
  if (PAY_AHEAD.some((pattern) => pattern.test(folded))) reasons.push('payAhead');
  if (OFF_APP.some((pattern) => pattern.test(folded)) || PHONE.test(folded.replace(PRICE, ' ')))
    reasons.push('offApp');
  if (TRANSFER.some((pattern) => pattern.test(folded))) reasons.push('transfer');
  return reasons;
};

/** Whether the reader of `text` should see the safety reminder. */
export const needsSafetyNudge = (text: string) => detectSafetyNudges(text).length > 0;

/** The reminder's Spanish texts (the web shows one line per reason and a link to report). */
export const SAFETY_NUDGE_MESSAGES = {
  title: 'Cuida tu compra',
  payAhead: 'Nunca pagues por adelantado: paga solo cuando tengas el producto en la mano.',
  offApp: 'Mantén la conversación en UniMercado: así podemos ayudarte si algo sale mal.',
  transfer: 'Prefiere pagar en persona, al recibir el producto, en un lugar público del campus.',
  tips: 'Consejos de seguridad',
  report: 'Reportar',
} as const satisfies Record<SafetyNudgeReason | 'title' | 'tips' | 'report', string>;
