import { CommanderError } from 'commander';
import { closeConnections } from './connection.js';
import { exitCodes, toCliError } from './errors.js';
import { type CliIo, currentRun, withRun } from './io.js';
import { languageFlag, languageFrom, setLanguage } from './lang.js';
import { buildProgram } from './program.js';

export type { CliIo, CliOutput } from './io.js';

export interface RunRanwalOptions {
  /** Its streams and environment; the process's own when left out (the binary). */
  io?: CliIo;
  /** Ctrl-C: the command winds down and the run ends with exit code 130. */
  signal?: AbortSignal;
  /** A full garbage collection, which a long import runs between its calls. */
  collectGarbage?: () => void;
}

/**
 * Runs one `ranwal` command line (the arguments after `ranwal`) and resolves to its exit code:
 * the whole command as the binary runs it, output, errors and all. The one place failures
 * become an exit code and one line on stderr.
 */
export function runRanwal(
  args: readonly string[],
  options: RunRanwalOptions = {},
): Promise<number> {
  return withRun(options.io, async () => {
    const run = currentRun();
    const signal = options.signal ?? new AbortController().signal;
    // `ranwal help kegiatan list` is `ranwal kegiatan list --help`, so its help too names the
    // command as it was typed (commander's own help command would print the English name).
    const [first, ...rest] = args;
    const argv = first === 'help' && rest.length > 0 ? [...rest, '--help'] : [...args];

    // Indonesian unless `--lang en` or RANWAL_LANG=en asks for English: set before the commands
    // are built, as their help is.
    setLanguage(languageFrom(languageFlag(argv)));

    const program = buildProgram({
      signal,
      ...(options.collectGarbage ? { collectGarbage: options.collectGarbage } : {}),
    });
    try {
      await program.parseAsync(argv, { from: 'user' });
      return 0;
    } catch (error) {
      // Commander has printed help, the version, or its one-line complaint.
      if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : exitCodes.usage;
      const failure = toCliError(error);
      run.stderr.write(`ranwal: ${failure.message}\n`);
      return exitCodes[signal.aborted ? 'interrupted' : failure.kind];
    } finally {
      await closeConnections();
    }
  });
}
