import { TOTAL_COUNT_HEADER } from '@unimercado/shared/constants';
import { env } from '@/config/env';
import { getSessionStore } from './session-store';

export const NETWORK_ERROR_MESSAGE =
  'No se pudo conectar con el servidor. Por favor, verifica tu conexión.';
export const SERVER_ERROR_MESSAGE = 'Error en el servidor';

/**
 * An HTTP failure. `message` is what a person can read: the contract's Spanish `error` field when
 * the server sent one (`hasServerMessage`), otherwise a generic text by status. `status` 0 means
 * the server could not be reached.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly hasServerMessage: boolean;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { details?: unknown; hasServerMessage?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.hasServerMessage = options.hasServerMessage ?? false;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The text to show for a failed call: the server's message, else the error's own message, else
 * `fallback` (spec section 8: "server error field, else message, else ...").
 */
export const toUserMessage = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError) {
    if (error.isNetworkError || error.hasServerMessage) return error.message;
    return fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
};

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * For calls that end every session themselves (a password chosen through an emailed link): the
   * caller signs out locally and shows its own result, so a 401 must not redirect as well.
   */
  skipUnauthorizedHandling?: boolean;
};

type UnauthorizedHandler = () => void;

const defaultUnauthorizedHandler: UnauthorizedHandler = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};
let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

/** The router installs a client-side navigation to /login here (app/router.tsx). */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler | null) => {
  unauthorizedHandler = handler ?? defaultUnauthorizedHandler;
};

export const buildUrl = (path: string, query?: Record<string, QueryValue>): string => {
  const base = path.startsWith('/api') ? path : `${env.apiBaseUrl}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${base}?${search}` : base;
};

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const toApiError = (status: number, body: unknown): ApiError => {
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    const serverMessage =
      typeof record.error === 'string' && record.error.trim()
        ? record.error
        : typeof record.message === 'string' && record.message.trim()
          ? record.message
          : null;
    const code = typeof record.code === 'string' ? record.code : `HTTP_${status}`;
    if (serverMessage) {
      return new ApiError(status, code, serverMessage, {
        details: record.details,
        hasServerMessage: true,
      });
    }
    return new ApiError(status, code, status >= 500 ? SERVER_ERROR_MESSAGE : `Error ${status}`, {
      details: record.details,
    });
  }
  return new ApiError(
    status,
    `HTTP_${status}`,
    status >= 500 ? SERVER_ERROR_MESSAGE : `Error ${status}`,
  );
};

export type ApiResponse<T> = { data: T; headers: Headers; status: number };

/** How a request reaches the API: `fetch` in the browser. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
const browserTransport: ApiTransport = (url, init) => fetch(url, init);
let transport = browserTransport;

/**
 * The server renders pages with their data by answering the app's API calls in-process, one
 * page at a time (app/server-render.tsx, decision 036); null restores `fetch`.
 */
export const setApiTransport = (next: ApiTransport | null) => {
  transport = next ?? browserTransport;
};

/**
 * Same-origin JSON fetch (architecture.md): sends the bearer token when there is one and cookies,
 * turns the contract's error body into an ApiError, and signs out to /login on any 401.
 */
export const apiRequest = async <T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> => {
  const store = getSessionStore();
  const token = store.getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await transport(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }

  const body = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && !options.skipUnauthorizedHandling) {
      // Spec section 4: a 401 clears the session and sends the browser to /login.
      store.expire();
      unauthorizedHandler();
    }
    throw toApiError(response.status, body);
  }
  return { data: body as T, headers: response.headers, status: response.status };
};

export const api = {
  get: async <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    (await apiRequest<T>(path, { ...options, method: 'GET' })).data,
  post: async <T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ) => (await apiRequest<T>(path, { ...options, method: 'POST', body })).data,
  put: async <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    (await apiRequest<T>(path, { ...options, method: 'PUT', body })).data,
  patch: async <T>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ) => (await apiRequest<T>(path, { ...options, method: 'PATCH', body })).data,
  delete: async <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    (await apiRequest<T>(path, { ...options, method: 'DELETE' })).data,
};

export type UploadOptions = {
  /** Share of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * A multipart upload (the photos) with progress, which fetch cannot report: same token, same
 * error body and the same 401 handling as apiRequest.
 */
export const apiUpload = <T>(path: string, form: FormData, options: UploadOptions = {}) =>
  new Promise<T>((resolve, reject) => {
    const store = getSessionStore();
    const token = store.getToken();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(event.loaded / event.total);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(body as T);
        return;
      }
      if (xhr.status === 401) {
        store.expire();
        unauthorizedHandler();
      }
      reject(toApiError(xhr.status, body));
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });

export type Page<T> = { items: T[]; total: number };

/** A paginated list: the JSON array plus the total from `X-Total-Count`. */
export const getPage = async <T>(
  path: string,
  options?: Omit<RequestOptions, 'method' | 'body'>,
): Promise<Page<T>> => {
  const { data, headers } = await apiRequest<T[]>(path, { ...options, method: 'GET' });
  const items = Array.isArray(data) ? data : [];
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return {
    items,
    total: Number.isFinite(total) && headers.has(TOTAL_COUNT_HEADER) ? total : items.length,
  };
};
