import type { ArticleCategory, ArticleStatus, Role } from '@ranwal/core';

/**
 * Authored seed data: the hierarchy as a tree of names (level by depth: program, kegiatan, sub
 * kegiatan, aktivitas, subtitle, kode rekening), budget lines placed by subtitle and account
 * code. `buildSeed` in memory-client.ts turns it into tables. Dates are fixed so stories render
 * the same every time.
 */

export interface SeedNode {
  name: string;
  /** Accounts only. */
  code?: string;
  /** Programs only. */
  is_taxed?: boolean;
  children?: readonly SeedNode[];
}

export interface SeedLine {
  subtitle: string;
  account: string;
  supporter: string;
  /** Email of the user who created the line. */
  createdBy: string;
  createdAt: string;
  year: number;
  component_code: string;
  component_name: string;
  specification: string;
  unit: string;
  price: number;
  volumes: readonly [number, number, number];
}

export interface SeedArticle {
  title: string;
  category: ArticleCategory;
  status: ArticleStatus;
  tags: readonly string[];
  createdAt: string;
  views: number;
  /** Email of the author. */
  author: string;
  excerpt?: string;
  cover_image?: string;
  content: string;
}

export interface SeedData {
  users: readonly { name: string; email: string; role: Role; password: string }[];
  hierarchy: readonly SeedNode[];
  supporters: readonly string[];
  reports: readonly SeedLine[];
  articles: readonly SeedArticle[];
}

const node = (name: string, ...children: SeedNode[]): SeedNode => ({ name, children });

const accounts = {
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
} as const satisfies Record<string, SeedNode>;

const ADMIN = 'admin@ranwal.local';
const USER = 'user@ranwal.local';

const users: SeedData['users'] = [
  { name: 'Administrator', email: ADMIN, role: 'admin', password: 'admin12345' },
  { name: 'Siti Rahmawati', email: USER, role: 'user', password: 'user12345' },
  { name: 'Budi Santoso', email: 'budi.santoso@ranwal.local', role: 'user', password: 'user12345' },
  {
    name: 'Dewi Lestari',
    email: 'dewi.lestari@ranwal.local',
    role: 'admin',
    password: 'admin12345',
  },
];

