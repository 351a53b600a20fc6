/** A piece of a chat message: plain text, or a link to a page of this site. */
export type MessagePart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; path: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/**
 * Messages are text, never HTML (issue 10). A URL becomes a link only when it points to this
 * site (same origin); any other address stays plain text, so nobody is lured away by a click.
 */
export const splitMessage = (content: string, origin: string): MessagePart[] => {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of content.matchAll(URL_PATTERN)) {
    let raw = match[0];
    const trailing = TRAILING_PUNCTUATION.exec(raw)?.[0] ?? '';
    raw = raw.slice(0, raw.length - trailing.length);
    const start = match.index;
    let url: URL | null;
    try {
      url = new URL(raw);
    } catch {
      url = null;
    }
    if (!url || url.origin !== origin) continue;
    if (start > last) parts.push({ kind: 'text', text: content.slice(last, start) });
    parts.push({ kind: 'link', text: raw, path: `${url.pathname}${url.search}${url.hash}` });
    last = start + raw.length;
  }
  if (last < content.length) parts.push({ kind: 'text', text: content.slice(last) });
  return parts;
};
