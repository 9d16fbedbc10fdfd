import { AsyncLocalStorage } from 'node:async_hooks';
import type { Agent } from 'node:http';
import type { CliLanguage } from './lang.js';

/** A stream as the CLI writes to it: a terminal, a pipe, or a test's collector. */
export interface CliOutput {
  write(text: string): unknown;
  readonly isTTY?: boolean | undefined;
  readonly columns?: number | undefined;
}

/**
 * What one run of `ranwal` reads and writes. The binary's is the process's own; `runRanwal`
 * takes another, so tests and embedders run a command line in-process without a child process
 * (a start of the built binary costs a third of a second of CPU).
 */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdin: AsyncIterable<Buffer | string> & { readonly isTTY?: boolean | undefined };
  stdout: CliOutput;
  stderr: CliOutput;
}

/** A run's own state: its streams, its language and its keep-alive connections. */
export interface CliRunState extends CliIo {
  language?: CliLanguage;
  agents: Map<string, Agent>;
}

const processState: CliRunState = {
  get env() {
    return process.env;
  },
  // Getters: Node creates these streams on first use, and a command may never use stdin.
  get stdin() {
    return process.stdin;
  },
  get stdout() {
    return process.stdout;
  },
  get stderr() {
    return process.stderr;
  },
  agents: new Map(),
};

const runs = new AsyncLocalStorage<CliRunState>();

/** The state of the run this code belongs to: the process's outside `withRun`. */
export const currentRun = (): CliRunState => runs.getStore() ?? processState;

/** Runs `work` with `io` as its streams and environment, and connections of its own. */
export function withRun<T>(io: CliIo | undefined, work: () => Promise<T>): Promise<T> {
  if (!io) return work();
  return runs.run({ ...io, agents: new Map() }, work);
}
