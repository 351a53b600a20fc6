import { MAX_IMAGE_BYTES, MAX_IMAGES } from '@unimercado/shared/constants';
import { PRODUCT_MESSAGES } from '@unimercado/shared/schemas/product-messages';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const ACCEPT_ATTRIBUTE = ACCEPTED_TYPES.join(',');

export type ImageFileProblem = { message: string; isTooLarge: boolean };

/**
 * Which of the picked files can join the `current` ones (spec section 5: at most 3 in total,
 * each at most 1 MB). Files over the limit or of another type are left out with a message; the
 * server checks again from the bytes.
 */
export const acceptImageFiles = (
  picked: readonly File[],
  current: number,
): { accepted: File[]; problems: ImageFileProblem[] } => {
  const accepted: File[] = [];
  const problems: ImageFileProblem[] = [];
  for (const file of picked) {
    if (file.type && !ACCEPTED_TYPES.includes(file.type)) {
      problems.push({ message: PRODUCT_MESSAGES.imageUnsupported(file.name), isTooLarge: false });
    } else if (file.size > MAX_IMAGE_BYTES) {
      problems.push({ message: PRODUCT_MESSAGES.imageTooLarge(file.name), isTooLarge: true });
    } else if (current + accepted.length >= MAX_IMAGES) {
      if (!problems.some((problem) => problem.message === PRODUCT_MESSAGES.tooManyImages)) {
        problems.push({ message: PRODUCT_MESSAGES.tooManyImages, isTooLarge: false });
      }
    } else {
      accepted.push(file);
    }
  }
  return { accepted, problems };
};

/** Moves the item at `from` to `to` (reordering the photos; index 0 is the cover). */
export const moveItem = <T>(items: readonly T[], from: number, to: number): T[] => {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) {
    return [...items];
  }
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};
