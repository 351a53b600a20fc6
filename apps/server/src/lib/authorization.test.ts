import { describe, expect, it } from 'vitest';
import {
  assertAdmin,
  assertOwner,
  assertPayloadActor,
  assertSelf,
  assertVerified,
  isAdmin,
} from './authorization';

const user = { id: 7, roles: ['ROLE_USER'], verified: true };
const admin = { id: 1, roles: ['ROLE_USER', 'ROLE_ADMIN'], verified: true };

describe('authorization rules', () => {
  it('owner and self: only the same id passes, admins included', () => {
    expect(() => assertOwner(user, 7)).not.toThrow();
    expect(() => assertOwner(user, 8)).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => assertOwner(admin, 7)).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => assertSelf(user, 7)).not.toThrow();
    expect(() => assertSelf(admin, 7, 'Solo tus datos.')).toThrow('Solo tus datos.');
  });

  it('payload ids: absent or the actor pass, anyone else is 403', () => {
    expect(() => assertPayloadActor(user, undefined)).not.toThrow();
    expect(() => assertPayloadActor(user, null)).not.toThrow();
    expect(() => assertPayloadActor(user, 7)).not.toThrow();
    expect(() => assertPayloadActor(user, 1)).toThrow(expect.objectContaining({ statusCode: 403 }));
  });

  it('admin role and verified email', () => {
    expect(isAdmin(admin)).toBe(true);
    expect(isAdmin(user)).toBe(false);
    expect(() => assertAdmin(admin)).not.toThrow();
    expect(() => assertAdmin(user)).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => assertVerified({ ...user, verified: false })).toThrow(
      expect.objectContaining({ statusCode: 403, code: 'EMAIL_NOT_VERIFIED' }),
    );
  });
});
