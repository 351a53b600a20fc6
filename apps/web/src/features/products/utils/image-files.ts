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

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/**
 * Whether a file's first bytes are those of a JPEG, PNG or WebP image, whatever its name or the
 * type the browser guessed from it: a text file renamed `.jpg` is refused when it is picked, not
 * at 'Publicar' (issue 18). The server checks again (file-type and sharp).
 */
export const hasImageContent = async (file: Blob): Promise<boolean> => {
  const bytes = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return (
    startsWith(bytes, [0xff, 0xd8, 0xff]) ||
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
  );
};

/**
 * `acceptImageFiles` after reading each file's first bytes: a file that is no image is left out
 * with the same message as a file of another type.
 */
export const checkImageFiles = async (
  picked: readonly File[],
  current: number,
): Promise<{ accepted: File[]; problems: ImageFileProblem[] }> => {
  const isImage = await Promise.all(picked.map(hasImageContent));
  const notImages = picked.filter((_, index) => !isImage[index]);
  const checked = acceptImageFiles(
    picked.filter((_, index) => isImage[index]),
    current,
  );
  return {
    accepted: checked.accepted,
    problems: [
      ...notImages.map((file) => ({
        message: PRODUCT_MESSAGES.imageUnsupported(file.name),
        isTooLarge: false,
      })),
      ...checked.problems,
    ],
  };
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
