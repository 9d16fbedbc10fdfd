import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../../errors.js';
import { cliText } from '../../lang.js';

/** What `--format` takes: a table as xlsx or csv, and the RKA report as pdf too. */
export const exportFormats = ['xlsx', 'csv', 'pdf'] as const;
export type ExportFormat = (typeof exportFormats)[number];
/** The formats of a table (the hierarchy, the flat report). */
export const tableFormats: readonly ExportFormat[] = ['xlsx', 'csv'];

/**
 * The format asked for, else the file name's (`.csv` csv, `.pdf` pdf where `allowed` has it,
 * anything else xlsx), refused unless `allowed`.
 */
export function formatOf(
  out: string,
  format: ExportFormat | undefined,
  allowed: readonly ExportFormat[] = tableFormats,
): ExportFormat {
  const extension = path.extname(out).toLowerCase().slice(1);
  const named = allowed.find((known) => known !== 'xlsx' && known === extension) ?? 'xlsx';
  const chosen = format ?? named;
  if (!allowed.includes(chosen)) {
    throw new CliError('usage', cliText().failures.mustBeOneOf('--format', allowed.join(', ')));
  }
  return chosen;
}

/**
 * Writes `out` whole or not at all: `write` fills a temporary file beside it, which then takes
 * its place; on failure or interruption the temporary file goes and `out` is untouched.
 */
export async function replaceWhole(
  out: string,
  signal: AbortSignal | undefined,
  write: (partial: string) => Promise<void>,
  /** What failed, in the message: `writing FILE` by default. */
  failing?: string,
): Promise<string> {
  const file = path.resolve(out);
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  try {
    await write(partial);
    signal?.throwIfAborted();
    await rename(partial, file);
    return file;
  } catch (error) {
    if (signal?.aborted) throw new CliError('interrupted', cliText().failures.exportInterrupted);
    if (error instanceof CliError) throw error;
    const failures = cliText().failures;
    throw new CliError(
      'failure',
      failures.writeFailed(failing ?? failures.writing(file), (error as Error).message),
      { cause: error },
    );
  } finally {
    await rm(partial, { force: true });
  }
}
