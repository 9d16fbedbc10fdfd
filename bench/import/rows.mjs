// The account codes the import benches send: a realistic hierarchy written as a CSV file the way
// Indonesian Excel saves one (bench/import/run.mjs, bench/server/contention.mjs).
import { chmod, writeFile } from 'node:fs/promises';

/**
 * A realistic hierarchy: 20 programmes, 5 kegiatan each, 4 sub kegiatan each, 5 aktivitas each,
 * 5 subtitles each (10 000 subtitles), 10 account codes per subtitle; Permendagri-style codes.
 */
export function* hierarchyRows(count, { codes = false } = {}) {
  const programmes = [
    'Program Penunjang Urusan Pemerintahan Daerah',
    'Program Perencanaan, Pengendalian dan Evaluasi Pembangunan Daerah',
    'Program Koordinasi dan Sinkronisasi Perencanaan Pembangunan Daerah',
    'Program Penelitian dan Pengembangan Daerah',
    'Program Pengelolaan Keuangan Daerah',
  ];
  const actions = [
    'Perencanaan, Penganggaran, dan Evaluasi Kinerja Perangkat Daerah',
    'Administrasi Keuangan Perangkat Daerah',
    'Administrasi Umum Perangkat Daerah',
    'Pengadaan Barang Milik Daerah Penunjang Urusan Pemerintah Daerah',
    'Penyediaan Jasa Penunjang Urusan Pemerintahan Daerah',
  ];
  const accounts = [
    'Belanja Alat/Bahan untuk Kegiatan Kantor-Alat Tulis Kantor',
    'Belanja Alat/Bahan untuk Kegiatan Kantor-Kertas dan Cover',
    'Belanja Alat/Bahan untuk Kegiatan Kantor-Bahan Cetak',
    'Belanja Makanan dan Minuman Rapat',
    'Belanja Perjalanan Dinas Biasa',
    'Belanja Jasa Tenaga Ahli',
    'Belanja Honorarium Narasumber atau Pembahas',
    'Belanja Sewa Gedung/Kantor/Tempat',
    'Belanja Pemeliharaan Alat Angkutan-Alat Angkutan Darat Bermotor',
    'Belanja Modal Peralatan dan Mesin',
  ];
  for (let i = 0; i < count; i += 1) {
    const subtitle = Math.floor(i / 10);
    const activity = Math.floor(subtitle / 5);
    const sub_action = Math.floor(activity / 5);
    const action = Math.floor(sub_action / 4);
    const programme = Math.floor(action / 5);
    const account = i % 10;
    if (codes) {
      // A multi-unit DPA: four Perangkat Daerah (urusan.bidang), five programmes each, the
      // support programme's name in every unit; official codes down to the sub kegiatan, a
      // region's own below.
      const unit = ['1.01', '1.02', '2.07', '4.01'][programme % 4];
      const program = `${unit}.${String(Math.floor(programme / 4) + 1).padStart(2, '0')}`;
      const kegiatan = `${program}.2.${String((action % 5) + 1).padStart(2, '0')}`;
      const sub = `${kegiatan}.${String((sub_action % 4) + 1).padStart(4, '0')}`;
      yield [
        program,
        programmes[Math.floor(programme / 4) % 5],
        kegiatan,
        actions[action % 5],
        sub,
        `Penyusunan Dokumen Perencanaan Perangkat Daerah ${(sub_action % 4) + 1}`,
        String((activity % 5) + 1),
        `Rapat Koordinasi dan Konsultasi ${activity + 1}`,
        String((subtitle % 5) + 1),
        `Subtitle Kegiatan Lokasi ${subtitle + 1}`,
        `5.${1 + (account % 2)}.02.${String(account + 1).padStart(2, '0')}.01.${String((subtitle % 9999) + 1).padStart(4, '0')}`,
        accounts[account],
      ];
      continue;
    }
    yield [
      `${programmes[programme % 5]} ${String(programme + 1).padStart(2, '0')}`,
      `${actions[action % 5]} ${action + 1}`,
      `Penyusunan Dokumen Perencanaan Perangkat Daerah ${sub_action + 1}`,
      `Rapat Koordinasi dan Konsultasi ${activity + 1}`,
      `Subtitle Kegiatan Lokasi ${subtitle + 1}`,
      `5.${1 + (account % 2)}.02.${String(account + 1).padStart(2, '0')}.01.${String((subtitle % 9999) + 1).padStart(4, '0')}`,
      accounts[account],
    ];
  }
}

/** Writes the rows as Indonesian Excel saves them: semicolons, quoted where needed, CRLF. */
export async function writeCsv(file, count, { codes = false } = {}) {
  const quote = (cell) => (/[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  const lines = [
    codes
      ? 'Kode Program;Program;Kode Kegiatan;Kegiatan;Kode Sub Kegiatan;Sub Kegiatan;Kode Aktivitas;Aktivitas;Kode Subtitle;Subtitle;Kode Rekening;Nama Rekening'
      : 'Program;Kegiatan;Sub Kegiatan;Aktivitas;Subtitle;Kode Rekening;Nama Rekening',
  ];
  for (const row of hierarchyRows(count, { codes })) lines.push(row.map(quote).join(';'));
  await writeFile(file, `${lines.join('\r\n')}\r\n`);
  await chmod(file, 0o644);
}
