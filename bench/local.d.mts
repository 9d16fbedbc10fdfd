// Types of local.mjs for the TypeScript suites.
export function freePort(): Promise<number>;
export const chromiumLaunchOptions: { executablePath: string; args: string[] };
export const journeyChromiumLaunchOptions: { executablePath: string; args: string[] };
export function startBuiltServer(options: {
  dataDir: string;
  portalDir: string;
  admin: { email: string; password: string };
}): Promise<{ child: import('node:child_process').ChildProcess; baseUrl: string }>;
export function clearForNextVisitor(
  context: import('playwright-core').BrowserContext,
  page: import('playwright-core').Page,
  baseUrl: string,
): Promise<void>;
