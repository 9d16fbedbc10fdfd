import {
  type BudgetLine,
  codeAndName,
  coefficientText,
  DEFAULT_REPORT_YEAR,
  formatDateTimeLong,
  formatRupiah,
  messagesId,
} from '@ranwal/core';
import { demoData } from '@ranwal/core/demo';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { SEARCH_DEBOUNCE_MS } from '../../lib/timing.js';
import { whenNothingLoads } from '../../testing/loading.js';
import { StoryBudgetYear } from '../../testing/StoryBudgetYear.js';
import {
  agenciesSeed,
  buildSeed,
  createSandboxClient,
  emptySeed,
  httpError,
  type SandboxClientOptions,
  type SeedTables,
} from '../../testing/sandbox-client.js';
import { reportTotal } from '../budget-lines/ReportCards.js';
import { adminReportsDefaultView, type ReportListView } from '../budget-lines/report-view.js';
import { ADMIN_REPORTS_PAGE_SIZE } from './AdminReports.js';
import { ConnectedAdminReports } from './ConnectedAdminReports.js';
import {
  dropStaleAnnouncements,
  findDialog,
  findToast,
  withSandboxClient,
} from './story-helpers.js';

const m = messagesId;
const admin = m.reports.admin;

/** The demo's first page of lines (the screen shows ten a page; Pagination shows more). */
const onePage = buildSeed({ ...demoData, lines: demoData.lines.slice(0, ADMIN_REPORTS_PAGE_SIZE) });

const meta = {
  title: 'Screens/Management/ConnectedAdminReports',
  component: ConnectedAdminReports,
  // The page is on the year of the stories' lines, as `?tahun=2025` puts it (inside the provider).
  decorators: [
    (Story) => (
      <StoryBudgetYear initialYear={DEFAULT_REPORT_YEAR}>
        <Story />
      </StoryBudgetYear>
    ),
    withSandboxClient,
  ],
  beforeEach: dropStaleAnnouncements,
  args: { saveFile: fn() },
  parameters: { sandbox: { seed: onePage } },
} satisfies Meta<typeof ConnectedAdminReports>;
export default meta;
type Story = StoryObj<typeof meta>;

const sandbox = (options: SandboxClientOptions) => ({ sandbox: options });

/** The budget lines of 2025 as the server lists them (newest first), names joined in: the screen's first view. */
async function serverLines(seed: SeedTables = onePage): Promise<BudgetLine[]> {
  const { data } = await createSandboxClient({ seed }).budgetLine.list({
    limit: 100,
    year: DEFAULT_REPORT_YEAR,
  });
  return data;
}

async function loadedTable(canvas: ReturnType<typeof within>) {
  const table = await canvas.findByRole('grid', { name: admin.title });
  await waitFor(() => expect(within(table).queryByRole('status')).toBeNull());
  return table;
}
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

export const Default: Story = {
  play: async ({ canvas }) => {
    const lines = await serverLines();
    const table = await loadedTable(canvas);
    await expect(bodyRows(table)).toHaveLength(lines.length);
    const first = lines[0]!;
    const row = bodyRows(table)[0]!;
    const cells = [
      ...within(row).getAllByRole('gridcell'),
      ...within(row).getAllByRole('rowheader'),
    ].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    await expect(cells.map((cell) => cell.textContent)).toEqual([
      '1',
      `${first.component_name}${admin.componentCode(first.component_code)}${m.reports.planning.coefficient(coefficientText(first))}`,
      first.program_name,
      first.supporter_name,
      formatRupiah(reportTotal(first)),
      `${formatDateTimeLong(first.created_at)}${first.created_by_name ? m.reports.createdBy(first.created_by_name) : ''}`,
      `${m.reports.list.viewDetail}${m.common.edit}${m.common.delete}`,
    ]);
    await expect(canvas.getByRole('button', { name: admin.download })).toBeEnabled();
  },
};

