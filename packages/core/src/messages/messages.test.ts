import { describe, expect, it } from 'vitest';
import { managedEntityKeys } from '../entity-keys.js';
import { catalogues, getMessages, messagesEn, messagesId } from './index.js';

const m = messagesId;

// Each row: what the catalogue produces, and the string copied verbatim from the spec.
const specStrings: ReadonlyArray<readonly [actual: string, expected: string]> = [
  // Section 1 and layout
  [m.app.subtitle, 'Sistem Informasi Remote Monitoring'],
  [m.sidebar.dashboard, 'Dashboard'],
  [m.sidebar.userManagement, 'User Management'],
  [m.sidebar.levels.program, 'Program'],
  [m.sidebar.levels.action, 'Kegiatan'],
  [m.sidebar.levels.sub_action, 'Sub Kegiatan'],
  [m.sidebar.levels.activity, 'Aktifitas'],
  [m.sidebar.levels.subtitle, 'Subtitle'],
  [m.sidebar.levels.account, 'Kode Rekening'],
  [m.sidebar.levels.supporter, 'Pengampu'],
  [m.sidebar.reports, 'Laporan'],
  [m.sidebar.createArticle, 'Buat Artikel'],
  [m.sidebar.articleList, 'List Artikel'],
  [m.sidebar.roleFooter, 'Administrator'],
  [m.sidebar.fallbackName, 'Admin'],
  [m.logout.label, 'Logout'],
  [m.logout.success, 'Berhasil logout'],

  // Login
  [m.login.greeting, 'Selamat Datang Kembali'],
  [m.login.email, 'Alamat Email'],
  [m.login.password, 'Kata Sandi'],
  [m.login.submit, 'Sign In'],
  [m.login.submitting, 'Signing In...'],
  [m.login.invalidCredentials, 'Invalid credentials. Please try again.'],
  [m.login.networkError, 'Network error. Please check your connection.'],
  [m.login.unexpectedError, 'An unexpected error occurred. Please try again.'],

  // User dashboard: cascade
  [m.levels.program.chooseFirstHint, 'Silakan pilih program terlebih dahulu'],
  [m.levels.action.emptyOptionsHint, 'Tidak ada kegiatan tersedia untuk program ini.'],
  [m.levels.supporter.emptyOptionsHint, 'Tidak ada pengampu tersedia.'],
  [m.levels.program.emptyOptionsHint, 'Tambahkan program pertama Anda untuk memulai'],
  [m.hierarchy.accountCodeName('5.1.02', 'Belanja Barang'), '5.1.02 - Belanja Barang'],

  // User dashboard: summary and report form
  [m.reports.form.taxCheckbox, 'Menggunakan Pajak (PPN 12%)'],
  [m.reports.form.summaryTitle, 'Hierarki Terpilih'],
  [m.reports.form.notSelected, 'Belum dipilih'],
  [m.reports.form.taxYes, 'Ya (PPN 12%)'],
  [m.reports.form.taxNo, 'Tidak'],
  [m.reports.form.incompleteHierarchy, 'Lengkapi semua hierarki terlebih dahulu.'],
  [m.reports.form.title, 'Buat Laporan Detail Program'],
  [m.reports.form.componentCode, 'Kode Komponen'],
  [m.reports.form.componentName, 'Nama Komponen'],
  [m.reports.form.specification, 'Spesifikasi'],
  [m.reports.form.unit, 'Satuan'],
  [m.reports.form.unitPlaceholder, 'Pcs'],
  [m.reports.form.price, 'Harga (Rp)'],
  [m.reports.form.firstVolume, 'Volume 1'],
  [m.reports.form.secondVolume, 'Volume 2'],
  [m.reports.form.thirdVolume, 'Volume 3'],
  [m.reports.form.volumePlaceholder, '1'],
  [m.reports.form.totalPrice, 'Total Harga'],
  [m.reports.form.tax, 'Pajak (Rp)'],
  [m.reports.form.taxNote, 'PPN 12% otomatis dihitung'],
  [m.reports.form.totalAfterTax, 'Total Setelah Pajak'],
  [m.reports.form.submit, 'Buat Laporan'],
  [m.reports.form.submitting, 'Menyimpan Laporan...'],

  // Report list and detail
  [m.reports.list.title, 'Daftar Laporan'],
  [m.reports.list.detailTitle, 'Detail Laporan'],

  // Program page
  [m.levels.program.listTitle, 'Daftar Program'],
  [m.common.save, 'Simpan'],
  [m.common.edit, 'Edit'],
  [m.common.delete, 'Hapus'],
  [m.hierarchy.programTaxCheckbox, 'Program ini menggunakan pajak'],
  [m.common.cancel, 'Batal'],
  [m.common.update, 'Perbarui'],
  [m.levels.program.emptyList, 'Tidak ada program tersedia'],

  // Kegiatan page and the pages with the same pattern
  [m.levels.program.allFilter, 'Semua Program'],
  [m.levels.action.searchPlaceholder, 'Cari kegiatan...'],
  [m.levels.program.rowParent('Pendidikan'), 'Program: Pendidikan'],
  [m.levels.program.unknownParentFallback, 'Unknown Program'],
  [m.pagination.pageOf(2, 7), 'Halaman 2 dari 7'],
  [m.pagination.previous, 'Sebelumnya'],
  [m.pagination.next, 'Selanjutnya'],
  [m.levels.action.emptyList, 'Tidak ada kegiatan ditemukan'],
  [m.levels.action.allFilter, 'Semua Kegiatan'],
  [m.levels.action.unknownParentFallback, 'Unknown Action'],
  [m.levels.sub_action.unknownParentFallback, 'Unknown Sub Action'],
  [m.levels.activity.unknownParentFallback, 'Unknown Activity'],
  [m.levels.subtitle.unknownParentFallback, 'Unknown Subtitle'],
  [m.levels.activity.label, 'Aktivitas'],
  [m.levels.account.label, 'Kode Rekening'],
  [m.levels.supporter.label, 'Pengampu'],
  [m.hierarchy.supporterId('42'), 'ID: 42'],

  // Laporan page
  [m.reports.admin.title, 'Daftar Laporan Detail Program'],
  [m.reports.admin.columns.number, 'No'],
  [m.reports.admin.columns.component, 'Komponen'],
  [m.reports.admin.columns.program, 'Program'],
  [m.reports.admin.columns.supporter, 'Pengampu'],
  [m.reports.admin.columns.total, 'Total'],
  [m.reports.admin.columns.date, 'Tanggal'],
  [m.reports.admin.columns.actions, 'Aksi'],
  [m.reports.admin.download, 'Download Laporan'],
  [m.reports.admin.componentSection, 'Informasi Komponen'],
  [m.reports.admin.hierarchySection, 'Hierarki Program'],
  [m.reports.admin.financeSection, 'Informasi Keuangan'],
  [m.reports.admin.extraSection, 'Informasi Tambahan'],
  [m.reports.list.empty, 'Tidak ada laporan tersedia'],

  // Public home
  [m.articles.public.searchPlaceholder, 'Search articles...'],
  [m.articles.public.readMore, 'Read More'],
  [m.articles.public.loadFailed, 'Failed to load articles'],
  [m.articles.public.tryAgain, 'Try Again'],
  [m.articles.public.empty, 'No articles found'],
  [m.articles.public.previous, 'Previous'],
  [m.articles.public.next, 'Next'],
  [m.articles.public.backToArticles, 'Back to Articles'],
  [m.articles.public.noCoverImage, 'No cover image'],
  [m.articles.public.imageFailed, 'Image failed to load'],
  [m.articles.public.signIn, 'Sign In'],

  // Article creation
  [m.articles.editor.submitPublish, 'Publikasikan Artikel'],
  [m.articles.editor.submitSave, 'Simpan Artikel'],

  // Article management
  [m.articles.management.title, 'Manajemen Artikel'],
  [m.articles.management.searchPlaceholder, 'Cari artikel...'],
  [m.articles.management.refreshing, 'Loading...'],
  [m.common.loading, 'Memuat data...'],
  [m.articles.management.retry, 'Coba lagi'],
  [m.articles.management.columns.article, 'Artikel'],
  [m.articles.management.columns.author, 'Author'],
  [m.articles.management.columns.category, 'Category'],
  [m.articles.management.columns.views, 'Views'],
  [m.articles.management.columns.date, 'Tanggal'],
  [m.articles.management.columns.actions, 'Actions'],
  [m.articles.management.emptyTitle, 'Tidak ada artikel'],
  [m.articles.management.emptySearch, 'Tidak ditemukan artikel yang sesuai dengan pencarian.'],
  [m.articles.management.emptyNone, 'Belum ada artikel yang dibuat.'],
  [m.pagination.showingRange(6, 10, 23), 'Menampilkan 6 sampai 10 dari 23 hasil'],
  [
    m.pagination.showingRangeOfMore(11, 20, 10_000),
    'Menampilkan 11 sampai 20 dari lebih dari 10.000 hasil',
  ],
  [m.articles.management.editTitle, 'Edit Artikel'],
  [m.articles.management.saveChanges, 'Simpan Perubahan'],
  [m.common.saving, 'Menyimpan...'],

  // User management
  [m.users.title, 'Manajemen Pengguna'],
  [m.users.add, '+ Tambah Pengguna'],
  [m.users.fields.id, 'ID'],
  [m.users.fields.name, 'Nama'],
  [m.users.fields.email, 'Email'],
  [m.users.fields.role, 'Role'],
  [m.users.fields.password, 'Password'],
  [m.common.actions, 'Aksi'],
  [m.users.empty, 'Tidak ada data pengguna yang tersedia.'],
  [m.users.createTitle, 'Buat Pengguna Baru'],
  [m.users.editTitle, 'Edit Pengguna'],
  [m.roles.user, 'User'],
  [m.roles.admin, 'Admin'],
  [m.common.successTitle, 'Berhasil!'],
  [m.common.failureTitle, 'Gagal!'],

  // Section 3: article categories
  [m.articleCategories['Tindak Lanjut Hasil Musrenbang'], 'Tindak Lanjut Hasil Musrenbang'],
  [m.articleCategories['Usulan Reses DPRD'], 'Usulan Reses DPRD'],
  [m.articleCategories['Usulan Langsung Warga Masyarakat'], 'Usulan Langsung Warga Masyarakat'],
  [m.articleCategories['Kegiatan Rutin'], 'Kegiatan Rutin'],

  // Section 4: busy states
  [m.common.deleting, 'Menghapus...'],

  // Section 5: validation
  [m.hierarchy.incompleteTitle, 'Input Tidak Lengkap'],
  [m.hierarchy.incompleteText, 'Harap lengkapi semua bidang.'],
  [m.hierarchy.supporterNameRequired, 'Nama pengampu harus diisi.'],
  [m.hierarchy.supporterNameEmpty, 'Nama pengampu tidak boleh kosong.'],
  [m.articles.editor.titleContentRequired, 'Error: Judul dan konten wajib diisi'],
  [m.articles.editor.categoryRequired, 'Error: Kategori wajib dipilih'],
  [m.articles.editor.notAnImage, 'Error: Silakan pilih file gambar'],
  [m.articles.editor.fileTooLarge, 'Error: Ukuran file harus kurang dari 5MB'],
  [m.articles.management.requiredFields, 'Judul, Kategori, dan Status wajib diisi.'],
  [m.common.confirmDelete.title, 'Konfirmasi Hapus'],
  [m.common.confirmDelete.confirm, 'Ya, Hapus!'],
  [m.common.confirmDelete.cancel, 'Batal'],
  [m.users.confirmDelete, 'Apakah Anda yakin ingin menghapus pengguna ini?'],

  // Section 6: missing token
  [m.reports.list.noToken, 'Tidak ada token autentikasi. Harap login terlebih dahulu.'],
  [m.users.noToken, 'Token tidak ditemukan. Silakan login.'],

  // Section 8: report list and user dashboard
  [m.reports.list.loadFailed, 'Gagal memuat data.'],
  [
    m.reports.list.loadFailedHttp(500, 'Internal Server Error'),
    'Gagal memuat data: 500 - Internal Server Error',
  ],
  [m.reports.list.loadErrorHeading, 'Terjadi kesalahan saat memuat data:'],
  [m.levels.program.fetchFailedToast, 'Gagal mengambil data program'],
  [m.levels.action.fetchFailedToast, 'Gagal mengambil data kegiatan'],
  [m.levels.sub_action.fetchFailedToast, 'Gagal mengambil data sub kegiatan'],
  [m.levels.activity.fetchFailedToast, 'Gagal mengambil data aktivitas'],
  [m.levels.subtitle.fetchFailedToast, 'Gagal mengambil data subtitle'],
  [m.levels.account.fetchFailedToast, 'Gagal mengambil data rekening'],
  [m.levels.supporter.fetchFailedToast, 'Gagal mengambil data pengampu'],
  [m.reports.fetchFailed, 'Gagal mengambil data laporan'],
  [m.reports.createFailed, 'Gagal membuat laporan'],
  [m.reports.created, 'Laporan berhasil dibuat'],
  [m.levels.program.selected('Pendidikan'), 'Program "Pendidikan" berhasil dipilih'],
  [m.reports.form.taxApplied, 'PPN 12% akan diterapkan pada perhitungan'],
  [m.reports.form.taxNotApplied, 'PPN tidak akan diterapkan pada perhitungan'],

  // Section 8: hierarchy pages
  [m.hierarchy.failureTitle, 'Gagal'],
  [m.levels.program.fetchFailed, 'Gagal mengambil data program.'],
  [m.levels.action.fetchFailed, 'Gagal mengambil data kegiatan.'],
  [m.levels.sub_action.fetchFailed, 'Gagal mengambil data sub kegiatan.'],
  [m.levels.activity.fetchFailed, 'Gagal mengambil data aktivitas.'],
  [m.levels.subtitle.fetchFailed, 'Gagal mengambil data subtitle.'],
  [m.levels.account.fetchFailed, 'Gagal mengambil data kode rekening.'],
  [m.levels.supporter.fetchFailed, 'Gagal mengambil data pengampu.'],
  [m.levels.action.createFailed, 'Gagal menambahkan kegiatan.'],
  [m.levels.action.updateFailed, 'Gagal memperbarui kegiatan.'],
  [m.levels.action.deleteFailed('Rapat'), 'Gagal menghapus kegiatan.'],
  [m.hierarchy.createdTitle, 'Berhasil!'],
  [m.levels.action.created, 'Kegiatan berhasil ditambahkan.'],
  [m.hierarchy.updatedTitle, 'Diperbarui!'],
  [m.hierarchy.deletedTitle, 'Dihapus!'],

  // Section 8: Laporan page toasts
  [m.reports.deleteFailed, 'Gagal menghapus laporan'],
  [m.reports.deleted, 'Laporan berhasil dihapus'],
  [m.reports.downloadFailed, 'Gagal mengunduh laporan'],
  [m.reports.downloaded, 'Berhasil mengunduh laporan'],

  // Section 8: public articles
  [m.articles.public.fetchArticlesFailed, 'Failed to fetch articles'],
  [m.articles.public.fetchArticleFailed, 'Failed to fetch article'],
  [m.articles.public.networkError('timeout'), 'Network error: timeout'],
  [m.dates.unknown, 'Unknown date'],
  [m.dates.invalid, 'Invalid date'],

  // Section 8: article create and upload
  [m.articles.editor.networkError, 'Error: Error jaringan - Tidak dapat terhubung ke server'],
  [
    m.articles.editor.saveFailed(m.articles.editor.saveFailedDefault),
    'Error: Gagal menyimpan artikel',
  ],
  [m.articles.editor.published, 'Artikel berhasil dipublikasikan!'],
  [m.articles.editor.saved, 'Artikel berhasil disimpan!'],
  [m.articles.editor.uploaded, 'Gambar berhasil diunggah!'],
  [m.articles.editor.uploadFailed, 'Error: Gagal mengunggah file'],
  [m.articles.editor.uploadNetworkError, 'Error: Error jaringan - Tidak dapat mengunggah file'],

  // Section 8: article management
  [m.articles.management.detailFailed, 'Gagal mengambil detail artikel'],
  [m.articles.management.deleteFailed, 'Gagal menghapus artikel'],
  [m.articles.management.updateFailed, 'Gagal memperbarui artikel'],
  [m.articles.management.detailNetworkError, 'Terjadi kesalahan saat mengambil detail artikel'],
  [m.articles.management.loadNetworkError, 'Terjadi kesalahan saat memuat data artikel'],
  [m.articles.management.deleteNetworkError, 'Terjadi kesalahan saat menghapus artikel'],
  [m.articles.management.updateNetworkError, 'Terjadi kesalahan saat memperbarui artikel'],
  [m.articles.management.listFailed, 'Gagal mengambil data artikel'],
  [m.articles.management.listNetworkError, 'Terjadi kesalahan saat mengambil data'],
  [m.articles.management.detailLoaded, 'Detail artikel berhasil dimuat'],
  [m.articles.management.deleted, 'Artikel berhasil dihapus'],
  [m.articles.management.updated, 'Artikel berhasil diperbarui'],

  // Section 8: users
  [m.users.fetchFailed, 'Gagal mengambil data pengguna.'],
  [m.users.createFailed, 'Gagal membuat pengguna. Periksa data yang Anda masukkan.'],
  [m.users.updateFailed, 'Gagal memperbarui pengguna.'],
  [m.users.deleteFailed, 'Gagal menghapus pengguna.'],
  [m.users.created, 'Pengguna berhasil dibuat!'],
  [m.users.updated, 'Pengguna berhasil diperbarui!'],
  [m.users.deleted, 'Pengguna berhasil dihapus!'],

  // Section 8: authentication
  [m.server.tokenInvalid, 'Token Invalid'],
];

