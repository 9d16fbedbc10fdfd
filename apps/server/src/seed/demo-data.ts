import type { ArticleCategory, ArticleStatus } from '@ranwal/core';

/**
 * What the demo seed loads: a small Bappeda-style budget (Permendagri 90/2019 nomenclature),
 * its supporters, budget lines and public articles. Plain tables; `demo.ts` only writes them.
 */

export const DEMO_USER = {
  name: 'Siti Rahmawati',
  email: 'demo@ranwal.local',
} as const;

export interface DemoAccount {
  code: string;
  name: string;
}
export interface DemoSubtitle {
  /** Unique within the demo: budget lines name their place by subtitle and account code. */
  name: string;
  accounts: DemoAccount[];
}
export interface DemoActivity {
  name: string;
  subtitles: DemoSubtitle[];
}
export interface DemoSubAction {
  name: string;
  activities: DemoActivity[];
}
export interface DemoAction {
  name: string;
  subActions: DemoSubAction[];
}
export interface DemoProgram {
  name: string;
  isTaxed: boolean;
  actions: DemoAction[];
}

const account = {
  alatTulisKantor: {
    code: '5.1.02.01.01.0024',
    name: 'Belanja Alat/Bahan untuk Kegiatan Kantor-Alat Tulis Kantor',
  },
  kertasDanCover: {
    code: '5.1.02.01.01.0025',
    name: 'Belanja Alat/Bahan untuk Kegiatan Kantor-Kertas dan Cover',
  },
  bahanCetak: {
    code: '5.1.02.01.01.0026',
    name: 'Belanja Alat/Bahan untuk Kegiatan Kantor-Bahan Cetak',
  },
  bahanKomputer: {
    code: '5.1.02.01.01.0029',
    name: 'Belanja Alat/Bahan untuk Kegiatan Kantor-Bahan Komputer',
  },
  maminRapat: { code: '5.1.02.01.01.0052', name: 'Belanja Makanan dan Minuman Rapat' },
  maminLapangan: {
    code: '5.1.02.01.01.0055',
    name: 'Belanja Makanan dan Minuman Aktivitas Lapangan',
  },
  honorNarasumber: {
    code: '5.1.02.02.01.0003',
    name: 'Honorarium Narasumber atau Pembahas, Moderator, Pembawa Acara, dan Panitia',
  },
  perjalananDinasBiasa: { code: '5.1.02.04.01.0001', name: 'Belanja Perjalanan Dinas Biasa' },
  perjalananDinasDalamKota: {
    code: '5.1.02.04.01.0003',
    name: 'Belanja Perjalanan Dinas Dalam Kota',
  },
  paketMeetingDalamKota: {
    code: '5.1.02.04.01.0004',
    name: 'Belanja Perjalanan Dinas Paket Meeting Dalam Kota',
  },
  paketMeetingLuarKota: {
    code: '5.1.02.04.01.0005',
    name: 'Belanja Perjalanan Dinas Paket Meeting Luar Kota',
  },
} as const satisfies Record<string, DemoAccount>;

