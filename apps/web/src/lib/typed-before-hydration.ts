/**
 * What a visitor typed into the server's page before the app hydrated it (decision 045). React
 * hydrates a controlled field to its state, which does not have the typed text yet: the text is
 * noted before hydration starts (app/main.tsx) and typed again once the page is hydrated, as an
 * `input` event React's own handlers receive (components/errors/route-boundary.tsx). React's
 * experimental releases replay such changes themselves (`enableHydrationChangeEvent`); once the
 * stable one does, this goes.
 */
type TypedField = { field: HTMLInputElement | HTMLTextAreaElement; value: string };

let typed: TypedField[] = [];

const isTextField = (element: Element): element is HTMLInputElement | HTMLTextAreaElement =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(element.type));

/** Notes the fields of `root` whose text differs from what the server wrote. */
export const noteTypedFields = (root: Element) => {
  typed = [...root.querySelectorAll('input, textarea')]
    .filter(isTextField)
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
};

/** How long after the page hydrated a part of it (a lazy field) may still be hydrating. */
const RETYPE_WAIT_MS = 3_000;

/**
 * React tracks a field's value once it has hydrated it, through a `value` property of the field
 * itself (the browser's is the prototype's); a field still waiting for its code has none.
 */
const isHydrated = (field: TypedField['field']) => Object.hasOwn(field, 'value');

const retype = ({ field, value }: TypedField) => {
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
    let waiting = typed;
    typed = [];
    const deadline = Date.now() + RETYPE_WAIT_MS;
    const check = () => {
      waiting = waiting.filter((noted) => {
        const { field, value } = noted;
        if (!field.isConnected) return false;
        if (!isHydrated(field)) return true;
        // Hydration keeps the typed text on screen while the app's state (the field's default
        // since hydration) has what the server wrote, or a render sets the text back to it: type
        // it again either way. Anything else was typed since, through the app: leave it.
        if (field.value === value || field.value === field.defaultValue) {
          if (value !== field.defaultValue) retype(noted);
        }
        return false;
      });
      if (waiting.length === 0 || Date.now() > deadline) resolve();
      else setTimeout(check, 50);
    };
    check();
  });
