import { messagesId } from '@ranwal/core';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { ViewParamsProvider } from '../../data/view-params.js';
import { agenciesSeed } from '../../testing/sandbox-client.js';
import {
  dropStaleAnnouncements,
  findToast,
  withSandboxClient,
} from '../management/story-helpers.js';
import { seedUser } from '../user-dashboard/story-data.js';
import { ConnectedMonthlyReport } from './ConnectedMonthlyReport.js';

const m = messagesId;
const t = m.monthlyReport;
const YEAR = 2025;
/** The agencies seed's Bappeda, which holds every programme but the first. */
const bappeda = agenciesSeed.entities.agency.find((agency) => agency.code !== null)!;
const bappedaName = `${bappeda.code} - ${bappeda.name}`;

/** The demo user as a planner of Bappeda alone. */
const unitSeed = (() => {
  const seed = structuredClone(agenciesSeed);
  const user = seed.users.find((person) => person.id === seedUser(seed).id)!;
  user.agency_ids = [bappeda.id];
  return seed;
})();
const planner = seedUser(unitSeed);

const meta = {
  title: 'Screens/Realisation/ConnectedMonthlyReport',
  component: ConnectedMonthlyReport,
  decorators: [withSandboxClient],
  beforeEach: dropStaleAnnouncements,
  parameters: { sandbox: { seed: agenciesSeed } },
  args: { initialYear: YEAR, showYear: true, level: 1 },
} satisfies Meta<typeof ConnectedMonthlyReport>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A unit's planner opens their month at once (December of the year): enters a sub kegiatan's
 * physical progress, sees it in the row, and is told what is still missing when sending.
 */
export const UnitEntersItsMonth: Story = {
  parameters: { sandbox: { seed: unitSeed, currentUser: planner } },
  args: { level: 2, showYear: false },
  play: async ({ canvas, userEvent }) => {
    const table = await canvas.findByRole('grid', { name: `${t.title} Desember ${YEAR}` });
    await expect(canvas.getByText(t.intro)).toBeVisible();
    await expect(canvas.getAllByText(t.statuses.draft).length).toBeGreaterThan(0);
    // Their unit's row alone, titled as such.
    await expect(
      await canvas.findByRole('grid', { name: m.realisation.summary.ownTitle }),
    ).toBeVisible();
    // No unit to choose: the planner has one.
    await expect(
      canvas.queryByRole('button', { name: new RegExp(m.realisation.summary.openReport) }),
    ).not.toBeInTheDocument();
    const fill = (await within(table).findAllByRole('button', { name: /^Isi / }))[0]!;
    await userEvent.click(fill);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t.progressDialog.progress }),
      '40',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: t.progressDialog.problems }),
      'Penyedia terlambat',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.save }));
    await findToast('disimpan');
    await waitFor(() => expect(table).toHaveTextContent('Penyedia terlambat'));
    await expect(table).toHaveTextContent('40 %');
    await userEvent.click(canvas.getByRole('button', { name: t.actions.send }));
    const confirm = await screen.findByRole('alertdialog', {
      name: t.sendDialog.title(`Desember ${YEAR}`),
    });
    await userEvent.click(within(confirm).getByRole('button', { name: t.actions.send }));
    await findToast('sub kegiatan belum diisi');
    await expect(canvas.queryByText(t.statuses.sent)).not.toBeInTheDocument();
  },
};

/** A planner whose account has no unit yet is told why there is no month to fill, and by whom. */
export const PlannerWithoutUnit: Story = {
  parameters: { sandbox: { seed: agenciesSeed, currentUser: seedUser(agenciesSeed) } },
  args: { level: 2, showYear: false },
  play: async ({ canvas }) => {
    await canvas.findByText(m.server.withoutUnit);
    await expect(canvas.queryByText(t.view.chooseUnit)).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: /^Isi / })).not.toBeInTheDocument();
    // No unit's month, so no summary of units nor a trend of 'Semua Perangkat Daerah'.
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
    await expect(canvas.queryByText(m.realisation.trend.everyUnit, { exact: false })).toBeNull();
  },
};