export const demoPrograms: DemoProgram[] = [
  {
    name: 'PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH KABUPATEN/KOTA',
    isTaxed: true,
    actions: [
      {
        name: 'Perencanaan, Penganggaran, dan Evaluasi Kinerja Perangkat Daerah',
        subActions: [
          {
            name: 'Penyusunan Dokumen Perencanaan Perangkat Daerah',
            activities: [
              {
                name: 'Penyusunan Renja dan RKA Perangkat Daerah',
                subtitles: [
                  {
                    name: 'Rapat Koordinasi',
                    accounts: [account.maminRapat, account.honorNarasumber],
                  },
                  {
                    name: 'Penggandaan Dokumen Perencanaan',
                    accounts: [account.kertasDanCover, account.bahanCetak],
                  },
                ],
              },
            ],
          },
          {
            name: 'Evaluasi Kinerja Perangkat Daerah',
            activities: [
              {
                name: 'Penyusunan Laporan Kinerja Instansi Pemerintah (LKjIP)',
                subtitles: [
                  {
                    name: 'Pengumpulan Data Kinerja',
                    accounts: [account.perjalananDinasDalamKota],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'Administrasi Umum Perangkat Daerah',
        subActions: [
          {
            name: 'Penyediaan Bahan Logistik Kantor',
            activities: [
              {
                name: 'Pengadaan Alat Tulis dan Bahan Komputer',
                subtitles: [
                  {
                    name: 'Belanja Operasional Kantor',
                    accounts: [account.alatTulisKantor, account.bahanKomputer],
                  },
                ],
              },
            ],
          },
          {
            name: 'Penyelenggaraan Rapat Koordinasi dan Konsultasi SKPD',
            activities: [
              {
                name: 'Konsultasi ke Kementerian/Lembaga',
                subtitles: [
                  {
                    name: 'Perjalanan Dinas Luar Daerah',
                    accounts: [account.perjalananDinasBiasa],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'PROGRAM PERENCANAAN, PENGENDALIAN DAN EVALUASI PEMBANGUNAN DAERAH',
    isTaxed: false,
    actions: [
      {
        name: 'Penyusunan Perencanaan dan Pendanaan',
        subActions: [
          {
            name: 'Penyusunan Dokumen Perencanaan Pembangunan Daerah (RPJPD, RPJMD dan RKPD)',
            activities: [
              {
                name: 'Penyelenggaraan Musrenbang RKPD',
                subtitles: [
                  {
                    name: 'Musrenbang Kecamatan',
                    accounts: [account.maminLapangan, account.perjalananDinasDalamKota],
                  },
                  {
                    name: 'Musrenbang Kabupaten',
                    accounts: [account.paketMeetingDalamKota, account.honorNarasumber],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'Pengendalian, Evaluasi dan Pelaporan Pembangunan Daerah',
        subActions: [
          {
            name: 'Evaluasi Pelaksanaan Rencana Pembangunan Daerah',
            activities: [
              {
                name: 'Monitoring dan Evaluasi Pelaksanaan RKPD',
                subtitles: [
                  { name: 'Monitoring Lapangan', accounts: [account.perjalananDinasDalamKota] },
                  { name: 'Penyusunan Laporan Evaluasi', accounts: [account.bahanCetak] },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'PROGRAM KOORDINASI DAN SINKRONISASI PERENCANAAN PEMBANGUNAN DAERAH',
    isTaxed: false,
    actions: [
      {
        name: 'Koordinasi Perencanaan Bidang Perekonomian dan SDA',
        subActions: [
          {
            name: 'Koordinasi Penyusunan Dokumen Perencanaan Pembangunan Daerah Bidang Perekonomian dan SDA',
            activities: [
              {
                name: 'Forum Perangkat Daerah Bidang Perekonomian',
                subtitles: [
                  {
                    name: 'Forum Perangkat Daerah',
                    accounts: [account.maminRapat, account.alatTulisKantor],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'Koordinasi Perencanaan Bidang Infrastruktur dan Kewilayahan',
        subActions: [
          {
            name: 'Sinkronisasi Perencanaan Pembangunan Daerah Bidang Infrastruktur dan Kewilayahan',
            activities: [
              {
                name: 'Sinkronisasi Program Infrastruktur Provinsi dan Kabupaten',
                subtitles: [
                  {
                    name: 'Rapat Sinkronisasi Luar Daerah',
                    accounts: [account.paketMeetingLuarKota, account.perjalananDinasBiasa],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export const demoSupporters = [
  'Sekretariat',
  'Bidang Perencanaan',
  'Bidang Ekonomi dan SDA',
  'Bidang Pemerintahan dan Pembangunan Manusia',
  'Bidang Infrastruktur dan Kewilayahan',
] as const;

export type DemoSupporter = (typeof demoSupporters)[number];

export interface DemoBudgetLine {
  /** Where the line sits: the subtitle's name and one of its account codes. */
  subtitle: string;
  account: string;
  supporter: DemoSupporter;
  /** Who typed it in: the demo user, or the admin (none when the database has no admin). */
  createdBy: 'demo' | 'admin';
  year: number;
  daysAgo: number;
  component_code: string;
  component_name: string;
  specification: string;
  unit: string;
  /** Whole rupiah per unit. */
  price: number;
  volumes: [number, number, number];
}

export const demoBudgetLines: DemoBudgetLine[] = [
  {
    subtitle: 'Rapat Koordinasi',
    account: account.maminRapat.code,
    supporter: 'Bidang Perencanaan',
    createdBy: 'demo',
    year: 2025,
    daysAgo: 58,
    component_code: '1.1.12.01.03.0012',
    component_name: 'Nasi Kotak Rapat',
    specification: 'Nasi, lauk dua macam, sayur, buah, air mineral',
    unit: 'Kotak',
    price: 40_000,
    volumes: [30, 4, 1],
  },
  {
    subtitle: 'Rapat Koordinasi',
    account: account.maminRapat.code,
    supporter: 'Bidang Perencanaan',
    createdBy: 'demo',
    year: 2025,
    daysAgo: 58,
    component_code: '1.1.12.01.03.0021',
    component_name: 'Kudapan Rapat',
    specification: 'Dua jenis kue dan air mineral',
    unit: 'Kotak',
    price: 20_000,
    volumes: [30, 4, 1],
  },
  {
    subtitle: 'Rapat Koordinasi',
    account: account.honorNarasumber.code,
    supporter: 'Sekretariat',
    createdBy: 'admin',
    year: 2025,
    daysAgo: 55,
    component_code: '1.1.1.01.02.0002',
    component_name: 'Honorarium Narasumber Pejabat Eselon II',
    specification: '2 narasumber x 1,5 jam x 2 sesi',
    unit: 'OJ',
    price: 1_000_000,
    volumes: [2, 1.5, 2],
  },
  {
    subtitle: 'Penggandaan Dokumen Perencanaan',
    account: account.bahanCetak.code,
    supporter: 'Sekretariat',
    createdBy: 'admin',
    year: 2025,
    daysAgo: 47,
    component_code: '1.1.7.01.03.02.005',
    component_name: 'Cetak dan Jilid Dokumen Renja',
    specification: 'A4, 150 halaman, sampul buffalo, jilid lem panas',
    unit: 'Eksemplar',
    price: 75_000,
    volumes: [50, 1, 1],
  },
  {
    subtitle: 'Penggandaan Dokumen Perencanaan',
    account: account.kertasDanCover.code,
    supporter: 'Sekretariat',
    createdBy: 'demo',
    year: 2025,
    daysAgo: 47,
    component_code: '1.1.7.01.03.01.014',
    component_name: 'Kertas Cover Buffalo A4',
    specification: '160 gram, isi 100 lembar',
    unit: 'Pak',
    price: 35_000,
    volumes: [10, 1, 1],
  },
  {
    subtitle: 'Belanja Operasional Kantor',
    account: account.alatTulisKantor.code,
    supporter: 'Sekretariat',
    createdBy: 'demo',
    year: 2025,
    daysAgo: 40,
    component_code: '1.1.7.01.03.01.004',
    component_name: 'Kertas HVS A4 80 gram',
    specification: 'Ukuran 210 x 297 mm, 500 lembar per rim',
    unit: 'Rim',
    price: 58_000,
    volumes: [40, 1, 1],
  },
  {
    subtitle: 'Belanja Operasional Kantor',
    account: account.alatTulisKantor.code,
    supporter: 'Sekretariat',
    createdBy: 'demo',
    year: 2025,
    daysAgo: 40,
    component_code: '1.1.7.01.03.03.011',
    component_name: 'Pulpen Gel Hitam 0,5 mm',
    specification: 'Isi 12 batang per pak',
    unit: 'Pak',
    price: 30_000,
    volumes: [24, 1, 1],
  },
  {
    subtitle: 'Belanja Operasional Kantor',
    account: account.bahanKomputer.code,
    supporter: 'Sekretariat',
    createdBy: 'admin',
    year: 2025,
    daysAgo: 38,
    component_code: '1.1.7.01.03.06.003',
    component_name: 'Tinta Printer Hitam',
    specification: 'Botol isi ulang 65 ml untuk printer tangki tinta',
    unit: 'Botol',
    price: 95_000,
    volumes: [12, 1, 1],
  },
  {
    subtitle: 'Pengumpulan Data Kinerja',
    account: account.perjalananDinasDalamKota.code,
    supporter: 'Bidang Perencanaan',
    createdBy: 'admin',
    year: 2025,
    daysAgo: 33,
    component_code: '1.1.1.04.01.0003',
    component_name: 'Transport Lokal Pengumpulan Data',
    specification: '4 orang x 6 kali ke perangkat daerah',
    unit: 'OK',
    price: 150_000,
    volumes: [4, 6, 1],
  },
  {
    subtitle: 'Perjalanan Dinas Luar Daerah',
    account: account.perjalananDinasBiasa.code,
    supporter: 'Sekretariat',
    createdBy: 'admin',
    year: 2026,
    daysAgo: 12,
    component_code: '1.1.1.04.02.0007',
    component_name: 'Tiket Pesawat Ekonomi Pulang Pergi ke Jakarta',
    specification: '2 orang x 2 kali konsultasi',
    unit: 'Orang/PP',
    price: 3_250_000,
    volumes: [2, 2, 1],
  },
  {
    subtitle: 'Musrenbang Kecamatan',
    account: account.maminLapangan.code,
    supporter: 'Bidang Perencanaan',
    createdBy: 'demo',
    year: 2025,
    daysAgo: 90,
    component_code: '1.1.12.01.03.0015',
    component_name: 'Nasi Kotak Peserta Musrenbang Kecamatan',
    specification: '60 peserta x 12 kecamatan',
    unit: 'Kotak',
    price: 35_000,
    volumes: [60, 12, 1],
  },
  {
    subtitle: 'Musrenbang Kecamatan',
    account: account.perjalananDinasDalamKota.code,
    supporter: 'Bidang Perencanaan',
    createdBy: 'demo',
    year: 2025,
    daysAgo: 88,
    component_code: '1.1.1.04.01.0003',
    component_name: 'Transport Lokal Tim Fasilitator',
    specification: '5 fasilitator x 12 kecamatan',
    unit: 'OK',
    price: 150_000,
    volumes: [5, 12, 1],
  },
  {
    subtitle: 'Musrenbang Kabupaten',
    account: account.paketMeetingDalamKota.code,
    supporter: 'Bidang Perencanaan',
    createdBy: 'admin',
    year: 2026,
    daysAgo: 9,
    component_code: '1.1.1.04.03.0002',
    component_name: 'Paket Meeting Fullday Musrenbang RKPD',
    specification: 'Ruang rapat, makan siang, dua kali rehat kopi',
    unit: 'OH',
    price: 300_000,
    volumes: [150, 1, 1],
  },
  {
    subtitle: 'Musrenbang Kabupaten',
    account: account.honorNarasumber.code,
    supporter: 'Bidang Perencanaan',
    createdBy: 'admin',
    year: 2026,
    daysAgo: 9,
    component_code: '1.1.1.01.02.0004',
    component_name: 'Honorarium Moderator',
    specification: '1 orang x 3 jam x 2 sesi',
    unit: 'OJ',
    price: 700_000,
    volumes: [1, 3, 2],
  },
  {
    subtitle: 'Monitoring Lapangan',
    account: account.perjalananDinasDalamKota.code,
    supporter: 'Bidang Pemerintahan dan Pembangunan Manusia',
    createdBy: 'demo',
    year: 2025,
    daysAgo: 26,
    component_code: '1.1.1.04.01.0005',
    component_name: 'Uang Harian Monitoring Dalam Kota',
    specification: '3 orang x 8 hari, lokasi kegiatan fisik',
    unit: 'OH',
    price: 150_000,
    volumes: [3, 8, 1],
  },
  {
    subtitle: 'Penyusunan Laporan Evaluasi',
    account: account.bahanCetak.code,
    supporter: 'Bidang Pemerintahan dan Pembangunan Manusia',
    createdBy: 'admin',
    year: 2025,
    daysAgo: 19,
    component_code: '1.1.7.01.03.02.005',
    component_name: 'Cetak Laporan Evaluasi RKPD Triwulan III',
    specification: 'A4, 80 halaman, berwarna pada grafik',
    unit: 'Eksemplar',
    price: 65_000,
    volumes: [40, 1, 1],
  },
  {
    subtitle: 'Forum Perangkat Daerah',
    account: account.maminRapat.code,
    supporter: 'Bidang Ekonomi dan SDA',
    createdBy: 'demo',
    year: 2025,
    daysAgo: 70,
    component_code: '1.1.12.01.03.0012',
    component_name: 'Makan dan Minum Forum Perangkat Daerah',
    specification: 'Prasmanan, 80 peserta, 1 hari',
    unit: 'Orang',
    price: 55_000,
    volumes: [80, 1, 1],
  },
  {
    subtitle: 'Rapat Sinkronisasi Luar Daerah',
    account: account.paketMeetingLuarKota.code,
    supporter: 'Bidang Infrastruktur dan Kewilayahan',
    createdBy: 'admin',
    year: 2026,
    daysAgo: 5,
    component_code: '1.1.1.04.03.0006',
    component_name: 'Paket Meeting Fullboard Luar Kota',
    specification: '6 orang x 2 hari di ibu kota provinsi',
    unit: 'OH',
    price: 1_150_000,
    volumes: [6, 2, 1],
  },
  {
    subtitle: 'Rapat Sinkronisasi Luar Daerah',
    account: account.perjalananDinasBiasa.code,
    supporter: 'Bidang Infrastruktur dan Kewilayahan',
    createdBy: 'demo',
    year: 2025,
    daysAgo: 64,
    component_code: '1.1.1.04.02.0001',
    component_name: 'Uang Harian Perjalanan Dinas ke Provinsi',
    specification: '6 orang x 2,5 hari',
    unit: 'OH',
    price: 380_000,
    volumes: [6, 2.5, 1],
  },
];

export interface DemoArticle {
  title: string;
  category: ArticleCategory;
  status: ArticleStatus;
  tags: string[];
  daysAgo: number;
  views: number;
  excerpt: string;
  /** Only tags the article sanitizer keeps: p, strong, em, ul/li, h2. */
  content: string;
}

export const demoArticles: DemoArticle[] = [
  {
    title: 'Rapat Koordinasi Penyusunan Renja Perangkat Daerah Tahun 2026',
    category: 'Kegiatan Rutin',
    status: 'published',
    tags: ['renja', 'rapat koordinasi'],
    daysAgo: 3,
    views: 41,
    excerpt:
      'Bappeda mengumpulkan seluruh perencana perangkat daerah untuk menyelaraskan rancangan Renja dengan prioritas RKPD.',
    content: `<p>Badan Perencanaan Pembangunan Daerah menggelar <strong>rapat koordinasi penyusunan Rencana Kerja (Renja) Perangkat Daerah</strong> yang diikuti para kepala subbagian perencanaan dari seluruh perangkat daerah.</p>
<p>Rapat membahas keselarasan program dan kegiatan dengan prioritas pembangunan daerah serta ketepatan nomenklatur sesuai Permendagri 90 Tahun 2019.</p>
<h2>Hal yang disepakati</h2>
<ul>
<li>Rancangan Renja diunggah paling lambat akhir bulan ini.</li>
<li>Setiap sub kegiatan wajib memiliki indikator keluaran yang terukur.</li>
<li>Usulan hasil Musrenbang yang diterima dicantumkan dalam lampiran Renja.</li>
</ul>
<p>Perangkat daerah yang mengalami kendala dapat berkonsultasi langsung dengan <em>Bidang Perencanaan</em>.</p>`,
  },
  {
    title: 'Musrenbang Kecamatan Sukamaju Tetapkan 24 Usulan Prioritas',
    category: 'Tindak Lanjut Hasil Musrenbang',
    status: 'published',
    tags: ['musrenbang', 'kecamatan'],
    daysAgo: 6,
    views: 214,
    excerpt:
      'Dari 61 usulan desa, forum Musrenbang Kecamatan Sukamaju menyepakati 24 usulan prioritas untuk dibawa ke tingkat kabupaten.',
    content: `<p>Musyawarah Perencanaan Pembangunan (Musrenbang) Kecamatan Sukamaju menghasilkan <strong>24 usulan prioritas</strong> dari 61 usulan yang diajukan oleh desa dan kelurahan.</p>
<p>Usulan dinilai berdasarkan tingkat kebutuhan, jumlah penerima manfaat dan kesesuaian dengan kewenangan daerah.</p>
<h2>Usulan terbanyak</h2>
<ul>
<li>Perbaikan jalan lingkungan dan drainase.</li>
<li>Penambahan sarana air bersih.</li>
<li>Pelatihan keterampilan bagi pemuda dan UMKM.</li>
</ul>
<p>Seluruh usulan prioritas akan dibahas dalam <em>Forum Perangkat Daerah</em> sebelum ditetapkan dalam rancangan RKPD.</p>`,
  },
  {
    title: 'Warga Kelurahan Mekarsari Usulkan Posyandu Baru Melalui Kanal Aspirasi',
    category: 'Usulan Langsung Warga Masyarakat',
    status: 'published',
    tags: ['aspirasi', 'kesehatan', 'kelurahan'],
    daysAgo: 9,
    views: 72,
    excerpt:
      'Usulan pembangunan posyandu disampaikan langsung oleh warga RW 05 dan kini sedang diverifikasi perangkat daerah terkait.',
    content: `<p>Warga RW 05 Kelurahan Mekarsari menyampaikan usulan <strong>pembangunan gedung posyandu</strong> melalui kanal aspirasi masyarakat. Selama ini kegiatan posyandu menumpang di rumah kader.</p>
<p>Usulan tersebut telah diteruskan kepada Dinas Kesehatan untuk diverifikasi, termasuk ketersediaan lahan dan jumlah balita yang dilayani.</p>
<p>Hasil verifikasi akan diumumkan kepada pengusul dan menjadi bahan penyusunan rencana kerja tahun berikutnya.</p>`,
  },
  {
    title: 'Reses DPRD Masa Sidang I: Warga Dapil II Minta Penerangan Jalan Umum',
    category: 'Usulan Reses DPRD',
    status: 'published',
    tags: ['reses', 'dprd', 'pokir'],
    daysAgo: 14,
    views: 157,
    excerpt:
      'Penerangan jalan umum, jembatan desa dan bantuan alat pertanian menjadi usulan terbanyak dalam reses anggota DPRD Dapil II.',
    content: `<p>Anggota DPRD dari Daerah Pemilihan II melaksanakan <strong>reses masa sidang I</strong> dan menampung aspirasi warga di enam desa.</p>
<h2>Rangkuman aspirasi</h2>
<ul>
<li>Pemasangan penerangan jalan umum di ruas jalan poros desa.</li>
<li>Rehabilitasi jembatan penghubung antardusun.</li>
<li>Bantuan alat dan mesin pertanian bagi kelompok tani.</li>
</ul>
<p>Aspirasi ini dihimpun sebagai <em>pokok-pokok pikiran DPRD</em> dan akan diselaraskan dengan rancangan RKPD.</p>`,
  },
  {
    title: 'Perbaikan Jalan Desa Sukamaju Masuk Rancangan Anggaran 2026',
    category: 'Tindak Lanjut Hasil Musrenbang',
    status: 'published',
    tags: ['musrenbang', 'infrastruktur', 'jalan desa'],
    daysAgo: 21,
    views: 388,
    excerpt:
      'Usulan Musrenbang tahun lalu tentang perbaikan jalan desa sepanjang 2,4 km kini tercantum dalam rancangan anggaran Dinas PUPR.',
    content: `<p>Usulan perbaikan jalan desa di Kecamatan Sukamaju yang disampaikan pada Musrenbang tahun lalu <strong>telah masuk rancangan anggaran tahun 2026</strong>.</p>
<p>Pekerjaan meliputi pengaspalan sepanjang 2,4 kilometer beserta saluran drainase di kedua sisi jalan.</p>
<p>Masyarakat dapat memantau tahapan pekerjaan melalui laman ini. Bappeda akan memperbarui informasi setiap kali ada perkembangan penting.</p>`,
  },
  {
    title: 'Monitoring Triwulan III: Realisasi Fisik Kegiatan Capai 68 Persen',
    category: 'Kegiatan Rutin',
    status: 'published',
    tags: ['monitoring', 'evaluasi'],
    daysAgo: 30,
    views: 129,
    excerpt:
      'Hasil monitoring triwulan III menunjukkan realisasi fisik 68 persen dan realisasi keuangan 61 persen dari pagu.',
    content: `<p>Tim monitoring dan evaluasi Bappeda merampungkan <strong>pemantauan triwulan III</strong> terhadap kegiatan fisik di seluruh perangkat daerah.</p>
<h2>Temuan utama</h2>
<ul>
<li>Realisasi fisik rata-rata mencapai 68 persen.</li>
<li>Realisasi keuangan mencapai 61 persen dari pagu anggaran.</li>
<li>Delapan paket pekerjaan memerlukan percepatan.</li>
</ul>
<p>Perangkat daerah dengan realisasi di bawah target diminta menyampaikan <em>rencana aksi percepatan</em> dalam dua minggu.</p>`,
  },
  {
    title: 'Pokok-Pokok Pikiran DPRD Diintegrasikan ke Rancangan RKPD',
    category: 'Usulan Reses DPRD',
    status: 'published',
    tags: ['pokir', 'dprd', 'rkpd'],
    daysAgo: 45,
    views: 96,
    excerpt:
      'Sebanyak 132 pokok pikiran DPRD telah diverifikasi dan diintegrasikan ke rancangan RKPD sesuai kewenangan perangkat daerah.',
    content: `<p>Bappeda bersama Sekretariat DPRD menyelesaikan verifikasi <strong>132 pokok-pokok pikiran DPRD</strong> hasil reses.</p>
<p>Usulan yang memenuhi kriteria kewenangan dan ketersediaan anggaran diintegrasikan ke rancangan RKPD, sedangkan usulan lainnya diteruskan kepada pemerintah provinsi atau desa.</p>
<p>Daftar lengkap hasil verifikasi dapat dilihat di kantor Bappeda pada jam kerja.</p>`,
  },
  {
    title: 'Cara Menyampaikan Usulan Pembangunan Langsung ke Pemerintah Daerah',
    category: 'Usulan Langsung Warga Masyarakat',
    status: 'published',
    tags: ['aspirasi', 'panduan'],
    daysAgo: 60,
    views: 530,
    excerpt:
      'Selain melalui Musrenbang, warga dapat mengajukan usulan pembangunan secara langsung. Berikut langkah-langkahnya.',
    content: `<p>Warga dapat menyampaikan <strong>usulan pembangunan secara langsung</strong> kepada pemerintah daerah tanpa menunggu jadwal Musrenbang.</p>
<h2>Langkah pengajuan</h2>
<ul>
<li>Tuliskan usulan beserta lokasi dan perkiraan penerima manfaat.</li>
<li>Lampirkan foto kondisi lapangan bila ada.</li>
<li>Sampaikan melalui kantor kelurahan atau desa, atau langsung ke Bappeda.</li>
</ul>
<p>Setiap usulan akan diverifikasi dan hasilnya diinformasikan kepada pengusul. <em>Usulan yang jelas dan lengkap lebih cepat diproses.</em></p>`,
  },
  {
    title: 'Rancangan Jadwal Musrenbang RKPD Tahun 2027',
    category: 'Tindak Lanjut Hasil Musrenbang',
    status: 'draft',
    tags: ['musrenbang', 'jadwal'],
    daysAgo: 1,
    views: 0,
    excerpt:
      'Rancangan jadwal Musrenbang desa, kecamatan dan kabupaten untuk penyusunan RKPD 2027.',
    content: `<p>Berikut <strong>rancangan jadwal</strong> pelaksanaan Musrenbang penyusunan RKPD Tahun 2027. Jadwal masih dapat berubah.</p>
<ul>
<li>Musrenbang desa/kelurahan: Januari.</li>
<li>Musrenbang kecamatan: Februari.</li>
<li>Forum perangkat daerah: awal Maret.</li>
<li>Musrenbang kabupaten: akhir Maret.</li>
</ul>`,
  },
  {
    title: 'Rekapitulasi Usulan Reses DPRD Tahun 2025',
    category: 'Usulan Reses DPRD',
    status: 'draft',
    tags: ['reses', 'rekapitulasi'],
    daysAgo: 2,
    views: 0,
    excerpt:
      'Rekapitulasi sementara usulan hasil reses DPRD sepanjang tahun 2025 per daerah pemilihan.',
    content: `<p>Rekapitulasi sementara usulan hasil reses DPRD tahun 2025. Data masih menunggu <em>verifikasi akhir</em> dari Sekretariat DPRD.</p>
<p>Usulan terbanyak berada pada urusan pekerjaan umum, disusul pendidikan dan kesehatan.</p>`,
  },
  {
    title: 'Pengumuman Pelaksanaan Musrenbang Desa Tahun 2024',
    category: 'Kegiatan Rutin',
    status: 'archived',
    tags: ['musrenbang', 'desa', 'pengumuman'],
    daysAgo: 150,
    views: 812,
    excerpt: 'Pengumuman jadwal dan tata cara Musrenbang desa tahun 2024 (arsip).',
    content: `<p>Musrenbang desa tahun 2024 dilaksanakan serentak di seluruh desa pada bulan Januari.</p>
<p>Kepala desa diminta mengundang <strong>unsur perempuan, pemuda dan kelompok rentan</strong> agar usulan mencerminkan kebutuhan seluruh warga.</p>`,
  },
];
