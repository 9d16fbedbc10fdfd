// Types of local.mjs for the TypeScript suites.
export function freePort(): Promise<number>;
export const chromiumLaunchOptions: { executablePath: string; args: string[] };