export const demoData: SeedData = {
  users,
  hierarchy: [
    {
      ...node(
        'PROGRAM PENUNJANG URUSAN PEMERINTAHAN DAERAH KABUPATEN/KOTA',
        node(
          'Perencanaan, Penganggaran, dan Evaluasi Kinerja Perangkat Daerah',
          node(
            'Penyusunan Dokumen Perencanaan Perangkat Daerah',
            node(
              'Penyusunan Renja dan RKA Perangkat Daerah',
              node('Rapat Koordinasi', accounts.maminRapat, accounts.honorNarasumber),
              node('Penggandaan Dokumen Perencanaan', accounts.kertasDanCover, accounts.bahanCetak),
            ),
          ),
        ),
        node(
          'Administrasi Umum Perangkat Daerah',
          node(
            'Penyediaan Bahan Logistik Kantor',
            node(
              'Pengadaan Alat Tulis dan Bahan Komputer',
              node('Belanja Operasional Kantor', accounts.alatTulisKantor, accounts.bahanKomputer),
            ),
          ),
          node(
            'Penyelenggaraan Rapat Koordinasi dan Konsultasi SKPD',
            node(
              'Konsultasi ke Kementerian/Lembaga',
              node('Perjalanan Dinas Luar Daerah', accounts.perjalananDinasBiasa),
            ),
          ),
        ),
      ),
      is_taxed: true,
    },
    node(
      'PROGRAM PERENCANAAN, PENGENDALIAN DAN EVALUASI PEMBANGUNAN DAERAH',
      node(
        'Penyusunan Perencanaan dan Pendanaan',
        node(
          'Penyusunan Dokumen Perencanaan Pembangunan Daerah (RPJPD, RPJMD dan RKPD)',
          node(
            'Penyelenggaraan Musrenbang RKPD',
            node('Musrenbang Kecamatan', accounts.maminLapangan, accounts.perjalananDinasDalamKota),
            node('Musrenbang Kabupaten', accounts.paketMeetingDalamKota, accounts.honorNarasumber),
          ),
        ),
      ),
      node(
        'Pengendalian, Evaluasi dan Pelaporan Pembangunan Daerah',
        node(
          'Evaluasi Pelaksanaan Rencana Pembangunan Daerah',
          node(
            'Monitoring dan Evaluasi Pelaksanaan RKPD',
            node('Monitoring Lapangan', accounts.perjalananDinasDalamKota),
          ),
        ),
      ),
    ),
    node(
      'PROGRAM KOORDINASI DAN SINKRONISASI PERENCANAAN PEMBANGUNAN DAERAH',
      node(
        'Koordinasi Perencanaan Bidang Perekonomian dan SDA',
        node(
          'Koordinasi Penyusunan Dokumen Perencanaan Pembangunan Daerah Bidang Perekonomian dan SDA',
          node(
            'Forum Perangkat Daerah Bidang Perekonomian',
            node('Forum Perangkat Daerah', accounts.maminRapat, accounts.alatTulisKantor),
          ),
        ),
      ),
    ),
  ],
  supporters: [
    'Sekretariat',
    'Bidang Perencanaan',
    'Bidang Ekonomi dan SDA',
    'Bidang Pemerintahan dan Pembangunan Manusia',
    'Bidang Infrastruktur dan Kewilayahan',
  ],
  reports: [
    {
      subtitle: 'Rapat Koordinasi',
      account: accounts.maminRapat.code,
      supporter: 'Bidang Perencanaan',
      createdBy: USER,
      createdAt: '2025-02-10T02:15:00.000Z',
      year: 2025,
      component_code: '1.1.12.01.03.0012',
      component_name: 'Nasi Kotak Rapat',
      specification: 'Nasi, lauk dua macam, sayur, buah, air mineral',
      unit: 'Kotak',
      price: 40_000,
      volumes: [30, 4, 1],
    },
    {
      subtitle: 'Rapat Koordinasi',
      account: accounts.honorNarasumber.code,
      supporter: 'Sekretariat',
      createdBy: ADMIN,
      createdAt: '2025-02-13T03:40:00.000Z',
      year: 2025,
      component_code: '1.1.1.01.02.0002',
      component_name: 'Honorarium Narasumber Pejabat Eselon II',
      specification: '2 narasumber x 1,5 jam x 2 sesi',
      unit: 'OJ',
      price: 1_000_000,
      volumes: [2, 1.5, 2],
    },
    {
      subtitle: 'Belanja Operasional Kantor',
      account: accounts.alatTulisKantor.code,
      supporter: 'Sekretariat',
      createdBy: USER,
      createdAt: '2025-03-03T01:05:00.000Z',
      year: 2025,
      component_code: '1.1.7.01.03.01.004',
      component_name: 'Kertas HVS A4 80 gram',
      specification: 'Ukuran 210 x 297 mm, 500 lembar per rim',
      unit: 'Rim',
      price: 58_000,
      volumes: [40, 1, 1],
    },
    {
      subtitle: 'Belanja Operasional Kantor',
      account: accounts.bahanKomputer.code,
      supporter: 'Sekretariat',
      createdBy: ADMIN,
      createdAt: '2025-03-05T06:30:00.000Z',
      year: 2025,
      component_code: '1.1.7.01.03.06.003',
      component_name: 'Tinta Printer Hitam',
      specification: 'Botol isi ulang 65 ml untuk printer tangki tinta',
      unit: 'Botol',
      price: 95_000,
      volumes: [12, 1, 1],
    },
    {
      subtitle: 'Musrenbang Kecamatan',
      account: accounts.maminLapangan.code,
      supporter: 'Bidang Perencanaan',
      createdBy: USER,
      createdAt: '2025-01-20T04:00:00.000Z',
      year: 2025,
      component_code: '1.1.12.01.03.0015',
      component_name: 'Nasi Kotak Peserta Musrenbang Kecamatan',
      specification: '60 peserta x 12 kecamatan',
      unit: 'Kotak',
      price: 35_000,
      volumes: [60, 12, 1],
    },
    {
      subtitle: 'Monitoring Lapangan',
      account: accounts.perjalananDinasDalamKota.code,
      supporter: 'Bidang Pemerintahan dan Pembangunan Manusia',
      createdBy: 'budi.santoso@ranwal.local',
      createdAt: '2025-04-14T07:20:00.000Z',
      year: 2025,
      component_code: '1.1.1.04.01.0005',
      component_name: 'Uang Harian Monitoring Dalam Kota',
      specification: '3 orang x 8 hari, lokasi kegiatan fisik',
      unit: 'OH',
      price: 150_000,
      volumes: [3, 8, 1],
    },
    {
      subtitle: 'Forum Perangkat Daerah',
      account: accounts.maminRapat.code,
      supporter: 'Bidang Ekonomi dan SDA',
      createdBy: USER,
      createdAt: '2025-03-18T02:45:00.000Z',
      year: 2025,
      component_code: '1.1.12.01.03.0012',
      component_name: 'Makan dan Minum Forum Perangkat Daerah',
      specification: 'Prasmanan, 80 peserta, 1 hari',
      unit: 'Orang',
      price: 55_000,
      volumes: [80, 1, 1],
    },
    {
      subtitle: 'Musrenbang Kabupaten',
      account: accounts.paketMeetingDalamKota.code,
      supporter: 'Bidang Infrastruktur dan Kewilayahan',
      createdBy: ADMIN,
      createdAt: '2026-01-09T03:00:00.000Z',
      year: 2026,
      component_code: '1.1.1.04.03.0002',
      component_name: 'Paket Meeting Fullday Musrenbang RKPD',
      specification: 'Ruang rapat, makan siang, dua kali rehat kopi',
      unit: 'OH',
      price: 300_000,
      volumes: [150, 1, 1],
    },
  ],
  articles: [
    {
      title: 'Rapat Koordinasi Penyusunan Renja Perangkat Daerah Tahun 2026',
      category: 'Kegiatan Rutin',
      status: 'published',
      tags: ['renja', 'rapat koordinasi'],
      createdAt: '2025-06-27T02:00:00.000Z',
      views: 41,
      author: ADMIN,
      content:
        '<p>Badan Perencanaan Pembangunan Daerah menggelar <strong>rapat koordinasi penyusunan Rencana Kerja (Renja) Perangkat Daerah</strong> yang diikuti para kepala subbagian perencanaan.</p><h2>Hal yang disepakati</h2><ul><li>Rancangan Renja diunggah paling lambat akhir bulan ini.</li><li>Setiap sub kegiatan wajib memiliki indikator keluaran yang terukur.</li></ul>',
    },
    {
      title: 'Musrenbang Kecamatan Sukamaju Tetapkan 24 Usulan Prioritas',
      category: 'Tindak Lanjut Hasil Musrenbang',
      status: 'published',
      tags: ['musrenbang', 'kecamatan'],
      createdAt: '2025-06-24T03:30:00.000Z',
      views: 214,
      author: ADMIN,
      excerpt:
        'Dari 61 usulan desa, forum Musrenbang Kecamatan Sukamaju menyepakati 24 usulan prioritas untuk dibawa ke tingkat kabupaten.',
      content:
        '<p>Musrenbang Kecamatan Sukamaju menghasilkan <strong>24 usulan prioritas</strong> dari 61 usulan desa dan kelurahan.</p><ul><li>Perbaikan jalan lingkungan dan drainase.</li><li>Penambahan sarana air bersih.</li></ul>',
    },
    {
      title: 'Warga Kelurahan Mekarsari Usulkan Posyandu Baru Melalui Kanal Aspirasi',
      category: 'Usulan Langsung Warga Masyarakat',
      status: 'published',
      tags: ['aspirasi', 'kesehatan', 'kelurahan'],
      createdAt: '2025-06-21T01:15:00.000Z',
      views: 72,
      author: 'dewi.lestari@ranwal.local',
      content:
        '<p>Warga RW 05 Kelurahan Mekarsari menyampaikan usulan <strong>pembangunan gedung posyandu</strong> melalui kanal aspirasi masyarakat.</p><p>Usulan telah diteruskan kepada Dinas Kesehatan untuk diverifikasi.</p>',
    },
    {
      title: 'Reses DPRD Masa Sidang I: Warga Dapil II Minta Penerangan Jalan Umum',
      category: 'Usulan Reses DPRD',
      status: 'published',
      tags: ['reses', 'dprd', 'pokir'],
      createdAt: '2025-06-16T05:00:00.000Z',
      views: 157,
      author: ADMIN,
      content:
        '<p>Anggota DPRD Daerah Pemilihan II melaksanakan <strong>reses masa sidang I</strong> dan menampung aspirasi warga di enam desa.</p><ul><li>Penerangan jalan umum di jalan poros desa.</li><li>Rehabilitasi jembatan antardusun.</li></ul>',
    },
    {
      title: 'Perbaikan Jalan Desa Sukamaju Masuk Rancangan Anggaran 2026',
      category: 'Tindak Lanjut Hasil Musrenbang',
      status: 'published',
      tags: ['musrenbang', 'infrastruktur', 'jalan desa'],
      createdAt: '2025-06-09T02:30:00.000Z',
      views: 388,
      author: ADMIN,
      content:
        '<p>Usulan perbaikan jalan desa di Kecamatan Sukamaju <strong>telah masuk rancangan anggaran tahun 2026</strong>.</p><p>Pekerjaan meliputi pengaspalan sepanjang 2,4 kilometer beserta saluran drainase.</p>',
    },
    {
      title: 'Monitoring Triwulan III: Realisasi Fisik Kegiatan Capai 68 Persen',
      category: 'Kegiatan Rutin',
      status: 'published',
      tags: ['monitoring', 'evaluasi'],
      createdAt: '2025-05-31T04:10:00.000Z',
      views: 129,
      author: 'dewi.lestari@ranwal.local',
      content:
        '<p>Tim monitoring dan evaluasi merampungkan <strong>pemantauan triwulan III</strong> terhadap kegiatan fisik di seluruh perangkat daerah.</p><ul><li>Realisasi fisik rata-rata 68 persen.</li><li>Realisasi keuangan 61 persen dari pagu.</li></ul>',
    },
    {
      title: 'Pokok-Pokok Pikiran DPRD Diintegrasikan ke Rancangan RKPD',
      category: 'Usulan Reses DPRD',
      status: 'published',
      tags: ['pokir', 'dprd', 'rkpd'],
      createdAt: '2025-05-16T03:00:00.000Z',
      views: 96,
      author: ADMIN,
      content:
        '<p>Bappeda bersama Sekretariat DPRD menyelesaikan verifikasi <strong>132 pokok-pokok pikiran DPRD</strong> hasil reses.</p>',
    },
    {
      title: 'Cara Menyampaikan Usulan Pembangunan Langsung ke Pemerintah Daerah',
      category: 'Usulan Langsung Warga Masyarakat',
      status: 'published',
      tags: ['aspirasi', 'panduan'],
      createdAt: '2025-05-01T01:00:00.000Z',
      views: 530,
      author: ADMIN,
      content:
        '<p>Warga dapat menyampaikan <strong>usulan pembangunan secara langsung</strong> tanpa menunggu jadwal Musrenbang.</p><h2>Langkah pengajuan</h2><ul><li>Tuliskan usulan beserta lokasinya.</li><li>Lampirkan foto kondisi lapangan bila ada.</li><li>Sampaikan melalui kantor kelurahan atau desa, atau langsung ke Bappeda.</li></ul>',
    },
    {
      title: 'Rancangan Jadwal Musrenbang RKPD Tahun 2027',
      category: 'Tindak Lanjut Hasil Musrenbang',
      status: 'draft',
      tags: ['musrenbang', 'jadwal'],
      createdAt: '2025-06-29T08:00:00.000Z',
      views: 0,
      author: ADMIN,
      content:
        '<p>Berikut <strong>rancangan jadwal</strong> Musrenbang penyusunan RKPD Tahun 2027. Jadwal masih dapat berubah.</p>',
    },
    {
      title: 'Rekapitulasi Usulan Reses DPRD Tahun 2025',
      category: 'Usulan Reses DPRD',
      status: 'draft',
      tags: ['reses', 'rekapitulasi'],
      createdAt: '2025-06-28T08:00:00.000Z',
      views: 0,
      author: 'dewi.lestari@ranwal.local',
      content:
        '<p>Rekapitulasi sementara usulan hasil reses DPRD tahun 2025 per daerah pemilihan.</p>',
    },
    {
      title: 'Pengumuman Pelaksanaan Musrenbang Desa Tahun 2024',
      category: 'Kegiatan Rutin',
      status: 'archived',
      tags: ['musrenbang', 'desa', 'pengumuman'],
      createdAt: '2024-01-05T02:00:00.000Z',
      views: 812,
      author: ADMIN,
      content:
        '<p>Musrenbang desa tahun 2024 dilaksanakan serentak di seluruh desa pada bulan Januari.</p>',
    },
  ],
};

