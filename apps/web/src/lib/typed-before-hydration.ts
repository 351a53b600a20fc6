/**
 * What a visitor typed into the server's page before the app hydrated it (decision 045). React
 * hydrates a controlled field keeping the typed text on screen, but its state does not have it:
 * the text is noted from before hydration starts (app/main.tsx) and typed again once the field is
 * hydrated, as an `input` event React's own handlers receive (components/errors/route-boundary.tsx). React's
 * experimental releases replay such changes themselves (`enableHydrationChangeEvent`); once the
 * stable one does, this goes.
 */
type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Each field typed into before React hydrated it, with its last text. */
let typed = new Map<TextField, string>();
let watched: Element | null = null;

const isTextField = (element: EventTarget | null): element is TextField =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(element.type));

const noteInput = (event: Event) => {
  if (isTextField(event.target)) typed.set(event.target, event.target.value);
};

/**
 * Notes the fields of `root` whose text differs from what the server wrote, and what is typed
 * into it from now until the page is hydrated (React hydrates in steps).
 */
export const noteTypedFields = (root: Element) => {
  for (const field of root.querySelectorAll('input, textarea')) {
    if (isTextField(field) && field.value !== field.defaultValue) typed.set(field, field.value);
  }
  root.addEventListener('input', noteInput, true);
  watched = root;
};

/** How long after the page hydrated a part of it (a lazy field) may still be hydrating. */
const RETYPE_WAIT_MS = 3_000;

/**
 * React tracks a field's value once it has hydrated it, through a `value` property of the field
 * itself (the browser's is the prototype's); a field still waiting for its code has none.
 */
const isHydrated = (field: TextField) => Object.hasOwn(field, 'value');

const retype = (field: TextField, value: string) => {
  // The field's own setter (React's tracking) notes the value the app has, the prototype's sets
  // the typed one behind it, as typing does: React's handlers then see a change.
  field.value = field.defaultValue;
  const prototype = Object.getPrototypeOf(field) as HTMLInputElement;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

/**
 * Types the noted text again into each field once React has hydrated it (a part of the page that
 * loads later is hydrated later), through React's handlers, as if typed after;
 * resolves when every noted field is done, or after RETYPE_WAIT_MS.
 */
export const retypeNotedFields = () =>
  new Promise<void>((resolve) => {
    watched?.removeEventListener('input', noteInput, true);
    watched = null;
    let waiting = [...typed];
    typed = new Map();
    const deadline = Date.now() + RETYPE_WAIT_MS;
    const check = () => {
      waiting = waiting.filter(([field, noted]) => {
        if (!field.isConnected) return false;
        if (!isHydrated(field)) return true;
        // A hydrated field's default is the app's state: hydration keeps the typed text on screen
        // without it, or a render sets the text back to it. Type the text again either way.
        const text = field.value !== field.defaultValue ? field.value : noted;
        if (text !== field.defaultValue) retype(field, text);
        return false;
      });
      if (waiting.length === 0 || Date.now() > deadline) resolve();
      else setTimeout(check, 50);
    };
    check();
  });
