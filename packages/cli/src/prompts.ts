import { CliError } from './errors.js';
import { currentRun } from './io.js';
import { cliText } from './lang.js';

// Loaded only when a question is asked: scripts never pay for it.
const inquirer = () => import('@inquirer/prompts');

/**
 * Prompts ask only what flags and environment did not say, and only at a terminal: in a script
 * a missing value is a usage error naming the flag, never a hang.
 */
export const canPrompt = (): boolean =>
  Boolean(currentRun().stdin.isTTY && currentRun().stderr.isTTY);

// Questions go to stderr, so `--json` output on stdout stays parseable.
const context = () => ({ output: currentRun().stderr as NodeJS.WritableStream });

function required(flag: string): never {
  throw new CliError('usage', cliText().failures.needsTerminal(flag));
}

export async function askText(
  message: string,
  flag: string,
  options: { default?: string; validate?: (value: string) => true | string } = {},
): Promise<string> {
  if (!canPrompt()) required(flag);
  const { input } = await inquirer();
  return input(
    {
      message,
      ...(options.default ? { default: options.default } : {}),
      validate: (value) =>
        value.trim() ? (options.validate?.(value.trim()) ?? true) : cliText().prompts.required,
    },
    context(),
  ).then((value) => value.trim());
}

export async function askSecret(message: string, flag: string): Promise<string> {
  if (!canPrompt()) required(flag);
  const { password } = await inquirer();
  return password(
    { message, mask: true, validate: (value) => value.length > 0 || cliText().prompts.required },
    context(),
  );
}

export async function askChoice<T extends string>(
  message: string,
  flag: string,
  choices: readonly T[],
): Promise<T> {
  if (!canPrompt()) required(flag);
  const { select } = await inquirer();
  return select({ message, choices: choices.map((value) => ({ value })) }, context());
}

/** All of standard input as text, less one final line break (`echo "$PASSWORD" | …`). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of currentRun().stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
