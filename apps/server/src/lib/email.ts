/**
 * The look of every email the product sends: a plain-text version and a simple HTML version of
 * the same paragraphs, with at most one button. Modules write their own wording and hand the
 * result to `deps.mailer.enqueue` (docs/decisions/011).
 */
import escapeHtml from 'escape-html';

const ZERO_WIDTH_NON_JOINER = '\u200C';

/**
 * Text a person chose (a name) shown in an email as plain text only. Mail clients turn anything
 * that looks like an address, a domain (`evil.com`) or a phone number into a link, so a
 * zero-width non-joiner follows every digit and punctuation mark: the text reads the same and
 * nothing in it can be linked. Line breaks, control and invisible formatting characters (bidi
 * overrides included) are removed so the text cannot fake a paragraph or reverse itself.
 */
export const plainText = (value: string) =>
  value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\p{N}\p{P}\p{S}]/gu, (char) => `${char}${ZERO_WIDTH_NON_JOINER}`);

/** 'Hola, Ana:', the greeting of every email to a member, their name made plain text. */
export const greetingFor = (name: string) => `Hola, ${plainText(name)}:`;

export type EmailContent = {
  appName: string;
  /** Already made safe with `plainText` when it comes from a person. */
  greeting: string;
  /** Plain-text paragraphs, before the button. */
  intro: string[];
  action?: { label: string; url: string };
  /** Plain-text paragraphs after the button. */
  outro: string[];
};

const paragraphHtml = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;

export const renderEmail = ({ appName, greeting, intro, action, outro }: EmailContent) => {
  const text = [
    greeting,
    '',
    ...intro.flatMap((line) => [line, '']),
    ...(action ? [action.url, ''] : []),
    ...outro.flatMap((line) => [line, '']),
    `— El equipo de ${appName}`,
  ].join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#6200ea;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555555">O copia este enlace en tu navegador:<br><a href="${escapeHtml(action.url)}" style="color:#6200ea;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:24px;background:#f6f4fb;font-family:Roboto,Arial,sans-serif;color:#1f1f1f;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<h1 style="margin:0 0 16px;color:#6200ea;font-family:Poppins,Arial,sans-serif;font-size:22px">${escapeHtml(appName)}</h1>
${paragraphHtml(greeting)}
${intro.map(paragraphHtml).join('\n')}
${button}
${outro.map(paragraphHtml).join('\n')}
<p style="margin:24px 0 0;color:#555555">— El equipo de ${escapeHtml(appName)}</p>
</div></body></html>`;
  return { text, html };
};
