import { messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { agenciesSeed, demoSeed, longNamesSeed } from '../../testing/sandbox-client.js';
import { HierarchyManager, type HierarchyManagerProps } from './HierarchyManager.js';
import {
  dropStaleAnnouncements,
  findDialog,
  pastDebounce,
  seedOptions,
  seedRows,
} from './story-helpers.js';

const m = messagesId;
const programs = seedOptions(demoSeed, 'program');
const actions = seedRows(demoSeed, 'action');
const agencies = seedOptions(agenciesSeed, 'agency');
const [bappeda] = agencies;
/** The Program page: its picker and filter offer the Perangkat Daerah. */
const programPage = {
  entity: 'program',
  rows: seedRows(agenciesSeed, 'program'),
  filterOptions: agencies,
  parentSource: { options: agencies, onSearchChange: fn() },
} satisfies Partial<HierarchyManagerProps>;

/** The row whose accessible name (its row header's text) contains `text`. */
const rowWith = (container: HTMLElement, text: string) =>
  within(container).getByRole('row', { name: (name) => name.includes(text) });

const meta = {
  title: 'Screens/Management/HierarchyManager',
  component: HierarchyManager,
  beforeEach: dropStaleAnnouncements,
  decorators: [
    (Story) => (
      <div className="bg-slate-50 p-4">
        <Story />
      </div>
    ),
  ],
  args: {
    entity: 'action',
    rows: actions.slice(0, 5),
    page: 1,
    totalPages: 1,
    filterOptions: programs,
    parentSource: { options: programs, onSearchChange: fn() },
    onPageChange: fn(),
    onSearchChange: fn(),
    onParentFilterChange: fn(),
    onRetry: fn(),
    onCreate: fn(),
    onUpdate: fn(),
    onDelete: fn(),
  },
} satisfies Meta<typeof HierarchyManager>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The Kegiatan page: each row with its program; a new kegiatan goes under a chosen program. */
export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const level = m.levels.action;
    await expect(canvas.getByRole('heading', { name: level.addTitle })).toBeVisible();
    const table = canvas.getByRole('grid', { name: level.listTitle });
    const first = actions[0]!;
    await expect(rowWith(table, first.name)).toHaveTextContent(
      m.levels.program.rowParent(first.parentName!),
    );

    const program = programs[1]!;
    const picker = canvas.getByRole('combobox', { name: m.levels.program.label });
    await userEvent.type(picker, 'P');
    await userEvent.click(await screen.findByRole('option', { name: program.name }));
    const name = canvas.getByRole('textbox', { name: level.nameLabel });
    await userEvent.type(name, 'Evaluasi');
    await userEvent.click(canvas.getByRole('button', { name: m.common.save }));
    await expect(args.onCreate).toHaveBeenCalledWith({
      name: 'Evaluasi',
      code: null,
      program_id: program.id,
    });
    // Saved: the name clears, the program stays for the next one.
    await waitFor(() => expect(name).toHaveValue(''));
    await expect(picker).toHaveValue(program.name);
  },
};

