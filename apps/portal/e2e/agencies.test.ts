import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserService } from '../../server/src/services/users.js';
import {
  ADMIN,
  apiAs,
  axeViolations,
  chooseInComboBox,
  type E2E,
  fieldName,
  openFromSidebar,
  screenshot,
  signInThroughForm,
  startE2E,
  toast,
} from './harness.js';

const USER = { name: 'Rina Wulandari', email: 'rina@e2e.local', password: 'rina-password-1' };
const AGENCY = { code: '4.01.0.00.0.00.01.0000', name: 'Badan Perencanaan Pembangunan Daerah' };
const AGENCY_PROGRAM = 'Program Perencanaan Pembangunan Daerah';
/** Seeded through the API, in no agency: the region as a whole. */
const REGION_PROGRAM = 'Program Penunjang Urusan Pemerintahan Daerah';

/** The row of the table labelled `table` that mentions `text`. */
const rowOf = (page: Page, table: string, text: string) =>
  page.getByRole('grid', { name: table, exact: true }).getByRole('row').filter({ hasText: text });

/** No options list is open (an open one hides the rest of the page from assistive technology). */
// Closing waits on the browser's next frames: well over poll's 5 s while a full run loads the machine.
const listClosed = (page: Page) =>
  expect.poll(() => page.getByRole('listbox').count(), { timeout: 20_000 }).toBe(0);

