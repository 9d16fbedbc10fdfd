import type { ManagedEntityKey } from '../entity-keys.js';
import type { FundingGroup } from '../funding.js';

/**
 * Strings of one managed entity (a hierarchy level or the supporter list). One shape for all of
 * them, so one list/edit implementation can render any level from its key.
 */
export interface LevelMessages {
  /** Page name, column header and select label. */
  readonly label: string;
  readonly listTitle: string;
  readonly addTitle: string;
  readonly editTitle: string;
  readonly emptyList: string;
  readonly searchPlaceholder: string;
  readonly selectPlaceholder: string;
  /** Filter option on the child level's page that lifts the filter by this level. */
  readonly allFilter: string;
  /** This level's name on a child row whose parent is missing. */
  readonly unknownParentFallback: string;
  /** This level's name on a child row. */
  readonly rowParent: (name: string) => string;
  /** Hint on the select below while this level is not chosen yet. */
  readonly chooseFirstHint: string;
  /** Hint on this level's select when it has no options. */
  readonly emptyOptionsHint: string;
  readonly selected: (name: string) => string;
  /** Toast on the user dashboard. */
  readonly fetchFailedToast: string;
  /** Alert dialog on the management page. */
  readonly fetchFailed: string;
  readonly createFailed: string;
  readonly updateFailed: string;
  readonly deleteFailed: (name: string) => string;
  readonly created: string;
  readonly updated: string;
  readonly deleted: string;
  readonly nameLabel: string;
  readonly namePlaceholder: string;
}

/** The six hierarchy levels carry a code besides the name (required for accounts only). */
export interface CodedLevelMessages extends LevelMessages {
  readonly codeLabel: string;
  readonly codePlaceholder: string;
}
/** @deprecated Every hierarchy level has a code now: `CodedLevelMessages`. */
export type AccountLevelMessages = CodedLevelMessages;

export type LevelCatalogue = {
  readonly [K in ManagedEntityKey]: K extends 'supporter' ? LevelMessages : CodedLevelMessages;
};

/** Turns string literal types into `string`, keeps function signatures, recurses into objects. */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends object
      ? { readonly [K in keyof T]: Widen<T[K]> }
      : T;

const levels: LevelCatalogue = {
  // Perangkat Daerah is not in the spec: its strings follow the levels' pattern.
  agency: {
    label: 'Perangkat Daerah',
    listTitle: 'Daftar Perangkat Daerah',
    addTitle: 'Tambah Perangkat Daerah',
    editTitle: 'Edit Perangkat Daerah',
    emptyList: 'Tidak ada perangkat daerah ditemukan',
    searchPlaceholder: 'Cari perangkat daerah...',
    selectPlaceholder: 'Pilih perangkat daerah',
    allFilter: 'Semua Perangkat Daerah',
    unknownParentFallback: 'Tanpa Perangkat Daerah',
    rowParent: (name: string) => `Perangkat Daerah: ${name}`,
    chooseFirstHint: 'Silakan pilih perangkat daerah terlebih dahulu',
    emptyOptionsHint: 'Tidak ada perangkat daerah tersedia.',
    selected: (name: string) => `Perangkat Daerah "${name}" berhasil dipilih`,
    fetchFailedToast: 'Gagal mengambil data perangkat daerah',
    fetchFailed: 'Gagal mengambil data perangkat daerah.',
    createFailed: 'Gagal menambahkan perangkat daerah.',
    updateFailed: 'Gagal memperbarui perangkat daerah.',
    deleteFailed: (name: string) => `Gagal menghapus perangkat daerah "${name}".`,
    created: 'Perangkat Daerah berhasil ditambahkan.',
    updated: 'Perangkat Daerah berhasil diperbarui.',
    deleted: 'Perangkat Daerah berhasil dihapus.',
    nameLabel: 'Nama Perangkat Daerah',
    namePlaceholder: 'Masukkan nama perangkat daerah',
    codeLabel: 'Kode Perangkat Daerah',
    codePlaceholder: 'Tidak wajib, mis. 4.01.0.00.0.00.01.0000',
  },
  program: {
    label: 'Program',
    listTitle: 'Daftar Program',
    addTitle: 'Tambah Program',
    editTitle: 'Edit Program',
    emptyList: 'Tidak ada program tersedia',
    searchPlaceholder: 'Cari program...',
    selectPlaceholder: 'Pilih program',
    allFilter: 'Semua Program',
    unknownParentFallback: 'Unknown Program',
    rowParent: (name: string) => `Program: ${name}`,
    chooseFirstHint: 'Silakan pilih program terlebih dahulu',
    emptyOptionsHint: 'Tambahkan program pertama Anda untuk memulai',
    selected: (name: string) => `Program "${name}" berhasil dipilih`,
    fetchFailedToast: 'Gagal mengambil data program',
    fetchFailed: 'Gagal mengambil data program.',
    createFailed: 'Gagal menambahkan program.',
    updateFailed: 'Gagal memperbarui program.',
    deleteFailed: (name: string) => `Gagal menghapus program "${name}".`,
    created: 'Program berhasil ditambahkan.',
    updated: 'Program berhasil diperbarui.',
    deleted: 'Program berhasil dihapus.',
    nameLabel: 'Nama Program',
    namePlaceholder: 'Masukkan nama program',
    codeLabel: 'Kode Program',
    codePlaceholder: 'Tidak wajib, mis. 1.01.01',
  },
  action: {
    label: 'Kegiatan',
    listTitle: 'Daftar Kegiatan',
    addTitle: 'Tambah Kegiatan',
    editTitle: 'Edit Kegiatan',
    emptyList: 'Tidak ada kegiatan ditemukan',
    searchPlaceholder: 'Cari kegiatan...',
    selectPlaceholder: 'Pilih kegiatan',
    allFilter: 'Semua Kegiatan',
    unknownParentFallback: 'Unknown Action',
    rowParent: (name: string) => `Kegiatan: ${name}`,
    chooseFirstHint: 'Silakan pilih kegiatan terlebih dahulu',
    emptyOptionsHint: 'Tidak ada kegiatan tersedia untuk program ini.',
    selected: (name: string) => `Kegiatan "${name}" berhasil dipilih`,
    fetchFailedToast: 'Gagal mengambil data kegiatan',
    fetchFailed: 'Gagal mengambil data kegiatan.',
    createFailed: 'Gagal menambahkan kegiatan.',
    updateFailed: 'Gagal memperbarui kegiatan.',
    deleteFailed: () => 'Gagal menghapus kegiatan.',
    created: 'Kegiatan berhasil ditambahkan.',
    updated: 'Kegiatan berhasil diperbarui.',
    deleted: 'Kegiatan berhasil dihapus.',
    nameLabel: 'Nama Kegiatan',
    namePlaceholder: 'Masukkan nama kegiatan',
    codeLabel: 'Kode Kegiatan',
    codePlaceholder: 'Tidak wajib, mis. 1.01.01.2.01',
  },
  sub_action: {
    label: 'Sub Kegiatan',
    listTitle: 'Daftar Sub Kegiatan',
    addTitle: 'Tambah Sub Kegiatan',
    editTitle: 'Edit Sub Kegiatan',
    emptyList: 'Tidak ada sub kegiatan ditemukan',
    searchPlaceholder: 'Cari sub kegiatan...',
    selectPlaceholder: 'Pilih sub kegiatan',
    allFilter: 'Semua Sub Kegiatan',
    unknownParentFallback: 'Unknown Sub Action',
    rowParent: (name: string) => `Sub Kegiatan: ${name}`,
    chooseFirstHint: 'Silakan pilih sub kegiatan terlebih dahulu',
    emptyOptionsHint: 'Tidak ada sub kegiatan tersedia untuk kegiatan ini.',
    selected: (name: string) => `Sub Kegiatan "${name}" berhasil dipilih`,
    fetchFailedToast: 'Gagal mengambil data sub kegiatan',
    fetchFailed: 'Gagal mengambil data sub kegiatan.',
    createFailed: 'Gagal menambahkan sub kegiatan.',
    updateFailed: 'Gagal memperbarui sub kegiatan.',
    deleteFailed: () => 'Gagal menghapus sub kegiatan.',
    created: 'Sub kegiatan berhasil ditambahkan.',
    updated: 'Sub kegiatan berhasil diperbarui.',
    deleted: 'Sub kegiatan berhasil dihapus.',
    nameLabel: 'Nama Sub Kegiatan',
    namePlaceholder: 'Masukkan nama sub kegiatan',
    codeLabel: 'Kode Sub Kegiatan',
    codePlaceholder: 'Tidak wajib, mis. 1.01.01.2.01.0001',
  },
  activity: {
    label: 'Aktivitas',
    listTitle: 'Daftar Aktivitas',
    addTitle: 'Tambah Aktivitas',
    editTitle: 'Edit Aktivitas',
    emptyList: 'Tidak ada aktivitas ditemukan',
    searchPlaceholder: 'Cari aktivitas...',
    selectPlaceholder: 'Pilih aktivitas',
    allFilter: 'Semua Aktivitas',
    unknownParentFallback: 'Unknown Activity',
    rowParent: (name: string) => `Aktivitas: ${name}`,
    chooseFirstHint: 'Silakan pilih aktivitas terlebih dahulu',
    emptyOptionsHint: 'Tidak ada aktivitas tersedia untuk sub kegiatan ini.',
    selected: (name: string) => `Aktivitas "${name}" berhasil dipilih`,
    fetchFailedToast: 'Gagal mengambil data aktivitas',
    fetchFailed: 'Gagal mengambil data aktivitas.',
    createFailed: 'Gagal menambahkan aktivitas.',
    updateFailed: 'Gagal memperbarui aktivitas.',
    deleteFailed: () => 'Gagal menghapus aktivitas.',
    created: 'Aktivitas berhasil ditambahkan.',
    updated: 'Aktivitas berhasil diperbarui.',
    deleted: 'Aktivitas berhasil dihapus.',
    nameLabel: 'Nama Aktivitas',
    namePlaceholder: 'Masukkan nama aktivitas',
    codeLabel: 'Kode Aktivitas',
    codePlaceholder: 'Tidak wajib',
  },
  subtitle: {
    label: 'Subtitle',
    listTitle: 'Daftar Subtitle',
    addTitle: 'Tambah Subtitle',
    editTitle: 'Edit Subtitle',
    emptyList: 'Tidak ada subtitle ditemukan',
    searchPlaceholder: 'Cari subtitle...',
    selectPlaceholder: 'Pilih subtitle',
    allFilter: 'Semua Subtitle',
    unknownParentFallback: 'Unknown Subtitle',
    rowParent: (name: string) => `Subtitle: ${name}`,
    chooseFirstHint: 'Silakan pilih subtitle terlebih dahulu',
    emptyOptionsHint: 'Tidak ada subtitle tersedia untuk aktivitas ini.',
    selected: (name: string) => `Subtitle "${name}" berhasil dipilih`,
    fetchFailedToast: 'Gagal mengambil data subtitle',
    fetchFailed: 'Gagal mengambil data subtitle.',
    createFailed: 'Gagal menambahkan subtitle.',
    updateFailed: 'Gagal memperbarui subtitle.',
    deleteFailed: () => 'Gagal menghapus subtitle.',
    created: 'Subtitle berhasil ditambahkan.',
    updated: 'Subtitle berhasil diperbarui.',
    deleted: 'Subtitle berhasil dihapus.',
    nameLabel: 'Nama Subtitle',
    namePlaceholder: 'Masukkan nama subtitle',
    codeLabel: 'Kode Subtitle',
    codePlaceholder: 'Tidak wajib',
  },
  account: {
    label: 'Kode Rekening',
    listTitle: 'Daftar Kode Rekening',
    addTitle: 'Tambah Kode Rekening',
    editTitle: 'Edit Kode Rekening',
    emptyList: 'Tidak ada kode rekening ditemukan',
    searchPlaceholder: 'Cari kode rekening...',
    selectPlaceholder: 'Pilih kode rekening',
    allFilter: 'Semua Kode Rekening',
    unknownParentFallback: 'Tanpa Kode Rekening',
    rowParent: (name: string) => `Kode Rekening: ${name}`,
    chooseFirstHint: 'Silakan pilih kode rekening terlebih dahulu',
    emptyOptionsHint: 'Tidak ada kode rekening tersedia untuk subtitle ini.',
    selected: (name: string) => `Kode Rekening "${name}" berhasil dipilih`,
    // The spec's dashboard toast says 'rekening', its alert dialog 'kode rekening'.
    fetchFailedToast: 'Gagal mengambil data rekening',
    fetchFailed: 'Gagal mengambil data kode rekening.',
    createFailed: 'Gagal menambahkan kode rekening.',
    updateFailed: 'Gagal memperbarui kode rekening.',
    deleteFailed: () => 'Gagal menghapus kode rekening.',
    created: 'Kode rekening berhasil ditambahkan.',
    updated: 'Kode rekening berhasil diperbarui.',
    deleted: 'Kode rekening berhasil dihapus.',
    nameLabel: 'Nama Rekening',
    namePlaceholder: 'Masukkan nama rekening',
    codeLabel: 'Kode Rekening',
    codePlaceholder: 'Masukkan kode rekening',
  },
  supporter: {
    label: 'Pengampu',
    listTitle: 'Daftar Pengampu',
    addTitle: 'Tambah Pengampu',
    editTitle: 'Edit Pengampu',
    emptyList: 'Tidak ada pengampu ditemukan',
    searchPlaceholder: 'Cari pengampu...',
    selectPlaceholder: 'Pilih pengampu',
    allFilter: 'Semua Pengampu',
    unknownParentFallback: 'Tanpa Pengampu',
    rowParent: (name: string) => `Pengampu: ${name}`,
    chooseFirstHint: 'Silakan pilih pengampu terlebih dahulu',
    emptyOptionsHint: 'Tidak ada pengampu tersedia.',
    selected: (name: string) => `Pengampu "${name}" berhasil dipilih`,
    fetchFailedToast: 'Gagal mengambil data pengampu',
    fetchFailed: 'Gagal mengambil data pengampu.',
    createFailed: 'Gagal menambahkan pengampu.',
    updateFailed: 'Gagal memperbarui pengampu.',
    deleteFailed: () => 'Gagal menghapus pengampu.',
    created: 'Pengampu berhasil ditambahkan.',
    updated: 'Pengampu berhasil diperbarui.',
    deleted: 'Pengampu berhasil dihapus.',
    nameLabel: 'Nama Pengampu',
    namePlaceholder: 'Masukkan nama pengampu',
  },
};