/** The edit dialog starts from the row and sends parent and name. */
export const Edit: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const level = m.levels.action;
    const first = actions[0]!;
    const row = rowWith(canvas.getByRole('grid'), first.name);
    await userEvent.click(within(row).getByRole('button', { name: m.common.edit }));
    const dialog = await findDialog(level.editTitle);
    const name = within(dialog).getByRole('textbox', { name: level.nameLabel });
    await expect(name).toHaveValue(first.name);
    await expect(
      within(dialog).getByRole('combobox', { name: m.levels.program.label }),
    ).toHaveValue(first.parentName);
    await userEvent.clear(name);
    await userEvent.type(name, 'Evaluasi');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.update }));
    await expect(args.onUpdate).toHaveBeenCalledWith(first.id, {
      name: 'Evaluasi',
      code: null,
      program_id: first.parentId,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Hapus asks first: Batal does nothing, 'Ya, Hapus!' deletes. */
export const ConfirmDelete: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const second = actions[1]!;
    const remove = () =>
      userEvent.click(
        within(rowWith(canvas.getByRole('grid'), second.name)).getByRole('button', {
          name: m.common.delete,
        }),
      );
    const confirmation = () =>
      screen.findByRole('alertdialog', { name: m.common.confirmDelete.title });
    await remove();
    let dialog = await confirmation();
    await expect(dialog).toHaveTextContent(m.common.confirmDelete.text);
    await userEvent.click(
      within(dialog).getByRole('button', { name: m.common.confirmDelete.cancel }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onDelete).not.toHaveBeenCalled();
    await remove();
    dialog = await confirmation();
    await userEvent.click(
      within(dialog).getByRole('button', { name: m.common.confirmDelete.confirm }),
    );
    await expect(args.onDelete).toHaveBeenCalledWith(second);
  },
};

/** Add with the keyboard alone. */
export const KeyboardAdd: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const program = programs[0]!;
    await userEvent.tab();
    await expect(canvas.getByRole('combobox', { name: m.levels.program.label })).toHaveFocus();
    await userEvent.keyboard('P{ArrowDown}{Enter}');
    await userEvent.tab();
    await userEvent.keyboard('Evaluasi{Enter}');
    await expect(args.onCreate).toHaveBeenCalledWith({
      name: 'Evaluasi',
      code: null,
      program_id: program.id,
    });
  },
};

/** Edit with the keyboard alone: Tab into the list, arrows to the row's Edit button. */
export const KeyboardEdit: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const level = m.levels.action;
    // The picker, the name, the code, Simpan, the filter, the search box, then the list's first row.
    for (let step = 0; step < 7; step++) await userEvent.tab();
    const first = actions[0]!;
    const row = rowWith(canvas.getByRole('grid'), first.name);
    await expect(row).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(within(row).getByRole('button', { name: m.common.edit })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await findDialog(level.editTitle);
    await userEvent.tab();
    await expect(within(dialog).getByRole('textbox', { name: level.nameLabel })).toHaveFocus();
    await userEvent.keyboard('{Control>}a{/Control}Evaluasi');
    // Past the code and Batal to Perbarui.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: m.common.update })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onUpdate).toHaveBeenCalledWith(first.id, {
      name: 'Evaluasi',
      code: null,
      program_id: first.parentId,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(row).getByRole('button', { name: m.common.edit })).toHaveFocus(),
    );
  },
};

/** The search box reports what was typed only after 500 ms without a keystroke. */
export const DebouncedSearch: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const search = canvas.getByRole('searchbox', {
      name: m.common.searchFor(m.levels.action.label),
    });
    await userEvent.type(search, 'rapat');
    await expect(args.onSearchChange).not.toHaveBeenCalled();
    await pastDebounce();
    await expect(args.onSearchChange).toHaveBeenCalledWith('rapat');
  },
};

export const ParentFilter: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const filter = canvas.getByRole('button', {
      name: (name) => name.includes(m.levels.program.allFilter),
    });
    await userEvent.click(filter);
    await userEvent.click(await screen.findByRole('option', { name: programs[2]!.name }));
    await expect(args.onParentFilterChange).toHaveBeenLastCalledWith(programs[2]!.id);
  },
};

