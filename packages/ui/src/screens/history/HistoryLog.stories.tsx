import { formatDateTimeLong, messagesId } from '@ranwal/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { failureRetried } from '../../testing/failure.js';
import { cellTexts, pageTable } from '../../testing/table.js';
import { HistoryLog } from './HistoryLog.js';
import { historyPageEntries } from './story-data.js';

const m = messagesId;
const h = m.history;

const meta = {
  title: 'Screens/History/HistoryLog',
  component: HistoryLog,
  args: {
    entries: historyPageEntries,
    pagination: { page: 1, totalPages: 3, totalItems: 48, pageSize: 20, onChange: fn() },
  },
} satisfies Meta<typeof HistoryLog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const table = await pageTable(canvas, h.title, h.title);
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(historyPageEntries.length);
    // Newest first: Budi's edit of a line, with what it changed.
    await expect(cellTexts(rows[1]!)).toEqual([
      formatDateTimeLong(historyPageEntries[1]!.changed_at),
      'Budi Santoso',
      '10.0.0.7',
      'Rincian BelanjaKertas HVS A4',
      'Diubah',
      'Harga: Rp 1.000 → Rp 1.500Total Harga: Rp 10.000 → Rp 15.000Total Setelah Pajak: Rp 10.000 → Rp 15.000',
    ]);
    // A pagu is named by its amount; a deleted programme by its name, with nothing to list.
    await expect(cellTexts(rows[2]!).slice(3, 5)).toEqual([
      'Pagu Sub KegiatanJumlah Pagu: Rp 250.000.000',
      'Dibuat',
    ]);
    await expect(cellTexts(rows[3]!).slice(3)).toEqual([
      'ProgramProgram Penunjang Urusan',
      'Dihapus',
      '',
    ]);
    await userEvent.click(canvas.getByRole('button', { name: m.pagination.next }));
    await expect(args.pagination?.onChange).toHaveBeenCalledWith(2);
  },
};

/** A change made outside a person's call (the seed, a migration) reads 'Sistem'. */
export const System: Story = {
  args: {
    entries: [{ ...historyPageEntries[0]!, actor_id: null, actor_name: null, address: null }],
    pagination: undefined,
  },
  play: async ({ canvas }) => {
    const [row] = within(canvas.getByRole('grid')).getAllByRole('row').slice(1);
    await expect(cellTexts(row!).slice(1, 3)).toEqual([h.system, '-']);
  },
};

/**
 * The settings are in the history too (issue 34): who gave a person a Perangkat Daerah, changed
 * their role, a PPN rule or the region's RKA signatory, each named as the page reads it.
 */
export const Settings: Story = {
  args: {
    pagination: undefined,
    entries: [
      {
        id: 24,
        changed_at: '2026-11-20T03:00:00.000Z',
        actor_id: 'admin-1',
        actor_name: 'Admin Bappeda',
        address: '192.168.1.20',
        record_type: 'user_agency',
        record_id: 'user-7/agency-1',
        action: 'create',
        old_values: null,
        new_values: { user_id: 'user-7', agency_id: 'agency-1' },
        reference_names: {
          'user-7': 'Rina Wulandari',
          'agency-1': '4.01.0.00.0.00.01.0000 - BAPPEDA',
        },
      },
      {
        id: 23,
        changed_at: '2026-11-20T02:59:00.000Z',
        actor_id: 'admin-1',
        actor_name: 'Admin Bappeda',
        address: '192.168.1.20',
        record_type: 'app_user',
        record_id: 'user-7',
        action: 'update',
        old_values: {
          id: 'user-7',
          name: 'Rina Wulandari',
          email: 'rina@contoh.go.id',
          role: 'user',
        },
        new_values: {
          id: 'user-7',
          name: 'Rina Wulandari',
          email: 'rina@contoh.go.id',
          role: 'verifier',
        },
      },
      {
        id: 22,
        changed_at: '2026-11-19T08:00:00.000Z',
        actor_id: 'admin-1',
        actor_name: 'Admin Bappeda',
        address: '192.168.1.20',
        record_type: 'tax_rule',
        record_id: '2027-01-01',
        action: 'update',
        old_values: {
          effective_from: '2027-01-01',
          rate: 12,
          base_numerator: 11,
          base_denominator: 12,
        },
        new_values: {
          effective_from: '2027-01-01',
          rate: 12,
          base_numerator: 1,
          base_denominator: 1,
        },
      },
      {
        id: 21,
        changed_at: '2026-11-19T07:00:00.000Z',
        actor_id: 'admin-1',
        actor_name: 'Admin Bappeda',
        address: '192.168.1.20',
        record_type: 'rka_signer',
        record_id: '-',
        action: 'update',
        old_values: {
          agency_id: null,
          place: 'Kota Contoh',
          position: 'Sekretaris Daerah',
          name: 'Drs. Ahmad',
        },
        new_values: {
          agency_id: null,
          place: 'Kota Contoh',
          position: 'Wali Kota',
          name: 'Drs. Ahmad',
        },
      },
    ],
  },
  play: async ({ canvas }) => {
    const rows = within(canvas.getByRole('grid')).getAllByRole('row').slice(1);
    await expect(rows.map((row) => cellTexts(row).slice(3))).toEqual([
      ['Perangkat Daerah PenggunaRina Wulandari — 4.01.0.00.0.00.01.0000 - BAPPEDA', 'Dibuat', ''],
      ['PenggunaRina Wulandari', 'Diubah', 'Peran: User → Verifikator'],
      [
        'Aturan PPNPPN berlaku sejak 2027-01-01',
        'Diubah',
        'Pembilang Dasar Pengenaan PPN: 11 → 1Penyebut Dasar Pengenaan PPN: 12 → 1',
      ],
      [
        'Penandatangan RKAPenandatangan RKA Seluruh Daerah: Drs. Ahmad',
        'Diubah',
        'Jabatan: Sekretaris Daerah → Wali Kota',
      ],
    ]);
  },
};

