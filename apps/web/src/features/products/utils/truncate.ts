/** Cuts `text` to `max` characters with '...' (spec section 2: card title 23, description 30). */
export const truncate = (text: string, max: number) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max).trimEnd()}...` : clean;
};
