import { vi } from 'vitest';
import type { Product } from '@unimercado/shared/schemas/products';

let nextId = 100;

/** A product as the API answers it (architecture.md contract plus images and names). */
export const makeProduct = (overrides: Partial<Product> = {}): Product => {
  const id = overrides.id ?? (nextId += 1);
  const images = overrides.images ?? [
    {
      url: `http://localhost/uploads/products/2026/11/${id}.webp`,
      thumbnailUrl: `http://localhost/uploads/products/2026/11/${id}-t.webp`,
      width: 1600,
      height: 1200,
      thumbnailWidth: 480,
      thumbnailHeight: 360,
    },
  ];
  const title = overrides.title ?? `Producto ${id}`;
  return {
    id,
    title,
    name: title,
    description: 'Buen estado, poco uso.',
    price: 85000,
    status: 'Usado',
    location: 'Biblioteca Central',
    categoryId: 1,
    categoryName: 'Libros y apuntes',
    sellerId: 50,
    sellerName: 'Valentina Rojas',
    imageUrl: images.map((image) => image.url).join(','),
    isSold: false,
    isReserved: false,
    soldAt: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    sellerRating: { average: 0, count: 0 },
    ...overrides,
    images,
  };
};

/** A photo as the picker reads it: a JPEG by its first bytes, `size` bytes long. */
export const jpegFile = (name: string, size = 2048, type = 'image/jpeg') => {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([bytes], name, { type });
};

export const CATEGORIES = [
  { id: 1, name: 'Libros y apuntes' },
  { id: 2, name: 'Electrónica' },
  { id: 3, name: 'Muebles' },
];

type UploadReply = { status: number; body: unknown };

/**
 * Stubs XMLHttpRequest (the photo upload reports progress through it): each send answers
 * `reply(form)` after a progress event. Returns the forms that were sent.
 */
export const mockUploads = (reply: (form: FormData) => UploadReply) => {
  const sent: { url: string; form: FormData; headers: Record<string, string> }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      sent.push({ url: this.url, form, headers: this.headers });
      const answer = reply(form);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
};
