import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningSecret } from '../src/services/secrets.js';
import { TokenService } from '../src/services/tokens.js';
import { ADMIN, databaseTargets, startTestApp, type TestApp, USER } from './harness.js';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(databaseTargets)('users and sign-in on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t?.close());

  const signIn = (email: string, password: string) =>
    t.call('POST', '/ranwal/api/user/sign-in', { body: { email, password } });

  describe('sign-in', () => {
    it('answers the token and the user, and the token opens /user/me', async () => {
      const response = await signIn(`  ${USER.email.toUpperCase()} `, USER.password);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        status: 200,
        data: { id: t.userId, name: 'Budi Santoso', email: USER.email, role: 'user' },
      });
      expect(body.message).toEqual(expect.any(String));
      const me = await t.call('GET', '/ranwal/api/user/me', { token: body.data.token });
      expect(me.json().data).toEqual({
        id: t.userId,
        name: 'Budi Santoso',
        email: USER.email,
        role: 'user',
        agency_ids: [],
      });
    });

    it.each([
      ['a wrong password', USER.email, 'wrong-password'],
      ['an unknown email', 'nobody@test.local', USER.password],
    ])('refuses %s with 401 and one message for both', async (_, email, password) => {
      const response = await signIn(email, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        status: 401,
        message: 'Email atau kata sandi salah.',
      });
    });

    it('rejects a malformed email, naming the field', async () => {
      const response = await signIn('not-an-email', 'x');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('email');
    });
  });

  describe('tokens', () => {
    it.each([
      ['no token', undefined],
      ['garbage', 'garbage'],
      ['a bearer of the wrong shape', 'a.b.c'],
    ])('answers 401 "Token Invalid" for %s', async (_, token) => {
      const response = await t.call('GET', '/ranwal/api/user/me', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        status: 401,
        message: 'Token Invalid',
        data: null,
        code: 'unauthorized',
      });
    });

    it('refuses a tampered, an expired, and a report-link token', async () => {
      const [header, payload, signature] = t.userToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString(
        'base64url',
      );
      const tampered = `${header}.${forged}.${signature}`;

      const secret = await loadSigningSecret(t.database.db, undefined);
      const expired = await new SignJWT({ purpose: 'session' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(t.userId)
        .setIssuer('ranwal')
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(secret);
      const reportLink = await new TokenService(secret, 600).sign(t.userId, 'report');

      for (const token of [tampered, expired, reportLink]) {
        const response = await t.call('GET', '/ranwal/api/user/me', { token });
        expect(response.statusCode).toBe(401);
        expect(response.json().message).toBe('Token Invalid');
      }
    });

    it('stops accepting the token of a deleted user', async () => {
      const created = await t.call('POST', '/ranwal/api/user/create', {
        token: t.adminToken,
        body: {
          id: null,
          name: 'Sementara',
          email: 'temp@test.local',
          role: 'user',
          password: 'password-123',
        },
      });
      const token = (await signIn('temp@test.local', 'password-123')).json().data.token;
      expect((await t.call('GET', '/ranwal/api/user/me', { token })).statusCode).toBe(200);
      await t.call('DELETE', `/ranwal/api/user/${created.json().data.id}/delete`, {
        token: t.adminToken,
      });
      const after = await t.call('GET', '/ranwal/api/user/me', { token });
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe('Token Invalid');
    });
  });

  describe('user management', () => {
    it('lists users for admins only, never with password hashes', async () => {
      expect((await t.call('GET', '/ranwal/api/user/list')).statusCode).toBe(401);
      expect(
        (await t.call('GET', '/ranwal/api/user/list', { token: t.userToken })).statusCode,
      ).toBe(403);
      const response = await t.call('GET', '/ranwal/api/user/list?search=budi', {
        token: t.adminToken,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([
        { id: t.userId, name: 'Budi Santoso', email: USER.email, role: 'user', agency_ids: [] },
      ]);
      expect(response.body).not.toMatch(/password|argon2/i);
    });

    it('finds the users and verifiers without a Perangkat Daerah, to assign them one (issue 34)', async () => {
      const admin = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
        t.call(method, `/ranwal/api/${path}`, { token: t.adminToken, body });
      const unit = (await admin('POST', 'agency/create', { name: 'Dinas Tanpa' })).json().data;
      const person = async (name: string, role: string, agency_ids: string[]) =>
        (
          await admin('POST', 'user/create', {
            name,
            email: `${name.toLowerCase()}.tanpa@test.local`,
            role,
            password: 'rahasia-tanpa-1',
            agency_ids,
          })
        ).json().data as { id: string; email: string };
      const loose = await person('Lepas', 'verifier', []);
      await person('Terikat', 'user', [unit.id]);
      const found = async () =>
        (await admin('GET', 'user/list?without_agency=true&limit=100')).json();
      const before = await found();
      const names = before.data.map((user: { name: string }) => user.name);
      expect(names).toContain('Budi Santoso');
      expect(names).toContain('Lepas');
      expect(names).not.toContain('Terikat');
      expect(before.data.every((user: { role: string }) => user.role !== 'admin')).toBe(true);
      expect(before.filter.filtered_result).toBeLessThan(before.filter.total_result);
      // Given a unit, the verifier leaves the list.
      const assigned = await admin('PUT', `user/${loose.id}/update`, {
        name: 'Lepas',
        email: loose.email,
        role: 'verifier',
        agency_ids: [unit.id],
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      const after = (await found()).data.map((user: { name: string }) => user.name);
      expect(after).not.toContain('Lepas');
      expect((await admin('GET', 'user/list?without_agency=ya')).statusCode).toBe(400);
    });

    it('creates a user who can then sign in; defaults role to user', async () => {
      const response = await t.call('POST', '/ranwal/api/user/create', {
        token: t.adminToken,
        body: { id: null, name: 'Siti', email: 'Siti@Test.Local', password: 'rahasia-123' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        name: 'Siti',
        email: 'siti@test.local',
        role: 'user',
      });
      expect((await signIn('siti@test.local', 'rahasia-123')).statusCode).toBe(200);
    });

    it.each([
      [
        'a short password',
        { name: 'A', email: 'a@test.local', role: 'user', password: 'short' },
        'password',
      ],
      [
        'a bad email',
        { name: 'A', email: 'nope', role: 'user', password: 'long-enough-1' },
        'email',
      ],
      [
        'an unknown role',
        { name: 'A', email: 'a@test.local', role: 'root', password: 'long-enough-1' },
        'role',
      ],
      [
        'a missing name',
        { email: 'a@test.local', role: 'user', password: 'long-enough-1' },
        'name',
      ],
    ])('rejects %s with 400 naming the field', async (_, body, field) => {
      const response = await t.call('POST', '/ranwal/api/user/create', {
        token: t.adminToken,
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    });

    it('refuses a duplicate email, whatever its case (409)', async () => {
      const response = await t.call('POST', '/ranwal/api/user/create', {
        token: t.adminToken,
        body: {
          name: 'Dup',
          email: USER.email.toUpperCase(),
          role: 'user',
          password: 'long-enough-1',
        },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Email sudah terdaftar.');
    });

    it('updates name, email and role but not the password; 404 for an unknown id', async () => {
      const created = await t.call('POST', '/ranwal/api/user/create', {
        token: t.adminToken,
        body: { name: 'Andi', email: 'andi@test.local', role: 'user', password: 'andi-password-1' },
      });
      const id = created.json().data.id;
      const updated = await t.call('PUT', `/ranwal/api/user/${id}/update`, {
        token: t.adminToken,
        body: {
          name: 'Andi Wijaya',
          email: 'andi.w@test.local',
          role: 'admin',
          password: 'ignored-new-1',
        },
      });
      expect(updated.json().data).toEqual({
        id,
        name: 'Andi Wijaya',
        email: 'andi.w@test.local',
        role: 'admin',
        agency_ids: [],
      });
      expect((await signIn('andi.w@test.local', 'andi-password-1')).statusCode).toBe(200);
      const missing = await t.call('PUT', `/ranwal/api/user/${MISSING}/update`, {
        token: t.adminToken,
        body: { name: 'X', email: 'x@test.local', role: 'user' },
      });
      expect(missing.statusCode).toBe(404);
      const duplicate = await t.call('PUT', `/ranwal/api/user/${id}/update`, {
        token: t.adminToken,
        body: { name: 'X', email: ADMIN.email, role: 'user' },
      });
      expect(duplicate.statusCode).toBe(409);
    });

    it('never lets an admin delete themself or the last admin', async () => {
      const me = (await t.call('GET', '/ranwal/api/user/me', { token: t.adminToken })).json().data;
      const self = await t.call('DELETE', `/ranwal/api/user/${me.id}/delete`, {
        token: t.adminToken,
      });
      expect(self.statusCode).toBe(409);

      // Make the original admin the only admin again, then try to demote it.
      const admins = (
        await t.call('GET', '/ranwal/api/user/list?limit=100', { token: t.adminToken })
      )
        .json()
        .data.filter((u: { role: string; id: string }) => u.role === 'admin' && u.id !== me.id);
      for (const other of admins) {
        expect(
          (await t.call('DELETE', `/ranwal/api/user/${other.id}/delete`, { token: t.adminToken }))
            .statusCode,
        ).toBe(200);
      }
      const demote = await t.call('PUT', `/ranwal/api/user/${me.id}/update`, {
        token: t.adminToken,
        body: { name: me.name, email: me.email, role: 'user' },
      });
      expect(demote.statusCode).toBe(409);
      expect(
        (await t.call('GET', '/ranwal/api/user/me', { token: t.adminToken })).json().data.role,
      ).toBe('admin');
    });
  });
});
