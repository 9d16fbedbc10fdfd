import { describe, expect, it } from 'vitest';
import { ActionInput, ProgramInput, SubActionInput, SubtitleInput } from './schemas.js';

const id = '00000000-0000-4000-8000-000000000001';

describe('official codes on the levels above the account', () => {
  it.each([
    // Left out, it stays out: an update keeps the stored code (the spec's client sends none).
    [ProgramInput, { name: 'P' }, undefined],
    [ProgramInput, { name: 'P', code: '  ' }, null],
    [ProgramInput, { name: 'P', code: ' 1.01.01 ' }, '1.01.01'],
    [ProgramInput, { name: 'P', code: 'X.XX.01' }, 'X.XX.01'],
    [ActionInput, { name: 'K', program_id: id, code: '1.01.01.2.01' }, '1.01.01.2.01'],
    [SubActionInput, { name: 'S', action_id: id, code: '1.01.01.2.01.0001' }, '1.01.01.2.01.0001'],
    [SubActionInput, { name: 'S', action_id: id, code: '1.01.01.2.01.01' }, '1.01.01.2.01.01'],
    [SubtitleInput, { name: 'T', activity_id: id, code: 'A-1' }, 'A-1'],
  ] as const)(
    'reads %#: a blank code is none, a left-out one stays out, a valid one is kept trimmed',
    (schema, body, code) => {
      expect(schema.parse(body).code).toBe(code);
    },
  );

  it.each([
    [ProgramInput, { name: 'P', code: '1.1.1' }],
    [ProgramInput, { name: 'P', code: '1.01.01.2.01' }],
    [ActionInput, { name: 'K', program_id: id, code: '1.01.01' }],
    [SubActionInput, { name: 'S', action_id: id, code: '1.01.01.2.01.001' }],
  ] as const)('refuses %#: a code not in its level pattern, naming an example', (schema, body) => {
    const result = schema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['code']);
    expect(result.error?.issues[0]?.message).toMatch(/^format kode tidak sesuai, mis\. \d/);
  });

  it('takes official names up to 1 000 characters and says the limit past it', () => {
    expect(ProgramInput.parse({ name: 'n'.repeat(1000) }).name).toHaveLength(1000);
    const result = ProgramInput.safeParse({ name: 'n'.repeat(1001) });
    expect(result.error?.issues[0]?.message).toBe('maksimal 1000 karakter');
  });
});
