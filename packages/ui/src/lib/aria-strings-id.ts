// react-aria-components' dictionary holds react-aria's packages and its own.
import english from 'react-aria-components/i18n/en-US';

/*
 * react-aria's own screen-reader strings ('Show suggestions', '4 options available.',
 * 'Dismiss') come in 34 languages, and Indonesian is not one of them. These are ours, for the
 * react-aria packages the screens use; the others (colour and date pickers, drag and drop, none
 * of which Ranwal shows) stay English. Indonesian has no plural inflection: '4 opsi'.
 */

// biome-ignore-start lint/suspicious/noExplicitAny: react-aria's compiled strings take any arguments.
type LocalizedString = string | ((args: any, formatter: any) => string);
// biome-ignore-end lint/suspicious/noExplicitAny: see above.
type Formatter = {
  number(value: number): string;
  select(options: Record<string, string | (() => string)>, value: unknown): string;
};
type Args = Record<string, string | number | boolean>;
const count = (n: unknown, formatter: Formatter) => formatter.number(Number(n));

const indonesian: Record<string, Record<string, LocalizedString>> = {
  '@react-aria/combobox': {
    focusAnnouncement: (args: Args, formatter: Formatter) =>
      `${formatter.select(
        {
          true: () =>
            `Masuk ke grup ${args.groupTitle}, dengan ${count(args.groupCount, formatter)} opsi. `,
          other: '',
        },
        args.isGroupChange,
      )}${args.optionText}${formatter.select({ true: ', dipilih', other: '' }, args.isSelected)}`,
    countAnnouncement: (args: Args, formatter: Formatter) =>
      `${count(args.optionCount, formatter)} opsi tersedia.`,
    selectedAnnouncement: (args: Args) => `${args.optionText}, dipilih`,
    buttonLabel: 'Tampilkan saran',
    listboxLabel: 'Saran',
  },
  '@react-aria/overlays': { dismiss: 'Tutup' },
  '@react-aria/toast': {
    close: 'Tutup',
    notifications: (args: Args, formatter: Formatter) =>
      `${count(args.count, formatter)} pemberitahuan.`,
  },
  '@react-aria/grid': {
    deselectedItem: (args: Args) => `${args.item} tidak dipilih.`,
    select: 'Pilih',
    selectedCount: (args: Args, formatter: Formatter) =>
      Number(args.count) === 0
        ? 'Tidak ada item yang dipilih.'
        : `${count(args.count, formatter)} item dipilih.`,
    selectedAll: 'Semua item dipilih.',
    selectedItem: (args: Args) => `${args.item} dipilih.`,
    longPressToSelect: 'Tekan lama untuk masuk ke mode pilih.',
  },
  '@react-aria/gridlist': {
    hasActionAnnouncement: 'baris memiliki tindakan',
    hasLinkAnnouncement: (args: Args) => `baris memiliki tautan: ${args.link}`,
  },
  '@react-aria/table': {
    select: 'Pilih',
    selectAll: 'Pilih Semua',
    sortable: 'kolom yang dapat diurutkan',
    ascending: 'naik',
    descending: 'turun',
    ascendingSort: (args: Args) => `diurutkan menurut kolom ${args.columnName} secara naik`,
    descendingSort: (args: Args) => `diurutkan menurut kolom ${args.columnName} secara turun`,
    columnSize: (args: Args) => `${args.value} piksel`,
    resizerDescription: 'Tekan Enter untuk mulai mengubah ukuran',
    expand: 'Bentangkan',
    collapse: 'Ciutkan',
  },
  '@react-aria/tag': {
    removeDescription: 'Tekan Delete untuk menghapus tag.',
    removeButtonLabel: 'Hapus',
  },
  '@react-aria/searchfield': { 'Clear search': 'Hapus pencarian' },
  '@react-aria/numberfield': {
    decrease: (args: Args) => `Kurangi ${args.fieldLabel}`,
    increase: (args: Args) => `Tambah ${args.fieldLabel}`,
    numberField: 'Kolom angka',
  },
  '@react-aria/spinbutton': { Empty: 'Kosong' },
  '@react-aria/menu': {
    longPressMessage: 'Tekan lama atau tekan Alt + Panah Bawah untuk membuka menu',
  },
  '@react-aria/breadcrumbs': { breadcrumbs: 'Jejak navigasi' },
  '@react-aria/autocomplete': { collectionLabel: 'Saran' },
  '@react-aria/tree': { expand: 'Bentangkan', collapse: 'Ciutkan' },
  'react-aria-components': {
    selectPlaceholder: 'Pilih item',
    tableResizer: 'Pengubah ukuran',
    dropzoneLabel: 'Area lepas',
    colorSwatchPicker: 'Contoh warna',
  },
};

/** Every react-aria package's strings, Indonesian where the screens need them. */
export const ariaStringsId: Record<string, Record<string, LocalizedString>> = {
  ...english,
  ...indonesian,
};

/**
 * Makes react-aria speak Indonesian on this page. react-aria reads one page-wide dictionary
 * (the one its server rendering writes), so this is for an app that is Indonesian throughout
 * (the portal calls it before rendering); an app embedding the screens in another language
 * should not call it. Returns false when it is too late: react-aria read its strings already.
 */
export function installIndonesianAriaStrings(): boolean {
  const page = globalThis as Record<symbol, unknown>;
  const stringsKey = Symbol.for('react-aria.i18n.strings');
  if (page[stringsKey]) return page[stringsKey] === ariaStringsId;
  page[Symbol.for('react-aria.i18n.locale')] = 'id-ID';
  page[stringsKey] = ariaStringsId;
  return true;
}
