import { readFileSync } from 'node:fs';
import {
  HIERARCHY_IMPORT_MAX_ROWS,
  type ManagedEntityKey,
  managedEntities,
  managedEntityKeys,
  roles,
} from '@ranwal/core';
import { Command, InvalidArgumentError, Option } from 'commander';
import {
  csvSeparators,
  type ExportOptions,
  exportFormats,
  exportHierarchy,
  exportReports,
  exportSummary,
  type HierarchyExportOptions,
  hierarchyExportSummary,
  reportLayouts,
} from './commands/export/index.js';
import {
  csvEncodings,
  DEFAULT_BATCH_ROWS,
  type ImportOptions,
  importHierarchy,
  importSummary,
} from './commands/import/index.js';
import {
  type ListRecordsOptions,
  listRecords,
  recordNouns,
  recordsSummary,
} from './commands/list/index.js';
import { type LoginOptions, login, loginSummary } from './commands/login/index.js';
import { logout, logoutSummary } from './commands/logout/index.js';
import {
  type ChangePasswordOptions,
  changePassword,
  changePasswordSummary,
  type SetPasswordOptions,
  setPassword,
  setPasswordSummary,
} from './commands/password/index.js';
import {
  catalogueSummary,
  importCatalogue,
  importPagu,
  type PlanningImportOptions,
  paguSummary,
} from './commands/planning/index.js';
import {
  importReference,
  type ReferenceOptions,
  referenceSummary,
} from './commands/reference/index.js';
import {
  type CreateUserOptions,
  createdUserSummary,
  createUser,
  type ListUsersOptions,
  listUsers,
  usersSummary,
} from './commands/users/index.js';
import { whoami, whoamiSummary } from './commands/whoami/index.js';
import type { ConnectionOptions } from './connection.js';
import { CliError } from './errors.js';
import { cliLanguages, cliText } from './lang.js';
import {
  createProgressBar,
  formatBytes,
  formatCount,
  type OutputOptions,
  type ProgressListener,
  printResult,
} from './output.js';
import { readStdin } from './prompts.js';

/** The options every command has, besides its own. */
interface GlobalOptions {
  server?: string;
  json?: boolean;
  lang?: string;
}

const { version } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string };

/** The level commands, from the level table: English plural, Indonesian alias. */
const levelCommands: Record<ManagedEntityKey, { name: string; alias: string }> = {
  agency: { name: 'agencies', alias: 'perangkat-daerah' },
  program: { name: 'programs', alias: 'program' },
  action: { name: 'actions', alias: 'kegiatan' },
  sub_action: { name: 'sub-actions', alias: 'sub-kegiatan' },
  activity: { name: 'activities', alias: 'aktivitas' },
  subtitle: { name: 'subtitles', alias: 'subtitle' },
  account: { name: 'accounts', alias: 'rekening' },
  supporter: { name: 'supporters', alias: 'pengampu' },
};

/** Runs `work` with a progress bar on stderr (none with --json or off a terminal), stopped however it ends. */
async function withProgressBar<T>(
  label: string,
  format: (value: number) => string,
  output: OutputOptions,
  work: (onProgress: ProgressListener) => Promise<T>,
): Promise<T> {
  const bar = createProgressBar(label, format, output);
  try {
    return await work(bar.update);
  } finally {
    bar.stop();
  }
}

/** The file an export writes: `--out`, and its `--format` and CSV `--separator`. */
function withOutputFile(command: Command): Command {
  return command
    .requiredOption('--out <file>', 'file to write (replaced whole, never half-written)')
    .addOption(
      new Option(
        '--format <format>',
        'xlsx or csv, pdf for reports --layout rka (default: from --out)',
      ).choices(exportFormats),
    )
    .addOption(
      new Option(
        '--separator <separator>',
        'csv: comma (RFC 4180) or semicolon (Excel, Indonesian settings)',
      )
        .choices(csvSeparators)
        .default('comma'),
    );
}

/** `ranwal kegiatan list [options]`: the command's path as typed, then its arguments. */
function usageAsTyped(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at; at = at.parent) names.unshift(at.name());
  return `${names.join(' ')} ${command.usage()}`;
}

