/**
 * What a visitor typed into the server's page before the app hydrated it (decision 051). React
 * hydrates a controlled field keeping the typed text on screen, but its state does not have it
 * (React's experimental `enableHydrationChangeEvent` replays such changes; the stable release does
 * not yet). So the page notes the text with the DOM's own `input` event from before `hydrateRoot`
 * (app/main.tsx), and each text field of the app, once hydrated, hands the text noted for it to
 * its own `onChange` (components/form/text-field.tsx), as if typed after. Nothing here reaches
 * into React.
 */

import {
  useEffectEvent,
  useLayoutEffect,
  type ChangeEvent,
  type ChangeEventHandler,
  type RefObject,
} from 'react';

/** A text field's key: its id (MUI's `useId`, the same on the server and in the browser), else its name. */
const keyOf = (field: Element) => field.id || field.getAttribute('name') || '';

const isTextField = (
  element: EventTarget | null,
): element is HTMLInputElement | HTMLTextAreaElement =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(element.type));

/** The last text typed into each field not hydrated yet, by key. */
const noted = new Map<string, string>();
/** Fields the app has taken over: what is typed into them now is the app's. */
const claimed = new Set<string>();
let watched: Element | null = null;
const waiters = new Set<() => void>();

const noteInput = (event: Event) => {
  const key = isTextField(event.target) ? keyOf(event.target) : '';
  if (key && !claimed.has(key) && isTextField(event.target)) noted.set(key, event.target.value);
};

const settle = () => {
  if (noted.size > 0) return;
  for (const resolve of waiters) resolve();
  waiters.clear();
};

/**
 * Notes the text fields of `root` whose text differs from what the server wrote, and what is typed
 * into any of them until the app takes them over (React hydrates in steps).
 */
export const noteTypedText = (root: Element) => {
  for (const field of root.querySelectorAll('input, textarea')) {
    const key = keyOf(field);
    if (key && isTextField(field) && field.value !== field.defaultValue)
      noted.set(key, field.value);
  }
  root.addEventListener('input', noteInput, true);
  watched = root;
};

/**
 * For a field the app has just hydrated (its mount effect): the text typed into it before, if any.
 * From now on the field is the app's.
 */
export const takeTypedText = (field: Element | null): string | undefined => {
  if (!field || !watched) return undefined;
  const key = keyOf(field);
  if (!key) return undefined;
  claimed.add(key);
  const text = noted.get(key);
  noted.delete(key);
  settle();
  return text;
};

/** How long after the page hydrated a part of it (a lazy field) may still be hydrating. */
const SETTLE_WAIT_MS = 3_000;

/**
 * Resolves once every noted text has reached its field, or after SETTLE_WAIT_MS (a field the page
 * no longer shows); then stops noting.
 */
export const whenTypedTextApplied = () =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      watched?.removeEventListener('input', noteInput, true);
      watched = null;
      noted.clear();
      claimed.clear();
      resolve();
    };
    const timer = setTimeout(() => {
      waiters.delete(done);
      done();
    }, SETTLE_WAIT_MS);
    waiters.add(done);
    settle();
  });

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Once the field in `ref` is hydrated, hands the text typed into the server's page before the app
 * loaded to the field's own `onChange`, as if typed after (lib/typed-before-hydration.ts,
 * decision 051). `value`: what the app holds already.
 */
export const useTypedBeforeHydration = (
  ref: RefObject<Field | null>,
  value: unknown,
  onChange: ChangeEventHandler<Field> | undefined,
) => {
  const takeOver = useEffectEvent(() => {
    const field = ref.current;
    const text = takeTypedText(field);
    const current = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    if (!field || text === undefined || text === current) return;
    if (field.value !== text) field.value = text;
    // What a change event carries to a field's handler: the field, now with the typed text.
    onChange?.({ target: field, currentTarget: field } as ChangeEvent<Field>);
  });
  // A layout effect: React applies the update before the page's own effects run, so a form sent
  // before hydration (components/errors/route-boundary.tsx) is sent with the text.
  useLayoutEffect(() => {
    takeOver();
  }, []);
};
