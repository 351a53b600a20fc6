/** PostgreSQL error codes the services turn into contract answers (both drivers carry `code`). */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** A row an `ON DELETE RESTRICT` foreign key still names. */
export const PG_RESTRICT_VIOLATION = '23001';

/** The SQLSTATE of a database error (Drizzle wraps the driver's error in `cause`), if any. */
export const pgErrorCode = (error: unknown): string | undefined => {
  for (let current = error, depth = 0; depth < 5; depth += 1) {
    if (typeof current !== 'object' || current === null) return undefined;
    if (
      'code' in current &&
      typeof current.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(current.code)
    ) {
      return current.code;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
};
