/**
 * A prerendered page (docs/decisions/034) is live HTML before the app's code has run: a visitor
 * may already type into its fields, and send its form. The app's first render replaces that HTML
 * with its own; this carries what was typed, and the focus, over to the app's field of the same
 * name, and sends the app's form when the prerendered one was sent (public/boot.js held it back
 * and marked it), so nothing done while the code loaded is lost.
 */
type Field = HTMLInputElement | HTMLTextAreaElement;

const TEXT_FIELDS = 'input[name], textarea[name]';
const NOT_TYPED = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset']);

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;

/**
 * Sets a field's value as typing would: through the element's own value setter (React keeps
 * its own copy of the value and would ignore a plain assignment), then an `input` event, which
 * React's onChange listens to.
 */
const typeInto = (field: Field, value: string) => {
  Reflect.set(Object.getPrototypeOf(field) as object, 'value', value, field);
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

/** The caret at the end of what was typed; some types (email, number) have no selection. */
const moveCaretToEnd = (field: Field) => {
  try {
    field.setSelectionRange(field.value.length, field.value.length);
  } catch {
    // No selection API for this input type.
  }
};

/**
 * Watches the prerendered page's text fields from now until `handOver`, which the app calls
 * after its first render: each of the app's fields that is still empty gets what was typed into
 * the prerendered field of the same name, and the field that had the focus gets it back.
 */
export const watchPrerenderedFields = (page: Element) => {
  const fields = Array.from(page.querySelectorAll<Field>(TEXT_FIELDS)).filter(
    (field) => !NOT_TYPED.has(field.type),
  );
  // The visitor may have been typing before the app's code arrived.
  let focused: Field | null = fields.find((field) => field === document.activeElement) ?? null;
  const onFocusIn = (event: FocusEvent) => {
    // Once the app has replaced the page, focus moves are the app's own (an autofocus).
    if (!page.isConnected) return;
    focused = isField(event.target) && fields.includes(event.target) ? event.target : null;
  };
  document.addEventListener('focusin', onFocusIn);

  return {
    handOver: (appRoot: Element) => {
      document.removeEventListener('focusin', onFocusIn);
      // Replaced while focused, the prerendered field took the focus with it (to <body>, or to
      // a field the app focuses on its own): the visitor's place wins.
      const active = document.activeElement;
      const hadFocus =
        focused !== null &&
        !focused.isConnected &&
        (active === null || active === document.body || appRoot.contains(active));
      const formsToSend = new Set<HTMLFormElement>();
      for (const old of fields) {
        const next = appRoot.querySelector(`[name="${CSS.escape(old.name)}"]`);
        if (!isField(next) || next.type !== old.type) continue;
        if (old.value !== '' && next.value === '') typeInto(next, old.value);
        if (hadFocus && old === focused) {
          next.focus();
          moveCaretToEnd(next);
        }
        if (old.form?.hasAttribute('data-submit-pending') && next.form) formsToSend.add(next.form);
      }
      focused = null;
      // As the visitor asked: through the app's own submit handling (validation included), once
      // React has rendered what was typed in (it updates after the input events, not during).
      if (formsToSend.size > 0) {
        setTimeout(() => {
          for (const form of formsToSend) if (form.isConnected) form.requestSubmit();
        }, 0);
      }
    },
  };
};
