import { mkdir } from 'node:fs/promises';
import { currentYear, messagesId, type RanwalClient } from '@ranwal/core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserService } from '../../server/src/services/users.js';
import { phonePhoto } from '../../server/test/support/phone-photo.js';
import {
  ADMIN,
  apiAs,
  axeViolations,
  createChain,
  type E2E,
  openFromSidebar,
  readable,
  SHOTS_DIR,
  screenshot,
  signInThroughForm,
  startE2E,
} from './harness.js';

/*
 * Issue 38 in the browser. A field officer on a phone (390 px) files March for the village road
 * with two photos while the connection is down: one whose EXIF says it was taken at the site,
 * one without GPS placed by the phone's position, 14 km away. The report waits on the phone, goes
 * when the connection returns, once. The verifier reads both photos with their places and a flag
 * on the far one; Bappeda's map shows the road in red (nothing paid against March's plan) and
 * opens its photos. The phone and the server both read 15 April of this year: the page opens
 * on April, offers no month to come, and March is one gone by whenever the journey runs.
 */

const YEAR = currentYear();
const MONTH = 'Maret';
const MONTH_OF = `${MONTH} ${YEAR}`;
/** 15 April, 09:00 in Jakarta: the day the journey takes place, on the phone and the server. */
const TODAY = `${YEAR}-04-15`;
const PHONE_NOW = new Date(`${TODAY}T09:00:00+07:00`);
const UNIT = { code: '1.03.0.00.0.00.01.0000', name: 'Dinas Pekerjaan Umum Lapangan' };
const OFFICER = {
  name: 'Rudi Lapangan',
  email: 'rudi.lapangan@e2e.local',
  password: 'rudi-pass-1',
};
const VERIFIER = {
  name: 'Vera Lapangan',
  email: 'vera.lapangan@e2e.local',
  password: 'vera-pass-1',
};
const ROAD = { code: '1.03.10.2.01.0001', name: 'Pembangunan Jalan Desa Luwihaji' };
const ACCOUNT = '5.2.04.01.01.0001';
/** The road in desa Luwihaji, Kec. Ngraho, Kabupaten Bojonegoro. */
const SITE = { latitude: -7.1502, longitude: 111.7512 };
/** Where the phone is when the second photo is placed: 0.127° south, about 14 km. */
const FAR = { latitude: SITE.latitude - 0.127, longitude: SITE.longitude };
const t = messagesId.fieldUpdate;
const ev = messagesId.evidence;
const monthly = messagesId.monthlyReport;

