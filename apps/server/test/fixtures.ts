import {
  type LineReferenceKey,
  lineReferenceKeys,
  type ManagedEntityKey,
  managedEntities,
  managedEntityKeys,
  messagesId,
} from '@ranwal/core';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

/** The ids of one record per hierarchy level and a supporter: what a budget line points at. */
export type Chain = Record<`${LineReferenceKey}_id`, string>;

/** A record the API answered with. */
export type Created = Record<string, unknown> & { id: string };

/**
 * One record per level of `keys` (every level and a supporter unless told), top to bottom, each
 * under the one made before it, named '<level> <label>'; `create` is the caller's transport
 * (inject, fetch, …) and `overrides` replace fields of a level's payload.
 */
export async function createChainWith<K extends ManagedEntityKey = ManagedEntityKey>(
  create: (path: string, body: Record<string, unknown>) => Promise<Created>,
  label: string,
  {
    keys = managedEntityKeys as readonly ManagedEntityKey[] as readonly K[],
    overrides = {},
  }: {
    keys?: readonly K[];
    overrides?: Partial<Record<ManagedEntityKey, Record<string, unknown>>>;
  } = {},
): Promise<Record<K, Created>> {
  const made: Partial<Record<ManagedEntityKey, Created>> = {};
  for (const key of keys) {
    const level = managedEntities[key];
    const parent = level.parent ? made[level.parent as ManagedEntityKey] : undefined;
    made[key] = await create(level.path, {
      name: `${messagesId.levels[key].label} ${label}`,
      ...(level.parentField && parent ? { [level.parentField]: parent.id } : {}),
      ...(level.codeRequired ? { code: `5.1.02.${label}` } : {}),
      ...overrides[key],
    });
  }
  return made as Record<K, Created>;
}

/**
 * One record per level and a supporter, built top to bottom through the API; the ids a line
 * names. The programme belongs to no Perangkat Daerah (the spec's single office), where the
 * harness's user, who has no unit, writes lines (issue 34).
 */
