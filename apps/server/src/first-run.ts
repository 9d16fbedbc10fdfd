/** An account made at this start whose password is printed once. */
export interface ShownAccount {
  /** What it is, e.g. 'Admin'. */
  label: string;
  email: string;
  /** Undefined when it came from the configuration (RANWAL_ADMIN_PASSWORD): not printed. */
  password?: string;
}

/**
 * The block a first start ends with: the address and the accounts it made, framed so they stand
 * out from the log above, saying the passwords are shown this once. Null when no account was
 * made (every later start).
 */
export function firstRunBlock(url: string, accounts: readonly ShownAccount[]): string | null {
  if (accounts.length === 0) return null;
  const width = Math.max(...accounts.map((account) => account.label.length));
  const emailWidth = Math.max(...accounts.map((account) => account.email.length));
  const lines = [
    `Ranwal is ready at ${url}`,
    '',
    ...accounts.map(
      (account) =>
        `${account.label.padEnd(width)}  ${account.email.padEnd(emailWidth)}  ${account.password ?? '(password from RANWAL_ADMIN_PASSWORD)'}`,
    ),
    '',
    ...(accounts.some((account) => account.password)
      ? [
          'These passwords are shown once, now, and stored nowhere in clear.',
          "Sign in and change them: 'Ubah Kata Sandi' in the portal, or `ranwal password`.",
        ]
      : [
          "Sign in and change the password: 'Ubah Kata Sandi' in the portal, or `ranwal password`.",
        ]),
  ];
  const inner = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(inner + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(inner)} │`), `└${rule}┘`].join('\n');
}