/** Two programmes of one name, told apart by their codes in the filter and the picker (issue 33). */
const twins = [
  { id: '00000000-0000-4000-8000-0000000000a1', name: 'Program Penunjang', code: '1.01.01' },
  { id: '00000000-0000-4000-8000-0000000000a2', name: 'Program Penunjang', code: '1.02.01' },
];
export const CodesTellNamesApart: Story = {
  args: { filterOptions: twins, parentSource: { options: twins, onSearchChange: fn() } },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: (name) => name.includes(m.levels.program.allFilter) }),
    );
    const listbox = await screen.findByRole('listbox');
    await expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      m.levels.program.allFilter,
      '1.01.01 - Program Penunjang',
      '1.02.01 - Program Penunjang',
    ]);
    await userEvent.click(
      within(listbox).getByRole('option', { name: '1.02.01 - Program Penunjang' }),
    );
    await expect(args.onParentFilterChange).toHaveBeenLastCalledWith(twins[1]!.id);

    // The add form's picker offers them the same way, and shows the choice with its code.
    const picker = canvas.getByRole('combobox', { name: m.levels.program.label });
    await userEvent.click(picker);
    await userEvent.keyboard('{ArrowDown}');
    const options = await screen.findByRole('listbox');
    await userEvent.click(
      within(options).getByRole('option', { name: '1.01.01 - Program Penunjang' }),
    );
    await expect(picker).toHaveValue('1.01.01 - Program Penunjang');
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(m.levels.action.emptyList)).toBeVisible();
    await expect(canvas.getByText(m.pagination.pageOf(1, 1))).toBeVisible();
  },
};

export const EmptyPrograms: Story = {
  args: { ...programPage, rows: [], filterOptions: [], parentSource: { options: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(m.levels.program.emptyList)).toBeVisible();
    // A programme's agency is optional: the picker starts at 'Tanpa Perangkat Daerah'.
    const picker = canvas.getByRole('combobox', { name: m.levels.agency.label });
    await expect(picker).toHaveValue(m.levels.agency.unknownParentFallback);
    await expect(picker).not.toBeRequired();
    await expect(
      canvas.getByRole('button', { name: (name) => name.includes(m.levels.agency.allFilter) }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('searchbox', { name: m.common.searchFor(m.levels.program.label) }),
    ).toBeVisible();
  },
};

/** The Perangkat Daerah page: nothing above it, so no picker and no filter. */
export const EmptyAgencies: Story = {
  args: { entity: 'agency', rows: [], filterOptions: [], parentSource: { options: [] } },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: m.levels.agency.label }),
    ).toBeVisible();
    await expect(canvas.getByText(m.levels.agency.emptyList)).toBeVisible();
    await expect(canvas.queryByRole('combobox')).toBeNull();
    await expect(canvas.getByRole('textbox', { name: m.levels.agency.nameLabel })).toBeRequired();
    await expect(
      canvas.getByRole('textbox', { name: m.levels.agency.codeLabel }),
    ).not.toBeRequired();
  },
};

/** Agencies read 'code - name'; a new one is sent with its code. */
export const Agencies: Story = {
  args: { entity: 'agency', rows: seedRows(agenciesSeed, 'agency'), filterOptions: [] },
  play: async ({ canvas, userEvent, args }) => {
    const table = canvas.getByRole('grid', { name: m.levels.agency.listTitle });
    for (const agency of seedRows(agenciesSeed, 'agency')) {
      await expect(
        rowWith(
          table,
          agency.code ? m.hierarchy.accountCodeName(agency.code, agency.name) : agency.name,
        ),
      ).toBeVisible();
    }
    const level = m.levels.agency;
    await userEvent.type(canvas.getByRole('textbox', { name: level.nameLabel }), 'DINAS KESEHATAN');
    await userEvent.type(
      canvas.getByRole('textbox', { name: level.codeLabel }),
      '1.02.0.00.0.00.01.0000',
    );
    await userEvent.click(canvas.getByRole('button', { name: m.common.save }));
    await expect(args.onCreate).toHaveBeenCalledWith({
      name: 'DINAS KESEHATAN',
      code: '1.02.0.00.0.00.01.0000',
    });
  },
};

/**
 * A programme without an agency: the picker left at 'Tanpa Perangkat Daerah' saves it with none;
 * the list names each programme's agency, or says it has none.
 */