/** The Indonesian catalogue: the product's language and the reference for every other locale. */
export const messagesId = {
  /** The catalogue's locale (BCP 47): how numbers, dates and react-aria's own strings are read. */
  locale: 'id-ID',
  /** Anggaran Kas (issue 36): the monthly cash plan of a sub kegiatan. */
  cashPlan: {
    title: 'Anggaran Kas',
    monthNames: [
      'Januari',
      'Februari',
      'Maret',
      'April',
      'Mei',
      'Juni',
      'Juli',
      'Agustus',
      'September',
      'Oktober',
      'November',
      'Desember',
    ],
    /** How a message names a row: 'baris 3 (5.1.02.01.01.0024)'. */
    rowName: (row: number, accountCode: string) => `baris ${row} (${accountCode})`,
    cellProblem: (row: string, month: string, problem: string) => `${row}, ${month}: ${problem}`,
    duplicateRow: (row: string, earlier: number) =>
      `${row}: kode rekening ini sudah ada di baris ${earlier}`,
    notWholeRupiah: 'harus bilangan bulat rupiah',
    negative: 'tidak boleh negatif',
    tooLarge: 'terlalu besar',
    /** A row naming a kode rekening not under the sub kegiatan (nor its lines', nor planned). */
    unknownAccount: (row: string) => `${row}: kode rekening ini tidak ada di sub kegiatan ini`,
    unknownSubAction: (row: number, code: string) =>
      `baris ${row}: sub kegiatan dengan kode ${code} tidak ditemukan`,
    ambiguousSubAction: (row: number, code: string) =>
      `baris ${row}: kode sub kegiatan ${code} dipakai lebih dari satu sub kegiatan`,
    /** Verification refused: the plan does not balance the lines. */
    unbalanced: (rows: string) =>
      `Sub Kegiatan belum dapat diverifikasi: Anggaran Kas belum sama dengan total rincian belanja (selisih per kode rekening: ${rows}).`,
    /** A stage move refused: the sub kegiatan whose plan does not balance. */
    stageBlocked: (count: number, list: string) =>
      `Tahap belum dapat dilanjutkan: Anggaran Kas ${count} sub kegiatan belum sama dengan total rincian belanja: ${list}.`,
    stageBlockedItem: (code: string, name: string, selisih: string) =>
      `${code} ${name} (selisih ${selisih})`,
    /** More than the message lists. */
    stageBlockedMore: (count: number) => `dan ${count} lainnya`,
    /** The printed Anggaran Kas (a workbook, issue 36). */
    workbook: {
      title: 'ANGGARAN KAS',
      year: (year: number) => `Tahun Anggaran ${year}`,
      sheet: (year: number) => `Anggaran Kas ${year}`,
      code: 'Kode',
      name: 'Uraian',
      linesTotal: 'Total Rincian',
      quarters: ['Triwulan I', 'Triwulan II', 'Triwulan III', 'Triwulan IV'],
      planTotal: 'Jumlah',
      selisih: 'Selisih',
      subtotal: (name: string) => `Jumlah ${name}`,
      grandTotal: 'Total Keseluruhan',
      download: 'Unduh Anggaran Kas (Excel)',
      downloadPdf: 'Unduh Anggaran Kas (PDF)',
      downloaded: 'Anggaran Kas berhasil diunduh.',
      downloadFailed: 'Gagal mengunduh Anggaran Kas',
    },
    /** The dashboards' chart of the year's plan per month (issue 36). */
    chart: {
      title: (year: number) => `Anggaran Kas per Bulan ${year}`,
      intro:
        'Rencana penarikan dana setiap bulan dari seluruh sub kegiatan, dibandingkan dengan total rincian belanja.',
      summary: (plan: string, lines: string) =>
        `Anggaran Kas ${plan} dari total rincian belanja ${lines}.`,
      label: (year: number) => `Grafik Anggaran Kas per bulan tahun ${year}`,
      month: 'Bulan',
      amount: 'Anggaran Kas',
      empty: 'Belum ada Anggaran Kas pada tahun ini.',
      fetchFailed: 'Gagal mengambil Anggaran Kas per bulan',
    },
    /** The stage page's list of sub kegiatan whose plan does not balance (issue 36). */
    status: {
      title: 'Anggaran Kas Belum Sama Dengan Rincian Belanja',
      blocking:
        'Aturan Anggaran Kas berlaku: tahap tidak dapat dilanjutkan sampai selisih setiap sub kegiatan berikut menjadi Rp 0.',
      notBlocking:
        'Aturan Anggaran Kas tidak diwajibkan: tahap tetap dapat dilanjutkan, tetapi sub kegiatan berikut belum selesai.',
      none: 'Anggaran Kas setiap sub kegiatan sudah sama dengan rincian belanjanya.',
      subAction: 'Sub Kegiatan',
      linesTotal: 'Total Rincian',
      planTotal: 'Anggaran Kas',
      selisih: 'Selisih',
      fetchFailed: 'Gagal mengambil status Anggaran Kas',
    },
    /** The unit's grid (issue 36). */
    grid: {
      intro:
        'Rencana penarikan dana per bulan untuk setiap kode rekening sub kegiatan. Jumlah dua belas bulan harus sama dengan total rincian belanja kode rekening itu.',
      label: (subAction: string, year: number) => `Anggaran Kas ${subAction} tahun ${year}`,
      monthShort: [
        'Jan',
        'Feb',
        'Mar',
        'Apr',
        'Mei',
        'Jun',
        'Jul',
        'Agu',
        'Sep',
        'Okt',
        'Nov',
        'Des',
      ],
      accountCode: 'Kode Rekening',
      linesTotal: 'Total Rincian',
      planTotal: 'Jumlah Anggaran Kas',
      selisih: 'Selisih',
      helpers: 'Isi Otomatis',
      total: 'Jumlah',
      cellLabel: (month: string, accountCode: string) => `${month}, kode rekening ${accountCode}`,
      helpersFor: (accountCode: string) => `Isi otomatis kode rekening ${accountCode}`,
      spreadEvenly: 'Bagi rata 12 bulan',
      followPrevious: (year: number) => `Ikuti pola tahun ${year}`,
      allInMonth: (month: string) => `Semua di bulan ${month}`,
      oneMonth: 'Semua di satu bulan',
      allEvenly: 'Bagi Rata Semua',
      allFollowPrevious: (year: number) => `Semua Ikuti Pola ${year}`,
      balanced: 'Anggaran Kas sudah sama dengan total rincian belanja.',
      unbalanced: (selisih: string) =>
        `Selisih ${selisih}: Anggaran Kas belum sama dengan total rincian belanja.`,
      pasteHint:
        'Salin dua belas angka dari lembar kerja (Excel) lalu tempel di kolom Januari; Tab dan tombol panah berpindah sel.',
      pasteRefused: (cells: string) => `Tempelan tidak dipakai: ${cells}.`,
      pasteTooWide: (columns: number, left: number, month: string) =>
        `Tempelan tidak dipakai: berisi ${columns} kolom, sedangkan dari ${month} hanya tersisa ${left} bulan.`,
      pasteTooLong: (rows: number, left: number) =>
        `Tempelan tidak dipakai: berisi ${rows} baris, sedangkan dari sini hanya tersisa ${left} kode rekening.`,
      pastedCell: (month: string, accountCode: string, text: string, problem: string) =>
        `${month} ${accountCode} "${text}" ${problem}`,
      invalidCells: 'Perbaiki isian berikut sebelum menyimpan:',
      save: 'Simpan Anggaran Kas',
      saving: 'Menyimpan...',
      saved: (subAction: string, year: number) =>
        `Anggaran Kas ${subAction} tahun ${year} berhasil disimpan.`,
      saveFailed: 'Gagal menyimpan Anggaran Kas',
      fetchFailed: 'Gagal mengambil Anggaran Kas',
      choose: 'Pilih sub kegiatan untuk mengisi Anggaran Kas.',
      empty: 'Sub kegiatan ini belum memiliki rincian belanja pada tahun ini.',
      /** A plan row whose lines are gone (lines_total 0). */
      noLines: 'tanpa rincian',
    },
  },
  /** Realisasi keuangan (issue 37): SP2D from the finance system against the Anggaran Kas. */
  realisation: {
    title: 'Realisasi Anggaran',
    /** The year month by month, drawn by the app (issue 37). */
    trend: {
      title: (name: string, year: number) => `Tren Realisasi ${name} ${year}`,
      /** The whole of what the person reads: Bappeda's region, a verifier's units. */
      everyUnit: 'Semua Perangkat Daerah',
      label: (name: string, year: number) =>
        `Grafik Anggaran Kas dan realisasi SP2D kumulatif ${name} tahun ${year}`,
      planned: 'Anggaran Kas (kumulatif)',
      realised: 'Realisasi SP2D (kumulatif)',
      month: 'Bulan',
      achievement: 'Capaian',
      progress: 'Realisasi Fisik',
      fetchFailed: 'Gagal mengambil tren realisasi',
      empty: 'Belum ada Anggaran Kas maupun SP2D tahun ini.',
    },
    columns: {
      sp2dNumber: 'Nomor SP2D',
      date: 'Tanggal',
      subAction: 'Kode Sub Kegiatan',
      account: 'Kode Rekening',
      fundingSource: 'Sumber Dana',
      amount: 'Nilai',
    },
    /** A row's problem, naming the sheet's row and column: 'baris 4, Nilai: tidak boleh 0'. */
    rowProblem: (row: number, column: string, problem: string) =>
      `baris ${row}, ${column}: ${problem}`,
    notWholeRupiah: 'harus bilangan bulat rupiah',
    notPositive: 'harus lebih dari 0',
    tooLarge: 'terlalu besar',
    otherYear: (year: number) => `bukan tanggal tahun anggaran ${year}`,
    /** An SP2D the unit dates after the region's today: not issued yet. */
    afterToday: (today: string) =>
      `tanggal setelah hari ini (${today}): SP2D dicatat setelah terbit`,
    otherDate: (row: number) => `SP2D yang sama bertanggal lain di baris ${row}`,
    unknownSubAction: (code: string) => `sub kegiatan dengan kode ${code} tidak ditemukan`,
    ambiguousSubAction: (code: string) =>
      `kode sub kegiatan ${code} dipakai lebih dari satu sub kegiatan`,
    unknownAccount: (code: string) =>
      `kode rekening ${code} tidak ada di sub kegiatan ini (tidak ada rincian belanja maupun Anggaran Kas dengan kode ini)`,
    unknownFundingSource: (code: string) => `sumber dana dengan kode ${code} tidak ditemukan`,
    /** The reason for a kode rekening realised above its lines. */
    reasonNotOver: (code: string) =>
      `Realisasi kode rekening ${code} tidak melebihi total rincian belanja: alasan tidak diperlukan.`,
    planned: 'Anggaran Kas',
    realised: 'Realisasi',
    achievement: 'Capaian',
    reason: 'Alasan',
    /** The unit's screen (issue 37). */
    view: {
      intro:
        'Realisasi keuangan setiap bulan dari SP2D yang dibayarkan, dibandingkan dengan Anggaran Kas sub kegiatan.',
      choose: 'Pilih sub kegiatan untuk melihat realisasinya.',
      fetchFailed: 'Gagal mengambil realisasi',
      summary: (realised: string, planned: string, lines: string) =>
        `Realisasi ${realised} dari Anggaran Kas ${planned} (total rincian belanja ${lines}).`,
      monthsTitle: (name: string) => `Realisasi per Bulan: ${name}`,
      accountsTitle: (name: string) => `Realisasi per Kode Rekening: ${name}`,
      month: 'Bulan',
      plannedCumulative: 'Anggaran Kas s.d. Bulan Ini',
      realisedCumulative: 'Realisasi s.d. Bulan Ini',
      noPlanYet: 'Belum direncanakan',
      account: 'Kode Rekening',
      linesTotal: 'Total Rincian',
      remaining: 'Sisa Rincian',
      note: 'Keterangan',
      withinLines: 'Sesuai rincian belanja',
      /** A kode rekening paid above its lines, no reason given yet. */
      overrunUnexplained: 'Melebihi rincian belanja: Perlu alasan',
      overrunExplained: (reason: string) => `Melebihi rincian belanja. Alasan: ${reason}`,
      giveReason: 'Beri Alasan',
      changeReason: 'Ubah Alasan',
      emptyAccounts:
        'Sub kegiatan ini belum memiliki rincian belanja, Anggaran Kas, atau realisasi.',
      reasonDialog: {
        title: (code: string) => `Alasan Realisasi ${code}`,
        text: (realised: string, lines: string) =>
          `Realisasi ${realised} melebihi total rincian belanja ${lines}. Tuliskan alasannya untuk verifikator dan Bappeda.`,
        reason: 'Alasan',
        reasonPlaceholder: 'mis. addendum kontrak nomor 12 menambah volume pekerjaan',
        failed: 'Gagal menyimpan alasan',
      },
      reasonSaved: (code: string) => `Alasan realisasi ${code} disimpan.`,
    },
    /** Each Perangkat Daerah's year to a month (issue 37). */
    /** The admin loads the finance system's SP2D export in the portal (issue 37). */
    /** SP2D a unit records itself, where the region has no export to load (issue 37). */
    entry: {
      title: (name: string) => `SP2D: ${name}`,
      intro:
        'SP2D yang dibayarkan untuk sub kegiatan ini. Daerah ini mencatat SP2D oleh unit: catat setiap SP2D dari dokumennya.',
      loadedIntro: 'SP2D yang dibayarkan untuk sub kegiatan ini, dimuat dari sistem keuangan.',
      empty: 'Belum ada SP2D tahun ini.',
      number: 'Nomor SP2D',
      date: 'Tanggal',
      account: 'Kode Rekening',
      fundingSource: 'Sumber Dana',
      noFundingSource: 'Tanpa sumber dana',
      amount: 'Nilai',
      source: 'Asal',
      fromFinance: 'Sistem keuangan',
      fromUnit: 'Dicatat unit',
      record: 'Catat SP2D',
      edit: (number: string) => `Ubah SP2D ${number}`,
      remove: (number: string) => `Hapus SP2D ${number}`,
      dialogTitle: 'Catat SP2D',
      editTitle: (number: string) => `Ubah SP2D ${number}`,
      chooseAccount: 'Pilih kode rekening',
      saved: (number: string) => `SP2D ${number} dicatat.`,
      removed: (number: string) => `SP2D ${number} dihapus.`,
      removeTitle: (number: string) => `Hapus SP2D ${number}?`,
      removeText: (amount: string, month: string) =>
        `Realisasi ${amount} di bulan ${month} dihapus dari sub kegiatan ini.`,
      failed: 'Gagal menyimpan SP2D',
      removeFailed: 'Gagal menghapus SP2D',
      /** Refusals. */
      notAllowed:
        'Realisasi keuangan daerah ini dimuat dari SP2D sistem keuangan oleh admin; unit tidak mencatat SP2D sendiri.',
      loadedNumber: (number: string) =>
        `SP2D ${number} dimuat dari sistem keuangan dan tidak dapat diubah unit`,
      otherSubAction: (number: string) => `nomor SP2D ${number} sudah dipakai sub kegiatan lain`,
      notFound: (number: string) => `SP2D ${number} tidak ada pada sub kegiatan ini`,
      unknownFundingSource: 'sumber dana tidak ditemukan',
    },
    upload: {
      title: 'Muat SP2D',
      intro:
        'Berkas CSV atau XLSX ekspor SP2D dari sistem keuangan, dengan kolom nomor_sp2d, tanggal, kode_sub_kegiatan, kode_rekening, sumber_dana (boleh kosong), dan nilai. Setiap baris diperiksa lebih dulu; tidak ada yang disimpan sebelum Anda menekan Muat. SP2D bernomor sama menggantikan yang tersimpan, jadi berkas yang sama boleh dimuat lagi.',
      choose: 'Pilih Berkas SP2D',
      chooseAnother: 'Pilih Berkas Lain',
      reading: (file: string) => `Membaca dan memeriksa ${file}…`,
      problemsTitle: (file: string) => `${file} belum dapat dimuat`,
      more: (count: string) => `dan ${count} masalah lain`,
      noHeader: (columns: string) => `Baris judul kolom tidak ditemukan: perlu kolom ${columns}.`,
      noRows: 'Berkas tidak berisi baris SP2D.',
      tooMany: (maximum: string) => `Paling banyak ${maximum} baris dalam satu berkas.`,
      xls: 'Berkas .xls (Excel 97-2003) tidak dapat dibaca: simpan sebagai .xlsx atau CSV.',
      unreadable: 'Berkas tidak dapat dibaca sebagai CSV atau XLSX.',
      empty: 'wajib diisi',
      notADate: (text: string) => `"${text}" bukan tanggal (tulis 2027-03-31 atau 31/03/2027)`,
      previewTitle: (file: string) => `${file} siap dimuat`,
      preview: (sp2d: string, rows: string, amount: string, year: number) =>
        `${sp2d} SP2D dalam ${rows} baris, total ${amount}, tahun anggaran ${year}.`,
      counts: (created: string, changed: string, unchanged: string) =>
        `${created} baru, ${changed} berubah, ${unchanged} sudah tersimpan sama.`,
      overruns: (count: string) =>
        `${count} kode rekening akan melebihi total rincian belanjanya; unitnya perlu memberi alasan.`,
      load: (sp2d: string) => `Muat ${sp2d} SP2D`,
      nothingNew: 'Semua SP2D di berkas ini sudah tersimpan sama: tidak ada yang perlu dimuat.',
      cancel: 'Batal',
      loaded: (sp2d: string, year: number) => `${sp2d} SP2D tahun ${year} dimuat.`,
      failed: 'Gagal memuat SP2D',
      checkFailed: 'Gagal memeriksa berkas SP2D',
    },
    summary: {
      title: 'Capaian Realisasi per Perangkat Daerah',
      intro: (month: string, year: number) =>
        `Realisasi keuangan sampai ${month} ${year} dibandingkan dengan Anggaran Kas sampai bulan yang sama; yang paling tertinggal di atas.`,
      /** The same for a person with one unit: their row alone, nothing ranked. */
      ownTitle: 'Capaian Realisasi',
      ownIntro: (month: string, year: number) =>
        `Realisasi keuangan sampai ${month} ${year} dibandingkan dengan Anggaran Kas sampai bulan yang sama.`,
      /** The region's thresholds, in words: '75 %' and '90 %' by default. */
      legend: (red: string, yellow: string) =>
        `Merah: capaian di bawah ${red}. Kuning: ${red} sampai di bawah ${yellow}. Hijau: ${yellow} atau lebih.`,
      month: 'Sampai Bulan',
      unit: 'Perangkat Daerah',
      noUnit: 'Tanpa Perangkat Daerah',
      linesTotal: 'Total Rincian',
      planned: 'Anggaran Kas s.d. Bulan Ini',
      realised: 'Realisasi s.d. Bulan Ini',
      achievement: 'Capaian',
      levels: { red: 'Merah', yellow: 'Kuning', green: 'Hijau', none: 'Belum direncanakan' },
      total: 'Jumlah',
      empty: 'Belum ada rincian belanja, Anggaran Kas, atau realisasi pada tahun ini.',
      fetchFailed: 'Gagal mengambil capaian realisasi',
      /** Physical progress weighted by money, and the month's report (issue 37). */
      progress: 'Realisasi Fisik',
      plannedProgress: (planned: string) => `rencana ${planned}`,
      report: 'Laporan Bulan Ini',
      openReport: 'Buka Laporan',
      openReportOf: (unit: string) => `Buka laporan ${unit}`,
    },
  },
  /** The monthly cycle of realisation per Perangkat Daerah (issue 37). */
  location: {
    dialog: {
      title: 'Lokasi Kegiatan',
      edit: 'Ubah Lokasi',
      choose: (level: string) => `Pilih ${level}`,
      latitude: 'Lintang',
      longitude: 'Bujur',
      pointHelp:
        'Angka desimal dengan titik, mis. -7.15021 dan 111.75120. Kosongkan bila belum ada titik.',
      usePosition: 'Gunakan Posisi Saya',
      locating: 'Membaca posisi…',
      positionFailed:
        'Posisi ponsel tidak dapat dibaca. Izinkan akses lokasi, atau isi lintang dan bujur sendiri.',
      bothParts: 'isi lintang dan bujur, atau kosongkan keduanya',
      notNumber: 'harus berupa angka desimal, mis. -7.15021',
      saved: 'Lokasi kegiatan disimpan.',
      failed: 'Lokasi kegiatan tidak dapat disimpan.',
      shape: 'Tandai di Peta',
      shapes: { Point: 'Titik', LineString: 'Garis', Polygon: 'Area' },
      mapHelp: {
        Point: 'Ketuk peta di tempat pekerjaan, atau isi lintang dan bujur.',
        LineString:
          'Ketuk peta di sepanjang jalur pekerjaan, titik demi titik. Atau isi lintang dan bujur (juga dari posisi ponsel) lalu pilih Tambah Titik.',
        Polygon:
          'Ketuk peta di setiap sudut area. Atau isi lintang dan bujur (juga dari posisi ponsel) lalu pilih Tambah Titik.',
      },
      map: (shape: string, count: string) => `Peta lokasi: ${shape}, ${count} titik ditandai`,
      vertices: (count: string) => `${count} titik ditandai`,
      addVertex: 'Tambah Titik',
      undoVertex: 'Hapus Titik Terakhir',
      clearVertices: 'Hapus Semua Titik',
    },
    area: 'Wilayah',
    unknownArea: (code: string) => `kode wilayah ${code} tidak ditemukan di data Kemendagri`,
    title: 'Lokasi Kegiatan',
    /** A kecamatan as an address writes it (the other levels are written by their names). */
    districtInAddress: (name: string) => `Kec. ${name}`,
    levels: {
      province: 'Provinsi',
      regency: 'Kabupaten/Kota',
      district: 'Kecamatan',
      village: 'Desa/Kelurahan',
    },
    notSet: 'Lokasi belum diisi',
    /** A place marked through the API as a line or an area: what the screen says of it. */
    geometryKinds: { Point: 'Titik di peta', LineString: 'Garis di peta', Polygon: 'Area di peta' },
    noPoint: 'Belum ditandai di peta',
  },
  evidence: {
    mapPage: {
      title: 'Peta Kegiatan',
      intro:
        'Sub kegiatan di peta, berwarna menurut deviasi realisasi sampai bulan yang dipilih. Pilih satu di peta atau di daftar untuk melihat angka dan foto buktinya.',
      month: 'Bulan',
      unit: 'Perangkat Daerah',
      allUnits: 'Semua Perangkat Daerah',
      program: 'Program',
      allPrograms: 'Semua Program',
      source: 'Sumber Dana',
      allSources: 'Semua Sumber Dana',
      fetchFailed: 'Peta kegiatan tidak dapat dimuat.',
      progress: (progress: string, planned: string) =>
        `Realisasi fisik ${progress} dari rencana ${planned}`,
      noProgress: 'Realisasi fisik belum diisi',
      photos: (count: number, flagged: number) =>
        flagged > 0 ? `${count} foto, ${flagged} perlu diperiksa` : `${count} foto`,
    },
    field: {
      title: 'Lapor dari Lapangan',
      intro:
        'Isi realisasi fisik bulan ini dan kirim foto pekerjaan dari ponsel. Bila sinyal putus, laporan menunggu di ponsel dan terkirim sendiri saat tersambung.',
      choose: 'Sub Kegiatan',
      chooseHint: 'Pilih sub kegiatan yang dilaporkan',
      closed: (month: string, status: string) =>
        `Laporan ${month} berstatus ${status}: tidak dapat diisi lagi.`,
      nothing: 'Tidak ada sub kegiatan dengan rincian tahun ini.',
      fetchFailed: 'Sub kegiatan bulan ini tidak dapat dimuat.',
    },
    view: {
      title: 'Lokasi dan Foto Bukti',
      monthPhotos: (month: string) => `Foto Bukti ${month}`,
      empty: 'Belum ada foto bukti bulan ini.',
      fetchFailed: 'Foto bukti tidak dapat dimuat.',
      photoAlt: (position: number, month: string) => `Foto bukti ${position} ${month}`,
      flagged: (count: number) => `${count} foto perlu diperiksa`,
      stages: 'Bandingkan Tahap',
      hideStages: 'Sembunyikan Perbandingan',
      stagesTitle: 'Perbandingan Tahap',
      stagesEmpty: 'Belum ada foto bukti tahun ini.',
      stageOf: (month: string, progress: string) => `${month}: realisasi fisik ${progress}`,
      stageWithoutProgress: (month: string) => `${month}: realisasi fisik belum diisi`,
      removeOf: (position: number) => `Hapus foto ${position}`,
      removeTitle: 'Hapus foto bukti?',
      removeText: 'Foto ini dihapus dari laporan bulan ini dan tidak dapat dikembalikan.',
      removed: 'Foto bukti dihapus.',
      removeFailed: 'Foto bukti tidak dapat dihapus.',
      sheet: 'Unduh Lembar Foto Bukti (PDF)',
      sheetDownloaded: 'Lembar foto bukti diunduh.',
      sheetFailed: 'Lembar foto bukti tidak dapat diunduh.',
    },
    sheetTitle: 'LEMBAR FOTO BUKTI KEGIATAN',
    sources: { exif: 'dari foto', device: 'posisi ponsel' },
    takenAt: (when: string, source: string) => `Diambil ${when} (${source})`,
    place: (coordinates: string, source: string) => `Titik ${coordinates} (${source})`,
    accuracy: (metres: string) => `akurasi ±${metres}`,
    distance: (distance: string) => `${distance} dari lokasi kegiatan`,
    progress: (percent: string) => `Realisasi fisik bulan ini ${percent}`,
    noTime: 'Waktu pengambilan tidak diketahui',
    noPlace: 'Tanpa titik lokasi',
    noPhotos: 'Belum ada foto bukti.',
    sheetLabels: {
      subAction: 'Sub Kegiatan',
      unit: 'Perangkat Daerah',
      period: 'Periode',
      location: 'Lokasi',
      point: 'Titik',
    },
    fileName: (code: string, period: string) => `Foto Bukti ${code} ${period}`,
    onlyJpegPng: 'Foto bukti harus berupa JPEG atau PNG.',
    photo: 'Foto bukti',
    tooMany: (count: number) =>
      `Paling banyak ${count} foto untuk satu sub kegiatan dalam sebulan.`,
    title: 'Foto Bukti',
    flags: {
      far: (distance: string) => `foto diambil ${distance} dari lokasi kegiatan`,
      outsideMonth: (date: string, month: string) =>
        `foto diambil ${date}, di luar bulan laporan (${month})`,
      noPlace: 'foto tanpa lokasi: tidak ada GPS di foto maupun posisi ponsel',
      noTime: 'waktu pengambilan foto tidak diketahui',
    },
  },
  monthlyReport: {
    title: 'Laporan Bulanan',
    intro:
      'Isi realisasi fisik, permasalahan, dan upaya setiap sub kegiatan, lalu kirim laporan bulan ini untuk diverifikasi. Laporan yang sudah dikirim terkunci sampai dikembalikan verifikator.',
    /** The intro a verifier reads: the unit's intro speaks of entering and sending. */
    reviewIntro:
      'Periksa laporan bulanan yang dikirim Perangkat Daerah, lalu verifikasi atau kembalikan dengan catatan agar diperbaiki.',
    /** The intro an admin reads: reviewing as a verifier does, and closing the month. */
    adminIntro:
      'Pantau laporan bulanan setiap Perangkat Daerah: verifikasi atau kembalikan laporan yang dikirim, lalu tutup bulan agar realisasi fisiknya tidak berubah lagi.',
    statuses: {
      draft: 'Belum Dikirim',
      sent: 'Dikirim',
      returned: 'Dikembalikan',
      verified: 'Terverifikasi',
      closed: 'Ditutup',
    },
    actions: {
      send: 'Kirim',
      verify: 'Verifikasi',
      return: 'Kembalikan',
      close: 'Tutup Bulan',
      closeAll: 'Tutup Bulan untuk Semua',
      copy: 'Salin Bulan Lalu',
      fill: 'Isi',
      change: 'Ubah',
      /** A row's button named with its sub kegiatan: 'Isi 1.02.02.2.01.0001'. */
      fillOf: (subAction: string) => `Isi ${subAction}`,
      changeOf: (subAction: string) => `Ubah ${subAction}`,
      /** A row's way down to its kode rekening and SP2D (the drill-down). */
      details: 'Rincian',
      detailsOf: (subAction: string) => `Rincian realisasi ${subAction}`,
      closeDetails: 'Tutup Rincian',
    },
    /** The drilled sub kegiatan's section under the month: 'Rincian Realisasi 1.02.02.2.01.0001 Pembangunan Puskesmas'. */
    detailsTitle: (subAction: string) => `Rincian Realisasi ${subAction}`,
    /** The month printed (workbook and PDF), per unit: its sub kegiatan and totals. */
    print: {
      heading: 'LAPORAN REALISASI BULANAN',
      unit: (unit: string) => `Perangkat Daerah: ${unit}`,
      month: (month: string) => `Bulan: ${month}`,
      status: (status: string) => `Status: ${status}`,
      sheet: (month: string) => `Laporan Bulanan ${month}`,
      deviationOf: (money: string, physical: string) => `Keuangan ${money}, Fisik ${physical}`,
      total: 'Jumlah',
      columns: {
        code: 'Kode',
        subAction: 'Sub Kegiatan',
        linesTotal: 'Total Rincian',
        planned: 'Anggaran Kas s.d. Bulan Ini',
        realised: 'Realisasi Keuangan s.d. Bulan Ini',
        achievement: 'Capaian Keuangan',
        plannedProgress: 'Rencana Fisik',
        progress: 'Realisasi Fisik',
        deviation: 'Deviasi',
        problems: 'Permasalahan',
        actions: 'Upaya / Tindak Lanjut',
      },
      download: 'Unduh Laporan Bulanan',
      downloadPdf: 'Unduh Laporan Bulanan (PDF)',
      downloaded: 'Laporan bulanan berhasil diunduh.',
      downloadFailed: 'Gagal mengunduh laporan bulanan',
    },
    /** A month as people name it: 'Maret 2027'. */
    monthOf: (month: string, year: number) => `${month} ${year}`,
    noteRequired: 'Catatan untuk unit wajib diisi saat mengembalikan laporan.',
    agencyRequired: 'Pilih Perangkat Daerah.',
    noUnit:
      'Sub kegiatan ini tidak berada di bawah Perangkat Daerah: realisasi fisik dilaporkan per Perangkat Daerah.',
    /** A change to a month that is locked. */
    locked: (month: string, status: string) =>
      `Laporan ${month} berstatus ${status}: tidak dapat diubah.`,
    /** An action a month's status does not allow ('Laporan Maret 2027 berstatus Dikirim: tidak dapat Kirim.'). */
    wrongStatus: (month: string, status: string, action: string) =>
      `Laporan ${month} berstatus ${status}: tidak dapat ${action}.`,
    decreaseNeedsReason: (previous: string) =>
      `Realisasi fisik lebih rendah dari yang dilaporkan sebelumnya (${previous}): tuliskan alasan penurunannya.`,
    missingProgress: (count: number, codes: string) =>
      `Realisasi fisik ${count} sub kegiatan belum diisi: ${codes}.`,
    unexplainedOverruns: (count: number, codes: string) =>
      `${count} kode rekening realisasinya melebihi rincian belanja tanpa alasan: ${codes}.`,
    nothingToReport: 'Perangkat Daerah ini belum memiliki rincian belanja pada tahun ini.',
    nothingToCopy: 'Belum ada realisasi fisik bulan sebelumnya untuk disalin.',
    /** Progress or a photo for a month still to come ('Desember 2027 belum berjalan: …'). */
    notBegun: (month: string) =>
      `${month} belum berjalan: realisasi fisik dan foto bukti hanya dapat dilaporkan sampai bulan berjalan.`,
    columns: {
      subAction: 'Sub Kegiatan',
      linesTotal: 'Total Rincian',
      planned: 'Anggaran Kas s.d. Bulan Ini',
      realised: 'Realisasi s.d. Bulan Ini',
      achievement: 'Capaian Keuangan',
      money: 'Realisasi Keuangan s.d. Bulan Ini',
      plannedProgress: 'Rencana Fisik',
      progress: 'Realisasi Fisik',
      problems: 'Permasalahan',
      actions: 'Upaya / Tindak Lanjut',
      story: 'Permasalahan / Upaya / Tindak Lanjut',
    },
    view: {
      month: 'Bulan',
      unit: 'Perangkat Daerah',
      status: 'Status',
      due: (date: string) => `Batas kirim ${date}`,
      late: 'Terlambat',
      sentBy: (name: string, at: string) => `Dikirim oleh ${name}, ${at}`,
      reviewedBy: (name: string, at: string) => `Diperiksa oleh ${name}, ${at}`,
      /** A verified or closed month reads its money as it was then (SP2D arriving later wait). */
      frozenFigures: (at: string) =>
        `Angka keuangan dibekukan sejak ${at}; SP2D yang masuk kemudian dihitung pada bulan berikutnya.`,
      returnedNote: (note: string) => `Catatan verifikator: ${note}`,
      /** The unit's month in two parts, each followed by its level. */
      totalsMoney: (realised: string) => `Capaian keuangan ${realised}`,
      totalsPhysical: (progress: string, planned: string) =>
        `Realisasi fisik ${progress} (rencana ${planned})`,
      missing: (count: number) => `${count} sub kegiatan belum diisi realisasi fisiknya.`,
      notEntered: 'Belum diisi',
      ofPlanned: (planned: string) => `dari Anggaran Kas ${planned}`,
      previous: (progress: string) => `Bulan lalu ${progress}`,
      overruns: (count: number) => `${count} kode rekening perlu alasan`,
      empty: 'Belum ada sub kegiatan dengan rincian belanja pada tahun ini.',
      chooseUnit: 'Pilih Perangkat Daerah untuk melihat laporannya.',
      fetchFailed: 'Gagal mengambil laporan bulanan',
      sent: (month: string) => `Laporan ${month} dikirim.`,
      verified: (month: string) => `Laporan ${month} diverifikasi.`,
      returned: (month: string) => `Laporan ${month} dikembalikan ke unit.`,
      closed: (count: number) => `${count} laporan ditutup.`,
      copied: (count: number) => `Realisasi fisik ${count} sub kegiatan disalin dari bulan lalu.`,
      progressSaved: (name: string) => `Realisasi fisik ${name} disimpan.`,
      actionFailed: 'Gagal memproses laporan',
    },
    progressDialog: {
      title: (name: string) => `Realisasi Fisik: ${name}`,
      text: (previous: string, planned: string) =>
        `Realisasi fisik kumulatif sampai bulan ini. Bulan lalu ${previous}; rencana ${planned}.`,
      progress: 'Realisasi Fisik (%)',
      progressHint: 'Kumulatif, 0 sampai 100, mis. 45,5',
      problems: 'Permasalahan',
      problemsPlaceholder: 'mis. pengadaan terlambat karena gagal lelang',
      actions: 'Upaya / Tindak Lanjut',
      actionsPlaceholder: 'mis. lelang ulang dijadwalkan minggu kedua',
      decreaseReason: 'Alasan Penurunan',
      failed: 'Gagal menyimpan realisasi fisik',
    },
    returnDialog: {
      title: (unit: string, month: string) => `Kembalikan Laporan ${unit} ${month}`,
      text: 'Laporan dibuka kembali untuk unit. Tuliskan apa yang perlu diperbaiki.',
      note: 'Catatan untuk Unit',
      notePlaceholder:
        'mis. realisasi fisik sub kegiatan 1.02.02.2.01 belum sesuai laporan lapangan',
      failed: 'Gagal mengembalikan laporan',
    },
    sendDialog: {
      title: (month: string) => `Kirim Laporan ${month}`,
      text: 'Setelah dikirim, realisasi fisik bulan ini terkunci sampai verifikator mengembalikannya.',
    },
    closeDialog: {
      title: (month: string) => `Tutup Bulan ${month}`,
      one: (unit: string) =>
        `Laporan ${unit} dikunci: unit tidak dapat mengubah realisasi fisiknya lagi, apa pun statusnya.`,
      all: 'Laporan semua Perangkat Daerah bulan ini dikunci: unit tidak dapat mengubah realisasi fisiknya lagi, apa pun statusnya.',
    },
  },
  /** A field officer's month of one sub kegiatan from a phone, kept there until sent (issue 38). */
  fieldUpdate: {
    title: 'Laporan Lapangan',
    period: (month: string, year: number) => `${month} ${year}`,
    lastMonth: (previous: string, planned: string) =>
      `Bulan lalu ${previous}; rencana bulan ini ${planned}.`,
    progress: 'Realisasi Fisik (%)',
    progressHint: 'Kumulatif, 0 sampai 100, mis. 45,5',
    problems: 'Permasalahan',
    problemsPlaceholder: 'mis. material terlambat datang',
    actions: 'Upaya / Tindak Lanjut',
    actionsPlaceholder: 'mis. pesan ke pemasok lain',
    decreaseReason: 'Alasan Penurunan',
    submit: 'Simpan Laporan',
    savedOffline: 'Tersimpan di ponsel, akan dikirim saat tersambung.',
    savedOnline: 'Tersimpan di ponsel dan sedang dikirim.',
    sent: 'Laporan dan fotonya sudah terkirim.',
    saveFailed:
      'Laporan tidak dapat disimpan di ponsel. Periksa ruang penyimpanan, lalu coba lagi.',
    newReport: 'Isi Laporan Lain',
    photos: {
      label: 'Foto Bukti',
      hint: '1 sampai 3 foto pekerjaan di lapangan.',
      camera: 'Ambil Foto',
      files: 'Pilih dari Galeri',
      count: (count: number, max: number) => `${count} dari ${max} foto`,
      full: 'Sudah 3 foto. Hapus satu untuk menggantinya.',
      required: 'Tambahkan paling sedikit 1 foto.',
      preparing: 'Menyiapkan foto…',
      unreadable: (file: string) => `${file} tidak dapat dibaca sebagai foto.`,
      photo: (index: number) => `Foto ${index}`,
      remove: (index: number) => `Hapus Foto ${index}`,
      takenAt: (time: string) => `Diambil ${time}`,
      place: (latitude: string, longitude: string) => `Lokasi ${latitude}, ${longitude}`,
      noPlace: 'tanpa lokasi',
      usePhonePlace: 'Pakai Lokasi Ponsel',
      phonePlaceConsent:
        'Foto ini tidak menyimpan lokasi. Dengan izin Anda, lokasi ponsel saat ini dikirim bersamanya.',
      locating: 'Mencari lokasi ponsel…',
      phonePlace: (latitude: string, longitude: string, accuracy: string) =>
        `Lokasi ponsel ${latitude}, ${longitude} (±${accuracy} m)`,
      placeDenied: 'Izin lokasi tidak diberikan. Foto dikirim tanpa lokasi.',
      placeUnavailable: 'Lokasi ponsel tidak ditemukan. Coba lagi di tempat terbuka.',
    },
    outbox: {
      title: 'Menunggu Dikirim',
      empty: 'Semua laporan sudah terkirim.',
      offline:
        'Ponsel tidak tersambung. Laporan tetap tersimpan dan dikirim saat tersambung kembali.',
      progressItem: (percent: string) => `Realisasi fisik ${percent}`,
      photoItem: (file: string) => `Foto ${file}`,
      sending: 'Sedang dikirim…',
      waiting: 'Menunggu sambungan',
      retryAt: (time: string) => `Dicoba lagi pukul ${time}`,
      refused: (message: string) => `Ditolak server: ${message}`,
      sendNow: 'Kirim Sekarang',
      discard: 'Buang',
      discardLabel: (what: string) => `Buang ${what}`,
    },
  },
  /** Output indicators, quarterly achievement and the evaluation form (issue 37). */
  indicators: {
    title: 'Indikator Keluaran',
    intro: 'Tolok ukur keluaran sub kegiatan ini beserta targetnya pada tahun anggaran.',
    add: 'Tambah Indikator',
    edit: 'Ubah Indikator',
    /** A row's 'Edit' named with its tolok ukur. */
    editOf: (name: string) => `Edit ${name}`,
    empty: 'Belum ada indikator keluaran.',
    readOnly:
      'Indikator hanya dapat dilihat: rincian sub kegiatan ini tidak dapat diubah saat ini.',
    fetchFailed: 'Gagal mengambil indikator keluaran',
    saveFailed: 'Gagal menyimpan indikator',
    deleteFailed: 'Gagal menghapus indikator',
    saved: (name: string) => `Indikator ${name} disimpan.`,
    deleted: (name: string) => `Indikator ${name} dihapus.`,
    deleteText: (name: string) => `Indikator "${name}" beserta capaiannya akan dihapus.`,
    columns: {
      description: 'Tolok Ukur',
      target: 'Target',
      unit: 'Satuan',
      cumulative: 'Capaian Kumulatif',
      achievement: 'Tingkat Capaian',
    },
    form: {
      description: 'Tolok Ukur',
      descriptionPlaceholder: 'mis. Jumlah dokumen perencanaan yang disusun',
      target: 'Target',
      targetHint: 'Angka, paling banyak 2 angka di belakang koma, mis. 1,5',
      unit: 'Satuan',
      unitPlaceholder: 'mis. Dokumen',
    },
    /** A quarter as the form names it: 'Triwulan I'. */
    quarter: (numeral: string) => `Triwulan ${numeral}`,
    quarterInvalid: 'harus triwulan 1 sampai 4',
    nothingEntered: 'Isi capaian sedikitnya satu indikator.',
    notFound: 'Indikator',
    /** An indicator named that is not of the sub kegiatan and year the call is about. */
    notOfSubAction: 'Indikator ini bukan milik sub kegiatan dan tahun yang dipilih.',
    /** A quarter whose monthly report is no longer open to the unit. */
    quarterLocked: (quarter: string, month: string, status: string) =>
      `Capaian ${quarter} tidak dapat diubah: Laporan ${month} berstatus ${status}.`,
    /** A quarter whose last month (the report its achievement goes with) has not begun. */
    quarterNotBegun: (quarter: string, month: string) =>
      `Capaian ${quarter} belum dapat diisi: triwulan ini dilaporkan mulai ${month}.`,
    achievement: {
      open: 'Capaian Triwulan',
      openOf: (subAction: string) => `Capaian Triwulan ${subAction}`,
      title: (quarter: string, name: string) => `Capaian ${quarter}: ${name}`,
      text: (quarter: string) =>
        `Capaian keluaran yang dicapai selama ${quarter} saja; kumulatif dijumlahkan dari setiap triwulan.`,
      field: (description: string, unit: string) => `${description} (${unit})`,
      fieldHint: (target: string, before: string) =>
        `Target ${target}; triwulan sebelumnya ${before}`,
      none: 'Sub kegiatan ini belum memiliki indikator keluaran. Tambahkan indikator pada rincian belanjanya.',
      saved: (quarter: string, name: string) => `Capaian ${quarter} ${name} disimpan.`,
      failed: 'Gagal menyimpan capaian triwulan',
      locked: 'Bulan ini tidak dapat diubah lagi.',
    },
    /** The evaluation form printed (workbook and PDF). */
    print: {
      heading: 'EVALUASI TERHADAP HASIL RENJA PERANGKAT DAERAH',
      unit: (unit: string) => `Perangkat Daerah: ${unit}`,
      period: (quarter: string, year: number) => `Periode: sampai dengan ${quarter} Tahun ${year}`,
      sheet: (quarter: string, year: number) => `Evaluasi ${quarter} ${year}`,
      total: 'Jumlah',
      quantity: 'K',
      money: 'Rp',
      columns: {
        code: 'Kode',
        name: 'Program / Kegiatan / Sub Kegiatan',
        indicator: 'Indikator Kinerja (Tolok Ukur)',
        target: 'Target',
        realisedQuarter: (numeral: string) => `Realisasi Triwulan ${numeral}`,
        cumulative: 'Realisasi Kumulatif',
        rate: 'Tingkat Capaian',
        responsible: 'Perangkat Daerah Penanggung Jawab',
      },
      download: 'Unduh Evaluasi Triwulan',
      downloadPdf: 'Unduh Evaluasi Triwulan (PDF)',
      downloaded: 'Evaluasi triwulan berhasil diunduh.',
      downloadFailed: 'Gagal mengunduh evaluasi triwulan',
      quarterChoice: 'Triwulan Evaluasi',
    },
  },
  app: {
    name: 'Ranwal',
    subtitle: 'Sistem Informasi Remote Monitoring',
    /** The browser tab's title of a page (not in the spec). */
    tabTitle: (page: string) => `${page} — Ranwal`,
    /** The links under a unit's header (Dashboard, Anggaran Kas). */
    userNavigation: 'Menu unit kerja',
    pageTitles: {
      home: 'Beranda',
      login: 'Login',
      userDashboard: 'Dashboard',
    },
    /**
     * A page whose code could not be loaded (an open tab across a deploy: its chunk is gone) or
     * that failed to show: the portal's route error screen (load-failed.tsx), not the router's.
     */
    loadFailed: {
      newVersion: 'Versi baru Ranwal tersedia. Muat ulang halaman.',
      failed: 'Halaman ini gagal ditampilkan. Muat ulang halaman untuk mencoba lagi.',
      reload: 'Muat Ulang',
    },
  },

  common: {
    save: 'Simpan',
    saving: 'Menyimpan...',
    cancel: 'Batal',
    update: 'Perbarui',
    edit: 'Edit',
    delete: 'Hapus',
    deleting: 'Menghapus...',
    view: 'Lihat',
    close: 'Tutup',
    actions: 'Aksi',
    loading: 'Memuat data...',
    successTitle: 'Berhasil!',
    failureTitle: 'Gagal!',
    /** Not in the spec: a list filter's chosen record whose name has not been read yet. */
    chosen: 'Pilihan saat ini',
    /** Not in the spec: a phone's button that shows a list's other filters. */
    moreFilters: 'Filter',
    moreFiltersActive: (count: number) => `Filter (${count} aktif)`,
    /** Not in the spec: the visible label over a list's search box ('Cari program'). */
    searchFor: (what: string) => `Cari ${what.toLowerCase()}`,
    /** Not in the spec: a sidebar link while a form holds input not yet saved (issue 14). */
    leaveUnsaved: 'Ada isian yang belum disimpan. Tinggalkan halaman ini?',
    confirmDelete: {
      title: 'Konfirmasi Hapus',
      text: 'Data yang dihapus tidak dapat dikembalikan.',
      confirm: 'Ya, Hapus!',
      cancel: 'Batal',
    },
  },

  pagination: {
    label: 'Navigasi halaman',
    pageOf: (page: number, total: number) => `Halaman ${page} dari ${total}`,
    page: (page: number) => `Halaman ${page}`,
    previous: 'Sebelumnya',
    next: 'Selanjutnya',
    /** Not in the spec: the next page of a list that grows below (a line's history, answers). */
    loadMore: 'Muat lebih banyak',
    showingRange: (from: number, to: number, total: number) =>
      `Menampilkan ${from} sampai ${to} dari ${total} hasil`,
    /** Not in the spec: a list whose count stopped at its bound (issue 39). */
    showingRangeOfMore: (from: number, to: number, bound: number) =>
      `Menampilkan ${from} sampai ${to} dari lebih dari ${bound.toLocaleString('id-ID')} hasil`,
  },

  /** Field-level messages for the shared schemas; `field` is the field's display label. */
  validation: {
    required: (field: string) => `${field} wajib diisi.`,
    invalidEmail: 'Format email tidak valid.',
    notANumber: (field: string) => `${field} harus berupa angka.`,
    invalidUrl: 'URL tidak valid.',
  },

  sidebar: {
    dashboard: 'Dashboard',
    userManagement: 'User Management',
    // The sidebar spells the activity level 'Aktifitas'; its page says 'Aktivitas'.
    levels: {
      agency: 'Perangkat Daerah',
      program: 'Program',
      action: 'Kegiatan',
      sub_action: 'Sub Kegiatan',
      activity: 'Aktifitas',
      subtitle: 'Subtitle',
      account: 'Kode Rekening',
      supporter: 'Pengampu',
    } satisfies Record<ManagedEntityKey, string>,
    reports: 'Laporan',
    createArticle: 'Buat Artikel',
    articleList: 'List Artikel',
    roleFooter: 'Administrator',
    fallbackName: 'Admin',
    navigationLabel: 'Navigasi admin',
    menu: 'Menu',
  },

  login: {
    greeting: 'Selamat Datang Kembali',
    email: 'Alamat Email',
    password: 'Kata Sandi',
    showPassword: 'Tampilkan kata sandi',
    hidePassword: 'Sembunyikan kata sandi',
    submit: 'Sign In',
    submitting: 'Signing In...',
    invalidCredentials: 'Invalid credentials. Please try again.',
    networkError: 'Network error. Please check your connection.',
    unexpectedError: 'An unexpected error occurred. Please try again.',
  },

  logout: {
    label: 'Logout',
    success: 'Berhasil logout',
    // Not in the spec: the session ended by the server or another tab; what was typed is kept.
    sessionEnded:
      'Sesi Anda telah berakhir. Silakan login kembali; isian yang belum disimpan tetap tersimpan.',
  },

  adminDashboard: {
    displayName: 'Administrator',
    welcomeTitle: 'Selamat Datang, Administrator!',
    welcomeText: 'Kelola hierarki anggaran, laporan, artikel, dan pengguna dari satu tempat.',
    // Not in the spec (issue 5): the year's budget at a glance. Amounts keep the names the
    // report screens give them (Total Harga, Pajak, Total Setelah Pajak); 'PPN' says which tax.
    budget: {
      title: (year: number) => `Ringkasan Anggaran Tahun ${year}`,
      year: 'Tahun',
      lineCount: 'Jumlah Rincian Belanja',
      lineCountHint: (programs: number) => `dalam ${programs} program`,
      totalPrice: 'Total Harga',
      totalPriceHint: 'Sebelum PPN',
      totalAfterTax: 'Total Setelah Pajak',
      taxIncluded: (amount: string) => `Termasuk PPN ${amount}`,
      perProgram: 'Anggaran per Program',
      columns: {
        program: 'Program',
        lineCount: 'Jumlah Rincian Belanja',
        totalPrice: 'Total Harga',
        tax: 'Pajak (PPN)',
        totalAfterTax: 'Total Setelah Pajak',
      },
      total: 'Total',
      empty: (year: number) => `Belum ada rincian belanja untuk tahun ${year}`,
      emptyHint: 'Ringkasan muncul setelah rincian belanja dibuat.',
      fetchFailed: 'Gagal mengambil ringkasan anggaran',
    },
  },

  roles: {
    user: 'User',
    verifier: 'Verifikator',
    admin: 'Admin',
  },

  levels,

  hierarchy: {
    // Picking from the national nomenclature (not in the spec).
    referenceLabel: 'Pilih dari Nomenklatur',
    referencePlaceholder: 'Cari kode atau nama resmi...',
    referenceEmpty: 'Tidak ada nomenklatur yang cocok',
    incompleteTitle: 'Input Tidak Lengkap',
    incompleteText: 'Harap lengkapi semua bidang.',
    createdTitle: 'Berhasil!',
    updatedTitle: 'Diperbarui!',
    deletedTitle: 'Dihapus!',
    failureTitle: 'Gagal',
    programTaxCheckbox: 'Program ini menggunakan pajak',
    // Not in the spec: the Program list marks the programs whose lines carry PPN.
    programTaxed: 'Menggunakan PPN 12%',
    supporterNameRequired: 'Nama pengampu harus diisi.',
    supporterNameEmpty: 'Nama pengampu tidak boleh kosong.',
    supporterId: (id: string) => `ID: ${id}`,
    accountCodeName: (code: string, name: string) => `${code} - ${name}`,
  },

  reports: {
    /** Labels of a report's fields wherever a report is displayed. */
    /** Where a line's price comes from (issue 34): the exports' column, the lists' marker. */
    priceSource: {
      catalogue: 'Katalog',
      outside: 'Di luar katalog',
      /** The lists' marker, read out with it. */
      hint: 'Tidak dipilih dari Katalog Harga tahun ini',
    },
    fields: {
      id: 'ID Laporan',
      componentCode: 'Kode Komponen',
      componentName: 'Nama Komponen',
      specification: 'Spesifikasi',
      unit: 'Satuan',
      price: 'Harga',
      firstVolume: 'Volume 1',
      secondVolume: 'Volume 2',
      thirdVolume: 'Volume 3',
      totalPrice: 'Total Harga',
      tax: 'Pajak',
      totalAfterTax: 'Total Setelah Pajak',
      year: 'Tahun',
      programName: 'Nama Program',
      accountCode: 'Kode Rekening',
      accountName: 'Nama Rekening',
      supporter: 'Pengampu',
      createdAt: 'Tanggal Dibuat',
      updatedAt: 'Terakhir Diubah',
      coefficient: 'Koefisien',
      /** The PPN of a line with its rule: 'PPN 12%', 'PPN 12% x 11/12'. */
      taxWithRule: (rule: string) => `PPN ${rule}`,
      priceSource: 'Sumber Harga',
      priceFromCatalogue: 'Katalog harga',
      freeFormComponent: 'Komponen bebas (di luar katalog)',
    },
    /** The user dashboard: hierarchy cascade, summary and the create form. */
    form: {
      taxCheckbox: 'Menggunakan Pajak (PPN 12%)',
      taxApplied: 'PPN 12% akan diterapkan pada perhitungan',
      taxNotApplied: 'PPN tidak akan diterapkan pada perhitungan',
      summaryTitle: 'Hierarki Terpilih',
      summaryTax: 'Pajak',
      notSelected: 'Belum dipilih',
      taxYes: 'Ya (PPN 12%)',
      taxNo: 'Tidak',
      incompleteHierarchy: 'Lengkapi semua hierarki terlebih dahulu.',
      title: 'Buat Laporan Detail Program',
      componentCode: 'Kode Komponen',
      componentName: 'Nama Komponen',
      specification: 'Spesifikasi',
      unit: 'Satuan',
      unitPlaceholder: 'Pcs',
      price: 'Harga (Rp)',
      firstVolume: 'Volume 1',
      secondVolume: 'Volume 2',
      thirdVolume: 'Volume 3',
      volumePlaceholder: '1',
      totalPrice: 'Total Harga',
      tax: 'Pajak (Rp)',
      taxNote: 'PPN 12% otomatis dihitung',
      totalAfterTax: 'Total Setelah Pajak',
      submit: 'Buat Laporan',
      submitting: 'Menyimpan Laporan...',
      // Not in the spec: the dashboard's own wording around the spec's strings.
      hierarchyTitle: 'Pilih Hierarki Program',
      partialOptions: (shown: number, total: number) =>
        `Menampilkan ${shown} dari ${total} pilihan. Ketik untuk mencari.`,
      fieldInvalid: (field: string, problem: string) => `${field} ${problem}.`,
      totalsInvalid: 'Total tidak dapat dihitung. Periksa Harga dan Volume.',
      totalsTooLarge: 'Total melebihi batas satu laporan (Rp 1.000.000.000.000.000).',
      draftRestored: 'Isian laporan yang belum disimpan dipulihkan.',
      discardDraft: 'Buang Isian',
    },
    /** The user's report list and its detail dialog. */
    list: {
      title: 'Daftar Laporan',
      viewDetail: 'Lihat Detail',
      empty: 'Tidak ada laporan tersedia',
      noToken: 'Tidak ada token autentikasi. Harap login terlebih dahulu.',
      loadErrorHeading: 'Terjadi kesalahan saat memuat data:',
      loadFailed: 'Gagal memuat data.',
      loadFailedHttp: (status: number, statusText: string) =>
        `Gagal memuat data: ${status} - ${statusText}`,
      detailTitle: 'Detail Laporan',
      volumeWithUnit: (volume: string, unit: string) => `${volume} ${unit}`,
      // Not in the spec: the list at real sizes (issue 14).
      emptyFiltered: 'Tidak ada laporan yang sesuai dengan pencarian atau filter.',
      editedBy: (when: string, name: string) => `Diubah ${when} oleh ${name}`,
      edited: (when: string) => `Diubah ${when}`,
    },
    /** Searching, narrowing and ordering both report lists (not in the spec). */
    filters: {
      search: 'Cari laporan',
      searchPlaceholder: 'Komponen, spesifikasi, program atau kode rekening',
      year: 'Filter Tahun',
      agency: 'Filter Perangkat Daerah',
      allAgencies: 'Semua Perangkat Daerah',
      program: 'Filter Program',
      allPrograms: 'Semua Program',
      supporter: 'Filter Pengampu',
      allSupporters: 'Semua Pengampu',
      creator: 'Filter Pengguna',
      allCreators: 'Semua Pengguna',
      sort: 'Urutkan',
      sorts: {
        newest: 'Terbaru',
        oldest: 'Terlama',
        total_desc: 'Total terbesar',
        total_asc: 'Total terkecil',
      },
      reset: 'Hapus Filter',
      moreFilters: 'Filter dan Urutan',
      moreFiltersActive: (count: number) => `Filter dan Urutan (${count} aktif)`,
    },
    /** Editing a budget line (not in the spec). */
    edit: {
      title: 'Edit Rincian Belanja',
      submit: 'Simpan Perubahan',
      submitting: 'Menyimpan...',
      updated: 'Rincian belanja berhasil diperbarui',
      updateFailed: 'Gagal memperbarui rincian belanja',
      loadFailed: 'Rincian belanja tidak dapat dimuat untuk diedit.',
    },
    /** The admin Laporan page. */
    admin: {
      title: 'Daftar Laporan Detail Program',
      download: 'Download Laporan',
      /**
       * What 'Download Laporan' makes (issue 18, beyond the spec): the spec's sheet, the default,
       * or the RKA as a workbook or a PDF; the table's filters apply to each.
       */
      downloadLayout: 'Jenis Laporan',
      downloadLayouts: {
        flat: 'Detail Program (Excel)',
        'rka-xlsx': 'RKA (Excel)',
        'rka-pdf': 'RKA (PDF)',
      },
      columns: {
        number: 'No',
        component: 'Komponen',
        program: 'Program',
        supporter: 'Pengampu',
        total: 'Total',
        date: 'Tanggal',
        actions: 'Aksi',
      },
      componentCode: (code: string) => `Kode: ${code}`,
      detailTitle: 'Detail Laporan',
      componentSection: 'Informasi Komponen',
      hierarchySection: 'Hierarki Program',
      financeSection: 'Informasi Keuangan',
      extraSection: 'Informasi Tambahan',
    },
    created: 'Laporan berhasil dibuat',
    createFailed: 'Gagal membuat laporan',
    fetchFailed: 'Gagal mengambil data laporan',
    deleted: 'Laporan berhasil dihapus',
    deleteFailed: 'Gagal menghapus laporan',
    downloaded: 'Berhasil mengunduh laporan',
    downloadFailed: 'Gagal mengunduh laporan',
    /** Who made a line, under its date in the admin table (not in the spec). */
    createdBy: (name: string) => `oleh ${name}`,
    /**
     * The line form planning within a ceiling (issue 18, not in the spec): a unit per volume and
     * the coefficient, the PPN rule of the year, the pagu panel and the price catalogue.
     */
    planning: {
      volumeUnit: 'Satuan',
      volumeUnitPlaceholder: 'Orang, Hari, Kali',
      /** The accessible name of a volume's unit: 'Satuan Volume 1'. */
      volumeUnitOf: (volume: string) => `Satuan ${volume}`,
      /** 'Koefisien: 2 Orang x 3 Hari x 1 Kali'. */
      coefficient: (text: string) => `Koefisien: ${text}`,
      /** What the volumes count together, after the coefficient: '= 6 OH'. */
      coefficientProduct: (product: string, unit: string) => `= ${product} ${unit}`,
      /** Under Pajak (Rp), with the year's rule: 'PPN 12% x 11/12 otomatis dihitung'. */
      taxNote: (rule: string) => `PPN ${rule} otomatis dihitung`,
      taxCheckbox: (rule: string) => `Menggunakan Pajak (PPN ${rule})`,
      taxYes: (rule: string) => `Ya (PPN ${rule})`,
      pagu: {
        title: (year: number) => `Pagu Tahun ${year}`,
        level: (level: string, name: string) => `${level}: ${name}`,
        // Pagu, planned and sisa are named as on the admin's pages: planning.amounts (issue 33).
        thisLine: 'Rincian ini',
        /** The sub kegiatan's sumber dana under its pagu (issue 36), this line left out. */
        bySource: 'Per Sumber Dana',
        overrunAllowed: 'Boleh dilampaui',
        loading: 'Memuat pagu...',
        loadFailed: 'Pagu tidak dapat dimuat.',
        /** The line takes a ceiling the server keeps over its pagu (before it is sent). */
        exceeded: (what: string, pagu: string, excess: string) =>
          `Rincian ini melampaui pagu ${what} (${pagu}) sebesar ${excess}. Kurangi Harga atau Volume; rincian belanja di atas pagu ditolak.`,
        /** Over a pagu an admin allowed to be exceeded. */
        exceededAllowed: (what: string, excess: string) =>
          `Rincian ini melampaui pagu ${what} sebesar ${excess}; admin mengizinkan pagu ini dilampaui.`,
        refusedTitle: 'Rincian belanja ditolak',
      },
      catalogue: {
        description: 'Cari di katalog harga: kode, nama atau spesifikasi.',
        placeholder: 'Ketik untuk mencari di katalog harga',
        empty: 'Tidak ada item katalog untuk kode rekening ini yang sesuai.',
        /** An option's price and unit: 'Rp 55.000 / Rim'. */
        optionPrice: (price: string, unit: string) => `${price} / ${unit}`,
        picked: (code: string) => `Dari katalog harga (kode ${code}).`,
        fromCatalogue: 'Diisi dari katalog harga.',
        /** Under Harga (Rp) once an item is picked. */
        ceiling: (price: string) => `Harga katalog ${price} (batas tertinggi).`,
        ceilingOpen: (price: string) => `Harga katalog ${price} (boleh dilampaui).`,
        loadFailed: 'Katalog harga tidak dapat dimuat.',
      },
    },
  },

  articleCategories: {
    'Tindak Lanjut Hasil Musrenbang': 'Tindak Lanjut Hasil Musrenbang',
    'Usulan Reses DPRD': 'Usulan Reses DPRD',
    'Usulan Langsung Warga Masyarakat': 'Usulan Langsung Warga Masyarakat',
    'Kegiatan Rutin': 'Kegiatan Rutin',
  },

  articleStatuses: {
    published: 'Dipublikasikan',
    draft: 'Draf',
    archived: 'Diarsipkan',
  },

  articles: {
    /** Field labels shared by the create page and the edit dialog. */
    fields: {
      title: 'Judul',
      titlePlaceholder: 'Masukkan judul artikel',
      content: 'Konten',
      contentHtmlHint: 'HTML diperbolehkan',
      category: 'Kategori',
      categoryPlaceholder: 'Pilih kategori',
      coverImage: 'Gambar Sampul',
      coverImageUrl: 'URL Gambar Sampul',
      tags: 'Tag',
      tagPlaceholder: 'Ketik tag lalu tekan Enter',
      addTag: 'Tambah',
      removeTag: (tag: string) => `Hapus tag ${tag}`,
      status: 'Status',
    },
    editor: {
      title: 'Buat Artikel',
      // Not in the spec: 'Batal' on a written article asks first.
      discardTitle: 'Tinggalkan Artikel?',
      discardMessage: 'Artikel yang sedang ditulis belum disimpan dan akan dibuang.',
      discardConfirm: 'Ya, Buang',
      statusLabel: 'Status Publikasi',
      uploadCover: 'Unggah Gambar',
      uploading: 'Mengunggah...',
      removeCover: 'Hapus Gambar',
      toolbar: {
        label: 'Format konten',
        bold: 'Tebal',
        italic: 'Miring',
        underline: 'Garis Bawah',
        heading: (level: number) => `Judul ${level}`,
        paragraph: 'Paragraf',
      },
      showPreview: 'Pratinjau',
      hidePreview: 'Tutup Pratinjau',
      submitPublish: 'Publikasikan Artikel',
      submitSave: 'Simpan Artikel',
      titleContentRequired: 'Error: Judul dan konten wajib diisi',
      categoryRequired: 'Error: Kategori wajib dipilih',
      notAnImage: 'Error: Silakan pilih file gambar',
      fileTooLarge: 'Error: Ukuran file harus kurang dari 5MB',
      networkError: 'Error: Error jaringan - Tidak dapat terhubung ke server',
      saveFailed: (message: string) => `Error: ${message}`,
      saveFailedDefault: 'Gagal menyimpan artikel',
      published: 'Artikel berhasil dipublikasikan!',
      saved: 'Artikel berhasil disimpan!',
      uploaded: 'Gambar berhasil diunggah!',
      uploadFailed: 'Error: Gagal mengunggah file',
      uploadNetworkError: 'Error: Error jaringan - Tidak dapat mengunggah file',
    },
    management: {
      title: 'Manajemen Artikel',
      searchPlaceholder: 'Cari artikel...',
      /** Not in the spec: the visible label over the search box. */
      search: 'Cari artikel',
      refresh: 'Refresh',
      refreshing: 'Loading...',
      retry: 'Coba lagi',
      columns: {
        article: 'Artikel',
        author: 'Author',
        category: 'Category',
        status: 'Status',
        views: 'Views',
        date: 'Tanggal',
        actions: 'Actions',
      },
      noCoverImage: 'Tidak ada gambar',
      coverFailed: 'Gambar gagal dimuat',
      emptyTitle: 'Tidak ada artikel',
      emptySearch: 'Tidak ditemukan artikel yang sesuai dengan pencarian.',
      emptyNone: 'Belum ada artikel yang dibuat.',
      editTitle: 'Edit Artikel',
      viewTitle: 'Detail Artikel',
      saveChanges: 'Simpan Perubahan',
      requiredFields: 'Judul, Kategori, dan Status wajib diisi.',
      confirmDelete: (title: string) => `Apakah Anda yakin ingin menghapus artikel "${title}"?`,
      listFailed: 'Gagal mengambil data artikel',
      listNetworkError: 'Terjadi kesalahan saat mengambil data',
      loadNetworkError: 'Terjadi kesalahan saat memuat data artikel',
      detailFailed: 'Gagal mengambil detail artikel',
      detailNetworkError: 'Terjadi kesalahan saat mengambil detail artikel',
      deleteFailed: 'Gagal menghapus artikel',
      deleteNetworkError: 'Terjadi kesalahan saat menghapus artikel',
      updateFailed: 'Gagal memperbarui artikel',
      updateNetworkError: 'Terjadi kesalahan saat memperbarui artikel',
      detailLoaded: 'Detail artikel berhasil dimuat',
      deleted: 'Artikel berhasil dihapus',
      updated: 'Artikel berhasil diperbarui',
    },
    /** The public home page; the spec gives its strings in English. */
    public: {
      signIn: 'Sign In',
      categoryLabel: 'Category',
      allCategories: 'All Categories',
      searchPlaceholder: 'Search articles...',
      loading: 'Loading articles...',
      loadFailed: 'Failed to load articles',
      tryAgain: 'Try Again',
      empty: 'No articles found',
      readMore: 'Read More',
      backToArticles: 'Back to Articles',
      noCoverImage: 'No cover image',
      imageFailed: 'Image failed to load',
      previous: 'Previous',
      next: 'Next',
      views: (count: number) => `${count} views`,
      fetchArticlesFailed: 'Failed to fetch articles',
      fetchArticleFailed: 'Failed to fetch article',
      networkError: (detail: string) => `Network error: ${detail}`,
    },
  },

  users: {
    title: 'Manajemen Pengguna',
    add: '+ Tambah Pengguna',
    fields: {
      id: 'ID',
      name: 'Nama',
      email: 'Email',
      role: 'Role',
      password: 'Password',
    },
    empty: 'Tidak ada data pengguna yang tersedia.',
    createTitle: 'Buat Pengguna Baru',
    editTitle: 'Edit Pengguna',
    confirmDelete: 'Apakah Anda yakin ingin menghapus pengguna ini?',
    noToken: 'Token tidak ditemukan. Silakan login.',
    fetchFailed: 'Gagal mengambil data pengguna.',
    createFailed: 'Gagal membuat pengguna. Periksa data yang Anda masukkan.',
    updateFailed: 'Gagal memperbarui pengguna.',
    deleteFailed: 'Gagal menghapus pengguna.',
    created: 'Pengguna berhasil dibuat!',
    updated: 'Pengguna berhasil diperbarui!',
    deleted: 'Pengguna berhasil dihapus!',
    searchPlaceholder: 'Cari pengguna...',
    /** Not in the spec: the visible label over the search box. */
    search: 'Cari pengguna',
    passwordTooShort: 'Kata sandi minimal 8 karakter.',
    // Not in the spec: changing passwords (issue 15).
    passwordNeedsLetterAndDigit: 'Kata sandi harus berisi huruf dan angka.',
    passwordRule: 'Minimal 8 karakter, berisi huruf dan angka.',
    changePassword: 'Ubah Kata Sandi',
    setPasswordTitle: (name: string) => `Ubah Kata Sandi ${name}`,
    currentPassword: 'Kata Sandi Saat Ini',
    newPassword: 'Kata Sandi Baru',
    repeatPassword: 'Ulangi Kata Sandi Baru',
    passwordsDiffer: 'Ulangan tidak sama dengan kata sandi baru.',
    ownPasswordHint: 'Setelah diubah, sesi Anda di perangkat lain berakhir.',
    setPasswordHint: (name: string) =>
      `Semua sesi ${name} akan berakhir. Sampaikan kata sandi baru kepadanya secara langsung.`,
    passwordChanged: 'Kata sandi berhasil diubah!',
    passwordChangeFailed: 'Gagal mengubah kata sandi.',
    // Perangkat Daerah of a person (issue 19).
    agencies: 'Perangkat Daerah',
    agenciesHint:
      'Pengguna melihat dan mengubah rincian belanja Perangkat Daerahnya. Verifikator memverifikasi rincian belanja Perangkat Daerahnya. Tanpa Perangkat Daerah, keduanya hanya menjangkau program tanpa Perangkat Daerah (pengguna: rinciannya sendiri).',
    agencySearch: 'Cari Perangkat Daerah...',
    agencyNoMatch: 'Tidak ada Perangkat Daerah ditemukan',
    agenciesChosen: 'Perangkat Daerah terpilih',
    noAgencies: 'Tanpa Perangkat Daerah',
    // Finding accounts without a unit to assign them one (issue 34).
    withoutAgencyFilter: 'Hanya yang tanpa Perangkat Daerah',
    withoutAgencyFilterHint:
      'Pengguna dan verifikator tanpa Perangkat Daerah hanya menjangkau program tanpa Perangkat Daerah. Tetapkan Perangkat Daerahnya lewat Edit.',
    withoutAgencyEmpty: 'Semua pengguna dan verifikator sudah memiliki Perangkat Daerah.',
    /** The tag's remove button; react-aria adds the tag's name ('Hapus Dinas Pendidikan'). */
    removeAgency: 'Hapus',
  },

  /** The bell in the header (issue 19): what verification brought to the signed-in person. */
  notifications: {
    button: 'Notifikasi',
    unreadCount: (count: number) => `${count} notifikasi belum dibaca`,
    title: 'Notifikasi',
    empty: 'Belum ada notifikasi.',
    markAllRead: 'Tandai semua dibaca',
    unread: 'Belum dibaca',
    fetchFailed: 'Gagal mengambil notifikasi.',
    /** What a notification is about: a line, or a sub kegiatan of a year. */
    line: (line: string, subAction: string, year: string) =>
      `Laporan ${line} (Sub Kegiatan ${subAction}, ${year})`,
    subAction: (subAction: string, year: string) => `Sub Kegiatan ${subAction} ${year}`,
    /** A line deleted since, a person removed since. */
    deletedLine: '(dihapus)',
    /** A line of a name other lines of its sub kegiatan share, with what tells it apart. */
    lineWithDetail: (line: string, detail: string) => `${line} — ${detail}`,
    someone: 'Seseorang',
    kinds: {
      note_opened: (actor: string, about: string) => `${actor} menulis catatan pada ${about}`,
      note_answered: (actor: string, about: string) => `${actor} menjawab catatan pada ${about}`,
      note_closed: (actor: string, about: string) => `Catatan pada ${about} ditutup oleh ${actor}`,
      note_reopened: (actor: string, about: string) =>
        `Catatan pada ${about} dibuka kembali oleh ${actor}`,
      sub_action_verified: (actor: string, about: string) =>
        `${about} ditandai terverifikasi oleh ${actor}`,
      verification_withdrawn: (actor: string, about: string) =>
        `Laporan ${about} diubah oleh ${actor}; tanda terverifikasi dicabut`,
      line_restored: (actor: string, about: string) =>
        `${about} dipulihkan dari riwayat oleh ${actor}`,
      sub_action_unverified: (actor: string, about: string) =>
        `Tanda terverifikasi ${about} dibatalkan oleh ${actor}`,
      month_sent: (actor: string, about: string) => `${about} dikirim oleh ${actor}`,
      month_returned: (actor: string, about: string) => `${about} dikembalikan oleh ${actor}`,
      month_verified: (actor: string, about: string) => `${about} diverifikasi oleh ${actor}`,
      month_late: (_actor: string, about: string) =>
        `${about} terlambat: belum dikirim setelah batas waktunya`,
      month_red: (_actor: string, about: string) =>
        `${about}: capaian keuangan di bawah ambang merah`,
    },
    /** A unit's month: 'Laporan Bulanan Maret 2027 Dinas Kesehatan'. */
    month: (month: string, year: string, unit: string) =>
      `Laporan Bulanan ${month} ${year} ${unit}`.trim(),
  },

  /**
   * The admin's planning screens (issue 18, not in the spec): Pagu, Katalog Harga, Pengaturan
   * Perencanaan (PPN rules, RKA signatories) and the dashboard's pagu panel. The amounts keep
   * the names the line form's pagu panel gives them (Pagu, Sudah direncanakan, Sisa).
   */
  planning: {
    /** The admin sidebar's entries (and the pages' tab titles). */
    /** The year's price anomalies for review (issue 34): the Anomali Harga page. */
    anomalies: {
      title: 'Anomali Harga',
      intro: (factor: number, lines: number) =>
        `Rincian belanja yang perlu diperiksa sebelum dibahas: komponen di luar Katalog Harga, harga di atas harga katalog beserta sebabnya, dan volume lebih dari ${factor} kali median volume kode rekeningnya pada tahun yang sama (bila kode rekening itu memiliki sedikitnya ${lines} rincian).`,
      listTitle: (year: number) => `Anomali Harga Tahun ${year}`,
      kind: 'Jenis Temuan',
      allKinds: 'Semua Temuan',
      kinds: {
        free_form: 'Di luar katalog',
        above_catalogue: 'Di atas harga katalog',
        volume: 'Volume tidak wajar',
      },
      search: 'Cari komponen',
      searchPlaceholder: 'Kode, nama atau spesifikasi komponen',
      columns: {
        finding: 'Temuan',
        component: 'Komponen',
        account: 'Kode Rekening',
        subAction: 'Sub Kegiatan',
        price: 'Harga',
        volume: 'Volume',
        total: 'Total Setelah Pajak',
      },
      /** Why a line is above its catalogue price, with the item's code and price. */
      reasons: {
        item_open: (code: string, price: string) =>
          `Harga katalog ${price} (${code}); item dibuka administrator.`,
        price_lowered: (code: string, price: string) =>
          `Harga katalog ${price} (${code}) diturunkan setelah rincian disusun.`,
        free_form_match: (code: string, price: string) =>
          `Memakai kode atau nama item katalog ${code} (${price}); disimpan sebelum kunci harga.`,
      },
      freeFormNote: 'Tidak dipilih dari Katalog Harga tahun ini.',
      volumeNote: (median: string, lines: number) =>
        `Median volume kode rekening ini: ${median} (${lines} rincian).`,
      createdBy: (name: string) => `Dibuat oleh ${name}`,
      empty: (year: number) => `Tidak ada anomali harga pada tahun ${year}`,
      emptyHint: 'Semua rincian belanja tahun ini sesuai katalog dan volume yang wajar.',
      emptyFiltered: 'Tidak ada temuan yang cocok dengan filter',
      fetchFailed: 'Gagal mengambil anomali harga',
    },
    nav: {
      pagu: 'Pagu',
      catalogue: 'Katalog Harga',
      settings: 'Pengaturan Perencanaan',
      anomalies: 'Anomali Harga',
    },
    year: 'Tahun Anggaran',
    amounts: {
      pagu: 'Pagu',
      planned: 'Sudah direncanakan',
      remaining: 'Sisa pagu',
      noPagu: 'Belum ada pagu',
      noLimit: 'Tanpa batas',
      /** Sisa of a sub kegiatan without a pagu where lines need one (issue 33). */
      noneRequired: 'Tidak ada (wajib pagu)',
    },
    noAgency: 'Tanpa Perangkat Daerah',
    pagu: {
      title: 'Pagu',
      intro:
        'Pagu (batas anggaran) setiap sub kegiatan per tahun anggaran. Laporan yang membuat sub kegiatan melampaui pagunya ditolak, kecuali pagu itu diizinkan untuk dilampaui.',
      listTitle: (year: number) => `Pagu Sub Kegiatan Tahun ${year}`,
      search: 'Cari sub kegiatan',
      searchPlaceholder: 'Kode atau nama sub kegiatan',
      agency: 'Perangkat Daerah',
      allAgencies: 'Semua Perangkat Daerah',
      program: 'Program',
      allPrograms: 'Semua Program',
      columns: {
        subAction: 'Sub Kegiatan',
        program: 'Program',
        agency: 'Perangkat Daerah',
      },
      /** Under a sub kegiatan's name: its kegiatan. */
      actionOf: (name: string) => `Kegiatan: ${name}`,
      empty: 'Tidak ada sub kegiatan ditemukan',
      emptyHint: 'Tambahkan sub kegiatan di halaman Sub Kegiatan, atau ubah pencarian dan filter.',
      fetchFailed: 'Gagal mengambil data pagu',
      overrunAllowed: 'Boleh dilampaui',
      overrunReason: (reason: string) => `Alasan: ${reason}`,
      set: 'Atur Pagu',
      /** A row's button, named with its sub kegiatan for screen readers. */
      setFor: (name: string) => `Atur Pagu ${name}`,
      dialogTitle: 'Atur Pagu Sub Kegiatan',
      amount: 'Pagu (Rp)',
      plannedNote: (amount: string) => `Sudah direncanakan: ${amount}`,
      allowOverrun: 'Izinkan melebihi pagu',
      allowOverrunHint: 'Laporan boleh melampaui pagu ini; alasannya dicatat.',
      reason: 'Alasan',
      reasonPlaceholder: 'mis. Perubahan harga BBM, nota dinas 12/2026',
      reasonRequired: 'Alasan wajib diisi bila pagu boleh dilampaui.',
      saved: 'Pagu berhasil disimpan.',
      saveFailed: 'Gagal menyimpan pagu',
      agencyTitle: (year: number) => `Pagu Perangkat Daerah Tahun ${year}`,
      agencyIntro:
        'Pagu seluruh Perangkat Daerah, di atas pagu sub kegiatannya. Bila belum diatur, yang tampil adalah jumlah pagu sub kegiatannya.',
      agencyDialogTitle: 'Atur Pagu Perangkat Daerah',
      agencySaved: 'Pagu Perangkat Daerah berhasil disimpan.',
      agencyFetchFailed: 'Gagal mengambil pagu Perangkat Daerah',
    },
    catalogue: {
      title: 'Katalog Harga',
      intro:
        'Standar harga untuk menyusun rincian belanja (SSH, SBU, HSPK, ASB) per tahun anggaran. Harga sebuah rincian belanja tidak boleh melebihi harga katalog, kecuali item ditandai terbuka.',
      importNote:
        'Tambahkan atau ubah item satu per satu di sini, atau muat seluruh katalog dari lembar kerja (CSV atau XLSX) yang diterbitkan daerah melalui CLI:',
      importCommand: (year: number) => `ranwal import catalogue FILE --year ${year}`,
      listTitle: (year: number) => `Katalog Harga Tahun ${year}`,
      kind: 'Jenis',
      allKinds: 'Semua Jenis',
      kinds: {
        SSH: 'SSH — Standar Satuan Harga',
        SBU: 'SBU — Standar Biaya Umum',
        HSPK: 'HSPK — Harga Satuan Pokok Kegiatan',
        ASB: 'ASB — Analisis Standar Belanja',
      },
      search: 'Cari item',
      searchPlaceholder: 'Cari kode, nama atau spesifikasi...',
      columns: {
        code: 'Kode',
        name: 'Nama',
        specification: 'Spesifikasi',
        unit: 'Satuan',
        price: 'Harga',
        accounts: 'Kode Rekening',
        open: 'Terbuka',
      },
      anyAccount: 'Semua kode rekening',
      /** The toggle's accessible name: 'Terbuka: Kertas HVS 70 gram A4'. */
      openFor: (name: string) => `Terbuka: ${name}`,
      openHint: 'Item terbuka: harga rincian belanja boleh melebihi harga katalog.',
      empty: (year: number) => `Belum ada katalog harga untuk tahun ${year}`,
      emptySearch: 'Tidak ada item katalog yang sesuai dengan pencarian.',
      fetchFailed: 'Gagal mengambil katalog harga',
      opened: (name: string) => `${name} ditandai terbuka.`,
      closed: (name: string) => `${name} tidak lagi terbuka.`,
      updateFailed: 'Gagal mengubah item katalog',
      // Items added, edited and retired on the page (issue 33).
      add: 'Tambah Item',
      actions: 'Aksi',
      status: 'Status',
      statuses: { active: 'Aktif', retired: 'Nonaktif', all: 'Semua Status' },
      retiredHint:
        'Item nonaktif tidak ditawarkan lagi untuk rincian belanja baru; rincian yang sudah memakainya tetap.',
      editFor: (name: string) => `Edit ${name}`,
      retire: 'Nonaktifkan',
      retireFor: (name: string) => `Nonaktifkan ${name}`,
      restore: 'Aktifkan',
      restoreFor: (name: string) => `Aktifkan kembali ${name}`,
      addTitle: (year: number) => `Tambah Item Katalog Harga ${year}`,
      editTitle: (year: number) => `Ubah Item Katalog Harga ${year}`,
      fields: {
        kind: 'Jenis',
        code: 'Kode',
        name: 'Nama',
        specification: 'Spesifikasi',
        unit: 'Satuan',
        price: 'Harga (Rp)',
        accounts: 'Kode Rekening',
        accountsHint:
          'Pisahkan dengan koma atau titik koma. Kosongkan bila item boleh dipakai di semua kode rekening.',
        open: 'Terbuka: harga rincian boleh melebihi harga katalog',
      },
      created: (name: string) => `${name} ditambahkan ke katalog harga.`,
      saved: (name: string) => `${name} berhasil disimpan.`,
      retiredToast: (name: string) =>
        `${name} dinonaktifkan: tidak ditawarkan lagi untuk rincian belanja baru.`,
      restoredToast: (name: string) => `${name} aktif kembali.`,
      saveFailed: 'Gagal menyimpan item katalog',
    },
    settings: {
      title: 'Pengaturan Perencanaan',
      // Whether lines need a pagu (issue 33).
      policy: {
        title: 'Aturan Perencanaan',
        linesNeedPagu: 'Rincian belanja wajib memiliki pagu',
        hint: 'Berlaku untuk tahun anggaran yang sudah memiliki tahapan: sub kegiatan tanpa pagu tahun itu menolak rincian belanja baru. Bila dimatikan, sub kegiatan tanpa pagu tidak dibatasi.',
        linesNeedFundingSource: 'Rincian belanja wajib memiliki sumber dana',
        fundingSourceHint:
          'Rincian belanja tanpa sumber dana ditolak bila sub kegiatannya tidak memiliki sumber dana bawaan.',
        cashPlanRequired: 'Anggaran Kas wajib sama dengan rincian belanja',
        cashPlanHint:
          'Sub kegiatan yang Anggaran Kasnya masih memiliki selisih tidak dapat diverifikasi, dan tahap tidak dapat dilanjutkan.',
        unitsEnterSp2d: 'Unit mencatat SP2D sendiri',
        unitsEnterSp2dHint:
          'Untuk daerah tanpa ekspor SP2D dari sistem keuangan: perencana unit mencatat setiap SP2D sub kegiatannya pada Realisasi Anggaran. Bila dimatikan, realisasi keuangan hanya dimuat admin (Muat SP2D).',
        saved: 'Aturan perencanaan berhasil disimpan.',
        saveFailed: 'Gagal menyimpan aturan perencanaan',
        /** The region's deviation thresholds (issue 37). */
        thresholds: 'Batas Capaian Realisasi',
        thresholdsHint:
          'Capaian realisasi terhadap rencana (keuangan terhadap Anggaran Kas, fisik terhadap rencana fisik) di bawah batas merah ditandai Merah, di bawah batas kuning Kuning, selebihnya Hijau.',
        redBelow: 'Merah di bawah (%)',
        yellowBelow: 'Kuning di bawah (%)',
        thresholdOrder: 'batas kuning harus lebih besar dari batas merah',
        saveThresholds: 'Simpan Batas Capaian',
      },
      tax: {
        title: 'Aturan PPN',
        intro:
          'Setiap rincian belanja dihitung dengan aturan yang berlaku pada 1 Januari tahun anggarannya. Tanpa aturan, PPN 12% dari seluruh total berlaku.',
        none: 'Belum ada aturan: PPN 12% dari seluruh total berlaku.',
        rule: (n: number) => `Aturan ${n}`,
        effectiveFrom: 'Berlaku sejak',
        rate: 'Tarif %',
        base: 'Dasar pengenaan',
        baseNumerator: 'Pembilang',
        baseDenominator: 'Penyebut',
        /** Under a rule: what it charges, e.g. 'PPN 12% x 11/12: efektif 11% dari total'. */
        effective: (rule: string, percent: string) => `PPN ${rule}: efektif ${percent}% dari total`,
        add: 'Tambah Aturan',
        remove: 'Hapus',
        removeRule: (n: number) => `Hapus aturan ${n}`,
        save: 'Simpan Aturan PPN',
        saved: 'Aturan PPN berhasil disimpan.',
        saveFailed: 'Gagal menyimpan aturan PPN',
        fetchFailed: 'Gagal mengambil aturan PPN',
        fix: 'Periksa kembali aturan yang ditandai.',
        /** Said under the rules, always: a rule change reprices no existing line by itself. */
        keepsOld:
          'Mengubah aturan PPN tidak mengubah rincian belanja yang sudah ada: rincian itu tetap memakai PPN lamanya sampai administrator menghitung ulang PPN tahun anggarannya.',
      },
      // Recalculating PPN (issue 34): a preview per year, then the admin applies it.
      recalculation: {
        title: 'Hitung Ulang PPN',
        intro:
          'Rincian belanja yang PPN-nya belum mengikuti aturan tahun anggarannya, per tahun. Hitung ulang menerapkan aturan itu; setiap rincian yang berubah tercatat di Riwayat Perubahan.',
        upToDate: 'Semua rincian belanja sudah memakai aturan PPN tahun anggarannya.',
        /** The warning while some year's lines keep an old PPN. */
        stale: (lines: number, years: string) =>
          `${lines} rincian belanja (tahun ${years}) masih memakai PPN lama dan belum dihitung ulang.`,
        staleTitle: 'PPN lama masih dipakai',
        columns: {
          year: 'Tahun Anggaran',
          rule: 'Aturan PPN Sekarang',
          lines: 'Rincian Terdampak',
          before: 'Total Sekarang',
          after: 'Total Setelah Dihitung Ulang',
          difference: 'Selisih',
        },
        action: 'Hitung Ulang',
        actionFor: (year: number) => `Hitung ulang PPN tahun ${year}`,
        confirmTitle: (year: number) => `Hitung Ulang PPN Tahun ${year}?`,
        confirmText: (lines: number, year: number, rule: string, before: string, after: string) =>
          `${lines} rincian belanja tahun ${year} akan dihitung ulang dengan PPN ${rule}: total setelah pajaknya ${before} menjadi ${after}. Setiap perubahan tercatat di Riwayat Perubahan atas nama Anda.`,
        sampleTitle: (shown: number, lines: number) =>
          shown < lines ? `${shown} rincian pertama dari ${lines}` : 'Rincian yang berubah',
        sampleColumns: {
          component: 'Komponen',
          subAction: 'Sub Kegiatan',
          taxBefore: 'PPN Sekarang',
          taxAfter: 'PPN Baru',
        },
        confirm: 'Ya, Hitung Ulang',
        applied: (lines: number, year: number) =>
          `PPN ${lines} rincian belanja tahun ${year} berhasil dihitung ulang.`,
        failed: 'Gagal menghitung ulang PPN',
        fetchFailed: 'Gagal mengambil rincian yang perlu dihitung ulang',
      },
      signers: {
        title: 'Penandatangan RKA',
        intro: 'Yang menandatangani RKA setiap Perangkat Daerah, dan RKA seluruh daerah.',
        region: 'Seluruh Daerah',
        columns: {
          unit: 'RKA',
          place: 'Tempat',
          position: 'Jabatan',
          name: 'Nama',
          nip: 'NIP',
        },
        notSet: 'Belum diatur',
        set: 'Atur',
        setFor: (unit: string) => `Atur penandatangan ${unit}`,
        dialogTitle: (unit: string) => `Penandatangan RKA ${unit}`,
        placePlaceholder: 'mis. Kota Contoh',
        positionPlaceholder: 'mis. Kepala Badan Perencanaan Pembangunan Daerah',
        nipHint: '18 angka; spasi boleh, mis. 19700101 199003 1 001. Boleh dikosongkan.',
        saved: 'Penandatangan RKA berhasil disimpan.',
        saveFailed: 'Gagal menyimpan penandatangan RKA',
        fetchFailed: 'Gagal mengambil penandatangan RKA',
      },
    },
    /** The admin dashboard's panel. */
    overview: {
      title: (year: number) => `Pagu dan Rencana Belanja Tahun ${year}`,
      year: 'Tahun',
      perAgency: 'Per Perangkat Daerah',
      perProgram: 'Per Program',
      agency: 'Perangkat Daerah',
      program: 'Program',
      empty: (year: number) => `Belum ada pagu atau laporan untuk tahun ${year}`,
      emptyHint:
        'Atur pagu di halaman Pagu; rencana belanja bertambah setiap rincian belanja dibuat.',
      fetchFailed: 'Gagal mengambil pagu dan rencana belanja',
    },
  },

  /** The history of every change (issue 19, beyond the spec): a line's, and the admin page's. */
  /** Sumber dana (issue 36): the classes a source belongs to, as the kelompok column names them. */
  funding: {
    /** The line form's field (issue 36): the source a line is paid from. */
    line: {
      label: 'Sumber Dana',
      byDefault: (source: string) => `Bawaan sub kegiatan: ${source}`,
      none: 'Tanpa sumber dana',
      required: 'wajib dipilih',
      planned: (planned: string) => `Sudah direncanakan ${planned}`,
      plannedOfCeiling: (planned: string, ceiling: string, remaining: string) =>
        `Sudah direncanakan ${planned} dari pagu ${ceiling}; sisa ${remaining}`,
      loadFailed: 'Gagal mengambil sumber dana sub kegiatan',
    },
    groups: {
      pad: 'Pendapatan Asli Daerah',
      transfer: 'Pendapatan Transfer',
      other: 'Lain-lain Pendapatan Daerah yang Sah',
      financing: 'Pembiayaan',
    } satisfies Record<FundingGroup, string>,
    /** The admin's Sumber Dana page. */
    nav: 'Sumber Dana',
    title: 'Sumber Dana',
    intro: [
      'Daftar sumber dana daerah: dari mana setiap rupiah rincian belanja dibiayai. Sumber dana yang dipakai tidak dapat dihapus; isi tahun akhir berlakunya agar tidak ditawarkan lagi untuk rincian tahun berikutnya.',
    ],
    importNote: 'Seluruh daftar dapat dimuat dari lembar (Kode, Nama, Kelompok) dengan perintah:',
    importCommand: 'ranwal import funding-sources sumber-dana.xlsx',
    listTitle: 'Daftar Sumber Dana',
    add: 'Tambah Sumber Dana',
    addTitle: 'Tambah Sumber Dana',
    editTitle: 'Ubah Sumber Dana',
    editFor: (name: string) => `Edit ${name}`,
    group: 'Kelompok',
    allGroups: 'Semua Kelompok',
    search: 'Cari sumber dana',
    searchPlaceholder: 'Kode atau nama',
    columns: {
      code: 'Kode',
      name: 'Nama',
      group: 'Kelompok',
      years: 'Tahun Berlaku',
      actions: 'Aksi',
    },
    fields: {
      code: 'Kode',
      name: 'Nama Sumber Dana',
      group: 'Kelompok',
      activeFrom: 'Berlaku Mulai Tahun',
      activeTo: 'Berlaku Sampai Tahun',
      yearsHint: 'Kosongkan bila berlaku untuk semua tahun.',
    },
    years: {
      always: 'Semua tahun',
      from: (year: number) => `Sejak ${year}`,
      until: (year: number) => `Sampai ${year}`,
      between: (from: number, to: number) => `${from}–${to}`,
    },
    inUse: 'Dipakai',
    inUseHint: 'Dipakai rincian belanja atau sub kegiatan: tidak dapat dihapus.',
    empty: 'Belum ada sumber dana.',
    emptySearch: 'Tidak ada sumber dana yang sesuai dengan pencarian',
    fetchFailed: 'Gagal mengambil daftar sumber dana',
    saveFailed: 'Gagal menyimpan sumber dana',
    deleteFailed: 'Gagal menghapus sumber dana',
    created: (name: string) => `${name} ditambahkan ke daftar sumber dana.`,
    saved: (name: string) => `${name} berhasil disimpan.`,
    deleted: (name: string) => `${name} dihapus dari daftar sumber dana.`,
    deleteQuestion: (name: string) => `Hapus sumber dana ${name}?`,
    /** The year's totals by source: dashboards and the printed recap (issue 36). */
    recap: {
      title: (year: number) => `Rekap Sumber Dana ${year}`,
      intro:
        'Rincian belanja tahun ini menurut sumber dananya, dengan pagu sumber dana yang diatur per sub kegiatan.',
      heading: 'REKAP SUMBER DANA',
      year: (year: number) => `Tahun Anggaran ${year}`,
      sheet: (year: number) => `Rekap Sumber Dana ${year}`,
      columns: {
        code: 'Kode',
        name: 'Sumber Dana',
        subActions: 'Sub Kegiatan',
        ceiling: 'Pagu Sumber Dana',
        planned: 'Rincian (Setelah PPN)',
        remaining: 'Sisa Pagu',
        share: 'Persentase',
      },
      noGroup: 'Tanpa kelompok',
      subtotal: (name: string) => `Jumlah ${name}`,
      grandTotal: 'Total Keseluruhan',
      noCeiling: 'Tanpa pagu',
      summary: (total: string, sources: number) =>
        `Total rincian ${total} dari ${sources} sumber dana.`,
      empty: 'Belum ada rincian belanja pada tahun ini.',
      fetchFailed: 'Gagal mengambil rekap sumber dana',
      download: 'Unduh Rekap Sumber Dana (Excel)',
      downloadPdf: 'Unduh Rekap Sumber Dana (PDF)',
      downloaded: 'Rekap sumber dana berhasil diunduh.',
      downloadFailed: 'Gagal mengunduh rekap sumber dana',
    },
    /** A sub kegiatan's sources for a year, below the list. */
    subAction: {
      title: 'Sumber Dana per Sub Kegiatan',
      intro:
        'Sumber dana yang dipakai sebuah sub kegiatan pada satu tahun anggaran, dengan pagu tiap sumber dana bila ada. Sumber dana bawaan mengisi rincian belanja baru yang tidak menyebut sumber dananya.',
      choose: 'Pilih sub kegiatan untuk mengatur sumber dananya.',
      source: 'Sumber Dana',
      ceiling: 'Pagu Sumber Dana',
      ceilingHint: 'Kosongkan bila tanpa pagu sendiri.',
      planned: 'Sudah direncanakan',
      isDefault: 'Bawaan',
      defaultFor: (name: string) => `Jadikan ${name} bawaan`,
      add: 'Tambah Sumber Dana Lain',
      remove: 'Lepas',
      removeFor: (row: number) => `Lepas sumber dana ke-${row}`,
      none: 'Sub kegiatan ini belum memiliki sumber dana pada tahun ini.',
      save: 'Simpan Sumber Dana',
      saved: (name: string, year: number) => `Sumber dana ${name} tahun ${year} disimpan.`,
      saveFailed: 'Gagal menyimpan sumber dana sub kegiatan',
      fetchFailed: 'Gagal mengambil sumber dana sub kegiatan',
      pickSource: 'Pilih sumber dana',
      duplicate: 'sumber dana ini sudah dipilih',
    },
  },
  history: {
    /** The admin sidebar's entry, the page's title and the line detail's section. */
    title: 'Riwayat Perubahan',
    intro:
      'Setiap penambahan, perubahan dan penghapusan data: siapa, kapan, dari alamat mana, dan apa yang berubah.',
    /** Who made a change made outside a person's call (the demo seed, a migration). */
    system: 'Sistem',
    actions: { create: 'Dibuat', update: 'Diubah', delete: 'Dihapus', restore: 'Dipulihkan' },
    /** Each kind of record, the hierarchy's by its level's name. */
    recordTypes: {
      agency: levels.agency.label,
      program: levels.program.label,
      action: levels.action.label,
      sub_action: levels.sub_action.label,
      activity: levels.activity.label,
      subtitle: levels.subtitle.label,
      account: levels.account.label,
      detail_program: 'Rincian Belanja',
      pagu: 'Pagu Sub Kegiatan',
      agency_pagu: 'Pagu Perangkat Daerah',
      price_item: 'Item Katalog Harga',
      sub_action_lock: 'Kunci Sub Kegiatan',
      budget_stage: 'Tahap Anggaran',
      tax_rule: 'Aturan PPN',
      rka_signer: 'Penandatangan RKA',
      app_user: 'Pengguna',
      user_agency: 'Perangkat Daerah Pengguna',
      planning_setting: 'Aturan Pagu',
      funding_source: 'Sumber Dana',
      sub_action_funding: 'Sumber Dana Sub Kegiatan',
      cash_plan: 'Anggaran Kas',
      sp2d: 'SP2D',
      realisation_reason: 'Alasan Realisasi Melebihi Rincian',
      physical_progress: 'Realisasi Fisik',
      monthly_report: 'Laporan Bulanan',
      sub_action_indicator: 'Indikator Keluaran',
      indicator_achievement: 'Capaian Indikator',
      sub_action_location: 'Lokasi Kegiatan',
      evidence_photo: 'Foto Bukti',
    },
    /** Labels of the recorded columns the line's field labels do not name. */
    fields: {
      name: 'Nama',
      code: 'Kode',
      amount: 'Jumlah Pagu',
      allowOverrun: 'Boleh Melebihi Pagu',
      overrunReason: 'Alasan Melebihi Pagu',
      open: 'Boleh Melebihi Harga Katalog',
      retired: 'Nonaktif (tidak ditawarkan untuk rincian baru)',
      kind: 'Jenis',
      accountCodes: 'Kode Rekening',
      isTaxed: 'Dikenai Pajak',
      volumeUnit: (n: number) => `Satuan Volume ${n}`,
      taxRate: 'Tarif PPN',
      taxBaseNumerator: 'Pembilang Dasar Pengenaan PPN',
      taxBaseDenominator: 'Penyebut Dasar Pengenaan PPN',
      priceItem: 'Item Katalog Harga',
      createdBy: 'Dibuat Oleh',
      locked: 'Terkunci',
      reason: 'Alasan',
      lockReason: 'Alasan Kunci',
      lockedBy: 'Dikunci Oleh',
      startsOn: 'Tanggal Mulai',
      endsOn: 'Tanggal Selesai',
      stageStatus: 'Status Tahap',
      position: 'Urutan',
      effectiveFrom: 'Berlaku Sejak',
      place: 'Tempat',
      signerPosition: 'Jabatan',
      nip: 'NIP',
      email: 'Email',
      role: 'Peran',
      user: 'Pengguna',
      linesNeedPagu: 'Rincian Belanja Wajib Memiliki Pagu',
      fundingSource: 'Sumber Dana',
      fundingGroup: 'Kelompok',
      activeFrom: 'Berlaku Mulai Tahun',
      activeTo: 'Berlaku Sampai Tahun',
      fundingCeiling: 'Pagu Sumber Dana',
      fundingDefault: 'Sumber Dana Bawaan',
      linesNeedFundingSource: 'Rincian Belanja Wajib Memiliki Sumber Dana',
      cashPlanRequired: 'Anggaran Kas Wajib Sama Dengan Rincian Belanja',
      accountCode: 'Kode Rekening',
      month: (n: number) => `Bulan ${n}`,
      quarter: 'Triwulan',
      achievement: 'Capaian',
      // Evidence from the field (issue 38).
      mapMark: 'Tanda di Peta',
      reportMonth: 'Bulan Laporan',
      caption: 'Keterangan Foto',
      takenAt: 'Waktu Foto',
      timeSource: 'Sumber Waktu',
      placeSource: 'Sumber Titik',
      accuracy: 'Akurasi Posisi (m)',
      vertices: (kind: string, count: string) => `${kind} (${count} titik)`,
    },
    /** How a settings record is named in the list: a PPN rule by its date, a person's unit. */
    recordNames: {
      taxRule: (from: string) => `PPN berlaku sejak ${from}`,
      userAgency: (user: string, unit: string) => `${user} — ${unit}`,
      regionSigner: 'Penandatangan RKA Seluruh Daerah',
    },
    /** One changed field: 'Harga: Rp 1.000 → Rp 1.500'. */
    change: (label: string, from: string, to: string) => `${label}: ${from} → ${to}`,
    /** An edit whose recorded columns are all the same (only its time stamp moved). */
    noChanges: 'Tidak ada perubahan isian',
    yes: 'Ya',
    no: 'Tidak',
    empty: 'Belum ada riwayat perubahan',
    emptyFiltered: 'Tidak ada perubahan yang sesuai dengan filter',
    fetchFailed: 'Gagal mengambil riwayat perubahan',
    /** An entry of a line's history: 'Diubah oleh Budi'. */
    byActor: (action: string, actor: string) => `${action} oleh ${actor}`,
    restore: 'Pulihkan versi ini',
    restoring: 'Memulihkan...',
    restored: 'Laporan berhasil dipulihkan ke versi yang dipilih.',
    restoreFailed: 'Gagal memulihkan versi laporan',
    filters: {
      label: 'Saring riwayat perubahan',
      recordType: 'Jenis Data',
      allRecordTypes: 'Semua Jenis Data',
      from: 'Dari Tanggal',
      to: 'Sampai Tanggal',
      agency: 'Perangkat Daerah',
    },
    columns: {
      time: 'Waktu',
      actor: 'Pengguna',
      address: 'Alamat',
      recordType: 'Jenis Data',
      action: 'Aksi',
      changes: 'Perubahan',
    },
    /** 'Unduh Excel': the filtered changes as a workbook (history.export). */
    export: {
      button: 'Unduh Excel',
      downloaded: 'Riwayat perubahan berhasil diunduh',
      failed: 'Gagal mengunduh riwayat perubahan',
      sheet: 'Riwayat Perubahan',
      /** The workbook's columns beyond the page's. */
      record: 'Data',
      before: 'Sebelum',
      after: 'Sesudah',
      /** The last row of a workbook cut at its maximum. */
      truncated: (max: string) =>
        `Hanya ${max} perubahan terbaru yang dimuat; persempit filter untuk melihat yang lain.`,
    },
  },

  /** The admin page 'Tahap Anggaran' (issue 19, beyond the spec): a budget year's stages. */
  stages: {
    /** The admin sidebar's entry and the page's title. */
    title: 'Tahap Anggaran',
    intro:
      'Tahap penyusunan anggaran setiap tahun, dari Rancangan Awal hingga Perubahan, dengan jadwalnya. Saat berlanjut ke tahap berikutnya, laporan tahap yang berjalan disimpan sebagai angka tahap itu.',
    /** Why the status does not move by itself with the dates (issue 33). */
    statusRule:
      'Status tahap berpindah hanya saat admin memilih Lanjut ke Tahap Berikutnya, karena saat itu angka tahap yang berjalan disimpan. Tanggal menentukan kapan pengguna dapat mengubah rincian belanja pada tahap yang berjalan.',
    /** Under a stage's status where it and the stage's dates disagree. */
    dateNotes: {
      currentEarly: (from: string) =>
        `Dimulai sebelum jadwalnya: pengguna baru dapat mengubah rincian belanja mulai ${from}.`,
      currentLate: (to: string) =>
        `Jadwalnya berakhir ${to}: pengguna tidak dapat lagi mengubah rincian belanja. Lanjutkan ke tahap berikutnya atau ubah jadwalnya.`,
      nextDue: (from: string) =>
        `Jadwalnya mulai ${from}, tetapi tahap ini baru berjalan setelah admin memilih Lanjut ke Tahap Berikutnya.`,
      upcomingPassed: (to: string) => `Jadwalnya sudah berakhir ${to}, sebelum tahap ini dimulai.`,
      closedEarly: (to: string) => `Diselesaikan sebelum jadwalnya berakhir (${to}).`,
    },
    listTitle: (year: number) => `Tahap Anggaran Tahun ${year}`,
    columns: {
      stage: 'Tahap',
      startsOn: 'Tanggal Mulai',
      endsOn: 'Tanggal Selesai',
      status: 'Status',
      lock: 'Kunci',
      snapshotLines: 'Rincian Tersimpan',
    },
    statuses: { upcoming: 'Belum dimulai', current: 'Berjalan', closed: 'Selesai' },
    lockedBy: (name: string) => `Terkunci oleh ${name}`,
    /** Locked by an account since deleted. */
    locked: 'Terkunci',
    unlocked: 'Terbuka',
    empty: 'Belum ada tahap untuk tahun ini',
    emptyHint: 'Gunakan Atur Jadwal untuk menentukan tahap dan tanggalnya.',
    fetchFailed: 'Gagal mengambil tahap anggaran',
    /** A field's problem as the server or core's schema words it: 'Alasan wajib diisi bila kunci dibuka'. */
    fieldProblem: (field: string, problem: string) => `${field} ${problem}`,
    schedule: {
      open: 'Atur Jadwal',
      title: (year: number) => `Atur Jadwal Tahap ${year}`,
      intro:
        'Tahap berjalan berurutan dari atas ke bawah. Tahap yang sudah dimulai tetap di urutannya.',
      row: (n: number) => `Tahap ke-${n}`,
      kind: 'Tahap',
      startsOn: 'Tanggal Mulai',
      endsOn: 'Tanggal Selesai',
      addRow: 'Tambah Tahap',
      removeRow: (n: number) => `Hapus tahap ke-${n}`,
      saved: 'Jadwal tahap berhasil disimpan.',
      saveFailed: 'Gagal menyimpan jadwal tahap',
      /** A problem of the whole list: 'Daftar tahap: setiap tahap paling banyak sekali'. */
      listProblem: (problem: string) => `Daftar tahap: ${problem}`,
      /** Above the rows while a stage's dates lie outside the budget year (saved on Simpan). */
      warningTitle: 'Periksa tanggal',
      warningSave: 'Simpan tetap menyimpan jadwal ini.',
    },
    advance: {
      action: 'Lanjut ke Tahap Berikutnya',
      title: 'Lanjut ke Tahap Berikutnya?',
      /** Leaving the current stage for the next. */
      text: (current: string, next: string) =>
        `Laporan tahap ${current} disimpan sebagai angka tahap ${current}, lalu tahap itu selesai dan tidak dapat dibuka lagi. Tahap ${next} mulai berjalan.`,
      /** The year's first stage, with none entered yet. */
      startText: (first: string) => `Tahap ${first} mulai berjalan.`,
      /** Above the consequence of entering a stage outside its dates. */
      outsideDates: 'Di luar jadwal:',
      confirm: 'Ya, Lanjutkan',
      done: (stage: string) => `Tahap ${stage} kini berjalan.`,
      failed: 'Gagal melanjutkan ke tahap berikutnya',
    },
    lock: {
      lock: 'Kunci Tahap',
      unlock: 'Buka Kunci',
      locked: (stage: string) => `Tahap ${stage} dikunci.`,
      unlocked: (stage: string) => `Kunci tahap ${stage} dibuka.`,
      failed: 'Gagal mengubah kunci tahap',
      unlockTitle: (stage: string) => `Buka Kunci Tahap ${stage}`,
      unlockText:
        'Setelah kunci dibuka, pengguna dapat kembali membuat, mengubah, dan menghapus laporan tahap ini. Alasannya disimpan di riwayat perubahan.',
      reason: 'Alasan',
      reasonPlaceholder: 'Mengapa kunci tahap dibuka',
    },
    /** Above the line form, where the year has stages (users' writes are refused outside them). */
    notice: {
      running: (stage: string, year: number, until: string) =>
        `Tahap ${stage} ${year} sedang berjalan hingga ${until}.`,
    },
    compare: {
      title: 'Bandingkan Tahap',
      from: 'Dari',
      to: 'Ke',
      difference: 'Selisih',
      total: 'Total',
      /** Fewer than two stages have started. */
      notEnough: 'Perbandingan tersedia setelah dua tahap dimulai.',
      fetchFailed: 'Gagal membandingkan tahap',
      counts: { added: 'Ditambah', removed: 'Dihapus', changed: 'Diubah' },
      units: 'Per Perangkat Daerah',
      subActions: 'Per Sub Kegiatan',
      /** The sums per sumber dana; lines without one read as the line form's `funding.line.none`. */
      sources: 'Per Sumber Dana',
      /** Each stage's Anggaran Kas per month, by `cashPlan.monthNames`. */
      cashPlanMonths: 'Anggaran Kas per Bulan',
      lines: 'Rincian yang Berubah',
      noAgency: 'Tanpa Perangkat Daerah',
      noLines: 'Tidak ada rincian yang berubah',
      noRows: 'Tidak ada data',
      /** Only the first changed lines are listed (the sums are over all). */
      linesShown: (shown: number, total: number) =>
        `Menampilkan ${shown} dari ${total} rincian yang berubah.`,
      columns: {
        agency: 'Perangkat Daerah',
        subAction: 'Sub Kegiatan',
        source: 'Sumber Dana',
        month: 'Bulan',
        component: 'Komponen',
        change: 'Perubahan',
        fields: 'Isian yang Berubah',
      },
      /** 'Unduh Excel': the comparison as a workbook (stage.compareWorkbook). */
      workbook: {
        button: 'Unduh Excel',
        downloaded: 'Perbandingan tahap berhasil diunduh',
        failed: 'Gagal mengunduh perbandingan tahap',
        summary: 'Ringkasan',
        /** The sheet of changed lines (a sheet name holds at most 31 characters). */
        lines: 'Rincian Berubah',
        title: (from: string, to: string, year: number) =>
          `Perbandingan Tahap ${from} dan ${to} Tahun ${year}`,
        stage: 'Tahap',
        lineCount: 'Jumlah Rincian',
        oldValue: 'Nilai Lama',
        newValue: 'Nilai Baru',
      },
    },
  },

  /**
   * Verifikasi (asistensi, issue 19, beyond the spec): a verifier's page of a year's sub kegiatan,
   * the notes on a sub kegiatan or a line with their answers, and the user dashboard's open notes.
   */
  verification: {
    /** The sidebar's entry and the page's title. */
    title: 'Verifikasi',
    intro:
      'Periksa rincian belanja setiap sub kegiatan Perangkat Daerah, tulis catatan, baca jawaban unit, lalu tandai sub kegiatan terverifikasi setelah semua catatan ditutup.',
    listTitle: (year: number) => `Sub Kegiatan Tahun ${year}`,
    search: 'Cari sub kegiatan',
    filtersLabel: 'Saring sub kegiatan',
    columns: {
      agency: 'Perangkat Daerah',
      subAction: 'Sub Kegiatan',
      lineCount: 'Jumlah Rincian Belanja',
      total: 'Total',
      notes: 'Catatan',
      status: 'Status',
    },
    noteCounts: (open: number, closed: number) => `${open} terbuka, ${closed} ditutup`,
    verifiedBy: (name: string) => `oleh ${name}`,
    noAgency: 'Tanpa Perangkat Daerah',
    open: 'Buka',
    openLabel: (subAction: string) => `Buka ${subAction}`,
    empty: 'Belum ada sub kegiatan dengan rincian belanja pada tahun ini.',
    emptyFiltered: 'Tidak ada sub kegiatan yang cocok.',
    fetchFailed: 'Gagal mengambil daftar sub kegiatan',
    /** The chosen sub kegiatan. */
    detail: {
      back: 'Kembali ke daftar',
      linesTitle: 'Rincian Belanja Sub Kegiatan',
      notesTitle: 'Catatan Verifikasi',
      linesEmpty: 'Belum ada rincian belanja pada sub kegiatan ini.',
      linesFailed: 'Gagal mengambil rincian belanja',
      verify: 'Tandai Terverifikasi',
      unverify: 'Batalkan Verifikasi',
      verifiedDone: (subAction: string) => `${subAction} ditandai terverifikasi.`,
      unverifiedDone: (subAction: string) => `Verifikasi ${subAction} dibatalkan.`,
      verifyFailed: 'Gagal mengubah status verifikasi',
    },
    /** A thread of notes, on the page, in a line's dialog and on the dashboard. */
    notes: {
      title: 'Catatan Verifikasi',
      empty: 'Belum ada catatan.',
      fetchFailed: 'Gagal mengambil catatan verifikasi',
      statuses: { open: 'Menunggu jawaban', answered: 'Sudah dijawab', closed: 'Ditutup' },
      onSubAction: 'Sub Kegiatan',
      onLine: (line: string) => `Laporan: ${line}`,
      /** Lines of one name told apart by what the lines table shows of them. */
      onLineDetail: (line: string, detail: string) => `Laporan: ${line} (${detail})`,
      /** Lines alike in that too, by their place in the table ('rincian ke-4'). */
      lineOrdinal: (detail: string, ordinal: number) => `${detail} · rincian ke-${ordinal}`,
      deletedLine: 'Laporan (dihapus)',
      someone: 'Seseorang',
      byAuthor: (name: string) => `${name} menulis`,
      closedBy: (name: string) => `Ditutup oleh ${name}`,
      write: 'Tulis Catatan',
      writeLabel: 'Catatan baru',
      target: 'Catatan untuk',
      targetSubAction: 'Seluruh sub kegiatan',
      send: 'Kirim Catatan',
      written: 'Catatan terkirim.',
      reply: 'Balas',
      replyLabel: 'Balasan',
      replyFor: (note: string) => `Balasan untuk catatan: ${note}`,
      sendReply: 'Kirim Balasan',
      replied: 'Balasan terkirim.',
      close: 'Tutup Catatan',
      reopen: 'Buka Kembali',
      closed: 'Catatan ditutup.',
      reopened: 'Catatan dibuka kembali.',
      failed: 'Gagal menyimpan catatan',
      lastAnswer: 'Jawaban terakhir',
      /** A note shows its latest answers; this loads all of them, a page at a time. */
      showAllReplies: (count: number) => `Tampilkan semua ${count} jawaban`,
    },
    /** The user dashboard's card. */
    dashboard: {
      title: 'Catatan verifikasi terbuka',
      intro: 'Catatan dari verifikator pada laporan Perangkat Daerah Anda. Jawab langsung di sini.',
      about: (subAction: string, year: number) => `Sub Kegiatan ${subAction}, ${year}`,
    },
  },

  /** 'Kunci Sub Kegiatan' (beyond the spec): a year's locked sub kegiatan, locked and unlocked. */
  /**
   * A budget line told truly to its unit (issue 33): its full detail, its sub kegiatan's
   * verification on the unit's list and edit, what a delete and a restore do.
   */
  lines: {
    detail: {
      /** Below the spec's facts of 'Detail Laporan': everything else about the line. */
      moreTitle: 'Rincian Lengkap',
      createdBy: 'Dibuat Oleh',
    },
    /** A sub kegiatan's verification, in one set of words for its unit and its verifier. */
    verification: {
      label: 'Status Verifikasi',
      verified: 'Terverifikasi',
      notVerified: 'Belum diverifikasi',
      hasNotes: 'Ada catatan',
      /** The badge's full words for a screen reader and a hover. */
      verifiedOn: (date: string) => `Sub kegiatan terverifikasi pada ${date}`,
      openNotes: (count: number) => `${count} catatan verifikasi belum ditutup`,
      editWarning:
        'Sub kegiatan ini sudah terverifikasi; menyimpan perubahan akan mencabut tanda terverifikasi.',
      deleteWarning:
        'Sub kegiatan ini sudah terverifikasi; menghapus rincian ini akan mencabut tanda terverifikasi.',
      confirmSave: 'Ya, Simpan',
      confirmTitle: 'Tanda Terverifikasi Akan Dicabut',
    },
    delete: {
      /** The line's delete confirmation: which line, and that it can come back. */
      message: (name: string, total: string) =>
        `Hapus rincian "${name}" senilai ${total}? Administrator dapat memulihkannya dari Riwayat Perubahan.`,
    },
    restore: {
      title: 'Konfirmasi Pemulihan',
      message: (name: string, action: string, when: string) =>
        `Pulihkan "${name}" ke versi "${action}" ${when}? Isian rincian saat ini diganti dengan versi itu, perubahan ini dicatat di riwayat, dan pemiliknya diberi tahu.`,
      confirm: 'Ya, Pulihkan',
      /** A deleted line's restore brings it back as it was before the delete. */
      deletedMessage: (name: string, when: string) =>
        `Kembalikan "${name}" yang dihapus ${when}? Rincian dibuat kembali seperti sebelum dihapus, pemulihan ini dicatat di riwayat, dan pemiliknya diberi tahu.`,
    },
    /** The verifier's view of one sub kegiatan. */
    verifier: {
      verifyBlocked: (count: number) =>
        `Tandai Terverifikasi dapat dipakai setelah ${count} catatan yang masih terbuka ditutup.`,
      paguTitle: 'Pagu Sub Kegiatan',
      paguFailed: 'Gagal mengambil pagu',
      notFound:
        'Sub kegiatan ini tidak ditemukan pada tahun ini, atau bukan bagian Perangkat Daerah Anda.',
    },
  },

  locks: {
    /** The admin sidebar's entry and the page's title. */
    title: 'Kunci Sub Kegiatan',
    intro:
      'Sub kegiatan yang dikunci tidak dapat dibuat, diubah, atau dihapus laporannya oleh pengguna pada tahun itu. Membuka kunci memerlukan alasan, yang disimpan di riwayat perubahan.',
    listTitle: (year: number) => `Daftar Kunci Sub Kegiatan Tahun ${year}`,
    columns: {
      subAction: 'Sub Kegiatan',
      status: 'Status',
      reason: 'Alasan',
      changedBy: 'Diubah oleh',
      changedAt: 'Waktu',
    },
    locked: 'Terkunci',
    unlocked: 'Terbuka',
    /** Who changed the lock, where the account has since been deleted. */
    unknownPerson: '-',
    noReason: '-',
    empty: 'Belum ada sub kegiatan yang dikunci tahun ini',
    emptyHint: 'Gunakan Kunci Sub Kegiatan untuk mengunci laporan sebuah sub kegiatan.',
    fetchFailed: 'Gagal mengambil kunci sub kegiatan',
    failed: 'Gagal mengubah kunci sub kegiatan',
    lock: {
      open: 'Kunci Sub Kegiatan',
      /** A row's button: lock again a sub kegiatan that was unlocked; named after it. */
      again: 'Kunci',
      againLabel: (subAction: string) => `Kunci ${subAction}`,
      title: (year: number) => `Kunci Sub Kegiatan Tahun ${year}`,
      text: 'Pengguna tidak dapat lagi membuat, mengubah, atau menghapus laporan sub kegiatan ini pada tahun tersebut.',
      reason: 'Alasan (opsional)',
      reasonPlaceholder: 'Mengapa sub kegiatan dikunci',
      done: (subAction: string) => `${subAction} dikunci.`,
    },
    unlock: {
      open: 'Buka Kunci',
      /** A row's button, named after its sub kegiatan. */
      label: (subAction: string) => `Buka Kunci ${subAction}`,
      title: (subAction: string) => `Buka Kunci ${subAction}`,
      text: 'Setelah kunci dibuka, pengguna dapat kembali membuat, mengubah, dan menghapus laporan sub kegiatan ini. Alasannya disimpan di riwayat perubahan.',
      reason: 'Alasan',
      reasonPlaceholder: 'Mengapa kunci sub kegiatan dibuka',
      done: (subAction: string) => `Kunci ${subAction} dibuka.`,
    },
  },

  /**
   * The region's map of sub kegiatan (issue 38): each drawn where it is, coloured by its
   * deviation level (the words are `realisation.summary.levels`), and listed beside the map.
   */
  map: {
    /** The canvas's text alternative: what is drawn, by level. */
    summary: (drawn: string, red: string, yellow: string, green: string, none: string) =>
      `${drawn} sub kegiatan di peta: ${red} merah, ${yellow} kuning, ${green} hijau, ${none} belum direncanakan.`,
    unplacedSummary: (count: string) => `${count} sub kegiatan tanpa titik lokasi.`,
    zoomIn: 'Perbesar',
    zoomOut: 'Perkecil',
    reset: 'Tampilan Awal',
    /** The map's frame, which a keyboard moves. */
    roleDescription: 'peta',
    keyboard: 'Peta. Geser dengan tombol panah, perbesar dengan +, perkecil dengan -.',
    legend: 'Keterangan',
    /** A scale bar's length. */
    metres: (metres: string) => `${metres} m`,
    kilometres: (kilometres: string) => `${kilometres} km`,
    noActivities: 'Belum ada sub kegiatan untuk ditampilkan di peta.',
    noneOnMap: 'Belum ada sub kegiatan yang memiliki titik lokasi.',
    list: 'Daftar sub kegiatan',
    search: 'Cari sub kegiatan',
    searchPlaceholder: 'Kode, nama, atau perangkat daerah',
    /** The list's two groups. */
    placed: (count: string) => `Di peta (${count})`,
    unplaced: (count: string) => `Tanpa titik lokasi (${count})`,
    noMatch: (text: string) => `Tidak ada sub kegiatan yang cocok dengan "${text}".`,
    photos: (count: string) => `${count} foto`,
    progress: (progress: string) => `Fisik ${progress}`,
    noProgress: 'Fisik belum diisi',
    /** The chosen sub kegiatan, under the map. */
    selected: (label: string) => `Terpilih: ${label}`,
    noneSelected: 'Pilih sub kegiatan di peta atau di daftar.',
  },

  /** Fallbacks of the formatting module; the spec gives them in English. */
  dates: {
    unknown: 'Unknown date',
    invalid: 'Invalid date',
  },

  /** The 'Download Laporan' workbook (server and CLI export): what it adds to the field labels. */
  reportWorkbook: {
    /** The sheet's title: the year, and the filters the export was narrowed by, if any. */
    title: (year: number, filters: readonly string[] = []) =>
      `Laporan Detail Program Tahun ${year}${filters.length > 0 ? ` (${filters.join('; ')})` : ''}`,
    filterAgency: (name: string) => `Perangkat Daerah: ${name}`,
    filterProgram: (name: string) => `Program: ${name}`,
    filterSupporter: (name: string) => `Pengampu: ${name}`,
    filterCreator: (name: string) => `Dibuat oleh: ${name}`,
    filterSearch: (text: string) => `Pencarian: "${text}"`,
    tax: 'PPN',
    subtotal: (program: string) => `Subtotal ${program}`,
    grandTotal: 'Total Keseluruhan',
  },

  /**
   * The RKA (issue 18, the server's workbook and PDF): its fixed words; the column names it
   * shares with the flat sheet are the report fields'.
   */
  rka: {
    title: 'RENCANA KERJA DAN ANGGARAN',
    year: (year: number) => `TAHUN ANGGARAN ${year}`,
    agency: (code: string | null, name: string) =>
      `Perangkat Daerah: ${code ? `${code} ` : ''}${name}`,
    /** The sheet's name, and the footer of each PDF page. */
    name: (year: number) => `RKA ${year}`,
    code: 'Kode',
    description: 'Uraian',
    taxRate: 'Tarif PPN',
    subtotal: (name: string) => `Jumlah ${name}`,
    page: (page: number) => `Halaman ${page}`,
    /** The workbook's printed footer (Excel's codes for the page and the page count). */
    workbookFooter: '&RHalaman &P dari &N',
    nip: (nip: string) => `NIP. ${nip}`,
    /** What stands where no signer is configured: a line to write on. */
    blank: '....................................',
    /** Lines of the printed RKA that name no sumber dana, beside those that do. */
    noFundingSource: 'Tanpa sumber dana',
    /** The header block (RKA SKPD, Permendagri 77/2020): each row's label, printed only with a value. */
    headerRows: {
      affair: 'Urusan Pemerintahan',
      field: 'Bidang Urusan',
      organisation: 'Organisasi',
      program: 'Program',
      action: 'Kegiatan',
      sub_action: 'Sub Kegiatan',
      funding: 'Sumber Pendanaan',
      location: 'Lokasi',
      period: 'Waktu Pelaksanaan',
    },
    /** Waktu Pelaksanaan: the budget year, January to December. */
    period: (year: number) => `Januari s.d. Desember ${year}`,
    /** The affairs of Permendagri 90/2019, by the first part of a code. */
    affairs: {
      '1': 'URUSAN PEMERINTAHAN WAJIB YANG BERKAITAN DENGAN PELAYANAN DASAR',
      '2': 'URUSAN PEMERINTAHAN WAJIB YANG TIDAK BERKAITAN DENGAN PELAYANAN DASAR',
      '3': 'URUSAN PEMERINTAHAN PILIHAN',
      '4': 'UNSUR PENDUKUNG URUSAN PEMERINTAHAN',
      '5': 'UNSUR PENUNJANG URUSAN PEMERINTAHAN',
      '6': 'UNSUR PENGAWASAN URUSAN PEMERINTAHAN',
      '7': 'UNSUR KEWILAYAHAN',
      '8': 'UNSUR PEMERINTAHAN UMUM',
    } as Record<string, string>,
    /** The unit user's dashboard: printing their own RKA. */
    print: 'Cetak RKA',
    printWorkbook: 'Cetak RKA (Excel)',
    printPdf: 'Cetak RKA (PDF)',
    printHint: (year: number) =>
      `Rencana Kerja dan Anggaran ${year} Perangkat Daerah Anda, dengan blok tanda tangan penandatangannya.`,
    printing: 'Menyiapkan RKA...',
    printed: 'RKA berhasil diunduh',
    printFailed: 'Gagal mengunduh RKA',
  },

  /** Why a typed amount or volume was refused (core's parseNumberInput), after the field's name. */
  numberInput: {
    required: 'wajib diisi',
    notANumber: 'harus berupa angka, mis. 2.500.000 atau 1,5',
    negative: 'tidak boleh negatif',
    misplacedSeparator: 'memakai titik atau koma di tempat yang salah',
    commaGrouping: 'memakai koma sebagai pemisah ribuan; tulis 2.500.000',
    tooManyDecimals: (decimals: number) => `paling banyak ${decimals} angka di belakang koma`,
    wholeOnly: 'harus bilangan bulat, tanpa angka di belakang koma',
    tooLarge: 'terlalu besar',
  },
  /** Response messages of the API server. */
  server: {
    // Field problems the API names in `issues` (shared by the server and the in-memory client).
    recordNotFound: (what: string) => `${what} tidak ditemukan`,
    recordNotUnder: (what: string, parent: string) =>
      `${what} tidak ditemukan di ${parent.toLowerCase()} ini`,
    accountCodeTaken: (code: string) => `kode ${code} sudah ada di subtitle ini`,
    // The hierarchy import's conflicts: a record the call could not apply as written.
    importCodeRepeated: (code: string, name: string) =>
      `kode ${code} sudah dipakai baris lain dengan nama "${name}"; baris ini dilewati`,
    importCodeStored: (code: string, stored: string, parent: string | null) =>
      `kode ${code} sudah ada${parent ? ` di ${parent.toLowerCase()} ini` : ''} dengan nama "${stored}"; nama tidak diubah`,
    importTaxFlagKept: (program: string, created: boolean, taxed: boolean) =>
      `program "${program}" ${created ? 'dibuat' : 'sudah ada'} dengan PPN ${taxed ? 'aktif' : 'tidak aktif'}; tanda PPN tidak diubah`,
    movedUnderReports: (count: number) =>
      `tidak dapat dipindahkan karena dipakai oleh ${count} laporan`,
    lastAdminDemote: 'Peran admin terakhir tidak dapat diubah.',
    lastAdminDelete: 'Admin terakhir tidak dapat dihapus.',
    cannotDeleteSelf: 'Anda tidak dapat menghapus akun Anda sendiri.',
    // Clients compare against this exact text to log the user out.
    tokenInvalid: 'Token Invalid',
    tokenMissing: 'Token autentikasi tidak ditemukan.',
    forbidden: 'Anda tidak memiliki akses ke sumber daya ini.',
    notFound: (what: string) => `${what} tidak ditemukan.`,
    /** What a 404 names (the six levels and Pengampu are named by `levels`). */
    records: {
      line: 'Laporan',
      user: 'Pengguna',
      article: 'Artikel',
      file: 'Berkas',
      priceItem: 'Item katalog harga',
      fundingSource: 'Sumber dana',
      change: 'Riwayat perubahan',
      note: 'Catatan verifikasi',
    },
    badRequest: 'Permintaan tidak valid.',
    // Planning within a ceiling: the pagu, the standard price catalogue (issue 18).
    paguExceeded: (what: string, pagu: string, excess: string) =>
      `Melebihi pagu ${what} (${pagu}) sebesar ${excess}.`,
    priceItemOtherYear: (itemYear: number, year: number) =>
      `item katalog harga tahun ${itemYear}, bukan ${year}`,
    priceItemNotForAccount: (code: string) =>
      `item katalog harga ini tidak untuk kode rekening ${code}`,
    priceAboveCatalogue: (price: string) => `melebihi harga katalog ${price}`,
    // The price lock holds a line named as a catalogue item without its id (issue 34).
    priceLockedToCatalogue: (name: string, code: string, year: number, price: string) =>
      `${name} (${code}) ada di Katalog Harga ${year} dengan harga ${price}; harga tidak boleh melebihinya kecuali item itu dibuka administrator`,
    // The catalogue edited in the browser and the pagu policy (issue 33).
    priceItemCodeTaken: (code: string, year: number) =>
      `kode ${code} sudah ada di katalog harga tahun ${year}`,
    priceItemRetired: (code: string) =>
      `item katalog harga ${code} sudah nonaktif dan tidak dapat dipakai untuk rincian baru`,
    paguRequired: (year: number) =>
      `Sub kegiatan ini belum memiliki pagu tahun ${year}; hubungi administrator.`,
    // Sumber dana (issue 36).
    fundingSourceLabel: (name: string) => `Sumber Dana ${name}`,
    fundingSourceRequired: 'wajib diisi: setiap rincian belanja harus memiliki sumber dana',
    fundingSourceInactive: (code: string, year: number) =>
      `sumber dana ${code} tidak berlaku pada tahun ${year}`,
    fundingSourceNotOfSubAction: (code: string, year: number) =>
      `sumber dana ${code} bukan sumber dana sub kegiatan ini pada tahun ${year}`,
    fundingSourceStillNamed: (code: string) =>
      `sumber dana ${code} masih dipakai rincian belanja sub kegiatan ini; ganti sumber dana rinciannya lebih dulu`,
    fundingSourceCodeTaken: (code: string) => `kode ${code} sudah dipakai sumber dana lain`,
    fundingSourceInUse: (uses: number) =>
      `Sumber dana ini dipakai ${uses} rincian belanja atau sub kegiatan; isi tahun akhir berlakunya agar tidak ditawarkan lagi.`,
    historyNotRestorable: 'hanya perubahan Laporan yang dapat dipulihkan',
    // Verification and scope by unit (issue 19).
    outsideUnits: 'Data ini di luar Perangkat Daerah Anda.',
    programOutsideUnits: 'program ini di luar Perangkat Daerah Anda',
    // An account without a unit reaches only programmes without one (issue 34).
    withoutUnit:
      'Akun Anda belum terdaftar di Perangkat Daerah mana pun: data Perangkat Daerah tidak dapat diakses. Minta administrator menetapkan Perangkat Daerah Anda.',
    programOfAUnit:
      'program ini milik sebuah Perangkat Daerah; akun tanpa Perangkat Daerah hanya dapat memakai program tanpa Perangkat Daerah',
    verifierReadOnly:
      'Verifikator memeriksa dan memberi catatan; Laporan tidak dapat dibuat, diubah, atau dihapus oleh verifikator.',
    notesStillOpen: (count: number) =>
      `Sub Kegiatan belum dapat diverifikasi: masih ada ${count} catatan yang belum ditutup.`,
    noteClosed: 'Catatan sudah ditutup; buka kembali untuk membalas.',
    agencyUnknown: 'Perangkat Daerah tidak ditemukan',
    subActionLocked: (name: string, year: number, by: string) =>
      `Sub Kegiatan ${name} tahun ${year} dikunci oleh ${by}: laporannya tidak dapat dibuat, diubah, atau dihapus.`,
    /** Who locked it, when their account has since been removed. */
    lockedByRemoved: 'admin',
    // Why a user cannot write a year's lines now (core's stageRefusal; issue 33 names the dates).
    stageLocked: (stage: string, year: number, by: string) =>
      `Tahap ${stage} ${year} dikunci oleh ${by}: rincian belanja tidak dapat dibuat, diubah, atau dihapus.`,
    /** The year's first stage is not entered and its dates have not come. */
    stageNotStarted: (stage: string, year: number, from: string) =>
      `Tahap ${stage} ${year} belum dimulai (mulai ${from}): rincian belanja belum dapat dibuat, diubah, atau dihapus.`,
    /** The year's first stage is not entered although its dates have come: the admin starts it. */
    stageNotStartedYet: (stage: string, year: number, from: string) =>
      `Tahap ${stage} ${year} belum dimulai oleh administrator (jadwalnya mulai ${from}): rincian belanja belum dapat dibuat, diubah, atau dihapus.`,
    /** The current stage's dates have not come. */
    stageBeforeDates: (stage: string, year: number, from: string) =>
      `Tahap ${stage} ${year} baru berlaku mulai ${from}: rincian belanja belum dapat dibuat, diubah, atau dihapus sampai tanggal itu.`,
    /** The current stage's dates have passed. */
    stageAfterDates: (stage: string, year: number, to: string) =>
      `Tahap ${stage} ${year} berakhir ${to}: rincian belanja tidak dapat lagi dibuat, diubah, atau dihapus.`,
    /** A stage of a schedule whose dates overlap the one before it (StageScheduleInput). */
    stageOverlaps: (stage: string, other: string, from: string, to: string) =>
      `tumpang tindih dengan tahap ${other} (${from} s.d. ${to}); tahap ${stage} harus dimulai setelah ${to}`,
    /** A stage of a schedule dated wholly before the one it follows. */
    stageBeforePrevious: (stage: string, other: string, from: string, to: string) =>
      `mendahului tahap ${other} (${from} s.d. ${to}), padahal tahap berjalan berurutan; tahap ${stage} harus dimulai setelah ${to}`,
    /** A stage dated wholly outside its budget year's planning window (a warning). */
    stageOutsideYear: (
      stage: string,
      year: number,
      from: string,
      to: string,
      windowFrom: string,
      windowTo: string,
    ) =>
      `Tanggal tahap ${stage} (${from} s.d. ${to}) di luar masa perencanaan anggaran ${year} (${windowFrom} s.d. ${windowTo}).`,
    /** Entering a stage outside its dates: what users will not be able to do. */
    stageEarly: (stage: string, year: number, from: string) =>
      `Tahap ${stage} ${year} dijadwalkan mulai ${from}. Bila dimulai sekarang, pengguna tidak dapat mengubah rincian belanja sampai ${from}.`,
    stageLate: (stage: string, year: number, to: string) =>
      `Jadwal tahap ${stage} ${year} sudah berakhir ${to}. Bila dimulai sekarang, pengguna tidak dapat mengubah rincian belanja sampai jadwalnya diubah.`,
    /** 409 of a schedule or a move that needs `confirm: true`. */
    stageNeedsConfirm: (consequence: string) => `Perlu konfirmasi (confirm: true): ${consequence}`,
    stageNoNext: (year: number) => `Tahun ${year} sudah berada di tahap terakhirnya.`,
    stageNone: (year: number) => `Tahun ${year} belum memiliki tahap.`,
    stageNotReached: (stage: string) => `Tahap ${stage} belum dimulai.`,
    stageNames: {
      ranwal: 'Rancangan Awal',
      rancangan: 'Rancangan',
      ranhir: 'Rancangan Akhir',
      penetapan: 'Penetapan',
      perubahan: 'Perubahan',
    },
    stageEnteredKeepsPlace:
      'tahap yang sudah dimulai tetap ada, di urutan dan di depan tahap berikutnya',
    freeFormRefused: 'wajib dipilih dari katalog harga (komponen bebas tidak diizinkan)',
    /** A list's `after`/`before` that is not one of its cursors (another order, or edited). */
    cursorInvalid: 'posisi halaman tidak valid untuk urutan ini; muat ulang dari halaman pertama',
    paguSubActionUnknown: (code: string) => `sub kegiatan berkode ${code} tidak ditemukan`,
    paguSubActionAmbiguous: (code: string, count: number) =>
      `kode ${code} dipakai ${count} sub kegiatan; sebutkan Perangkat Daerahnya`,
    validation: (field: string, problem: string) => `Kolom ${field} tidak valid: ${problem}`,
    conflictHasChildren: (what: string, dependents: string) =>
      `${what} tidak dapat dihapus karena masih memiliki ${dependents}.`,
    duplicateEmail: 'Email sudah terdaftar.',
    rateLimited: 'Terlalu banyak permintaan. Silakan coba lagi nanti.',
    /** 429 at sign-in: too many failed attempts for this address or account (services/sign-in-guard.ts). */
    signInLimited: (minutes: number) =>
      `Terlalu banyak percobaan masuk yang gagal. Silakan coba lagi dalam ${minutes} menit.`,
    exportsBusy: (limit: number) =>
      `Masih ada ${limit} laporan Anda yang sedang dibuat atau diunduh. Tunggu hingga selesai, lalu coba lagi.`,
    /** 429: a person's PDFs being made at once (RANWAL_PDF_RENDERS_PER_USER, issue 34). */
    pdfRendersBusy: (limit: number) =>
      limit === 1
        ? 'PDF Anda yang lain masih dibuat. Tunggu hingga selesai, lalu coba lagi.'
        : `Masih ada ${limit} PDF Anda yang sedang dibuat. Tunggu hingga selesai, lalu coba lagi.`,
    payloadTooLarge: 'Ukuran data melebihi batas yang diizinkan.',
    unsupportedImage: 'Format gambar tidak didukung.',
    /** 507: anonymous uploads (RANWAL_ANONYMOUS_UPLOADS) already hold all the space allowed. */
    anonymousUploadsFull:
      'Ruang unggahan tanpa login sudah penuh. Coba lagi nanti, atau unggah setelah login sebagai admin.',
    internal: 'Terjadi kesalahan pada server.',
    /** 503: the database cannot be reached for now (a restart, a lost connection). */
    unavailable: 'Basis data sedang tidak dapat dihubungi. Silakan coba lagi sebentar lagi.',
    signInSuccess: 'Berhasil masuk.',
    signInFailed: 'Email atau kata sandi salah.',
    passwordChanged: 'Kata sandi berhasil diubah. Sesi Anda di perangkat lain telah diakhiri.',
    passwordSet: 'Kata sandi pengguna berhasil diubah. Semua sesinya telah diakhiri.',
    currentPasswordWrong: 'Kata sandi saat ini salah.',
    /** Success of a read (list or single record). */
    ok: 'Berhasil',
    created: 'Data berhasil ditambahkan.',
    updated: 'Data berhasil diperbarui.',
    deleted: 'Data berhasil dihapus.',
    // Problems the API names for one field (`issues[].message`).
    issueEmailTaken: 'sudah terdaftar',
    issueMustStayAdmin: 'harus tetap admin',
    issueEmptyAfterSanitize: 'kosong setelah HTML yang tidak diizinkan dihapus',
    issueInvalid: 'tidak valid',
    issueWrongPassword: 'salah',
    issueRequired: 'wajib diisi',
    issueMoneyTooLarge: 'melebihi jumlah terbesar yang dapat dihitung tepat',
    issueLineTooLarge: 'melebihi batas satu laporan (Rp 1.000.000.000.000.000)',
    issueUnstorableText: 'berisi karakter yang tidak dapat disimpan (NUL atau surrogate tunggal)',
    // Requests refused before they reach a route, and database refusals.
    duplicateRecord: 'Data yang sama sudah ada.',
    recordInUseOrParentMissing: 'Data masih dipakai atau induknya tidak ditemukan.',
    numberOutOfRange: 'Angka di luar batas yang diizinkan.',
    invalidJson: 'Body bukan JSON yang valid.',
    /** An Idempotency-Key sent again with another request (another body or another call). */
    idempotencyKeyReused:
      'Idempotency-Key ini sudah dipakai untuk permintaan lain; buat kunci baru untuk permintaan baru.',
    /** The same Idempotency-Key while its first request is still running, for too long. */
    idempotencyInProgress:
      'Permintaan dengan Idempotency-Key ini masih diproses. Coba lagi sebentar lagi.',
    idempotencyKeyInvalid: 'Idempotency-Key harus 1 sampai 255 karakter yang terlihat (ASCII).',
    unsupportedContentType:
      'Content-Type tidak didukung; kirim application/json (atau multipart/form-data untuk unggahan).',
    invalidUrl: 'Alamat (URL) tidak valid.',
    urlTooLong: 'Alamat (URL) terlalu panjang.',
    requestTimeout: 'Permintaan tidak selesai dikirim dalam batas waktu.',
    headersTooLarge: 'Header permintaan terlalu besar.',
    unreadableRequest: 'Permintaan HTTP tidak dapat dibaca.',
  },
  /**
   * The `ranwal` command's own words (packages/cli/src/lang.ts): Indonesian by default, English
   * with `--lang en` or RANWAL_LANG=en. `--json` output keeps its English keys in both.
   */
  cli: {
    /** Counts and sizes as planners write them: `1.000 baris`, `7,4 kB` (`1,000`, `7.4` in English). */
    numberGroup: '.',
    decimalMark: ',',
    yes: 'ya',
    no: 'tidak',
    /** Where a problem is in a file: the spreadsheet's row, and the text line when it differs. */
    place: (row: number, line?: number) =>
      line === undefined ? `baris ${row}` : `baris ${row} (baris teks ${line})`,
    langOption: 'bahasa keluaran: id (bawaan) atau en; juga $RANWAL_LANG',
    /** The top of `ranwal --help`: what it is, the options every command takes, exit codes. */
    help: {
      description: 'Administrasi Ranwal dari baris perintah: impor, ekspor, baca.',
      server: 'server Ranwal (bawaan: $RANWAL_SERVER, lalu login terakhir)',
      json: 'cetak JSON untuk mesin di stdout',
      examples: 'Contoh:',
      titles: {
        'Usage:': 'Penggunaan:',
        'Options:': 'Opsi:',
        'Global Options:': 'Opsi Global:',
        'Commands:': 'Perintah:',
        'Arguments:': 'Argumen:',
      } as Record<string, string>,
      helpOption: 'tampilkan bantuan perintah',
      helpCommand: 'tampilkan bantuan perintah',
      versionOption: 'tampilkan nomor versi',
      /** The words of a usage line: `ranwal [opsi] [perintah]`, and the values options take. */
      usage: { options: 'opsi', command: 'perintah' },
      values: {
        url: 'url',
        email: 'email',
        language: 'bahasa',
        file: 'berkas',
        user: 'pengguna',
        rows: 'baris',
        encoding: 'pengodean',
        year: 'tahun',
        month: 'bulan',
        quarter: 'triwulan',
        kind: 'kelompok',
        format: 'format',
        separator: 'pemisah',
        layout: 'tata-letak',
        agency: 'kode|nama|id',
        nameOrId: 'nama|id',
        emailOrId: 'email|id',
        text: 'teks',
        name: 'nama',
        role: 'peran',
        id: 'id',
      },
      /** Commander's notes after an option's description: `(pilihan: …, bawaan: …)`. */
      choices: 'pilihan',
      defaultValue: 'bawaan',
      notWholeNumber: 'bukan bilangan bulat positif',
      commands: {
        login: 'masuk dan simpan token (berkas mode 0600) untuk perintah berikutnya',
        logout: 'lupakan token server yang tersimpan',
        whoami: 'tampilkan akun yang sedang masuk',
        import: 'impor massal (khusus admin)',
        export: 'ekspor',
        users: 'akun pengguna (khusus admin)',
        password: 'ganti kata sandi Anda sendiri; sesi Anda yang lain berakhir',
      },
      exitCodes:
        'Kode keluar: 0 berhasil, 1 gagal, 2 penggunaan salah, 3 data tidak valid, 4 belum masuk atau tidak diizinkan,\n5 server tidak terjangkau, 130 dihentikan.',
      login: {
        email: 'email akun (bila tidak diberikan, ditanyakan)',
        password:
          'Kata sandi diambil dari $RANWAL_PASSWORD, bila tidak ada ditanyakan tanpa ditampilkan.',
      },
      /** What the options of several commands mean. */
      dryRun: 'laporkan apa yang akan berubah; tidak menulis apa pun',
      encoding:
        'pengodean berkas CSV (bawaan: menurut penanda BOM-nya, bila tidak ada utf-8 bila valid, selain itu windows-1252)',
      importHierarchy: {
        description:
          'buat Perangkat Daerah, program, kegiatan, sub kegiatan, aktivitas, subtitle dan kode rekening yang disebut berkas CSV atau XLSX; yang sudah ada dipakai lagi',
        file: '.csv (dipisah koma atau titik koma) atau .xlsx, satu baris per kode rekening',
        dryRun: 'laporkan apa yang akan dibuat dan apa yang sudah ada; tidak menulis apa pun',
        skipInvalid:
          'impor baris yang valid walaupun baris lain tidak valid atau bertentangan dengan data tersimpan',
        batchSize: (rows: string, maximum: string) =>
          `baris per permintaan dan transaksi (bawaan ${rows}, paling banyak ${maximum})`,
        fillDown:
          'sel Perangkat Daerah, Program … Subtitle yang kosong memakai nama di sel atasnya (lembar yang ditata untuk dicetak mengosongkan nama yang berulang)',
        acceptRenames:
          'data yang ditemukan lewat kodenya tetapi bernama lain memakai nama dari berkas (penggantian nama resmi), bukan dianggap bertentangan',
        columns:
          'Kolom (huruf besar atau kecil dan spasi bebas, nama Indonesia atau Inggris): Program, Kegiatan,\nSub Kegiatan, Aktivitas, Subtitle, Kode Rekening, Nama Rekening, dan bila perlu PPN (ya/tidak),\nkolom kode Kode Program, Kode Kegiatan, Kode Sub Kegiatan, Kode Aktivitas, Kode Subtitle, serta\nPerangkat Daerah (SKPD, OPD) dengan Kode Perangkat Daerah-nya: maka setiap baris menyebut satu,\ndan program setiap Perangkat Daerah adalah miliknya sendiri.',
      },
      importReference: {
        description:
          'muat nomenklatur nasional (kode program, kegiatan, sub kegiatan dan kode rekening beserta nama resminya) sebagai pilihan admin',
        file: '.csv atau .xlsx dengan kolom kode (Kode) dan kolom nama (Nomenklatur…, Uraian)',
        dryRun: 'laporkan apa yang akan ditambah dan diganti nama; tidak menulis apa pun',
        levels:
          'Level setiap baris dibaca dari kodenya: 1.01.01 program, 1.01.01.2.01 kegiatan,\n1.01.01.2.01.0001 sub kegiatan, 5.1.02.01.01.0024 kode rekening. Baris urusan, bidang dan\njudul rekening dilewati. Kode yang sudah dimuat memakai nama dari berkas.',
      },
      importCatalogue:
        'muat katalog harga standar (SSH, SBU, HSPK, ASB) satu tahun anggaran dari lembar yang diterbitkan daerah',
      importCashPlan:
        'muat Anggaran Kas satu tahun anggaran dari lembar SIPD (kode_sub_kegiatan, kode_rekening, bulan_1..bulan_12); setiap sub kegiatan di lembar mendapat baris-barisnya, yang lain tidak diubah',
      importSp2d:
        'muat realisasi keuangan satu tahun anggaran dari ekspor SP2D sistem keuangan (nomor_sp2d, tanggal, kode_sub_kegiatan, kode_rekening, sumber_dana, nilai); setiap nomor SP2D di lembar menggantikan yang tersimpan dengan nomor itu',
      exportCashPlan:
        'tulis Anggaran Kas satu tahun anggaran dalam tata letak SIPD (diimpor lagi: tidak ada yang berubah), atau cetakannya (--layout print, atau berkas .pdf)',
      cashPlanLayout:
        'sipd: satu baris per sub kegiatan × kode rekening, bulan_1..bulan_12 (xlsx, csv); print: cetakan per Perangkat Daerah, program, kegiatan dan sub kegiatan dengan kolom bulan, triwulan, subtotal dan penandatangan (xlsx, pdf). Bawaan: print untuk pdf, selain itu sipd',
      exportFundingRecap:
        'unduh Rekap Sumber Dana satu tahun anggaran seperti di portal: per kelompok dan sumber dana, dengan pagu, rincian, sisa dan persentase (xlsx atau pdf)',
      exportMonthlyReport:
        'unduh Laporan Bulanan satu Perangkat Daerah seperti di portal: per sub kegiatan total rincian, Anggaran Kas dan realisasi SP2D s.d. bulan itu, capaian, realisasi fisik terhadap rencananya, deviasi, permasalahan dan upaya (xlsx atau pdf)',
      reportMonth: 'bulan laporan, 1 sampai 12',
      exportEvaluation:
        'unduh Evaluasi terhadap Hasil Renja (Permendagri 86/2017) satu Perangkat Daerah sampai triwulan itu seperti di portal: per program, kegiatan dan sub kegiatan indikator keluaran dengan target, realisasi per triwulan dan kumulatif, tingkat capaian dan realisasi Rp dari SP2D (xlsx atau pdf)',
      reportQuarter: 'triwulan evaluasi, 1 sampai 4 (Triwulan I sampai triwulan itu)',
      monthAgency:
        'Perangkat Daerah laporan (kode, nama atau id); boleh dikosongkan bila akun Anda hanya punya satu',
      printAgency:
        'hanya sub kegiatan Perangkat Daerah ini (kode, nama atau id), ditandatangani penandatangannya',
      importPagu:
        'tetapkan pagu sub kegiatan satu tahun anggaran dari lembar (Kode Sub Kegiatan, Pagu; SKPD bila kodenya berulang)',
      importFundingSources:
        'muat daftar sumber dana dari lembar (Kode, Nama, Kelompok; Berlaku Mulai dan Berlaku Sampai bila ada), dicocokkan menurut kode',
      planningFile: '.csv atau .xlsx',
      planningYear:
        'tahun anggaran lembar ini; bawaan dari server: tahun yang tahapannya sedang berjalan, selain itu tahun ini',
      kind: 'SSH, SBU, HSPK atau ASB untuk baris tanpa kolom Kelompok',
      out: 'berkas yang ditulis (diganti utuh, tidak pernah setengah jadi)',
      format: 'xlsx atau csv, atau pdf untuk RKA (--layout rka) (bawaan: dari --out)',
      separator:
        'csv: comma = koma (RFC 4180), semicolon = titik koma (Excel berpengaturan Indonesia)',
      exportReports: {
        description:
          'unduh laporan seperti di portal: lembar datar (xlsx) atau CSV, atau RKA sebagai xlsx atau PDF',
        year: 'tahun anggaran laporan; bawaan dari server: tahun yang tahapannya sedang berjalan, selain itu tahun ini',
        layout:
          'flat: satu baris per rincian belanja (xlsx, csv); rka: dikelompokkan dengan subtotal dan tanda tangan (xlsx, pdf). Bawaan: rka untuk pdf, selain itu flat',
        agency: 'hanya rincian belanja Perangkat Daerah ini; RKA memuat kop dan penandatangannya',
        program: 'hanya program ini',
        supporter: 'hanya pengampu ini',
        user: 'hanya rincian belanja milik pengguna ini (khusus admin)',
        search:
          'hanya rincian belanja yang komponen, spesifikasi, program atau rekeningnya memuat teks ini',
      },
      exportHierarchy:
        'tulis setiap kode rekening beserta seluruh jalurnya dan kode setiap level, dalam format impor (diimpor lagi: tidak ada yang berubah)',
      usersList: 'daftar akun pengguna',
      usersSearch: 'hanya nama atau email yang memuat teks ini',
      usersCreate: {
        description: 'buat akun pengguna (menanyakan yang tidak diberikan lewat opsi)',
        name: 'nama lengkap',
        email: 'email, dipakai untuk masuk',
        role: 'peran',
        passwordStdin:
          'baca kata sandi dari masukan standar (bila tidak, ditanyakan tanpa ditampilkan)',
      },
      setPassword: {
        description: 'tetapkan kata sandi baru seorang pengguna; semua sesinya berakhir',
        user: 'email (atau id) pengguna',
        passwordStdin:
          'baca kata sandi baru dari masukan standar (bila tidak, ditanyakan tanpa ditampilkan)',
      },
      passwordStdin: 'baca dua baris dari masukan standar: kata sandi sekarang, lalu yang baru',
      /** The level commands (`ranwal kegiatan list`): what each lists, by the catalogue's nouns. */
      levels: {
        group: (noun: string) => `${noun} (baca saja)`,
        list: (noun: string) => `daftar ${noun}`,
        search: 'hanya data yang nama (atau kodenya) memuat teks ini',
        parent: 'hanya anak dari induk ini',
      },
    },
    /** Commander's complaints about a command line, said again in the language of the run. */
    commander: {
      unknownOption: (flag: string) => `opsi tidak dikenal ${flag}`,
      unknownCommand: (name: string) => `perintah tidak dikenal ${name}`,
      didYouMean: (names: string) => `(maksud Anda ${names}?)`,
      missingArgument: (name: string) => `argumen wajib ${name} tidak diberikan`,
      optionMissingArgument: (flags: string) => `opsi ${flags} perlu nilai`,
      missingMandatoryOption: (flags: string) => `opsi wajib ${flags} tidak diberikan`,
      invalidChoice: (flags: string, value: string, choices: string) =>
        `nilai ${value} untuk opsi ${flags} tidak valid; pilihannya: ${choices}`,
      invalidValue: (flags: string, value: string, reason: string) =>
        `nilai ${value} untuk opsi ${flags} tidak valid: ${reason}`,
      excessArguments: (command: string, expected: string, received: string) =>
        `terlalu banyak argumen untuk ${command}: seharusnya ${expected}, diberikan ${received}`,
    },
    /** The label of the progress bar on stderr (a terminal only). */
    progress: {
      importing: 'Mengimpor',
      downloading: 'Mengunduh',
      reading: 'Membaca',
      applying: 'diterapkan di server',
    },
    /** What a command was doing when a call to the server failed: `<doing>: <reason>`. */
    doing: {
      budgetYear: 'menanyakan tahun anggaran',
      whoami: 'menanyakan siapa yang masuk',
      signIn: 'masuk',
      listUsers: 'membaca daftar pengguna',
      createUser: 'membuat pengguna',
      changePassword: 'mengganti kata sandi',
      setPassword: (email: string) => `menetapkan kata sandi ${email}`,
      list: (noun: string) => `membaca daftar ${noun}`,
      lookUp: (noun: string, text: string) => `mencari ${noun} "${text}"`,
      lookUpUser: (text: string) => `mencari pengguna "${text}"`,
      reportLink: 'meminta tautan laporan',
      downloadReport: 'mengunduh laporan',
      readHierarchy: 'membaca hierarki',
      loadCatalogue: 'memuat katalog harga',
      setPagu: 'menetapkan pagu',
      loadFundingSources: 'memuat sumber dana',
      setCashPlan: 'memuat Anggaran Kas',
      loadSp2d: 'memuat SP2D',
      readCashPlan: 'membaca Anggaran Kas',
      loadReference: 'memuat nomenklatur',
      importStopped: 'impor berhenti',
    },
    /** The questions asked at a terminal for what the flags left out. */
    prompts: {
      server: 'Server',
      email: 'Email',
      password: 'Kata sandi',
      name: 'Nama',
      role: 'Peran',
      newUserPassword: 'Kata sandi (minimal 8 karakter)',
      newPassword: 'Kata sandi baru (minimal 8 karakter, huruf dan angka)',
      repeatPassword: 'Ulangi kata sandi baru',
      currentPassword: 'Kata sandi sekarang',
      required: 'wajib diisi',
    },
    /** Why a command cannot go on: its flags, its file, the server. */
    failures: {
      notServerUrl: (input: string, example: string) =>
        `"${input}" bukan URL server (mis. ${example})`,
      notHttpUrl: (input: string) => `"${input}" bukan URL server http(s)`,
      unreachable: (server: string, detail: string) =>
        `server ${server} tidak terjangkau (${detail})`,
      connectionFailed: (server: string, detail: string) =>
        `koneksi ke ${server} gagal (${detail})`,
      /** Why a file cannot be opened: the system's reason, in words for the common ones. */
      fileReason: (code: string, message: string) =>
        (
          ({
            ENOENT: 'berkas tidak ada',
            EACCES: 'akses ditolak',
            EPERM: 'akses ditolak',
            EISDIR: 'itu sebuah folder',
          }) as Record<string, string>
        )[code] ?? message,
      cannotRead: (file: string, reason: string) => `tidak dapat membaca ${file}: ${reason}`,
      badConfig: (file: string) =>
        `${file} bukan konfigurasi ranwal yang valid; hapus lalu jalankan \`ranwal login\` lagi`,
      needsTerminal: (flag: string) => `${flag} wajib diberikan bila tidak berjalan di terminal`,
      notEmail: (email: string) => `"${email}" bukan alamat email`,
      signInRefused: (server: string, reason: string) => `${server} menolak masuk: ${reason}`,
      mustBeOneOf: (flag: string, values: string) => `${flag} harus salah satu dari ${values}`,
      passwordsDiffer: 'kedua kata sandi baru berbeda',
      passwordStdinLines:
        '--password-stdin membaca dua baris: kata sandi sekarang, lalu kata sandi baru',
      noSuchUser: (who: string) => `tidak ada pengguna dengan email atau id "${who}"`,
      noParent: (label: string) => `${label} tidak punya induk untuk menyaring`,
      /** What `export reports --agency/--program/--supporter` names, in its failures. */
      nouns: { agency: 'Perangkat Daerah', program: 'program', supporter: 'pengampu' },
      severalNamed: (count: string, noun: string, text: string, ids: string) =>
        `${count} ${noun} bernama "${text}": berikan salah satu id (${ids})`,
      noneNamed: (noun: string, text: string, near: string) =>
        `tidak ada ${noun} bernama "${text}"${near ? ` (maksud Anda ${near}?)` : ''}`,
      noUserEmail: (text: string) => `tidak ada pengguna dengan email "${text}"`,
      pdfIsRka: 'PDF hanya untuk RKA: pakai --layout rka, atau xlsx atau csv',
      printIsNotCsv: 'cetakan berupa xlsx atau pdf, bukan csv (tata letak SIPD: --layout sipd)',
      pdfIsPrint: 'PDF hanya untuk cetakan: pakai --layout print, atau xlsx atau csv',
      agencyIsPrint: '--agency hanya untuk cetakan: pakai --layout print atau berkas .pdf',
      csvIsFlat: 'CSV hanya untuk tata letak flat: RKA berupa xlsx atau pdf',
      reportYear: '--year harus tahun dari 2000 sampai 2100',
      reportMonth: '--month harus bulan dari 1 sampai 12',
      reportQuarter: '--quarter harus triwulan dari 1 sampai 4',
      emptyReport: 'server mengirim laporan kosong',
      exportInterrupted: 'ekspor dihentikan; tidak ada yang ditulis',
      writeFailed: (what: string, reason: string) => `${what} gagal: ${reason}`,
      writing: (file: string) => `menulis ${file}`,
      reportDownload: 'mengunduh laporan',
      xls: (file: string) =>
        `${file} adalah workbook Excel 97-2003 (.xls): simpan dulu sebagai .xlsx atau CSV di Excel`,
      notValidText: (file: string, encoding: string, detected: string) =>
        `${file} bukan teks ${encoding} yang valid${detected ? ` (terbaca sebagai ${detected}: jangan pakai --encoding)` : ''}`,
      theFile: 'berkas',
      unclosedQuote: (place: string) =>
        `${place}: sel berkutip tidak pernah ditutup (kurang satu ")`,
      notXlsx: (reason: string) => `bukan workbook .xlsx yang dapat dibaca: ${reason}`,
      sameColumn: (first: string, second: string, label: string) =>
        `kolom "${first}" dan "${second}" sama-sama berarti ${label}; sisakan satu`,
      agencyCodeAlone: (column: string, label: string) =>
        `kolom "${column}" perlu kolom ${label} di sampingnya: nama Perangkat Daerah`,
      noHeaderRow: (expected: string) =>
        `baris judul kolom tidak ditemukan: perlu kolom ${expected} (nama Indonesia atau Inggris)`,
      headerLacks: (place: string, missing: string) =>
        `baris judul kolom (${place}) tidak memuat kolom ${missing}`,
      noHeaderColumns: (wanted: string) =>
        `baris judul kolom tidak ditemukan: perlu kolom ${wanted}`,
      budgetYear: (text: string) =>
        `--year harus tahun anggaran dari 2000 sampai 2100 (diberikan "${text}")`,
      notKodeRekening: (code: string) => `"${code}" bukan kode rekening (mis. 5.1.02.01.01.0024)`,
      kindNone: (kind: string, kinds: string) => `"${kind}" bukan salah satu dari ${kinds}`,
      noPricedItem: (file: string) => `${file} tidak berisi item dengan harga`,
      noPaguRow: (file: string) => `${file} tidak berisi baris pagu`,
      noFundingSourceRow: (file: string) => `${file} tidak berisi baris sumber dana`,
      noCashPlanRow: (file: string) => `${file} tidak berisi baris Anggaran Kas`,
      noSp2dRow: (file: string) => `${file} tidak berisi baris SP2D`,
      notADate: (text: string) => `"${text}" bukan tanggal (tulis 2027-03-31 atau 31/03/2027)`,
      atMostRows: (maximum: string) => `paling banyak ${maximum} baris`,
      batchSize: (maximum: string) => `--batch-size harus bilangan bulat dari 1 sampai ${maximum}`,
      stoppedChecked: (sent: string, total: string) =>
        `${sent} dari ${total} baris diperiksa, tidak ada yang ditulis`,
      stoppedConfirmed: (sent: string, total: string) =>
        `server mengonfirmasi ${sent} dari ${total} baris (per kelompok utuh); jalankan perintah yang sama lagi untuk menyelesaikan impor`,
      changedWhileImported: (file: string, confirmed: string) =>
        `${file} berubah selama diimpor; ${confirmed ? `server mengonfirmasi ${confirmed} baris: ` : ''}jalankan perintah lagi`,
      ofRows: (sent: string, total: string) => `${sent} dari ${total}`,
    },
    notSignedIn: (doing: string, message: string) =>
      `${doing}: belum masuk atau sesi sudah berakhir (${message}); jalankan \`ranwal login\``,
    notAllowed: (doing: string, message: string) =>
      `${doing}: tidak diizinkan untuk akun ini (${message})`,
    interrupted: 'dihentikan',
    requestFailed: 'permintaan gagal',
    noServer: 'belum masuk: jalankan `ranwal login` (atau pakai --server / setel RANWAL_SERVER)',
    noSession: (server: string) =>
      `belum masuk ke ${server}: jalankan \`ranwal login --server ${server}\``,
    users: {
      none: 'Tidak ada pengguna.',
      header: ['ID', 'NAMA', 'EMAIL', 'PERAN', 'PERANGKAT DAERAH'],
      noAgency: 'tanpa',
      withoutAgencyOption:
        'hanya pengguna dan verifikator tanpa Perangkat Daerah (mereka hanya menjangkau program tanpa Perangkat Daerah; tetapkan lewat Manajemen Pengguna)',
      created: (role: string, name: string, email: string, id: string) =>
        `Dibuat ${role} ${name} <${email}> (${id})`,
    },
    passwordChanged: (name: string, email: string, file: string) =>
      `Kata sandi ${name} <${email}> diubah; sesinya yang lain telah diakhiri. Token baru disimpan di ${file}`,
    passwordSet: (name: string, email: string) =>
      `Kata sandi ${name} <${email}> ditetapkan; semua sesinya telah diakhiri`,
    planning: {
      dryRunRead: 'Uji coba: tidak ada yang disimpan. Dibaca',
      catalogue: (verb: string, items: string, year: number, file: string, counts: string) =>
        `${verb} ${items} item katalog tahun ${year} dari ${file}: ${counts}`,
      catalogueLoaded: 'Dimuat',
      pagu: (verb: string, rows: string, year: number, file: string, counts: string) =>
        `${verb} pagu tahun ${year}, ${rows} baris, dari ${file}: ${counts}`,
      paguSet: 'Ditetapkan',
      fundingSources: (rows: string, file: string, counts: string) =>
        `Dimuat ${rows} sumber dana dari ${file}: ${counts}`,
      cashPlan: (verb: string, rows: string, year: number, file: string, counts: string) =>
        `${verb} Anggaran Kas tahun ${year}, ${rows} baris, dari ${file}: ${counts}`,
      cashPlanRemoved: (removed: string) => `, ${removed} dihapus`,
      sp2d: (
        verb: string,
        count: string,
        rows: string,
        year: number,
        file: string,
        counts: string,
      ) => `${verb} ${count} SP2D tahun ${year} (${rows} baris) dari ${file}: ${counts}`,
      sp2dLoaded: 'Dimuat',
      /** Kode rekening paid above their lines: the units are asked for a reason. */
      sp2dOverruns: (count: string) =>
        `${count} kode rekening terealisasi melebihi total rincian belanjanya; unit diminta memberi alasan:`,
      sp2dOverrun: (subAction: string, account: string, realised: string, lines: string) =>
        `  ${subAction} ${account}: ${realised} dari ${lines}`,
      cashPlanSaved: (rows: string, year: number, file: string, format: string) =>
        `Disimpan Anggaran Kas tahun ${year}, ${rows} baris, ke ${file} (${format}); ranwal import cash-plan membacanya kembali`,
      counts: (created: string, changed: string, unchanged: string) =>
        `${created} baru, ${changed} berubah, ${unchanged} tetap`,
    },
    list: {
      id: 'ID',
      code: 'KODE',
      name: 'NAMA',
      ppn: 'PPN',
      none: (noun: string) => `Tidak ada ${noun}.`,
      nouns: {
        agency: 'perangkat daerah',
        program: 'program',
        action: 'kegiatan',
        sub_action: 'sub kegiatan',
        activity: 'aktivitas',
        subtitle: 'subtitle',
        account: 'kode rekening',
        supporter: 'pengampu',
      },
    },
    whoami: (name: string, email: string, role: string, server: string) =>
      `${name} <${email}> (${role}) di ${server}`,
    signedIn: (server: string, name: string, email: string, role: string, file: string) =>
      `Masuk ke ${server} sebagai ${name} <${email}> (${role}); token disimpan di ${file}`,
    signedOut: (server: string) => `Keluar dari ${server}`,
    notSignedInTo: (server: string | null) => (server ? `Belum masuk ke ${server}` : 'Belum masuk'),
    import: {
      readingAs: (file: string, encoding: string) => `Membaca ${file} sebagai ${encoding}`,
      /** An .xlsx past the import's limits once unpacked (issue 34): refused before any row. */
      workbookTooLarge: (file: string, size: string) =>
        `${file} terlalu besar setelah dibuka: isinya melebihi ${size}, batas impor. Bagi menjadi beberapa berkas, atau simpan sebagai CSV.`,
      workbookTooManyStrings: (file: string, count: string, size: string) =>
        `${file} berisi teks bersama (shared strings) melebihi batas impor: lebih dari ${count} teks atau ${size}. Bagi menjadi beberapa berkas, atau simpan sebagai CSV.`,
      workbookTooManyRows: (file: string, count: string) =>
        `${file} berisi lebih dari ${count} baris, batas impor. Bagi menjadi beberapa berkas.`,
      ignoredColumns: (columns: string) => `Kolom yang tidak dipakai: ${columns}`,
      reportWorkbook:
        'Membaca workbook laporan Ranwal: baris subtotalnya dilewati dan kolom PPN-nya (sebuah jumlah) diabaikan',
      fillDownHint: (rows: string, columns: string) =>
        `Petunjuk: ${rows} baris mengosongkan ${columns} di bawah sel yang terisi; bila lembar ini mengosongkan nama yang berulang, jalankan lagi dengan --fill-down`,
      invalidRows: (count: string, file: string) =>
        `${count} baris tidak valid di ${file}; tidak ada yang diimpor (perbaiki, atau pakai --skip-invalid untuk mengimpor baris lainnya)`,
      noRows: (file: string) => `${file} tidak berisi baris untuk diimpor`,
      conflicts: (count: string, server: string) =>
        `${count} baris bertentangan dengan data tersimpan di ${server} dan tidak diterapkan seperti tertulis (pakai --skip-invalid untuk menerimanya)`,
      toCreate: 'akan dibuat',
      created: 'dibuat',
      toRename: 'akan diganti nama',
      renamed: 'diganti nama',
      unchanged: 'tetap',
      inConflict: 'bertentangan',
      rows: (count: string) => `${count} baris`,
      stoppedDryRun: (file: string, rows: string, valid: string, outcome: string) =>
        `Uji coba ${file} berhenti: ${rows} dari ${valid} diperiksa (${outcome}); tidak ada yang ditulis.`,
      stopped: (file: string, rows: string, valid: string, outcome: string) =>
        `Impor ${file} berhenti: server mengonfirmasi ${rows} dari ${valid} (${outcome}).`,
      dryRun: (file: string, rows: string, outcome: string) =>
        `Uji coba ${file}: ${rows} diperiksa (${outcome}); tidak ada yang ditulis.`,
      imported: (file: string, rows: string, outcome: string) =>
        `Impor ${file} selesai: ${rows} (${outcome}).`,
      nothingChanged: (file: string, rows: string, outcome: string) =>
        `Tidak ada perubahan: ${file} berisi ${rows} dan semuanya sudah tersimpan (${outcome}).`,
      readNothing: (file: string, rows: string) =>
        `${file}: ${rows} baris dibaca, tidak ada yang diimpor.`,
      duplicates: (count: string) =>
        `${count} baris mengulang baris sebelumnya dan dikirim sekali.`,
      wouldCreate: 'Akan dibuat:',
      /** The records a run renamed (with --accept-renames): how many, then the first few. */
      renamedList: (count: string, dryRun: boolean) =>
        `${dryRun ? 'Akan diganti nama' : 'Diganti nama'} (${count}), nama dari file:`,
      more: (count: string) => `… dan ${count} lainnya (--json mencantumkan semuanya)`,
      invalidTitle: 'Baris tidak valid, tidak diimpor',
      invalidTitleShort: 'Baris tidak valid',
      conflictsTitle: 'Bertentangan dengan data tersimpan',
      flagNeither: (text: string) => `"${text}" bukan ya/yes maupun tidak/no`,
      empty: 'kosong',
      tooLong: (maximum: string) => `lebih dari ${maximum} karakter`,
      notAccountCode:
        'bukan kode rekening (angka atau huruf dipisah titik, mis. 5.1.02.01.01.0024)',
      notFilledDown: (column: string) =>
        ` (tidak diisi dari atas: ${column} baris ini berbeda dari baris di atasnya)`,
      agencyOnEveryRow: (label: string) =>
        ` (setelah baris yang menyebut ${label}, setiap baris menyebutnya; program tanpa ${label} ditulis paling atas, seperti ranwal export hierarchy menulisnya)`,
      codeNamedElsewhere: (code: string, name: string, place: string) =>
        `kode ${code} bernama "${name}" di ${place} di subtitle yang sama`,
      programTaxedElsewhere: (place: string, taxed: boolean) =>
        `${place} menyatakan program ini ${taxed ? '' : 'tidak '}kena PPN`,
      nameStartsWithCode: (code: string) =>
        `nama diawali kodenya sendiri (${code}); tulis kode hanya di kolom kode, nama tanpa kode`,
    },
    reference: {
      level: 'Level',
      toAdd: 'Akan ditambah',
      added: 'Ditambah',
      renamed: 'Diganti nama',
      unchanged: 'Tetap',
      groupings: (count: string) =>
        `; ${count} baris pengelompokan (urusan, bidang, judul rekening) tidak dimuat`,
      dryRun: (count: string, file: string) =>
        `Uji coba: tidak ada yang disimpan. Dibaca ${count} kode dari ${file}`,
      loaded: (count: string, file: string) => `Dimuat ${count} kode dari ${file}`,
      renamedExample: (code: string, name: string) => `Nama baru dari file, mis. ${code} "${name}"`,
      noName: (place: string, code: string) => `${place}: kode ${code} tidak bernama`,
      malformedCode: (place: string, code: string) =>
        `${place}: "${code}" tampak seperti kode nomenklatur tetapi tidak berbentuk kode program, kegiatan, sub kegiatan, rekening, urusan atau bidang (mis. 1.01.01.2.01.0001)`,
      nameStartsWithCode: (place: string, code: string) =>
        `${place}: nama diawali kodenya sendiri (${code}); tulis nama tanpa kode`,
      badRows: (count: string, file: string) =>
        `${count} baris ${file} tidak dapat dimuat; tidak ada yang dimuat:`,
      noHeader:
        'baris judul kolom tidak ditemukan: perlu kolom kode (Kode, Kode Rekening) dan kolom nama (Nomenklatur…, Uraian, Nama)',
      noCodes: (file: string) =>
        `${file} tidak berisi kode program, kegiatan, sub kegiatan atau rekening (mis. 1.01.01, 5.1.02.01.01.0024)`,
    },
    exportReports: {
      saved: (what: string, year: number, scope: string, file: string, size: string) =>
        `Disimpan ${what} tahun ${year}${scope ? ` (${scope})` : ''} ke ${file} (${size})`,
      report: 'laporan',
      rka: 'RKA',
      cashPlan: 'Anggaran Kas',
      fundingRecap: 'Rekap Sumber Dana',
      monthlyReport: (month: string) => `Laporan Bulanan ${month}`,
      evaluation: (quarter: string) => `Evaluasi Renja s.d. ${quarter}`,
      agency: (name: string) => `Perangkat Daerah ${name}`,
      program: (name: string) => `program ${name}`,
      supporter: (name: string) => `pengampu ${name}`,
      user: (name: string) => `pengguna ${name}`,
      search: (text: string) => `pencarian "${text}"`,
      rows: (count: string) => `${count} baris`,
    },
    exportHierarchy: {
      saved: (count: string, file: string, format: string) =>
        `Disimpan ${count} kode rekening beserta jalurnya ke ${file} (${format})`,
      readsBack: '; ranwal import hierarchy membacanya kembali',
      withoutAgency: (count: string, label: string) =>
        `. ${count} yang paling atas milik program tanpa ${label} (sel ${label}-nya kosong); ranwal import hierarchy membacanya kembali`,
    },
  },
} as const;

/** The shape every locale's catalogue has: the Indonesian one with plain `string` values. */
export type Messages = Widen<typeof messagesId>;