describe('Indonesian catalogue', () => {
  it.each(specStrings)('produces %j exactly as the spec writes it', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('names the program in its delete failure only', () => {
    expect(m.levels.program.deleteFailed('Pendidikan')).toContain('Pendidikan');
    expect(m.levels.action.deleteFailed('Rapat')).not.toContain('Rapat');
  });
});

type Shape = string | { readonly arity: number } | { readonly [key: string]: Shape };

/** The key tree of a catalogue: strings stay as markers, functions become their arity. */
function shapeOf(value: unknown, path: string): Shape {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'function') return { arity: value.length };
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, shapeOf(child, `${path}.${key}`)]),
    );
  }
  throw new Error(`${path} is neither a string, a function nor a group`);
}

/** Every leaf as [path, rendered text]; functions are called with placeholder arguments. */
function leaves(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    const args = Array.from({ length: value.length }, (_, index) => `x${index}`);
    return [[path, String(value(...args))]];
  }
  return Object.entries(value as object).flatMap(([key, child]) =>
    leaves(child, path ? `${path}.${key}` : key),
  );
}

describe('catalogue structure', () => {
  it('gives English exactly the key tree of Indonesian, functions with the same arity', () => {
    expect(shapeOf(messagesEn, 'en')).toStrictEqual(shapeOf(messagesId, 'id'));
  });

  it.each([
    ['id', messagesId],
    ['en', messagesEn],
  ] as const)('has no empty text in %s', (_locale, catalogue) => {
    const empty = leaves(catalogue).filter(([, text]) => text.trim() === '');
    expect(empty).toStrictEqual([]);
  });

  it('has one entry per managed entity under levels and sidebar levels', () => {
    expect(Object.keys(m.levels).sort()).toStrictEqual([...managedEntityKeys].sort());
    expect(Object.keys(m.sidebar.levels).sort()).toStrictEqual([...managedEntityKeys].sort());
  });
});

