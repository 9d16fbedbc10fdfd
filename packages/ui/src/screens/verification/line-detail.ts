import { formatRupiah, type LineNamesake } from '@ranwal/core';

/**
 * What tells a line apart from others of its name, as the verifier's list of lines shows it:
 * 'Narasumber tingkat provinsi · Rp 1.000.000' (the specification left out when empty).
 */
export function lineDetailText(line: LineNamesake): string {
  return [line.specification.trim(), formatRupiah(line.price)].filter(Boolean).join(' · ');
}
