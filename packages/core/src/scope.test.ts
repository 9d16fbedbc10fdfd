import { describe, expect, it } from 'vitest';
import { lineWriteRefusal } from './refusals.js';
import { reachesLine, reachesProgramme, scopeOf } from './scope.js';

const UNIT = 'a0000000-0000-4000-8000-000000000001';
const OTHER = 'a0000000-0000-4000-8000-000000000002';
const people = {
  admin: { id: 'admin', role: 'admin', agency_ids: [] },
  unitUser: { id: 'ani', role: 'user', agency_ids: [UNIT] },
  unitVerifier: { id: 'vera', role: 'verifier', agency_ids: [UNIT] },
  user: { id: 'budi', role: 'user', agency_ids: [] },
  verifier: { id: 'vino', role: 'verifier', agency_ids: [] },
};

describe('scopeOf (issue 34)', () => {
  // Which programmes (of the unit, of another, of none) and lines (own, another's) each reaches.
  it.each([
    ['admin', [true, true, true], [true, true]],
    ['unitUser', [true, false, false], [true, true]],
    ['unitVerifier', [true, false, false], [true, true]],
    ['user', [false, false, true], [true, false]],
    ['verifier', [false, false, true], [true, true]],
  ] as const)('%s', (who, programmes, lines) => {
    const person = people[who];
    const scope = scopeOf(person);
    expect([UNIT, OTHER, null].map((agency) => reachesProgramme(scope, agency))).toEqual(
      programmes,
    );
    const home = who === 'unitUser' || who === 'unitVerifier' ? UNIT : null;
    expect(
      [person.id, 'someone else'].map((created_by) =>
        reachesLine(scope, { agency_id: home, created_by }),
      ),
    ).toEqual(lines);
  });

  it('lets a person without a unit write only under a programme without one, naming the field', () => {
    expect(lineWriteRefusal(people.user, null)).toBeNull();
    expect(lineWriteRefusal(people.user, UNIT)?.issues).toEqual([
      { path: 'program_id', message: expect.stringContaining('tanpa Perangkat Daerah') },
    ]);
    expect(lineWriteRefusal(people.unitUser, null)?.code).toBe('forbidden');
    expect(lineWriteRefusal(people.verifier, null)?.code).toBe('forbidden');
    expect(lineWriteRefusal(people.admin, OTHER)).toBeNull();
  });
});
