import { formatNumberId } from './format.js';
import { volumeHundredths } from './money.js';

/** A line's three volumes and the unit each counts (Orang, Hari, Kali); null where none. */
export interface LineVolumes {
  first_volume: number;
  second_volume: number;
  third_volume: number;
  first_volume_unit: string | null;
  second_volume_unit: string | null;
  third_volume_unit: string | null;
}

const volumeParts = (line: LineVolumes) =>
  [
    [line.first_volume, line.first_volume_unit],
    [line.second_volume, line.second_volume_unit],
    [line.third_volume, line.third_volume_unit],
  ] as const;

/**
 * The coefficient as an RKA writes it: "2 Orang x 3 Hari x 1 Kali". The first volume is always
 * written; a later one only when it counts something (a unit) or is not 1, so a line priced by
 * one volume reads "5 Rim" rather than "5 Rim x 1 x 1".
 */
export function coefficientText(line: LineVolumes): string {
  return volumeParts(line)
    .filter(([volume, unit], index) => index === 0 || Boolean(unit) || volume !== 1)
    .map(([volume, unit]) => {
      const amount = formatNumberId(volume, 2);
      return unit ? `${amount} ${unit}` : amount;
    })
    .join(' x ');
}

/** The product of the three volumes (2 x 3 x 1 = 6), exact to the millionth. */
export function volumeProduct(line: LineVolumes): number {
  const millionths = volumeParts(line).reduce(
    (product, [volume], index) => product * volumeHundredths(volume, `volume ${index + 1}`),
    1n,
  );
  return Number(millionths) / 1_000_000;
}

/** The PPN rule a line was priced with, as a line and the RKA write it: "12%", "12% x 11/12". */
export function taxRuleText(line: {
  tax_rate: number;
  tax_base_numerator: number;
  tax_base_denominator: number;
}): string {
  const rate = `${formatNumberId(line.tax_rate, 2)}%`;
  return line.tax_base_numerator === line.tax_base_denominator
    ? rate
    : `${rate} x ${line.tax_base_numerator}/${line.tax_base_denominator}`;
}