export const Empty: Story = {
  parameters: sandbox({ seed: emptySeed }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(m.reports.list.empty)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: sandbox({ latencyMs: 60_000 }),
  play: async ({ canvas }) => {
    const table = canvas.getByRole('grid', { name: admin.title });
    await expect(within(table).getByRole('status')).toHaveTextContent(m.common.loading);
  },
};

const ErrorStory: Story = {
  parameters: sandbox({ failOn: { 'budgetLine.list': httpError('forbidden') } }),
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(m.reports.fetchFailed);
    // The filters' own lists have come too (a run pictured them still loading).
    await whenNothingLoads(canvasElement);
  },
};

export { ErrorStory as Error };

/** The detail dialog of a taxed line: every section, only the levels it names. */
export const Detail: Story = {
  play: async ({ canvas, userEvent }) => {
    const line = (await serverLines()).find((candidate) => candidate.tax > 0)!;
    const table = await loadedTable(canvas);
    const row = within(table).getByRole('row', {
      name: (name) => name.includes(line.component_name),
    });
    await userEvent.click(within(row).getByRole('button', { name: m.reports.list.viewDetail }));
    const dialog = await findDialog(admin.detailTitle);
    const fields = m.reports.fields;
    const section = (title: string) => within(within(dialog).getByRole('region', { name: title }));
    const value = (scope: ReturnType<typeof section>, label: string) =>
      scope.getByText(label).nextElementSibling?.textContent;

    const component = section(admin.componentSection);
    await expect(value(component, fields.componentCode)).toBe(line.component_code);
    await expect(value(component, fields.componentName)).toBe(line.component_name);
    await expect(value(component, fields.unit)).toBe(line.unit);
    const hierarchy = section(admin.hierarchySection);
    // The demo's programmes belong to no Perangkat Daerah: none is named.
    await expect(hierarchy.queryByText(m.levels.agency.label)).toBeNull();
    await expect(value(hierarchy, m.levels.program.label)).toBe(line.program_name);
    await expect(value(hierarchy, m.levels.subtitle.label)).toBe(line.subtitle_name);
    await expect(value(hierarchy, m.levels.account.label)).toBe(
      m.hierarchy.accountCodeName(line.account_code, line.account_name),
    );
    const finance = section(admin.financeSection);
    await expect(value(finance, fields.totalPrice)).toBe(formatRupiah(line.total_price));
    await expect(value(finance, fields.totalAfterTax)).toBe(formatRupiah(line.total_after_tax));
    const extra = section(admin.extraSection);
    await expect(value(extra, fields.supporter)).toBe(line.supporter_name);
    await expect(value(extra, fields.createdAt)).toBe(formatDateTimeLong(line.created_at));
    await expect(value(extra, fields.id)).toBe(line.id);

    await userEvent.click(within(dialog).getByRole('button', { name: m.common.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/**
 * Where agencies exist, 'Filter Perangkat Daerah' narrows the table to the lines of its
 * programmes, and a line's detail names its Perangkat Daerah (a line of no agency names none).
 */
export const AgencyFilter: Story = {
  parameters: sandbox({ seed: agenciesSeed }),
  play: async ({ canvas, userEvent }) => {
    const lines = await serverLines(agenciesSeed);
    const [bappeda] = agenciesSeed.entities.agency;
    const inBappeda = lines.filter((line) => line.agency_id === bappeda!.id);
    await expect(inBappeda.length).toBeGreaterThan(0);
    await expect(inBappeda.length).toBeLessThan(lines.length);
    const table = await loadedTable(canvas);
    const page = (count: number) => Math.min(count, ADMIN_REPORTS_PAGE_SIZE);
    await expect(bodyRows(table)).toHaveLength(page(lines.length));

    const filter = canvas.getByRole('combobox', { name: m.reports.filters.agency });
    await expect(filter).toHaveValue(m.reports.filters.allAgencies);
    await userEvent.click(filter);
    await userEvent.keyboard('{ArrowDown}');
    // Offered and shown with its code (issue 33).
    const bappedaLabel = codeAndName(bappeda!.code, bappeda!.name);
    await userEvent.click(await screen.findByRole('option', { name: bappedaLabel }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(page(inBappeda.length)));
    await expect(filter).toHaveValue(bappedaLabel);

    const line = inBappeda[0]!;
    const row = within(table).getByRole('row', {
      name: (name) => name.includes(line.component_name),
    });
    await userEvent.click(within(row).getByRole('button', { name: m.reports.list.viewDetail }));
    const dialog = await findDialog(admin.detailTitle);
    const hierarchy = within(within(dialog).getByRole('region', { name: admin.hierarchySection }));
    await expect(hierarchy.getByText(m.levels.agency.label).nextElementSibling).toHaveTextContent(
      bappeda!.name,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/**
 * More programmes than the filter's first page, the chosen one past it: once picked, the filter
 * keeps its 'code - name' and its list stays shut while the unsearched list comes back. (It used
 * to turn to the bare name, which reopened the list and hid the table from assistive technology;
 * an e2e journey waited 150 s for rows it could no longer find.)
 */
const manyProgramsSeed = (() => {
  const copy = buildSeed(demoData);
  const [first] = copy.entities.program;
  copy.entities.program.forEach((program, index) => {
    program.code = `4.01.${90 + index}`;
  });
  // A page's worth (20) of programmes whose codes come first.
  for (let index = 1; index <= 20; index++) {
    copy.entities.program.unshift({
      ...first!,
      id: `5eed9000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      code: `4.01.${String(index).padStart(2, '0')}`,
      name: `PROGRAM TAMBAHAN ${index}`,
    });
  }
  return copy;
})();
export const ProgramFilterPastFirstPage: Story = {
  parameters: sandbox({ seed: manyProgramsSeed }),
  play: async ({ canvas, userEvent }) => {
    const lines = await serverLines(manyProgramsSeed);
    const program = manyProgramsSeed.entities.program.find(
      (row) => row.id === lines[0]!.program_id,
    )!;
    const inProgram = lines.filter((line) => line.program_id === program.id);
    await expect(inProgram.length).toBeLessThan(lines.length);
    const table = await loadedTable(canvas);

    const filter = canvas.getByRole('combobox', { name: m.reports.filters.program });
    await userEvent.click(filter);
    await userEvent.clear(filter);
    await userEvent.type(filter, program.name);
    const label = codeAndName(program.code, program.name);
    await userEvent.click(await screen.findByRole('option', { name: label }, { timeout: 15_000 }));
    const shown = Math.min(inProgram.length, ADMIN_REPORTS_PAGE_SIZE);
    await waitFor(() => expect(bodyRows(table)).toHaveLength(shown));
    // The filter's list asks again without the search after its pause, and is answered.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 1_500));
    await expect(filter).toHaveValue(label);
    await expect(filter).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('grid', { name: admin.title })).toBe(table);
    await expect(bodyRows(table)).toHaveLength(shown);
  },
};

/**
 * The screen under a caller whose view lags (the portal's URL has a change a moment later, in
 * the router's transition): the changes made meanwhile wait here until 'Terapkan' hands the last
 * one over, as the router does.
 */
function LaggingView() {
  const [view, setView] = useState<ReportListView>(adminReportsDefaultView);
  const [waiting, setWaiting] = useState<ReportListView[]>([]);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          const last = waiting.at(-1);
          if (last) setView(last);
          setWaiting([]);
        }}
      >
        {`Terapkan ${waiting.length}`}
      </button>
      <ConnectedAdminReports
        view={view}
        onViewChange={(next) => setWaiting((all) => [...all, next])}
        saveFile={fn()}
      />
    </>
  );
}

/**
 * An order chosen, then a search typed, before the caller's view had the order: the search's
 * change builds on the order, which stays (it used to be built on the view before the order and
 * undo it: a journey's cleared search came back under an empty box).
 */
export const ChangesBeforeTheViewHasThem: Story = {
  render: () => <LaggingView />,
  play: async ({ canvas, userEvent }) => {
    const search = 'Rapat';
    const { data: expected } = await createSandboxClient({ seed: onePage }).budgetLine.list({
      limit: 100,
      year: DEFAULT_REPORT_YEAR,
      search,
      sort: 'total_asc',
    });
    await expect(expected.length).toBeGreaterThan(1);
    const table = await loadedTable(canvas);

    const sort = canvas.getByRole('button', { name: new RegExp(m.reports.filters.sort) });
    await userEvent.click(sort);
    await userEvent.click(
      await screen.findByRole('option', { name: m.reports.filters.sorts.total_asc }),
    );
    await canvas.findByRole('button', { name: 'Terapkan 1' });
    await userEvent.type(canvas.getByRole('searchbox', { name: m.reports.filters.search }), search);
    await canvas.findByRole('button', { name: 'Terapkan 2' });
    await expect(sort).toHaveTextContent(m.reports.filters.sorts.total_asc);

    await userEvent.click(canvas.getByRole('button', { name: 'Terapkan 2' }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(expected.length));
    await expect(sort).toHaveTextContent(m.reports.filters.sorts.total_asc);
    await expect(bodyRows(table)[0]).toHaveTextContent(expected[0]!.component_name);
    await expect(canvas.getByRole('searchbox', { name: m.reports.filters.search })).toHaveValue(
      search,
    );
  },
};

/** Batal keeps the line; 'Ya, Hapus!' deletes it and the row goes. */
export const ConfirmDelete: Story = {
  parameters: sandbox({ latencyMs: 200 }),
  play: async ({ canvas, userEvent }) => {
    const lines = await serverLines();
    const line = lines[1]!;
    const table = await loadedTable(canvas);
    const row = within(table).getByRole('row', {
      name: (name) => name.includes(line.component_name),
    });
    const confirmation = () =>
      screen.findByRole('alertdialog', { name: m.common.confirmDelete.title });

    await userEvent.click(within(row).getByRole('button', { name: m.common.delete }));
    await userEvent.click(
      within(await confirmation()).getByRole('button', { name: m.common.confirmDelete.cancel }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(bodyRows(table)).toHaveLength(lines.length);

    await userEvent.click(within(row).getByRole('button', { name: m.common.delete }));
    await userEvent.click(
      within(await confirmation()).getByRole('button', { name: m.common.confirmDelete.confirm }),
    );
    await expect(
      await within(row).findByRole('button', { name: m.common.deleting }),
    ).toBeDisabled();
    await expect(await findToast(m.reports.deleted)).toBeVisible();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(lines.length - 1));
    await expect(table).not.toHaveTextContent(line.component_name);
  },
};

/** A refused delete says why, in the server's words, and the line stays. */
export const DeleteFailure: Story = {
  parameters: sandbox({
    failOn: { 'budgetLine.delete': httpError('not_found', 'Laporan tidak ditemukan.') },
  }),
  play: async ({ canvas, userEvent }) => {
    const lines = await serverLines();
    const table = await loadedTable(canvas);
    await userEvent.click(
      within(bodyRows(table)[0]!).getByRole('button', { name: m.common.delete }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: m.common.confirmDelete.title });
    await userEvent.click(
      within(confirm).getByRole('button', { name: m.common.confirmDelete.confirm }),
    );
    await expect(await findToast('Laporan tidak ditemukan.')).toHaveTextContent(
      m.common.failureTitle,
    );
    await expect(bodyRows(table)).toHaveLength(lines.length);
  },
};

/** 'Download Laporan' fetches the 2025 workbook and hands it to saveFile. */
export const Download: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await loadedTable(canvas);
    await userEvent.click(canvas.getByRole('button', { name: admin.download }));
    await expect(await findToast(m.reports.downloaded)).toHaveTextContent(m.common.successTitle);
    await expect(args.saveFile).toHaveBeenCalledOnce();
    const file = (args.saveFile as ReturnType<typeof fn>).mock.calls[0]![0] as {
      blob: Blob;
      fileName: string;
    };
    await expect(file.fileName).toBe('laporan-detail-program-2025.xlsx');
    await expect(file.blob.size).toBeGreaterThan(0);
  },
};

/** The RKA, as a workbook and as a PDF, under the same filters (here the year 2025). */
export const DownloadRka: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await loadedTable(canvas);
    const saved = () =>
      (args.saveFile as ReturnType<typeof fn>).mock.calls.map(
        ([file]) => (file as { fileName: string }).fileName,
      );
    for (const [choice, fileName] of [
      ['rka-xlsx', 'rka-2025.xlsx'],
      ['rka-pdf', 'rka-2025.pdf'],
    ] as const) {
      await userEvent.click(canvas.getByRole('button', { name: new RegExp(admin.downloadLayout) }));
      await userEvent.click(
        await screen.findByRole('option', { name: admin.downloadLayouts[choice] }),
      );
      await userEvent.click(canvas.getByRole('button', { name: admin.download }));
      await waitFor(() => expect(saved().at(-1)).toBe(fileName));
    }
    await expect(saved()).toEqual(['rka-2025.xlsx', 'rka-2025.pdf']);
  },
};

export const DownloadFailure: Story = {
  parameters: sandbox({ failOn: { 'budgetLine.report': 'network' } }),
  play: async ({ canvas, userEvent, args }) => {
    await loadedTable(canvas);
    await userEvent.click(canvas.getByRole('button', { name: admin.download }));
    await expect(await findToast(m.reports.downloadFailed)).toHaveTextContent(
      m.common.failureTitle,
    );
    await expect(args.saveFile).not.toHaveBeenCalled();
  },
};

/** Sixteen lines: ten on the first page, numbering carries on on the second. */
const sixteenLines = buildSeed({
  ...demoData,
  lines: demoData.lines.slice(0, 16).map((line) => ({ ...line, year: DEFAULT_REPORT_YEAR })),
});

export const Pagination: Story = {
  parameters: sandbox({ seed: sixteenLines }),
  play: async ({ canvas, userEvent }) => {
    const table = await loadedTable(canvas);
    await expect(canvas.getByText(m.pagination.showingRange(1, 10, 16))).toBeVisible();
    await expect(bodyRows(table)).toHaveLength(10);
    await userEvent.click(canvas.getByRole('button', { name: m.pagination.next }));
    await expect(await canvas.findByText(m.pagination.showingRange(11, 16, 16))).toBeVisible();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(6));
    await expect(within(bodyRows(table)[0]!).getAllByRole('gridcell')[0]).toHaveTextContent('11');
    await expect(canvas.getByRole('button', { name: m.pagination.next })).toBeDisabled();
  },
};

/** Every line of the demo, of one year: two pages. */
const demoYearLines = demoData.lines.map((line) => ({ ...line, year: DEFAULT_REPORT_YEAR }));

/**
 * 'Selanjutnya' and 'Sebelumnya' step by the position the page shown gave (issue 39): the
 * same lines, numbering and page text as by page number.
 */
export const PagingByPosition: Story = {
  parameters: sandbox({ seed: buildSeed({ ...demoData, lines: demoYearLines }) }),
  play: async ({ canvas, userEvent }) => {
    const count = demoYearLines.length;
    const table = await loadedTable(canvas);
    const step = (name: string) => userEvent.click(canvas.getByRole('button', { name }));
    const firstNumber = () => within(bodyRows(table)[0]!).getAllByRole('gridcell')[0];
    await step(m.pagination.next);
    await expect(
      await canvas.findByText(m.pagination.showingRange(11, count, count)),
    ).toBeVisible();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(count - 10));
    await expect(firstNumber()).toHaveTextContent('11');
    await step(m.pagination.previous);
    await expect(await canvas.findByText(m.pagination.showingRange(1, 10, count))).toBeVisible();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(10));
    await expect(firstNumber()).toHaveTextContent('1');
    await step(m.pagination.next);
    await expect(
      await canvas.findByText(m.pagination.showingRange(11, count, count)),
    ).toBeVisible();
  },
};

/** View a line's detail and delete another with the keyboard alone. */
export const KeyboardOnly: Story = {
  play: async ({ canvas, userEvent }) => {
    const lines = await serverLines();
    const table = await loadedTable(canvas);
    await userEvent.tab();
    await expect(
      canvas.getByRole('button', { name: new RegExp(admin.downloadLayout) }),
    ).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: admin.download })).toHaveFocus();
    // On through the search, the filters and the order, to the table.
    const firstRow = bodyRows(table)[0]!;
    for (let step = 0; step < 12 && document.activeElement !== firstRow; step++) {
      await userEvent.tab();
    }
    await expect(firstRow).toHaveFocus();
    // Across No, Komponen, Program, Pengampu, Total and Tanggal to the first action.
    for (let step = 0; step < 7; step++) await userEvent.keyboard('{ArrowRight}');
    const view = within(firstRow).getByRole('button', { name: m.reports.list.viewDetail });
    await expect(view).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await findDialog(admin.detailTitle);
    await expect(dialog).toHaveTextContent(lines[0]!.id);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(view).toHaveFocus());

    await userEvent.keyboard('{ArrowRight}');
    await expect(within(firstRow).getByRole('button', { name: m.common.edit })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(firstRow).getByRole('button', { name: m.common.delete })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const confirm = await screen.findByRole('alertdialog', { name: m.common.confirmDelete.title });
    const confirmButton = within(confirm).getByRole('button', {
      name: m.common.confirmDelete.confirm,
    });
    // Focus starts on the dialog or on Batal; Tab moves on to 'Ya, Hapus!'.
    for (let step = 0; step < 3 && document.activeElement !== confirmButton; step++) {
      await userEvent.tab();
    }
    await expect(confirmButton).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await findToast(m.reports.deleted)).toBeVisible();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(lines.length - 1));
  },
};

/** Searching narrows the table on the server; the order by total puts the largest first. */
export const SearchSortAndReset: Story = {
  play: async ({ canvas, userEvent }) => {
    const lines = await serverLines();
    const table = await loadedTable(canvas);
    const wanted = lines[lines.length - 1]!;
    await userEvent.type(
      canvas.getByRole('searchbox', { name: m.reports.filters.search }),
      wanted.component_name,
    );
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1), { timeout: 15_000 });
    await expect(bodyRows(table)[0]).toHaveTextContent(wanted.component_name);

    await userEvent.click(canvas.getByRole('button', { name: m.reports.filters.reset }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(lines.length));
    await expect(canvas.getByRole('searchbox', { name: m.reports.filters.search })).toHaveValue('');

    await userEvent.click(canvas.getByRole('button', { name: new RegExp(m.reports.filters.sort) }));
    await userEvent.click(
      await screen.findByRole('option', { name: m.reports.filters.sorts.total_desc }),
    );
    const largest = [...lines].sort((a, b) => reportTotal(b) - reportTotal(a))[0]!;
    await waitFor(() =>
      expect(bodyRows(table)[0]).toHaveTextContent(formatRupiah(reportTotal(largest))),
    );
  },
};

/** A search that finds nothing says so, rather than that there are no reports at all. */
export const NothingFound: Story = {
  play: async ({ canvas, userEvent }) => {
    await loadedTable(canvas);
    await userEvent.type(
      canvas.getByRole('searchbox', { name: m.reports.filters.search }),
      'tidak ada yang seperti ini',
    );
    await expect(
      await canvas.findByText(m.reports.list.emptyFiltered, {}, { timeout: 15_000 }),
    ).toBeVisible();
  },
};

/** 'Edit' opens the line in the create form's fields; saving shows the new name and total. */
export const EditLine: Story = {
  play: async ({ canvas, userEvent }) => {
    const line = (await serverLines())[0]!;
    const table = await loadedTable(canvas);
    await userEvent.click(within(bodyRows(table)[0]!).getByRole('button', { name: m.common.edit }));
    const dialog = await findDialog(m.reports.edit.title);
    const name = within(dialog).getByRole('textbox', { name: m.reports.form.componentName });
    await expect(name).toHaveValue(line.component_name);
    await expect(
      within(dialog).getByRole('combobox', { name: m.levels.program.label }),
    ).toHaveValue(line.program_name);
    await userEvent.clear(name);
    await userEvent.type(name, 'Kertas HVS F4');
    const price = within(dialog).getByRole('textbox', { name: m.reports.form.price });
    await userEvent.clear(price);
    await userEvent.type(price, '70.000');
    await userEvent.click(within(dialog).getByRole('button', { name: m.reports.edit.submit }));
    await expect(await findToast(m.reports.edit.updated)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(bodyRows(table)[0]).toHaveTextContent('Kertas HVS F4'));
    // The server priced it again: its detail reads the new price.
    await userEvent.click(
      within(bodyRows(table)[0]!).getByRole('button', { name: m.reports.list.viewDetail }),
    );
    await expect(await findDialog(admin.detailTitle)).toHaveTextContent(formatRupiah(70_000));
  },
};