export const ProgramWithoutAgency: Story = {
  args: programPage,
  play: async ({ canvas, userEvent, args }) => {
    const table = canvas.getByRole('grid', { name: m.levels.program.listTitle });
    for (const program of programPage.rows) {
      await expect(rowWith(table, program.name)).toHaveTextContent(
        program.parentName
          ? m.levels.agency.rowParent(program.parentName)
          : m.levels.agency.unknownParentFallback,
      );
    }
    await userEvent.type(
      canvas.getByRole('textbox', { name: m.levels.program.nameLabel }),
      'PROGRAM BARU',
    );
    await userEvent.click(canvas.getByRole('button', { name: m.common.save }));
    await expect(args.onCreate).toHaveBeenCalledWith({
      name: 'PROGRAM BARU',
      code: null,
      is_taxed: false,
      agency_id: null,
    });
  },
};

/** A programme in an agency: chosen in the picker, kept for the next; 'Tanpa …' takes it out. */
export const ProgramInAgency: Story = {
  args: programPage,
  play: async ({ canvas, userEvent, args }) => {
    const picker = canvas.getByRole('combobox', { name: m.levels.agency.label });
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: bappeda!.name }));
    const name = canvas.getByRole('textbox', { name: m.levels.program.nameLabel });
    await userEvent.type(name, 'PROGRAM A');
    await userEvent.click(canvas.getByRole('button', { name: m.common.save }));
    await expect(args.onCreate).toHaveBeenLastCalledWith({
      name: 'PROGRAM A',
      code: null,
      is_taxed: false,
      agency_id: bappeda!.id,
    });
    await waitFor(() => expect(name).toHaveValue(''));
    await expect(picker).toHaveValue(bappeda!.name);

    await userEvent.click(picker);
    await userEvent.click(
      await screen.findByRole('option', { name: m.levels.agency.unknownParentFallback }),
    );
    await expect(picker).toHaveValue(m.levels.agency.unknownParentFallback);
    await userEvent.type(name, 'PROGRAM B');
    await userEvent.click(canvas.getByRole('button', { name: m.common.save }));
    await expect(args.onCreate).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'PROGRAM B', agency_id: null }),
    );
  },
};

/** Editing a programme keeps its agency unless another (or none) is chosen. */
export const EditProgramKeepsAgency: Story = {
  args: programPage,
  play: async ({ canvas, userEvent, args }) => {
    const program = programPage.rows.find((row) => row.parentId === bappeda!.id)!;
    const openEdit = async () => {
      const row = rowWith(canvas.getByRole('grid'), program.name);
      await userEvent.click(within(row).getByRole('button', { name: m.common.edit }));
      return findDialog(m.levels.program.editTitle);
    };
    let dialog = await openEdit();
    const picker = within(dialog).getByRole('combobox', { name: m.levels.agency.label });
    await expect(picker).toHaveValue(bappeda!.name);
    const name = within(dialog).getByRole('textbox', { name: m.levels.program.nameLabel });
    await userEvent.clear(name);
    await userEvent.type(name, 'PROGRAM DIUBAH');
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.update }));
    await expect(args.onUpdate).toHaveBeenLastCalledWith(program.id, {
      name: 'PROGRAM DIUBAH',
      code: null,
      is_taxed: program.is_taxed,
      agency_id: bappeda!.id,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openEdit();
    await userEvent.click(within(dialog).getByRole('combobox', { name: m.levels.agency.label }));
    await userEvent.click(
      await screen.findByRole('option', { name: m.levels.agency.unknownParentFallback }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.update }));
    await expect(args.onUpdate).toHaveBeenLastCalledWith(
      program.id,
      expect.objectContaining({ name: program.name, agency_id: null }),
    );
  },
};

export const Loading: Story = {
  args: { rows: [], isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(m.common.loading);
    await expect(canvas.queryByText(m.levels.action.emptyList)).toBeNull();
  },
};