const examples = (...lines: string[]) =>
  `\n${cliText().help.examples}\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('not a whole number');
  return number;
}

/**
 * Runs a command's function with the parsed options and prints its result: JSON with --json,
 * else its summary. A failure that carries a report (an import's bad rows) prints it first.
 */
function action<O, T>(
  work: (options: O, output: OutputOptions, ...args: string[]) => Promise<T>,
  summary: (result: T) => string,
) {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    // Commander has parsed the flags the command declares into exactly these options.
    const options = command.optsWithGlobals<O & GlobalOptions>();
    const output = { json: Boolean(options.json) };
    try {
      printResult(await work(options, output, ...(args.slice(0, -2) as string[])), output, summary);
    } catch (error) {
      if (error instanceof CliError && error.report !== undefined) {
        printResult(error.report as T, output, summary);
      }
      throw error;
    }
  };
}

/** The `ranwal` command tree. Wiring only: each command is a function in `commands/`. */
export function buildProgram({
  signal,
  collectGarbage,
}: {
  signal: AbortSignal;
  /** A full garbage collection, which a long import runs between its calls. */
  collectGarbage?: () => void;
}): Command {
  const program = new Command('ranwal')
    .description(cliText().help.description)
    .version(version, '-V, --version', cliText().help.versionOption)
    .helpOption('-h, --help', cliText().help.helpOption)
    .helpCommand('help [command]', cliText().help.helpCommand)
    .option('--server <url>', cliText().help.server)
    .option('--json', cliText().help.json)
    // Read before the program is built (bin.ts); declared here so it is accepted and listed.
    .addOption(new Option('--lang <language>', cliText().langOption).choices(cliLanguages))
    .exitOverride()
    // Every command's --help lists --server and --json too (set before the commands inherit it).
    .configureHelp({
      showGlobalOptions: true,
      // Commander's section titles in the language of this run.
      styleTitle: (title) => cliText().help.titles[title] ?? title,
    })
    .configureOutput({
      // Commander's own complaints (unknown option, missing argument): one line, like ours.
      outputError: (text, write) =>
        write(
          `ranwal: ${text
            .replace(/^error: /, '')
            .replace(/^unknown option/, cliText().help.unknownOption)
            .replace(/^unknown command/, cliText().help.unknownCommand)
            .replace(/\s*\n\s*/g, ' ')
            .trim()}\n`,
        ),
    })
    .addHelpText(
      'after',
      `\n${cliText().help.exitCodes}\n${examples(
        'ranwal login --server https://ranwal.example.go.id --email admin@example.go.id',
        'ranwal import hierarchy rekening.xlsx --dry-run',
        'ranwal export reports --year 2025 --out laporan-2025.xlsx',
      )}`,
    );

  program
    .command('login')
    .description(cliText().help.commands.login)
    .option('--email <email>', 'account email (else asked)')
    .addHelpText(
      'after',
      `\nThe password comes from $RANWAL_PASSWORD, else a hidden prompt.\n${examples(
        'ranwal login',
        'RANWAL_PASSWORD=… ranwal login --server http://localhost:8080 --email admin@ranwal.local',
      )}`,
    )
    .action(action((options: LoginOptions) => login(options), loginSummary));

  program
    .command('logout')
    .description(cliText().help.commands.logout)
    .addHelpText('after', examples('ranwal logout', 'ranwal logout --server http://localhost:8080'))
    .action(action((options: ConnectionOptions) => logout(options), logoutSummary));

  program
    .command('whoami')
    .description(cliText().help.commands.whoami)
    .addHelpText('after', examples('ranwal whoami', 'ranwal whoami --json'))
    .action(action((options: ConnectionOptions) => whoami(options), whoamiSummary));

  const imports = program
    .command('import')
    .description(cliText().help.commands.import)
    .addHelpText('after', examples('ranwal import hierarchy rekening.csv --dry-run'));
  imports
    .command('hierarchy')
    .description(
      'create the Perangkat Daerah, programmes, kegiatan, sub kegiatan, aktivitas, subtitles and account codes a CSV or XLSX file names; reuse what exists',
    )
    .argument('<file>', '.csv (comma or semicolon separated) or .xlsx, one row per account code')
    .option('--dry-run', 'report what would be created and what exists; write nothing')
    .option('--skip-invalid', 'import the valid rows even when others are invalid or conflict')
    .option(
      '--batch-size <rows>',
      `rows per request and transaction (default ${formatCount(DEFAULT_BATCH_ROWS)}, at most ${formatCount(HIERARCHY_IMPORT_MAX_ROWS)})`,
      positiveInteger,
    )
    .addOption(
      new Option(
        '--encoding <encoding>',
        "a CSV file's encoding (default: by its byte order mark, else utf-8 if valid, else windows-1252)",
      ).choices(csvEncodings),
    )
    .option(
      '--fill-down',
      'an empty Perangkat Daerah, Program … Subtitle cell takes the name in the cell above (sheets laid out for print leave repeats blank)',
    )
    .option(
      '--accept-renames',
      "a record found by its code under another name takes the file's name (an official rename) instead of being a conflict",
    )
    .addHelpText(
      'after',
      `\nColumns (any case and spacing, Indonesian or English): Program, Kegiatan, Sub Kegiatan,\nAktivitas, Subtitle, Kode Rekening, Nama Rekening, and optionally PPN (ya/tidak), the codes\nKode Program, Kode Kegiatan, Kode Sub Kegiatan, Kode Aktivitas, Kode Subtitle, and the\nPerangkat Daerah (SKPD, OPD) with its Kode Perangkat Daerah: then every row names one, and\neach agency's programmes are its own.\n${examples(
        'ranwal import hierarchy rekening-2025.csv --dry-run',
        'ranwal import hierarchy rekening-2025.xlsx',
        'ranwal import hierarchy rekening.csv --skip-invalid --json > hasil.json',
      )}`,
    )
    .action(
      action(
        (options: Omit<ImportOptions, 'file'>, output, file) =>
          withProgressBar('Importing', formatCount, output, (onProgress) =>
            importHierarchy({
              ...options,
              file: file!,
              signal,
              ...(collectGarbage ? { collectGarbage } : {}),
              onProgress,
              onNote: (text) => process.stderr.write(`${text}\n`),
            }),
          ),
        importSummary,
      ),
    );

  imports
    .command('reference')
    .description(
      'load the national nomenclature (programme, kegiatan, sub kegiatan and kode rekening codes with their official names) for admins to pick from',
    )
    .argument(
      '<file>',
      '.csv or .xlsx with a code column (Kode) and a name column (Nomenklatur…, Uraian)',
    )
    .option('--dry-run', 'report what would be added and renamed; write nothing')
    .addOption(
      new Option(
        '--encoding <encoding>',
        "a CSV file's encoding (default: by its byte order mark, else utf-8 if valid, else windows-1252)",
      ).choices(csvEncodings),
    )
    .addHelpText(
      'after',
      `\nEach row's level is read from its code: 1.01.01 a programme, 1.01.01.2.01 a kegiatan,\n1.01.01.2.01.0001 a sub kegiatan, 5.1.02.01.01.0024 a kode rekening. Urusan, bidang and\nrekening heading rows are left out. A code loaded before takes the file's name.\n${examples(
        'ranwal import reference kepmendagri-050-5889.xlsx --dry-run',
        'ranwal import reference nomenklatur.csv',
      )}`,
    )
    .action(
      action(
        (options: Omit<ReferenceOptions, 'file'>, _output, file) =>
          importReference({
            ...options,
            file: file!,
            signal,
            onNote: (text) => process.stderr.write(`${text}\n`),
          }),
        referenceSummary,
      ),
    );

  for (const [name, description, load, summary, sample] of [
    [
      'catalogue',
      "load a year's standard price catalogue (SSH, SBU, HSPK, ASB) from the sheet the region publishes",
      importCatalogue,
      catalogueSummary,
      'ssh-2026.xlsx',
    ],
    [
      'pagu',
      'set the pagu of sub kegiatan for a year from a sheet (Kode Sub Kegiatan, Pagu; the SKPD where codes repeat)',
      importPagu,
      paguSummary,
      'pagu-2026.xlsx',
    ],
  ] as const) {
    const command = imports
      .command(name)
      .description(description)
      .argument('<file>', '.csv or .xlsx')
      .option(
        '--year <year>',
        "the budget year the sheet is for; by default the server's: the year whose stage is running, else this year",
      )
      .option('--dry-run', 'report what would change; write nothing')
      .addOption(
        new Option(
          '--encoding <encoding>',
          "a CSV file's encoding (default: by its byte order mark, else utf-8 if valid, else windows-1252)",
        ).choices(csvEncodings),
      );
    if (name === 'catalogue') {
      command.option(
        '--kind <kind>',
        'SSH, SBU, HSPK or ASB for rows without a Kelompok column',
        'SSH',
      );
    }
    command
      .addHelpText(
        'after',
        examples(
          `ranwal import ${name} ${sample} --year 2026 --dry-run`,
          `ranwal import ${name} ${sample} --year 2026`,
        ),
      )
      .action(
        action(
          (options: Omit<PlanningImportOptions, 'file'>, _output, file) =>
            (load as (o: PlanningImportOptions) => Promise<unknown>)({
              ...options,
              file: file!,
              signal,
              onNote: (text) => process.stderr.write(`${text}\n`),
            }),
          summary as (report: unknown) => string,
        ),
      );
  }

  const exports = program
    .command('export')
    .description(cliText().help.commands.export)
    .addHelpText('after', examples('ranwal export reports --year 2025 --out laporan-2025.xlsx'));
  withOutputFile(
    exports
      .command('reports')
      .description(
        "download the report (the portal's 'Download Laporan'): the flat workbook or CSV, or the RKA as a workbook or PDF",
      )
      .option(
        '--year <year>',
        "report year; by default the server's: the year whose stage is running, else this year",
      ),
  )
    .addOption(
      new Option(
        '--layout <layout>',
        'flat: one row per line (xlsx, csv); rka: grouped with subtotals and signatures (xlsx, pdf). Default: rka for a pdf, else flat',
      ).choices(reportLayouts),
    )
    .option(
      '--agency <code|name|id>',
      "only this Perangkat Daerah's lines; the RKA carries its header block and its signer",
    )
    .option('--program <name|id>', 'only this programme')
    .option('--supporter <name|id>', 'only this supporter (Pengampu)')
    .option('--user <email|id>', "only this user's lines (admin only)")
    .option(
      '--search <text>',
      'only lines whose component, specification, programme or account contains this',
    )
    .addHelpText(
      'after',
      examples(
        'ranwal export reports --year 2025 --out laporan-2025.xlsx',
        'ranwal export reports --year 2025 --user siti@bappeda.go.id --search kertas --out siti.xlsx',
        'ranwal export reports --year 2025 --out laporan.csv --separator semicolon',
        'ranwal export reports --year 2025 --program "Program Penunjang Urusan" --out penunjang.xlsx',
        'ranwal export reports --year 2025 --layout rka --out rka-2025.xlsx',
        'ranwal export reports --year 2025 --out rka-2025.pdf',
        'ranwal export reports --year 2025 --agency 1.02.0.00.0.00.01.0000 --out rka-dinkes.pdf',
      ),
    )
    .action(
      action(
        (options: ExportOptions, output) =>
          withProgressBar('Downloading', formatBytes, output, (onProgress) =>
            exportReports({ ...options, signal, onProgress }),
          ),
        exportSummary,
      ),
    );

  withOutputFile(
    exports
      .command('hierarchy')
      .description(
        "write every account code with its whole path and every level's code, in the import's own format (import it again: nothing changes)",
      ),
  )
    .addHelpText(
      'after',
      examples(
        'ranwal export hierarchy --out hierarki.xlsx',
        'ranwal export hierarchy --out hierarki.csv --separator semicolon',
      ),
    )
    .action(
      action(
        (options: HierarchyExportOptions, output) =>
          withProgressBar('Reading', formatCount, output, (onProgress) =>
            exportHierarchy({ ...options, signal, onProgress }),
          ),
        hierarchyExportSummary,
      ),
    );

  const users = program
    .command('users')
    .description(cliText().help.commands.users)
    .addHelpText('after', examples('ranwal users list', 'ranwal users create'));
  users
    .command('list')
    .description('list user accounts')
    .option('--search <text>', 'only names or emails containing this')
    .option('--without-agency', cliText().users.withoutAgencyOption)
    .addHelpText(
      'after',
      examples(
        'ranwal users list',
        'ranwal users list --search budi --json',
        'ranwal users list --without-agency',
      ),
    )
    .action(action((options: ListUsersOptions) => listUsers(options), usersSummary));
  users
    .command('create')
    .description('create a user account (asks for what the flags leave out)')
    .option('--name <name>', 'full name')
    .option('--email <email>', 'email, used to sign in')
    .addOption(new Option('--role <role>', 'role').choices(roles))
    .option('--password-stdin', 'read the password from standard input (else a hidden prompt)')
    .addHelpText(
      'after',
      examples(
        'ranwal users create',
        'echo "$PASSWORD" | ranwal users create --name "Budi Santoso" --email budi@example.go.id --role user --password-stdin',
      ),
    )
    .action(
      action(
        async (options: CreateUserOptions & { passwordStdin?: boolean }) =>
          createUser({
            ...options,
            ...(options.passwordStdin ? { password: await readStdin() } : {}),
          }),
        createdUserSummary,
      ),
    );

  users
    .command('set-password')
    .description("set a user's new password; every session of theirs ends")
    .argument('<user>', 'the email (or id) of the user')
    .option('--password-stdin', 'read the new password from standard input (else a hidden prompt)')
    .addHelpText(
      'after',
      examples(
        'ranwal users set-password budi@example.go.id',
        'echo "$PASSWORD" | ranwal users set-password budi@example.go.id --password-stdin',
      ),
    )
    .action(
      action(
        (options: SetPasswordOptions, _output, who = '') => setPassword(who, options),
        setPasswordSummary,
      ),
    );

  program
    .command('password')
    .description(cliText().help.commands.password)
    .option(
      '--password-stdin',
      'read two lines from standard input: the current password, then the new one',
    )
    .addHelpText(
      'after',
      examples(
        'ranwal password',
        'printf "%s\\n%s\\n" "$CURRENT" "$NEW" | ranwal password --password-stdin',
      ),
    )
    .action(
      action((options: ChangePasswordOptions) => changePassword(options), changePasswordSummary),
    );

  // Help and examples say the level command the way it was typed (`kegiatan`, or `actions`).
  program.hook('preSubcommand', (_program, group) => {
    const typed = program.args[0];
    if (typed !== undefined && group.aliases().includes(typed)) group.name(typed);
  });
  for (const level of managedEntityKeys) {
    const { name, alias } = levelCommands[level];
    const noun = recordNouns[level];
    const typed = (command: Command) => command.name();
    const group = program
      .command(name)
      .alias(alias)
      // The usage line says the command as typed, not also its other name (`kegiatan|kegiatan`).
      .configureHelp({ ...program.configureHelp(), commandUsage: usageAsTyped })
      .description(`${noun} (read)`)
      .addHelpText('after', ({ command }) => examples(`ranwal ${typed(command)} list --json`));
    const list = group
      .command('list')
      .description(`list ${noun}`)
      .option('--search <text>', 'only records whose name (or code) contains this');
    if (managedEntities[level].parent)
      list.option('--parent <id>', 'only the children of this parent');
    list
      .addHelpText('after', ({ command }) => {
        const parent = typed(command.parent!);
        return examples(`ranwal ${parent} list`, `ranwal ${parent} list --search rapat --json`);
      })
      .action(
        action(
          (options: Omit<ListRecordsOptions, 'level'>) => listRecords({ ...options, level }),
          (records) => recordsSummary(level, records),
        ),
      );
  }
  return program;
}
