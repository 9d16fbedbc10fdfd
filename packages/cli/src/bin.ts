#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { exitCodes } from './errors.js';
import { cliText } from './lang.js';
import { runRanwal } from './main.js';

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

const interrupt = new AbortController();
process.once('SIGINT', () => {
  interrupt.abort(new Error(cliText().interrupted));
  // A second Ctrl-C does not wait for the command to wind down.
  process.once('SIGINT', () => process.exit(exitCodes.interrupted));
});

process.exitCode = await runRanwal(process.argv.slice(2), {
  signal: interrupt.signal,
  collectGarbage,
});
