import { type Messages, messagesEn, messagesId } from '@ranwal/core';
import { currentRun } from './io.js';

/** The languages the CLI speaks: Indonesian, the product's, by default. */
export const cliLanguages = ['id', 'en'] as const;
export type CliLanguage = (typeof cliLanguages)[number];

/**
 * The language asked for: `--lang`, else RANWAL_LANG, else Indonesian. LANG is not read: most
 * machines an Indonesian office runs say en_US there whatever their people read.
 */
export function languageFrom(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = currentRun().env,
): CliLanguage {
  const value = (flag ?? env.RANWAL_LANG ?? '').trim().toLowerCase();
  return value.startsWith('en') ? 'en' : 'id';
}

/** The `--lang` value of a command line (`--lang en` or `--lang=en`), if it has one. */
export function languageFlag(argv: readonly string[]): string | undefined {
  for (const [index, arg] of argv.entries()) {
    if (arg === '--') return undefined;
    if (arg === '--lang') return argv[index + 1];
    if (arg.startsWith('--lang=')) return arg.slice('--lang='.length);
  }
  return undefined;
}

export function setLanguage(language: CliLanguage): void {
  currentRun().language = language;
}

export function language(): CliLanguage {
  return currentRun().language ?? 'id';
}

/** The CLI's words in the language of this run (the core catalogue's `cli` section). */
export function cliText(): Messages['cli'] {
  return (language() === 'en' ? messagesEn : messagesId).cli;
}
