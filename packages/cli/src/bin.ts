#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CommanderError } from 'commander';
import { closeConnections } from './connection.js';
import { exitCodes, toCliError } from './errors.js';
import { cliText, languageFlag, languageFrom, setLanguage } from './lang.js';
import { buildProgram } from './program.js';

// The memory of a large import (docs/performance.md#cli): once everything is loaded, the young
// generation keeps the size start-up gave it, instead of doubling under the stream of rows.
setFlagsFromString('--semi-space-growth-factor=1');

let gc: (() => void) | undefined;
/**
 * A full garbage collection, for the import to run while the server applies a call: the call
 * before is garbage by then, and V8 would let several pile up first. V8 offers it to scripts
 * only when asked, as here on first use.
 */
function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

// `ranwal accounts list | head -1`: the reader closing the pipe early has what it wanted, so
// the rest of the output goes nowhere and the command ends as it would have.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
});

// The one place failures become an exit code and one line on stderr.
const interrupt = new AbortController();
process.once('SIGINT', () => {
  interrupt.abort(new Error(cliText().interrupted));
  // A second Ctrl-C does not wait for the command to wind down.
  process.once('SIGINT', () => process.exit(exitCodes.interrupted));
});

// `ranwal help kegiatan list` is `ranwal kegiatan list --help`, so its help too names the
// command as it was typed (commander's own help command would print the English name).
const [node, script, first, ...rest] = process.argv;
const argv =
  first === 'help' && rest.length > 0 ? [node!, script!, ...rest, '--help'] : process.argv;

// Indonesian unless `--lang en` or RANWAL_LANG=en asks for English: set before the commands are
// built, as their help is.
setLanguage(languageFrom(languageFlag(argv.slice(2))));

try {
  await buildProgram({ signal: interrupt.signal, collectGarbage }).parseAsync(argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Commander has printed help, the version, or its one-line complaint.
    process.exitCode = error.exitCode === 0 ? 0 : exitCodes.usage;
  } else {
    const failure = toCliError(error);
    const kind = interrupt.signal.aborted ? 'interrupted' : failure.kind;
    process.stderr.write(`ranwal: ${failure.message}\n`);
    process.exitCode = exitCodes[kind];
  }
} finally {
  await closeConnections();
}