export const Empty: Story = {
  args: { entries: [], pagination: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(h.empty)).toBeVisible();
  },
};

/** Filters that match nothing say so. */
export const EmptyFiltered: Story = {
  args: { entries: [], isNarrowed: true, pagination: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(h.emptyFiltered)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { entries: [], isLoading: true, pagination: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(m.common.loading);
  },
};

const ErrorStory: Story = {
  args: { entries: [], error: h.fetchFailed, onRetry: fn(), pagination: undefined },
  play: failureRetried(h.fetchFailed),
};

export { ErrorStory as Error };

/** For an admin, a line's change brings that version back; other records are not restored. */
export const Restore: Story = {
  args: { onRestore: fn() },
  play: async ({ canvas, userEvent, args }) => {
    const table = canvas.getByRole('grid', { name: h.title });
    const rows = within(table).getAllByRole('row').slice(1);
    const lines = historyPageEntries.filter((entry) => entry.record_type === 'detail_program');
    await expect(canvas.getAllByRole('button', { name: new RegExp(`^${h.restore}`) })).toHaveLength(
      lines.length,
    );
    await expect(within(rows[2]!).queryByRole('button')).toBeNull();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: /^Pulihkan versi ini/ }));
    await expect(args.onRestore).toHaveBeenCalledWith(historyPageEntries[1]);
  },
};

/** While one version is restored its button waits and the others are held. */
export const Restoring: Story = {
  args: { onRestore: fn(), restoringId: historyPageEntries[1]!.id },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('grid', { name: h.title });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(within(rows[1]!).getByRole('button')).toHaveTextContent(h.restoring);
    await expect(within(rows[0]!).getByRole('button')).toBeDisabled();
  },
};

/** 'Unduh Excel' beside the title; it waits while the workbook is made. */
export const Downloadable: Story = {
  args: { onDownload: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: h.export.button }));
    await expect(args.onDownload).toHaveBeenCalledOnce();
  },
};

/**
 * A line brought back from its history reads 'Dipulihkan' (never 'Dibuat'), by the admin who
 * restored it; a restore over a line that still existed lists what it changed back.
 */
export const Restored: Story = {
  args: {
    entries: [
      {
        ...historyPageEntries[0]!,
        id: 21,
        actor_id: 'admin-1',
        actor_name: 'Admin Bappeda',
        action: 'restore',
        old_values: historyPageEntries[0]!.new_values,
        new_values: historyPageEntries[0]!.old_values,
      },
      {
        ...historyPageEntries[0]!,
        id: 20,
        actor_id: 'admin-1',
        actor_name: 'Admin Bappeda',
        action: 'restore',
        old_values: null,
      },
    ],
    onRestore: fn(),
  },
  play: async ({ canvas }) => {
    const rows = within(canvas.getByRole('grid', { name: h.title }))
      .getAllByRole('row')
      .slice(1);
    for (const row of rows) {
      await expect(cellTexts(row)[4]).toBe(h.actions.restore);
      await expect(cellTexts(row)[1]).toBe('Admin Bappeda');
    }
    await expect(cellTexts(rows[0]!)[5]).toContain('Volume 1: 12 → 10');
    await expect(canvas.queryByText(h.actions.create)).toBeNull();
  },
};
