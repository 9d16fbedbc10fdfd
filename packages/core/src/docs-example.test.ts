import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

// docs/core.md points readers at this script; it must keep running against the built package.
it('runs the documented quick-start example', async () => {
  const script = fileURLToPath(
    new URL('../../../docs/examples/core-quickstart.mjs', import.meta.url),
  );
  const { stdout } = await promisify(execFile)(process.execPath, [script], {
    env: { ...process.env, RANWAL_SERVER: 'http://127.0.0.1:59999' },
  });
  expect(stdout.split('\n')).toEqual([
    'Rp 22.500.000 + PPN Rp 2.700.000',
    '1 Maret 2025 pukul 09.30 - Buat Laporan',
    'component_name, price, program_id, action_id, sub_action_id, activity_id, subtitle_id, account_id, supporter_id',
    expect.stringMatching(/^network 0 Network error: fetch failed \(ECONNREFUSED\)$/),
    '',
  ]);
});