describe('getMessages', () => {
  it('defaults to Indonesian', () => {
    expect(getMessages()).toBe(messagesId);
  });

  it.each([
    ['id', messagesId],
    ['en', messagesEn],
  ] as const)('returns the %s catalogue', (locale, catalogue) => {
    expect(getMessages(locale)).toBe(catalogue);
    expect(catalogues[locale]).toBe(catalogue);
  });
});

/**
 * The catalogue's strings the spec fixes in English (or with an English word in them), by
 * path; everything else in the Indonesian catalogue is Indonesian (issue 33, docs/ui.md
 * 'Words').
 */
const specEnglish = new Set([
  'sidebar.userManagement',
  'roles.user',
  'users.fields.password',
  'reports.admin.columns.number',
  'login.submit',
  'login.submitting',
  'login.invalidCredentials',
  'login.networkError',
  'login.unexpectedError',
  'articles.management.refresh',
  'articles.management.refreshing',
  'articles.management.columns.author',
  'articles.management.columns.category',
  'articles.management.columns.views',
  'articles.management.columns.actions',
  'articles.editor.titleContentRequired',
  'articles.editor.categoryRequired',
  'articles.editor.notAnImage',
  'articles.editor.fileTooLarge',
  'articles.editor.networkError',
  'articles.editor.saveFailed',
  'articles.editor.uploadFailed',
  'articles.editor.uploadNetworkError',
  'levels.program.unknownParentFallback',
  'levels.action.unknownParentFallback',
  'levels.sub_action.unknownParentFallback',
  'levels.activity.unknownParentFallback',
  'levels.subtitle.unknownParentFallback',
  'reports.admin.download',
  'dates.unknown',
  'dates.invalid',
  'server.tokenInvalid',
  // A command line, not a label.
  'planning.catalogue.importCommand',
  // The values a sheet's PPN cell may hold (ya/yes, tidak/no), not a label.
  'cli.import.flagNeither',
]);
/** The public site is the spec's English throughout. */
const specEnglishSections = ['articles.public.'];

