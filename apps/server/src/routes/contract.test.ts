import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { type Handlers, registerContract } from './contract.js';

const program = {
  id: '3f0c8a52-4d0e-4b8e-9c59-2f1f0b7f4a11',
  code: null,
  name: 'Program A',
  is_taxed: false,
  agency_id: null,
  agency_name: null,
};
const filter = { current_page: 1, total_page: 1, filtered_result: 1, total_result: 1 };

/** The contract with every handler answering the program list `data`, and no access check. */
async function appAnswering(data: unknown[], checkResponses?: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  const handler = async () => ({ data, filter });
  const handlers = new Proxy({}, { get: () => new Proxy({}, { get: () => handler }) });
  registerContract(app, {
    handlers: handlers as Handlers,
    authorize: async () => ({
      id: program.id,
      name: 'Admin',
      email: 'a@b.c',
      role: 'admin',
      agency_ids: [],
    }),
    ...(checkResponses === undefined ? {} : { checkResponses }),
  });
  await app.ready();
  return app;
}

describe('response serialization', () => {
  it.each([
    ['an answer that matches the schema', [program], 200],
    ['a field of the wrong type', [{ ...program, is_taxed: 'no' }], 500],
    ['a field the schema does not declare', [{ ...program, password_hash: 'x' }], 500],
  ])('checks answers outside production: %s', async (_, data, status) => {
    const app = await appAnswering(data);
    const response = await app.inject({ method: 'GET', url: '/ranwal/api/program/list' });
    expect(response.statusCode).toBe(status);
    if (status === 200) {
      expect(response.json()).toEqual({ status: 200, message: 'Berhasil', data, filter });
    }
  });

  it('writes the same answer unchecked in production', async () => {
    const app = await appAnswering([program], false);
    const response = await app.inject({ method: 'GET', url: '/ranwal/api/program/list' });
    expect(response.json()).toEqual({ status: 200, message: 'Berhasil', data: [program], filter });
  });
});