describe('evidence from the field, on a phone and a map', () => {
  let e2e: E2E;
  let officer: RanwalClient;

  beforeAll(async () => {
    e2e = await startE2E({}, { today: () => TODAY });
    const admin = await apiAs(e2e, ADMIN);
    const chain = await createChain(admin, {
      agency: UNIT,
      program: { code: '1.03.10', name: 'Program Penyelenggaraan Jalan', is_taxed: false },
      action: { code: '1.03.10.2.01', name: 'Penyelenggaraan Jalan Kabupaten' },
      sub_action: ROAD,
      activity: { name: 'Fisik Jalan' },
      subtitle: { name: 'Konstruksi' },
      account: { code: ACCOUNT, name: 'Belanja Modal Jalan Kabupaten' },
      supporter: { name: 'Bidang Bina Marga' },
    });
    const unit = chain.agency!;
    const subAction = chain.sub_action;
    const users = createUserService(e2e.database.db);
    await users.create({ ...OFFICER, role: 'user', agency_ids: [unit.id] });
    await users.create({ ...VERIFIER, role: 'verifier', agency_ids: [unit.id] });
    officer = await apiAs(e2e, OFFICER);
    await officer.budgetLine.create({
      component_code: 'JLN-01',
      component_name: 'Pekerjaan jalan desa',
      specification: '-',
      unit: 'Paket',
      price: 3_000_000,
      first_volume: 1,
      second_volume: 1,
      third_volume: 1,
      year: YEAR,
      is_taxed: false,
      ...chain.line,
    });
    // Planned to be paid in March; nothing is: the road is red on the map.
    await officer.cashPlan.set({
      sub_action_id: subAction.id,
      year: YEAR,
      rows: [
        {
          account_code: ACCOUNT,
          months: Array.from({ length: 12 }, (_, at) => (at === 2 ? 3_000_000 : 0)),
        },
      ],
    });
    await officer.location.set({
      sub_action_id: subAction.id,
      area_code: '35.22.01.2001',
      geometry: { type: 'Point', coordinates: [SITE.longitude, SITE.latitude] },
    });
    await mkdir(SHOTS_DIR, { recursive: true });
  }, 120_000);
  afterAll(() => e2e?.close());

  /**
   * A phone: 390 px, touch, its position where `FAR` is, location allowed, and the portal's
   * service worker, which keeps what the page has fetched for when the signal is gone.
   */
  const phone = async (): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await e2e.browser.newContext({
      baseURL: e2e.baseUrl,
      locale: 'id-ID',
      timezoneId: 'Asia/Jakarta',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      geolocation: { ...FAR, accuracy: 15 },
      permissions: ['geolocation'],
      serviceWorkers: 'allow',
    });
    // The phone's clock, running from the journey's day.
    await context.clock.install({ time: PHONE_NOW });
    return { context, page: await context.newPage() };
  };

  it('files a month with two photos offline, sends it once when back, flags the far one', async () => {
    // --- The field officer, at the road, with no signal ---------------------------------------
    const { page, context } = await phone();
    await signInThroughForm(page, OFFICER, 'user');
    await page.getByRole('link', { name: ev.field.title }).click();
    await page.waitForURL('**/lapor-lapangan');
    // Today's month of this year, not of the budget year being planned; none to come offered.
    const monthChooser = page.getByRole('button', { name: new RegExp(ev.mapPage.month) });
    await expect.poll(() => monthChooser.innerText()).toContain('April');
    await monthChooser.click();
    await page.getByRole('option', { name: `April ${YEAR}`, exact: true }).waitFor();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(
      ['Januari', 'Februari', 'Maret', 'April'].map((month) => `${month} ${YEAR}`),
    );
    await page.getByRole('option', { name: `${MONTH} ${YEAR}`, exact: true }).click();
    await page.getByRole('button', { name: new RegExp(ev.field.choose) }).click();
    // What reads a photo's place (exifr's script, `full.esm`) is fetched as the form opens. Its
    // response is watched: the phone's installed clock leaves the page no resource timings.
    const photoReader = page.waitForResponse((response) => /\/full\.esm-/.test(response.url()));
    await page.getByRole('option', { name: `${ROAD.code} ${ROAD.name}` }).click();
    await page.getByRole('textbox', { name: t.progress }).fill('40,5');
    await page.getByRole('textbox', { name: t.problems }).fill('Hujan deras dua hari');
    // The signal goes before the photos are chosen: what reads a photo's place was fetched with
    // the page, and the service worker serves it now. Fetched only when the first photo was
    // chosen, it was not there, and every photo was refused.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await (await photoReader).finished();
    await context.setOffline(true);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: t.photos.files }).click();
    await (await chooser).setFiles([
      {
        name: 'IMG_20270314_102030.jpg',
        mimeType: 'image/jpeg',
        buffer: phonePhoto({
          ...SITE,
          takenAt: `${YEAR}:03:14 10:20:30`,
          offset: '+07:00',
          width: 320,
          height: 240,
          shade: 150,
        }),
      },
      {
        name: 'IMG_tanpa_gps.jpg',
        mimeType: 'image/jpeg',
        buffer: phonePhoto({
          takenAt: `${YEAR}:03:15 08:00:00`,
          width: 320,
          height: 240,
          shade: 90,
        }),
      },
    ]);
    await page.getByText(t.photos.count(2, 3)).waitFor();
    // The photo's own place, read on the phone with no signal.
    await page.getByText(/^Lokasi -7\.150/).waitFor();
    // The photo without GPS: placed by the phone, with the person's consent.
    await page.getByRole('button', { name: t.photos.usePhonePlace }).click();
    await page.getByText(/Lokasi ponsel -7\.27/).waitFor();

    await page.getByRole('button', { name: t.submit }).click();
    await page.getByText(t.savedOffline).waitFor();
    const outbox = page.getByRole('region', { name: t.outbox.title });
    await outbox.getByText(t.outbox.offline).waitFor();
    await expect.poll(() => outbox.getByRole('listitem').count()).toBe(3);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'field-evidence-1-offline', { fullPage: true });
    // Nothing reached the server.
    const before = (await officer.evidence.list({ sub_action_id: await roadId(), year: YEAR }))
      .data;
    expect(before).toEqual([]);

    // The page opened again with no signal (the service worker serves it) still lists what waits.
    await page.reload();
    await outbox.getByText(t.outbox.offline).waitFor();
    // The banner comes from the connection at once, the items from the phone's store after it.
    await expect.poll(() => outbox.getByRole('listitem').count()).toBe(3);

    // --- The signal returns: everything goes, once ---------------------------------------------
    await context.setOffline(false);
    await outbox.getByText(t.outbox.empty).waitFor({ timeout: 30_000 });
    // And the page reads its month again: the sub kegiatan can be chosen.
    await page.getByRole('button', { name: new RegExp(ev.field.choose) }).waitFor();
    await screenshot(page, 'field-evidence-2-sent', { fullPage: true });
    await context.close();

    const photos = (
      await officer.evidence.list({ sub_action_id: await roadId(), year: YEAR, month: 3 })
    ).data;
    expect(photos).toHaveLength(2);
    expect(
      photos.map((photo) => [photo.place_source, photo.flags.map((flag) => flag.kind)]),
    ).toEqual([
      ['exif', []],
      ['device', ['far']],
    ]);
    expect(photos[0]!.taken_at).toBe(`${YEAR}-03-14T03:20:30.000Z`);
    const month = (await officer.monthlyReport.get({ year: YEAR, month: 3 })).data;
    expect(month.sub_actions[0]).toMatchObject({
      progress_tenths: 405,
      problems: 'Hujan deras dua hari',
    });

    // --- The verifier reads the photos, with their places and the flag -----------------------
    const { page: verifier, context: verifierContext } = await e2e.newPage();
    await signInThroughForm(verifier, VERIFIER, 'verifier');
    await openFromSidebar(verifier, monthly.title, '/laporan-bulanan');
    await verifier
      .getByRole('button', { name: new RegExp(messagesId.realisation.summary.month) })
      .click();
    await verifier.getByRole('option', { name: MONTH, exact: true }).click();
    // The verifier of this one unit has its month open at once.
    await verifier.getByRole('button', { name: monthly.actions.detailsOf(ROAD.code) }).click();
    const evidence = verifier.getByRole('region', { name: ev.view.monthPhotos(MONTH_OF) });
    await evidence.getByText(ev.view.flagged(1)).waitFor();
    const figures = evidence.getByRole('figure');
    expect(await figures.count()).toBe(2);
    expect(readable(await figures.nth(0).innerText())).toContain('(dari foto)');
    const far = readable(await figures.nth(1).innerText());
    expect(far).toContain('(posisi ponsel)');
    expect(far).toContain('foto diambil 14 km dari lokasi kegiatan');
    // The served picture loads (a stripped copy) and has no EXIF left.
    const src = await figures.nth(0).getByRole('img').getAttribute('src');
    const served = await verifier.request.get(src!);
    expect(served.status()).toBe(200);
    expect((await served.body()).includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(await axeViolations(verifier)).toEqual([]);
    // The photos load as they come into view (lazy), as a person scrolls to them.
    await figures.nth(1).scrollIntoViewIfNeeded();
    await verifier.waitForFunction(() =>
      [...document.querySelectorAll('figure img')].every(
        (img) => (img as HTMLImageElement).complete,
      ),
    );
    await screenshot(verifier, 'field-evidence-3-verifier', { fullPage: true });
    await verifierContext.close();

    // --- Bappeda's map: the road in red, its photos one click away ------------------------------
    const { page: bappeda, context: bappedaContext } = await e2e.newPage();
    await signInThroughForm(bappeda, ADMIN, 'admin');
    await openFromSidebar(bappeda, ev.mapPage.title, '/peta-kegiatan');
    await bappeda.getByRole('button', { name: new RegExp(ev.mapPage.month) }).click();
    await bappeda.getByRole('option', { name: MONTH, exact: true }).click();
    await bappeda
      .getByRole('img', { name: messagesId.map.summary('1', '1', '0', '0', '0') })
      .waitFor();
    const list = bappeda.getByRole('listbox', { name: messagesId.map.list });
    const road = list.getByRole('option', { name: new RegExp(ROAD.name) });
    expect(readable(await road.innerText())).toContain(messagesId.realisation.summary.levels.red);
    await road.click();
    const panel = bappeda.getByRole('region', { name: `${ROAD.code} ${ROAD.name}` });
    await panel.getByText(ev.mapPage.photos(2, 1)).waitFor();
    await panel.getByText(ev.mapPage.progress('40,5 %', '100 %')).waitFor();
    await panel.getByText('Luwihaji, Kec. Ngraho, Kabupaten Bojonegoro, Jawa Timur').waitFor();
    // The photos come by a call of their own after the map's figures: the second is waited for.
    await panel.getByRole('figure').nth(1).waitFor();
    expect(await panel.getByRole('figure').count()).toBe(2);
    expect(await axeViolations(bappeda)).toEqual([]);
    await screenshot(bappeda, 'field-evidence-4-map', { fullPage: true });
    await bappedaContext.close();
  }, 240_000);

  /** The road's sub kegiatan id, as the officer's month lists it. */
  const roadId = async () =>
    (await officer.monthlyReport.get({ year: YEAR, month: 3 })).data.sub_actions[0]!.sub_action_id;
});