/**
 * Common English UI words. 'Edit', 'Total', 'Status', 'Filter', 'Email', 'Password' in the
 * user form, 'Login' and 'Logout' are the spec's own Indonesian UI words and are not listed.
 */
const englishWords = [
  'save saving cancel delete deleting loading error search report reports download upload ',
  'refresh failed unknown please network views author category actions article articles ',
  'previous next back sign try again invalid found image cover date read more settings ',
  'stage line lines budget note notes verified submit close open add remove update create ',
  'name code price year page home new change password account supporter activity action the ',
  'and of to with your is not no yes all none show hide user',
]
  .join('')
  .split(' ');
const englishWord = new RegExp(`\\b(${englishWords.join('|')})\\b`, 'i');

/** Where a string is not the spec's English, the English words it holds. */
function englishIn(path: string, text: string): string | null {
  if (specEnglish.has(path) || specEnglishSections.some((section) => path.startsWith(section))) {
    return null;
  }
  // Placeholder arguments (x0, x1) and command-line flags (--skip-invalid) are not UI words.
  const words = text
    .replace(/\bx\d\b/g, '')
    .replace(/--[a-z-]+/g, '')
    .match(englishWord);
  return words ? words[0] : null;
}

describe('one language (issue 33)', () => {
  it('has no English UI word in an Indonesian string the spec does not fix', () => {
    const english = leaves(messagesId)
      .map(([path, text]) => [path, text, englishIn(path, text)] as const)
      .filter(([, , word]) => word !== null)
      .map(([path, text, word]) => `${path}: "${word}" in ${JSON.stringify(text)}`);
    expect(english).toStrictEqual([]);
  });

  it('finds an English word where one is written (the guard guards)', () => {
    expect(englishIn('common.save', 'Save')).toBe('Save');
    expect(englishIn('reports.list.title', 'Daftar Report')).toBe('Report');
    expect(englishIn('login.submit', 'Sign In')).toBeNull();
    expect(englishIn('articles.public.readMore', 'Read More')).toBeNull();
  });

  it('keeps realisasi for spending: planned amounts are rencana, not realisasi', () => {
    // Since issue 37 the realisation's own strings say it: what was paid (SP2D).
    const realisation = leaves(messagesId).filter(
      ([path, text]) =>
        /realisasi/i.test(text) &&
        !path.startsWith('realisation.') &&
        !path.startsWith('monthlyReport.') &&
        // …and the field report from a phone, which enters the same physical progress.
        !path.startsWith('fieldUpdate.') &&
        // …and the evaluation form's columns, as Permendagri 86/2017 names them.
        !path.startsWith('indicators.print.') &&
        path !== 'cli.help.exportEvaluation' &&
        // …and the region's thresholds of realisation against plan.
        !path.startsWith('planning.settings.policy.thresholds') &&
        path !== 'history.recordTypes.realisation_reason' &&
        path !== 'history.recordTypes.physical_progress' &&
        // …and the CLI's SP2D import, which loads it, and its printing of the monthly report.
        !/sp2d/i.test(path) &&
        path !== 'cli.help.exportMonthlyReport' &&
        // …and the field's evidence, the map and the field report: the month's realisasi
        // (keuangan and fisik) as the monthly report names it (issue 38).
        !path.startsWith('evidence.'),
    );
    expect(realisation).toStrictEqual([]);
  });

  it('calls a budget line a rincian (belanja), and keeps baris for the rows of an imported file', () => {
    const rows = leaves(messagesId).filter(
      // The CLI reads and writes files: its baris are a sheet's rows. So are the Anggaran Kas's:
      // one row per sub kegiatan × kode rekening of the SIPD sheet it is imported from.
      ([path, text]) =>
        /\bbaris\b/i.test(text) &&
        !path.startsWith('server.import') &&
        !path.startsWith('cli.') &&
        !path.startsWith('cashPlan.') &&
        // …and an SP2D sheet's, from the finance system (issue 37).
        !path.startsWith('realisation.'),
    );
    expect(rows).toStrictEqual([]);
  });
});