const longProgram =
  'PROGRAM PENINGKATAN KAPASITAS KELEMBAGAAN, TATA KELOLA PERENCANAAN PEMBANGUNAN DAERAH BERBASIS DATA SPASIAL TERPADU, PARTISIPASI MASYARAKAT, DAN SINERGI ANTARPERANGKAT DAERAH KABUPATEN/KOTA SE-PROVINSI';
const longAction =
  'Koordinasi, Sinkronisasi, dan Harmonisasi Penyusunan Dokumen Perencanaan Pembangunan Jangka Panjang, Jangka Menengah, dan Tahunan Daerah beserta Rencana Strategis dan Rencana Kerja Perangkat Daerah';
const longSubAction =
  'Penyelenggaraan Forum Konsultasi Publik, Musyawarah Perencanaan Pembangunan Tingkat Desa, Kelurahan, Kecamatan, dan Kabupaten/Kota dengan Melibatkan Unsur Perempuan, Pemuda, Penyandang Disabilitas, dan Kelompok Rentan';
const longActivity =
  'Pengumpulan, Pengolahan, Verifikasi, dan Validasi Data Usulan Pembangunan dari Seluruh Desa dan Kelurahan untuk Diintegrasikan ke dalam Sistem Informasi Pemerintahan Daerah dan Rancangan Awal Rencana Kerja Pemerintah Daerah';