/** What the select labelled `label` offers once its options have loaded; closed again after. */
async function optionsOf(page: Page, label: string): Promise<string[]> {
  await page.getByRole('combobox', { name: fieldName(label) }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect.poll(() => options.count()).toBeGreaterThan(0);
  const texts = await options.allTextContents();
  await page.keyboard.press('Escape');
  await listClosed(page);
  return texts.sort();
}

describe('Perangkat Daerah, through the portal', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
    await createUserService(e2e.database.db).create({ ...USER, role: 'user' });
    const admin = await apiAs(e2e, ADMIN);
    await admin.program.create({ name: REGION_PROGRAM, is_taxed: false });
  });
  afterAll(() => e2e?.close());

  it('an admin adds an agency and a programme in it; a user of the agency sees only its programmes', async () => {
    const admin = await e2e.newPage();
    let page = admin.page;
    await signInThroughForm(page, ADMIN, 'admin');
    // The agency heads the hierarchy in the sidebar, just above Program.
    const sidebar = page.getByRole('navigation', { name: 'Navigasi admin' }).getByRole('link');
    await expect
      .poll(async () => (await sidebar.allTextContents()).map((text) => text.trim()))
      .toEqual(expect.arrayContaining(['User Management', 'Perangkat Daerah', 'Program']));
    const links = (await sidebar.allTextContents()).map((text) => text.trim());
    expect(links.indexOf('Perangkat Daerah')).toBe(links.indexOf('Program') - 1);

    await openFromSidebar(page, 'Perangkat Daerah', '/admin-perangkat-daerah');
    await page.getByLabel('Nama Perangkat Daerah').fill(AGENCY.name);
    await page.getByLabel('Kode Perangkat Daerah').fill(AGENCY.code);
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await toast(page, 'Perangkat Daerah berhasil ditambahkan.').waitFor();
    await rowOf(page, 'Daftar Perangkat Daerah', `${AGENCY.code} - ${AGENCY.name}`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'agencies-admin-agency-page');

    // A programme in the agency; the one seeded without an agency says so.
    await openFromSidebar(page, 'Program', '/admin-program');
    const picker = page.getByRole('combobox', { name: fieldName('Perangkat Daerah') });
    await expect.poll(() => picker.inputValue()).toBe('Tanpa Perangkat Daerah');
    await chooseInComboBox(page, 'Perangkat Daerah', `${AGENCY.code} - ${AGENCY.name}`);
    await page.getByLabel('Nama Program').fill(AGENCY_PROGRAM);
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await toast(page, 'Program berhasil ditambahkan.').waitFor();
    await rowOf(page, 'Daftar Program', AGENCY_PROGRAM)
      .filter({ hasText: `Perangkat Daerah: ${AGENCY.name}` })
      .waitFor();
    await rowOf(page, 'Daftar Program', REGION_PROGRAM)
      .filter({ hasText: 'Tanpa Perangkat Daerah' })
      .waitFor();
    await listClosed(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'agencies-admin-program-page');
    await admin.context.close();

    // Rina, without a unit, would reach only the region-wide programme (issue 34): the admin
    // gives her the agency.
    const api = await apiAs(e2e, ADMIN);
    const agencyId = (await api.agency.list({ search: AGENCY.name })).data[0]!.id;
    const rina = (await api.user.list({ search: USER.email })).data[0]!;
    await api.user.update(rina.id, {
      name: rina.name,
      email: rina.email,
      role: 'user',
      agency_ids: [agencyId],
    });
    const user = await e2e.newPage();
    page = user.page;
    await signInThroughForm(page, USER, 'user');
    const agencySelect = page.getByRole('combobox', { name: fieldName('Perangkat Daerah') });
    // Her one unit is chosen for her, and only its programmes are offered.
    await expect.poll(() => agencySelect.inputValue()).toBe(`${AGENCY.code} - ${AGENCY.name}`);
    expect(await optionsOf(page, 'Program')).toEqual([AGENCY_PROGRAM]);
    await chooseInComboBox(page, 'Program', AGENCY_PROGRAM);
    const summary = page.getByRole('region', { name: 'Hierarki Terpilih' });
    await summary.getByText(`${AGENCY.code} - ${AGENCY.name}`).waitFor();

    // Her list holds only her unit's lines: no Perangkat Daerah to filter it by. Its program
    // filter lives in the URL.
    expect(await page.getByText('Filter Perangkat Daerah', { exact: true }).count()).toBe(0);
    await chooseInComboBox(page, 'Filter Program', AGENCY_PROGRAM);
    await page.waitForURL(/[?&]program=[0-9a-f-]{36}/);
    await listClosed(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'agencies-user-dashboard', { fullPage: true });
    await user.context.close();
  });

  it('an admin picks a kegiatan from the national nomenclature below its programme: code and name are copied', async () => {
    const api = await apiAs(e2e, ADMIN);
    await api.reference.import({
      items: [
        { code: '1.01.02', name: 'PROGRAM PENGELOLAAN PENDIDIKAN' },
        { code: '1.01.02.2.01', name: 'Pengelolaan Pendidikan Sekolah Dasar' },
        { code: '1.01.02.2.02', name: 'Pengelolaan Pendidikan Sekolah Menengah Pertama' },
        { code: '1.02.02.2.01', name: 'Penyediaan Layanan Kesehatan untuk UKM dan UKP' },
      ],
    });
    await api.program.create({
      name: 'PROGRAM PENGELOLAAN PENDIDIKAN',
      code: '1.01.02',
      is_taxed: false,
    });
    const admin = await e2e.newPage();
    const page = admin.page;
    await signInThroughForm(page, ADMIN, 'admin');
    await openFromSidebar(page, 'Kegiatan', '/admin-kegiatan');
    await chooseInComboBox(page, 'Program', '1.01.02 - PROGRAM PENGELOLAAN PENDIDIKAN');
    // Only the kegiatan below 1.01.02 are offered; typing narrows them.
    const picker = page.getByRole('combobox', { name: fieldName('Pilih dari Nomenklatur') });
    await picker.click();
    const offered = page.getByRole('listbox').getByRole('option');
    await expect
      .poll(() => offered.allTextContents())
      .toEqual([
        '1.01.02.2.01 - Pengelolaan Pendidikan Sekolah Dasar',
        '1.01.02.2.02 - Pengelolaan Pendidikan Sekolah Menengah Pertama',
      ]);
    await picker.fill('menengah');
    await page
      .getByRole('option', {
        name: '1.01.02.2.02 - Pengelolaan Pendidikan Sekolah Menengah Pertama',
      })
      .click();
    await expect
      .poll(() => page.getByLabel('Nama Kegiatan').inputValue())
      .toBe('Pengelolaan Pendidikan Sekolah Menengah Pertama');
    expect(await page.getByLabel('Kode Kegiatan').inputValue()).toBe('1.01.02.2.02');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await toast(page, 'Kegiatan berhasil ditambahkan.').waitFor();
    // The form is empty again, and so is the picker: it no longer shows what it copied.
    await expect.poll(() => picker.inputValue()).toBe('');
    await rowOf(
      page,
      'Daftar Kegiatan',
      '1.01.02.2.02 - Pengelolaan Pendidikan Sekolah Menengah Pertama',
    ).waitFor();
    await listClosed(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'reference-admin-kegiatan-page');
    await admin.context.close();
  });
});
