#!/usr/bin/env node
import { CommanderError } from 'commander';
import { closeConnections } from './connection.js';
import { exitCodes, toCliError } from './errors.js';
import { buildProgram } from './program.js';

// `ranwal accounts list | head -1`: the reader closing the pipe early has what it wanted, so
// the rest of the output goes nowhere and the command ends as it would have.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
});

// The one place failures become an exit code and one line on stderr.
const interrupt = new AbortController();
process.once('SIGINT', () => {
  interrupt.abort(new Error('interrupted'));
  // A second Ctrl-C does not wait for the command to wind down.
  process.once('SIGINT', () => process.exit(exitCodes.interrupted));
});

// `ranwal help kegiatan list` is `ranwal kegiatan list --help`, so its help too names the
// command as it was typed (commander's own help command would print the English name).
const [node, script, first, ...rest] = process.argv;
const argv =
  first === 'help' && rest.length > 0 ? [node!, script!, ...rest, '--help'] : process.argv;

try {
  await buildProgram({ signal: interrupt.signal }).parseAsync(argv);
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