const ErrorStory: Story = {
  args: { rows: [], error: m.levels.action.fetchFailed },
  play: async ({ canvas, userEvent, args }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(m.hierarchy.failureTitle);
    await expect(alert).toHaveTextContent(m.levels.action.fetchFailed);
    await userEvent.click(within(alert).getByRole('button', { name: m.articles.management.retry }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export { ErrorStory as Error };

/** Saving a new row and deleting another at once. */
export const Busy: Story = {
  args: { isCreating: true, deletingId: actions[1]!.id },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('button', { name: m.common.saving })).toBeVisible();
    const row = rowWith(canvas.getByRole('grid'), actions[1]!.name);
    const deleting = within(row).getByRole('button', { name: m.common.deleting });
    await userEvent.click(deleting);
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(within(row).getByRole('button', { name: m.common.edit })).toBeDisabled();
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

export const LongNames: Story = {
  args: {
    entity: 'account',
    rows: seedRows(longNamesSeed, 'account').slice(0, 5),
    filterOptions: seedOptions(longNamesSeed, 'subtitle'),
    parentSource: { options: seedOptions(longNamesSeed, 'subtitle') },
  },
  play: async ({ canvas }) => {
    const account = seedRows(longNamesSeed, 'account')[0]!;
    await expect(
      canvas.getByText(m.hierarchy.accountCodeName(account.code!, account.name)),
    ).toBeVisible();
  },
};

/** Aktivitas, Subtitle and Kode Rekening warn about an empty field and send nothing. */
export const Invalid: Story = {
  args: { entity: 'activity', rows: seedRows(demoSeed, 'activity').slice(0, 5) },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: m.levels.activity.nameLabel }),
      'Rapat',
    );
    await userEvent.click(canvas.getByRole('button', { name: m.common.save }));
    const warning = await canvas.findByRole('status');
    await expect(warning).toHaveTextContent(m.hierarchy.incompleteTitle);
    await expect(warning).toHaveTextContent(m.hierarchy.incompleteText);
    await expect(args.onCreate).not.toHaveBeenCalled();
  },
};

/** An account code the core schema refuses is flagged on its field before anything is sent. */
export const InvalidAccountCode: Story = {
  args: {
    entity: 'account',
    rows: seedRows(demoSeed, 'account').slice(0, 5),
    filterOptions: seedOptions(demoSeed, 'subtitle'),
    parentSource: { options: seedOptions(demoSeed, 'subtitle') },
  },
  play: async ({ canvas, userEvent, args }) => {
    const subtitle = seedOptions(demoSeed, 'subtitle')[0]!;
    await userEvent.type(canvas.getByRole('combobox', { name: m.levels.subtitle.label }), 'a');
    await userEvent.click(await screen.findByRole('option', { name: subtitle.name }));
    const code = canvas.getByRole('textbox', { name: m.levels.account.codeLabel });
    await userEvent.type(code, '5.1..02');
    await userEvent.type(
      canvas.getByRole('textbox', { name: m.levels.account.nameLabel }),
      'Belanja',
    );
    await userEvent.click(canvas.getByRole('button', { name: m.common.save }));
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(code).toHaveFocus());
    await expect(code).toHaveAccessibleDescription(expect.stringContaining('5.1.02.01.01.0024'));
    await expect(args.onCreate).not.toHaveBeenCalled();
    // Fixing the code clears the error and saves.
    await userEvent.clear(code);
    await userEvent.type(code, '5.1.02.01.01.0099');
    await userEvent.click(canvas.getByRole('button', { name: m.common.save }));
    await expect(args.onCreate).toHaveBeenCalledWith({
      code: '5.1.02.01.01.0099',
      name: 'Belanja',
      subtitle_id: subtitle.id,
    });
  },
};