/** So is a verifier whose account has no unit: no unit's month to review, and whom to ask. */
export const VerifierWithoutUnit: Story = {
  parameters: {
    sandbox: {
      seed: agenciesSeed,
      currentUser: {
        id: '00000000-0000-4000-8000-0000000000f1',
        name: 'Verifikator Baru',
        email: 'verifikator.baru@ranwal.local',
        role: 'verifier',
        agency_ids: [],
      },
    },
  },
  args: { level: 2, showYear: false },
  play: async ({ canvas }) => {
    await canvas.findByText(m.server.withoutUnit);
    await expect(canvas.queryByText(t.view.chooseUnit)).not.toBeInTheDocument();
    await expect(canvas.queryByRole('grid')).not.toBeInTheDocument();
  },
};

/**
 * A verifier of Bappeda alone reads the summary as their own unit's (as on Realisasi) and has
 * its month open at once, with nothing to choose, as its planner does.
 */
export const VerifierOfOneUnit: Story = {
  parameters: {
    sandbox: {
      seed: agenciesSeed,
      currentUser: {
        id: '00000000-0000-4000-8000-0000000000f3',
        name: 'Verifikator Bappeda',
        email: 'verifikator.bappeda@ranwal.local',
        role: 'verifier',
        agency_ids: [bappeda.id],
      },
    },
  },
  args: { level: 2, showYear: false },
  play: async ({ canvas }) => {
    // The page asks a verifier to review, not to enter and send.
    await expect(await canvas.findByText(t.reviewIntro)).toBeVisible();
    await expect(canvas.queryByText(t.intro)).not.toBeInTheDocument();
    const summary = await canvas.findByRole('grid', { name: m.realisation.summary.ownTitle });
    await canvas.findByRole('grid', { name: `${t.title} Desember ${YEAR}` });
    await expect(
      within(summary).queryByRole('button', {
        name: m.realisation.summary.openReportOf(bappedaName),
      }),
    ).not.toBeInTheDocument();
    await expect(canvas.queryByText(t.view.chooseUnit)).not.toBeInTheDocument();
    // A verifier reviews; entering the unit's progress stays the planner's.
    await expect(canvas.queryByRole('button', { name: /^Isi / })).not.toBeInTheDocument();
  },
};

/**
 * The screen under an address it keeps its view in (the portal's URL), given `query`; the
 * address as it changes is shown below it.
 */
const inAddress =
  (query: string): Decorator =>
  (Story) => {
    const [params, setParamsNow] = useState(() => new URLSearchParams(query));
    const setParams = useCallback(
      (update: (current: URLSearchParams) => URLSearchParams) =>
        setParamsNow((current) => update(new URLSearchParams(current))),
      [],
    );
    return (
      <ViewParamsProvider params={params} setParams={setParams}>
        <Story />
        <p className="mt-2 text-xs text-slate-600">
          Alamat: <output aria-label="Alamat">{`?${params}`}</output>
        </p>
      </ViewParamsProvider>
    );
  };

/**
 * A notification's address (`?bulan=2025-03&perangkat-daerah=…`) opens that month of that unit
 * for an admin, with nothing chosen by hand; choosing the units' list again is one click on
 * another month, kept in the address.
 */
export const AdminOpensAUnitsMonthFromItsAddress: Story = {
  decorators: [inAddress(`bulan=${YEAR}-03&perangkat-daerah=${bappeda.id}`)],
  args: { level: 2, showYear: false },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('grid', { name: `${t.title} Maret ${YEAR}` });
    await userEvent.click(
      canvas.getByRole('button', { name: new RegExp(m.realisation.summary.month) }),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'April' }));
    await canvas.findByRole('grid', { name: `${t.title} April ${YEAR}` });
    await expect(canvas.getByRole('status', { name: 'Alamat' })).toHaveTextContent(
      `?bulan=${YEAR}-04&perangkat-daerah=${bappeda.id}`,
    );
  },
};

/**
 * An admin reads the units' month with their status, opens Bappeda's report and closes it:
 * the month is frozen ('Ditutup') and no longer offers closing.
 */