export async function buildChain(
  t: TestApp,
  label: string,
  /** Fields of a level's payload to replace (a programme's `agency_id`: a unit's programme). */
  overrides: Partial<Record<ManagedEntityKey, Record<string, unknown>>> = {},
): Promise<Chain> {
  const made = await createChainWith(
    async (path, body) => {
      const response = await t.call('POST', `/ranwal/api/${path}/create`, {
        token: t.adminToken,
        body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data;
    },
    label,
    { keys: lineReferenceKeys, overrides },
  );
  return Object.fromEntries(lineReferenceKeys.map((key) => [`${key}_id`, made[key].id])) as Chain;
}

/**
 * A chain whose programme belongs to a Perangkat Daerah of its own, and a user of that unit
 * signed in (`token`): who writes the unit's lines (issue 34: the harness's user, without a
 * unit, does not).
 */
export async function buildUnitChain(
  t: TestApp,
  label: string,
): Promise<{ chain: Chain; agency: string; token: string }> {
  const made = await createChainWith(async (path, body) => {
    const response = await t.call('POST', `/ranwal/api/${path}/create`, {
      token: t.adminToken,
      body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  }, label);
  const chain = Object.fromEntries(
    lineReferenceKeys.map((key) => [`${key}_id`, made[key].id]),
  ) as Chain;
  const { token } = await signedInPerson(t, {
    name: `Staf ${label}`,
    email: `staf.${label.toLowerCase().replace(/[^a-z0-9]/g, '')}@test.local`,
    role: 'user',
    agency_ids: [made.agency.id],
  });
  return { chain, agency: made.agency.id, token };
}

/** A person the admin makes (a role, and units when given), signed in: their token. */
export async function signedInPerson(
  t: TestApp,
  person: {
    name: string;
    email: string;
    role: 'user' | 'verifier' | 'admin';
    agency_ids?: string[];
  },
): Promise<{ token: string }> {
  const password = `${person.role}-password-1`;
  const made = await t.call('POST', '/ranwal/api/user/create', {
    token: t.adminToken,
    body: { ...person, password },
  });
  expect(made.statusCode, made.body).toBe(201);
  const signedIn = await t.call('POST', '/ranwal/api/user/sign-in', {
    body: { email: person.email, password },
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return { token: signedIn.json().data.token };
}

/**
 * A second chain under `chain`'s programme (a kegiatan, sub kegiatan, aktivitas, subtitle,
 * kode rekening and pengampu of its own, named '<level> <label>'), made by the admin: another
 * sub kegiatan of the same unit.
 */
export async function buildSiblingChain(t: TestApp, chain: Chain, label: string): Promise<Chain> {
  const keys = lineReferenceKeys.filter((key) => key !== 'program');
  const made = await createChainWith(
    async (path, body) => {
      const answer = await t.call('POST', `/ranwal/api/${path}/create`, {
        token: t.adminToken,
        body,
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().data;
    },
    label,
    { keys, overrides: { action: { program_id: chain.program_id } } },
  );
  return {
    ...chain,
    ...Object.fromEntries(keys.map((key) => [`${key}_id`, made[key].id])),
  } as Chain;
}

/**
 * A unit (`buildUnitChain`) with two sub kegiatan under one programme, coded
 * 1.02.02.2.01.0001 and …0002, whose lines of `year` its planner wrote: Rp 3.000 under the
 * first and Rp 1.000 under the second (a monthly report's weights, an evaluation's pagu).
 */
export async function buildTwoSubActionUnit(t: TestApp, label: string, year: number) {
  const unit = await buildUnitChain(t, label);
  const second = await buildSiblingChain(t, unit.chain, `${label}DUA`);
  for (const [chain, code, price] of [
    [unit.chain, '1.02.02.2.01.0001', 3_000],
    [second, '1.02.02.2.01.0002', 1_000],
  ] as const) {
    await t.database.db
      .updateTable('sub_action')
      .set({ code })
      .where('id', '=', chain.sub_action_id)
      .execute();
    const line = await t.call('POST', '/ranwal/api/detail-program/create', {
      token: unit.token,
      body: budgetLineInput(chain, { year, price }),
    });
    expect(line.statusCode, line.body).toBe(201);
  }
  return { unit, second };
}

/** A budget line's create payload under `chain`: one untaxed Rim at Rp 1.000, unless overridden. */
export const budgetLineInput = (chain: Chain, overrides: Record<string, unknown> = {}) => ({
  ...chain,
  component_code: 'K-01',
  component_name: 'Kertas A4',
  specification: '80 gram',
  unit: 'Rim',
  price: 1000,
  first_volume: 1,
  second_volume: 1,
  third_volume: 1,
  is_taxed: false,
  year: 2025,
  ...overrides,
});

/**
 * The header row of the 'Download Laporan' workbook, as a reader expects it: written out here
 * (not taken from the server's code) so the server's export and the CLI's are checked against it.
 */
export const REPORT_WORKBOOK_HEADERS = [
  'No',
  'Program',
  'Kegiatan',
  'Sub Kegiatan',
  'Aktivitas',
  'Subtitle',
  'Kode Rekening',
  'Nama Rekening',
  'Kode Komponen',
  'Nama Komponen',
  'Spesifikasi',
  'Satuan',
  'Harga',
  'Volume 1',
  'Volume 2',
  'Volume 3',
  'Koefisien',
  'Total Harga',
  'PPN',
  'Total Setelah Pajak',
  'Pengampu',
  'Tanggal',
  'Sumber Harga',
];

/** Smallest valid images of each accepted type. */
export const images = {
  'image/png': Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  'image/jpeg': Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
    0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
  ]),
  'image/gif': Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  'image/webp': Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
} as const;

export interface Part {
  field: string;
  bytes?: Uint8Array;
  filename?: string;
  type?: string;
  /** A plain text field instead of a file. */
  value?: string;
}

/** A multipart/form-data body and its Content-Type, as a browser's FormData would send it. */
export async function multipart(...parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.value !== undefined) form.append(part.field, part.value);
    else
      form.append(
        part.field,
        new Blob([part.bytes ?? new Uint8Array()], { type: part.type ?? '' }),
        part.filename ?? 'file',
      );
  }
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/**
 * `count` budget lines spread over `chains` in one statement (a list's plans and deep pages need
 * tens of thousands): over two years, one a minute from 2024-06-01, totals of 1 000 to 91 000,
 * every 20th the harness user's and the rest `adminId`'s. The history's triggers are off while
 * they are written (a record of each seeded line is not what these tests read); the kept
 * counts' triggers stay on.
 */
export async function insertSeededLines(
  t: TestApp,
  chains: Chain[],
  adminId: string,
  count: number,
): Promise<void> {
  const column = (key: keyof Chain) =>
    sql.raw(
      `(array[${chains.map((chain) => `'${chain[key]}'::uuid`).join(',')}])[g % ${chains.length} + 1]`,
    );
  await t.database.db.transaction().execute(async (trx) => {
    const { rows: history } = await sql<{ name: string }>`select tgname as name
      from pg_trigger where tgrelid = 'detail_program'::regclass and tgname like '%history%'`.execute(
      trx,
    );
    const each = (action: 'enable' | 'disable') =>
      Promise.all(
        history.map(({ name }) =>
          sql`alter table detail_program ${sql.raw(action)} trigger ${sql.id(name)}`.execute(trx),
        ),
      );
    await each('disable');
    await sql`insert into detail_program (component_code, component_name, specification, unit,
        price, first_volume, second_volume, third_volume, total_price, tax, total_after_tax,
        year, program_id, action_id, sub_action_id, activity_id, subtitle_id, account_id,
        supporter_id, created_by, created_at)
      select 'K-' || (g % 10), (array['Kertas HVS', 'Tinta Printer', 'Pulpen Gel',
          'Map Snelhecter', 'Nasi Kotak Rapat', 'Kudapan Rapat', 'Honorarium Narasumber',
          'Uang Harian', 'Tiket Pesawat', 'Servis Berkala'])[g % 10 + 1],
        case when g % 8000 = 0 then 'Genset Cadangan' else 'Spesifikasi ' || (g % 97) end,
        'Buah', 1000 * (g % 13 + 1), g % 7 + 1, 1, 1, 1000 * (g % 13 + 1) * (g % 7 + 1), 0,
        1000 * (g % 13 + 1) * (g % 7 + 1), 2025 + g % 2,
        ${column('program_id')}, ${column('action_id')}, ${column('sub_action_id')},
        ${column('activity_id')}, ${column('subtitle_id')}, ${column('account_id')},
        ${column('supporter_id')},
        case when g % 20 = 0 then ${t.userId}::uuid else ${adminId}::uuid end,
        timestamptz '2024-06-01 00:00:00+07' + g * interval '1 minute'
      from generate_series(1, ${sql.lit(count)}) g`.execute(trx);
    await each('enable');
  });
}