/** Program, Kegiatan and Sub Kegiatan: an empty field makes Simpan do nothing at all. */
export const SilentlyIncomplete: Story = {
  args: programPage,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: m.levels.program.nameLabel }), '   ');
    await userEvent.click(canvas.getByRole('button', { name: m.common.save }));
    await expect(args.onCreate).not.toHaveBeenCalled();
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Pengampu: 'harus diisi' when adding, 'tidak boleh kosong' when editing. */
export const SupporterNameRequired: Story = {
  args: { entity: 'supporter', rows: seedRows(demoSeed, 'supporter') },
  play: async ({ canvas, userEvent, args }) => {
    const level = m.levels.supporter;
    const name = canvas.getByRole('textbox', { name: level.nameLabel });
    await userEvent.click(canvas.getByRole('button', { name: m.common.save }));
    await expect(name).toHaveAccessibleDescription(m.hierarchy.supporterNameRequired);
    await waitFor(() => expect(name).toHaveFocus());
    await userEvent.type(name, 'B');
    await expect(name).not.toHaveAttribute('aria-invalid');

    const supporter = seedRows(demoSeed, 'supporter')[0]!;
    const row = rowWith(canvas.getByRole('grid'), supporter.name);
    await expect(row).toHaveTextContent(m.hierarchy.supporterId(supporter.id));
    await userEvent.click(within(row).getByRole('button', { name: m.common.edit }));
    const dialog = await findDialog(level.editTitle);
    const editName = within(dialog).getByRole('textbox', { name: level.nameLabel });
    await userEvent.clear(editName);
    await userEvent.click(within(dialog).getByRole('button', { name: m.common.update }));
    await expect(editName).toHaveAccessibleDescription(m.hierarchy.supporterNameEmpty);
    await waitFor(() => expect(editName).toHaveFocus());
    await expect(args.onUpdate).not.toHaveBeenCalled();
  },
};

/** The Program list marks the programs whose lines carry PPN, and only those. */
export const ProgramsWithTax: Story = {
  args: { ...programPage, rows: seedRows(demoSeed, 'program') },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('grid', { name: m.levels.program.listTitle });
    const rows = seedRows(demoSeed, 'program');
    const taxed = rows.filter((row) => row.is_taxed);
    await expect(taxed.length).toBeGreaterThan(0);
    await expect(taxed.length).toBeLessThan(rows.length);
    for (const row of rows) {
      const shown = rowWith(table, row.name);
      if (row.is_taxed) await expect(shown).toHaveTextContent(m.hierarchy.programTaxed);
      else await expect(shown).not.toHaveTextContent(m.hierarchy.programTaxed);
    }
  },
};

/** Kegiatan picked from the national nomenclature: its official code and name fill the form. */
export const PickFromNomenclature: Story = {
  args: {
    referenceSource: {
      options: [
        { level: 'action', code: '1.01.02.2.01', name: 'Pengelolaan Pendidikan Sekolah Dasar' },
        {
          level: 'action',
          code: '1.01.02.2.02',
          name: 'Pengelolaan Pendidikan Sekolah Menengah Pertama',
        },
      ],
      onSearchChange: fn(),
      onUnderChange: fn(),
    },
  },
  play: async ({ canvas, userEvent, args }) => {
    const level = m.levels.action;
    const program = programs[1]!;
    await userEvent.type(canvas.getByRole('combobox', { name: m.levels.program.label }), 'P');
    await userEvent.click(await screen.findByRole('option', { name: program.name }));

    const picker = canvas.getByRole('combobox', { name: m.hierarchy.referenceLabel });
    await userEvent.click(picker);
    await userEvent.click(
      await screen.findByRole('option', {
        name: '1.01.02.2.02 - Pengelolaan Pendidikan Sekolah Menengah Pertama',
      }),
    );
    await expect(canvas.getByRole('textbox', { name: level.nameLabel })).toHaveValue(
      'Pengelolaan Pendidikan Sekolah Menengah Pertama',
    );
    await expect(canvas.getByRole('textbox', { name: level.codeLabel })).toHaveValue(
      '1.01.02.2.02',
    );
    // The picker shows what was copied; the fields stay editable.
    await expect(picker).toHaveValue(
      '1.01.02.2.02 - Pengelolaan Pendidikan Sekolah Menengah Pertama',
    );
    await userEvent.click(canvas.getByRole('button', { name: m.common.save }));
    await expect(args.onCreate).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Pengelolaan Pendidikan Sekolah Menengah Pertama',
        code: '1.01.02.2.02',
        program_id: program.id,
      }),
    );
  },
};