export const AdminClosesAUnitsMonth: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(t.adminIntro)).toBeVisible();
    const summary = await canvas.findByRole('grid', { name: m.realisation.summary.title });
    await expect(await canvas.findByText(t.view.chooseUnit)).toBeVisible();
    await userEvent.click(
      await within(summary).findByRole('button', {
        name: m.realisation.summary.openReportOf(bappedaName),
      }),
    );
    const table = await canvas.findByRole('grid', { name: `${t.title} Desember ${YEAR}` });
    await expect(within(table).getAllByRole('rowheader').length).toBeGreaterThan(0);
    await userEvent.click(canvas.getByRole('button', { name: t.actions.close }));
    const confirm = await screen.findByRole('alertdialog', {
      name: t.closeDialog.title(`Desember ${YEAR}`),
    });
    await expect(confirm).toHaveTextContent(t.closeDialog.one(bappeda.name));
    await userEvent.click(within(confirm).getByRole('button', { name: t.actions.close }));
    await findToast(t.view.closed(1));
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: t.actions.close })).not.toBeInTheDocument(),
    );
    await expect(within(summary).getAllByText(t.statuses.closed).length).toBeGreaterThan(0);
  },
};

/**
 * The drill-down: from the region's units to Bappeda's month, then from one of its sub kegiatan
 * to its kode rekening (lines, Anggaran Kas, SP2D) and month by month; closed again.
 */
export const AdminDrillsDownToKodeRekening: Story = {
  play: async ({ canvas, userEvent }) => {
    const summary = await canvas.findByRole('grid', { name: m.realisation.summary.title });
    // The region's year first; the unit's once it is opened.
    const trend = m.realisation.trend;
    const regionTrend = await canvas.findByRole('region', {
      name: trend.title(trend.everyUnit, YEAR),
    });
    await expect(await within(regionTrend).findByText(trend.empty)).toBeVisible();
    await userEvent.click(
      await within(summary).findByRole('button', {
        name: m.realisation.summary.openReportOf(bappedaName),
      }),
    );
    const table = await canvas.findByRole('grid', { name: `${t.title} Desember ${YEAR}` });
    await expect(
      await canvas.findByRole('region', { name: trend.title(bappeda.name, YEAR) }),
    ).toBeVisible();
    const details = (
      await within(table).findAllByRole('button', { name: /^Rincian realisasi / })
    )[0]!;
    const subAction = details.getAttribute('aria-label')!.replace('Rincian realisasi ', '');
    await userEvent.click(details);
    const section = await canvas.findByRole('region', {
      name: new RegExp(`^Rincian Realisasi ${subAction.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    });
    const accounts = await within(section).findByRole('grid', {
      name: /^Realisasi per Kode Rekening: /,
    });
    await expect(within(accounts).getAllByRole('rowheader').length).toBeGreaterThan(0);
    await expect(
      within(section).getByRole('grid', { name: /^Realisasi per Bulan: / }),
    ).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: t.actions.closeDetails }));
    await waitFor(() => expect(section).not.toBeInTheDocument());
  },
};

/**
 * 'Unduh Laporan Bulanan' and its PDF: the unit's month as the server prints it, named by the
 * unit and the month.
 */
export const UnitPrintsItsMonth: Story = {
  parameters: { sandbox: { seed: unitSeed, currentUser: planner } },
  args: { level: 2, showYear: false, saveFile: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await canvas.findByRole('grid', { name: `${t.title} Desember ${YEAR}` });
    const saved = args.saveFile as ReturnType<typeof fn>;
    for (const [label, format, magic] of [
      [t.print.download, 'xlsx', 'PK'],
      [t.print.downloadPdf, 'pdf', '%PDF-'],
    ] as const) {
      saved.mockClear();
      await userEvent.click(canvas.getByRole('button', { name: label }));
      await waitFor(() => expect(saved).toHaveBeenCalledOnce());
      const [file] = saved.mock.calls[0] as [{ fileName: string; blob: Blob }];
      await expect(file.fileName).toBe(`laporan-bulanan-${bappeda.code}-${YEAR}-12.${format}`);
      const head = new Uint8Array(await file.blob.slice(0, magic.length).arrayBuffer());
      await expect(String.fromCharCode(...head)).toBe(magic);
    }
    await expect(await findToast(t.print.downloaded)).toBeVisible();
  },
};
