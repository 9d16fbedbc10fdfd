import { hierarchyLevelKeys } from '@ranwal/core';
import { createChainWith } from '../fixtures.js';
import type { TestApp } from '../harness.js';
import { images } from './hostile-runner.js';

type Data = Record<string, unknown> & { id: string };

/** Calls the API and answers `data`, failing loudly: fixtures must exist for the suites to mean anything. */
export function caller(t: TestApp, token: string) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const response = await t.call(method, url, { token, body });
    if (response.statusCode >= 300) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.json().data as Data;
  };
}

/** A multipart body with one image, as a browser's FormData sends it. */
export async function imageUpload(bytes: Uint8Array = images.png) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'sampul.png');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}

export interface Chain {
  program: Data;
  action: Data;
  sub_action: Data;
  activity: Data;
  subtitle: Data;
  account: Data;
}

/** One whole hierarchy path, program to account, created through the API as an admin. */
export function createChain(t: TestApp, label: string, is_taxed = false): Promise<Chain> {
  const admin = caller(t, t.adminToken);
  return createChainWith((path, body) => admin('POST', `/ranwal/api/${path}/create`, body), label, {
    keys: hierarchyLevelKeys,
    overrides: {
      program: { is_taxed },
      account: { code: '5.1.02.01.01.0024', name: `Belanja ${label}` },
    },
  });
}

/** The create payload of a budget line on a chain. */
export const lineOn = (chain: Chain, supporter: Data, extra: Record<string, unknown> = {}) => ({
  component_code: 'KMP-01',
  component_name: 'Kertas HVS A4',
  specification: '80 gram',
  unit: 'Rim',
  price: 55_000,
  first_volume: 10,
  second_volume: 1,
  third_volume: 1,
  is_taxed: true,
  year: 2025,
  program_id: chain.program.id,
  action_id: chain.action.id,
  sub_action_id: chain.sub_action.id,
  activity_id: chain.activity.id,
  subtitle_id: chain.subtitle.id,
  account_id: chain.account.id,
  supporter_id: supporter.id,
  ...extra,
});

/**
 * A small realistic database for the hostile-input run: two hierarchy paths, supporters, budget
 * lines of both users, articles of each status, an image and two spare users to delete.
 */
export async function seedFixtures(t: TestApp): Promise<void> {
  const admin = caller(t, t.adminToken);
  const user = caller(t, t.userToken);
  const chains = [await createChain(t, 'Satu', true), await createChain(t, 'Dua')];
  const supporters = [
    await admin('POST', '/ranwal/api/supporter/create', { name: 'Bappeda' }),
    await admin('POST', '/ranwal/api/supporter/create', { name: 'Dinas PUPR' }),
  ];
  await user('POST', '/ranwal/api/detail-program/create', lineOn(chains[0]!, supporters[0]!));
  await admin('POST', '/ranwal/api/detail-program/create', lineOn(chains[1]!, supporters[1]!));
  for (const status of ['published', 'draft', 'archived', 'published']) {
    await admin('POST', '/ranwal/api/article/create', {
      title: `Berita ${status}`,
      content: `<p>Isi berita <strong>${status}</strong></p>`,
      category: 'Kegiatan Rutin',
      status,
      tags: ['musrenbang'],
    });
  }
  const upload = await imageUpload();
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/ranwal/api/upload-file',
    headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': upload.contentType },
    payload: upload.payload,
  });
  if (uploaded.statusCode !== 200) throw new Error(`upload failed: ${uploaded.body}`);
  for (const n of [1, 2]) {
    await admin('POST', '/ranwal/api/user/create', {
      name: `Pengguna Cadangan ${n}`,
      email: `cadangan${n}@test.local`,
      role: n === 1 ? 'user' : 'admin',
      password: 'rahasia-cadangan-1',
    });
  }
}