const longSubtitle =
  'Rapat Koordinasi Teknis Lintas Bidang dan Lintas Perangkat Daerah dalam rangka Penajaman Indikator Kinerja Utama, Target Capaian, dan Pagu Indikatif Sub Kegiatan Prioritas Daerah Tahun Anggaran Berikutnya';
const longAccount = {
  code: '5.1.02.02.01.0003',
  name: 'Honorarium Narasumber atau Pembahas, Moderator, Pembawa Acara, dan Panitia Penyelenggara Kegiatan Forum Konsultasi Publik dan Musyawarah Perencanaan Pembangunan Daerah Tingkat Kabupaten/Kota',
};
const longSupporter =
  'Bidang Perencanaan, Pengendalian, Evaluasi, Penelitian, dan Pengembangan Pembangunan Daerah serta Pengelolaan Data dan Sistem Informasi Perencanaan Pembangunan Daerah';

export const longNamesData: SeedData = {
  users: [
    users[0]!,
    {
      name: 'Raden Roro Siti Nurhayati Kusumawardhani Prawiranegara, S.E., M.Si., Ak., CA.',
      email: 'siti.nurhayati.kusumawardhani.prawiranegara@bappeda.kabupaten-contoh.go.id',
      role: 'user',
      password: 'user12345',
    },
  ],
  hierarchy: [
    {
      ...node(
        longProgram,
        node(
          longAction,
          node(
            longSubAction,
            node(longActivity, node(longSubtitle, longAccount, accounts.alatTulisKantor)),
          ),
        ),
        node('Administrasi Umum Perangkat Daerah'),
      ),
      is_taxed: true,
    },
    node('PROGRAM PERENCANAAN, PENGENDALIAN DAN EVALUASI PEMBANGUNAN DAERAH'),
  ],
  supporters: [longSupporter, 'Sekretariat'],
  reports: [
    {
      subtitle: longSubtitle,
      account: longAccount.code,
      supporter: longSupporter,
      createdBy: 'siti.nurhayati.kusumawardhani.prawiranegara@bappeda.kabupaten-contoh.go.id',
      createdAt: '2025-03-11T02:00:00.000Z',
      year: 2025,
      component_code: '1.1.1.01.02.0002.0001.0003',
      component_name:
        'Honorarium Narasumber Pejabat Eselon II dari Kementerian Perencanaan Pembangunan Nasional/Badan Perencanaan Pembangunan Nasional untuk Sesi Pleno dan Diskusi Kelompok Terpumpun',
      specification:
        'Dua narasumber, masing-masing satu setengah jam per sesi, dua sesi per hari selama tiga hari pelaksanaan, termasuk penyusunan bahan paparan dan rangkuman hasil diskusi kelompok terpumpun',
      unit: 'Orang/Jam',
      price: 1_750_000,
      volumes: [2, 1.5, 6],
    },
  ],
  articles: [
    {
      title:
        'Hasil Musyawarah Perencanaan Pembangunan Tingkat Kabupaten Tahun 2025: Seratus Dua Puluh Empat Usulan Prioritas dari Dua Puluh Tiga Kecamatan Disepakati untuk Rancangan Rencana Kerja Pemerintah Daerah',
      category: 'Tindak Lanjut Hasil Musrenbang',
      status: 'published',
      tags: ['musyawarah perencanaan pembangunan', 'rencana kerja pemerintah daerah', 'kecamatan'],
      createdAt: '2025-04-02T03:00:00.000Z',
      views: 1_234_567,
      author: ADMIN,
      content:
        '<p>Forum Musrenbang tingkat kabupaten menyepakati seratus dua puluh empat usulan prioritas dari dua puluh tiga kecamatan untuk dimuat dalam rancangan RKPD, dengan memperhatikan kemampuan keuangan daerah, kewenangan, dan keselarasan dengan sasaran pembangunan jangka menengah daerah.</p>',
    },
  ],
};
