import { readFileSync } from 'node:fs';
import {
  HIERARCHY_IMPORT_MAX_ROWS,
  type ManagedEntityKey,
  managedEntities,
  managedEntityKeys,
  roles,
} from '@ranwal/core';
import { Command, Help, InvalidArgumentError, Option } from 'commander';
import {
  type CashPlanLayout,
  cashPlanLayouts,
  csvSeparators,
  type ExportFormat,
  type ExportOptions,
  exportFormats,
  exportHierarchy,
  exportPrintout,
  exportReports,
  exportSummary,
  formatOf,
  type HierarchyExportOptions,
  hierarchyExportSummary,
  type PrintoutOptions,
  type PrintoutResult,
  printoutSummary,
  reportLayouts,
} from './commands/export/index.js';
import {
  csvEncodings,
  DEFAULT_BATCH_ROWS,
  type ImportOptions,
  importHierarchy,
  importSummary,
} from './commands/import/index.js';
import { type ListRecordsOptions, listRecords, recordsSummary } from './commands/list/index.js';
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
  type CashPlanExportOptions,
  type CashPlanExportResult,
  cashPlanExportSummary,
  cashPlanSummary,
  catalogueSummary,
  exportCashPlan,
  fundingSourceSummary,
  importCashPlan,
  importCatalogue,
  importFundingSources,
  importPagu,
  importSp2d,
  type PlanningImportOptions,
  paguSummary,
  sp2dSummary,
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
import { type CliOutput, currentRun } from './io.js';
import { cliLanguages, cliText } from './lang.js';
import {
  createProgressBar,
  formatBytes,
  formatCount,
  type OutputOptions,
  type ProgressListener,
  printNote,
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
    .requiredOption(`--out ${value('file')}`, cliText().help.out)
    .addOption(
      new Option(`--format ${value('format')}`, cliText().help.format).choices(exportFormats),
    )
    .addOption(
      new Option(`--separator ${value('separator')}`, cliText().help.separator)
        .choices(csvSeparators)
        .default('comma'),
    );
}

/** Whether an export writes a PDF: asked with --format, else named so by --out. */
const isPdf = (options: { out: string; format?: ExportFormat | undefined }) =>
  formatOf(options.out, options.format, exportFormats) === 'pdf';

/** An option's value as help shows it, in the language of the run: `<berkas>`, `<tahun>`. */
const value = (key: keyof ReturnType<typeof cliText>['help']['values']) =>
  `<${cliText().help.values[key]}>`;

/** Commander's `[options]` and `[command]` in a usage line, in the language of the run. */
const usageWords = (usage: string) =>
  usage
    .replace('[options]', `[${cliText().help.usage.options}]`)
    .replace('[command]', `[${cliText().help.usage.command}]`);

/** A CSV file's `--encoding`, for the imports. */
const encodingOption = () =>
  new Option(`--encoding ${value('encoding')}`, cliText().help.encoding).choices(csvEncodings);

/** `ranwal kegiatan list [opsi]`: the command's path as typed, then its arguments. */
function usageAsTyped(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at; at = at.parent) names.unshift(at.name());
  return `${names.join(' ')} ${usageWords(command.usage())}`;
}

/**
 * Commander's complaints (unknown option, missing argument, bad choice …) in the language of
 * the run, on one line like ours. Commander words them in English; each is matched here and
 * said again from the catalogue (what matches none is left as commander said it).
 */
function commanderError(text: string): string {
  const words = cliText().commander;
  const [first = '', ...rest] = text
    .replace(/^error: /, '')
    .trim()
    .split('\n');
  const suggestion = rest
    .join(' ')
    .trim()
    .replace(/^\(Did you mean (?:one of )?(.*)\?\)$/, (_all, names: string) =>
      words.didYouMean(names),
    );
  const said: [RegExp, (...parts: string[]) => string][] = [
    [/^unknown option (.+)$/, words.unknownOption],
    [/^unknown command (.+)$/, words.unknownCommand],
    [/^missing required argument (.+)$/, words.missingArgument],
    [/^option (.+) argument missing$/, words.optionMissingArgument],
    [/^required option (.+) not specified$/, words.missingMandatoryOption],
    [/^option (.+) argument (.+) is invalid\. Allowed choices are (.+)\.$/, words.invalidChoice],
    [/^option (.+) argument (.+) is invalid\. (.+)$/, words.invalidValue],
    [
      /^too many arguments for (.+)\. Expected (\d+) arguments? but got (\d+)\.$/,
      words.excessArguments,
    ],
  ];
  let message = first;
  for (const [pattern, say] of said) {
    const match = pattern.exec(first);
    if (match) {
      message = say(...match.slice(1));
      break;
    }
  }
  return [message, suggestion].filter(Boolean).join(' ');
}

const examples = (...lines: string[]) =>
  `\n${cliText().help.examples}\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new InvalidArgumentError(cliText().help.notWholeNumber);
  }
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

/** As commander measures help: a terminal's width, else its default (80 columns). */
const helpWidth = (stream: CliOutput): number => (stream.isTTY && stream.columns) || 80;

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
    .helpCommand(`help [${cliText().help.usage.command}]`, cliText().help.helpCommand)
    .option(`--server ${value('url')}`, cliText().help.server)
    .option('--json', cliText().help.json)
    // Read before the program is built (bin.ts); declared here so it is accepted and listed.
    .addOption(
      new Option(`--lang ${value('language')}`, cliText().langOption).choices(cliLanguages),
    )
    .exitOverride()
    // Every command's --help lists --server and --json too (set before the commands inherit it).
    .configureHelp({
      showGlobalOptions: true,
      // Commander's section titles in the language of this run.
      styleTitle: (title) => cliText().help.titles[title] ?? title,
      // `[options]` and `[command]` in usage lines and the list of commands.
      commandUsage: (command) => usageWords(new Help().commandUsage(command)),
      subcommandTerm: (command) => usageWords(new Help().subcommandTerm(command)),
      // The notes after an option's description: `(pilihan: "xlsx", …, bawaan: "comma")`.
      optionDescription: (option) =>
        new Help()
          .optionDescription(option)
          .replace(/(\(|, )choices: /, `$1${cliText().help.choices}: `)
          .replace(/(\(|, )default: /, `$1${cliText().help.defaultValue}: `),
    })
    .configureOutput({
      // The run's streams (the process's, or those runRanwal was given), read when written to.
      writeOut: (text) => currentRun().stdout.write(text),
      writeErr: (text) => currentRun().stderr.write(text),
      getOutHelpWidth: () => helpWidth(currentRun().stdout),
      getErrHelpWidth: () => helpWidth(currentRun().stderr),
      // Commander's own complaints (unknown option, missing argument): one line, like ours.
      outputError: (text, write) => write(`ranwal: ${commanderError(text)}\n`),
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
    .option(`--email ${value('email')}`, cliText().help.login.email)
    .addHelpText(
      'after',
      `\n${cliText().help.login.password}\n${examples(
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
    .description(cliText().help.importHierarchy.description)
    .argument(value('file'), cliText().help.importHierarchy.file)
    .option('--dry-run', cliText().help.importHierarchy.dryRun)
    .option('--skip-invalid', cliText().help.importHierarchy.skipInvalid)
    .option(
      `--batch-size ${value('rows')}`,
      cliText().help.importHierarchy.batchSize(
        formatCount(DEFAULT_BATCH_ROWS),
        formatCount(HIERARCHY_IMPORT_MAX_ROWS),
      ),
      positiveInteger,
    )
    .addOption(encodingOption())
    .option('--fill-down', cliText().help.importHierarchy.fillDown)
    .option('--accept-renames', cliText().help.importHierarchy.acceptRenames)
    .addHelpText(
      'after',
      `\n${cliText().help.importHierarchy.columns}\n${examples(
        'ranwal import hierarchy rekening-2025.csv --dry-run',
        'ranwal import hierarchy rekening-2025.xlsx',
        'ranwal import hierarchy rekening.csv --skip-invalid --json > hasil.json',
      )}`,
    )
    .action(
      action(
        (options: Omit<ImportOptions, 'file'>, output, file) =>
          withProgressBar(cliText().progress.importing, formatCount, output, (onProgress) =>
            importHierarchy({
              ...options,
              file: file!,
              signal,
              ...(collectGarbage ? { collectGarbage } : {}),
              onProgress,
              onNote: printNote,
            }),
          ),
        importSummary,
      ),
    );

  imports
    .command('reference')
    .description(cliText().help.importReference.description)
    .argument(value('file'), cliText().help.importReference.file)
    .option('--dry-run', cliText().help.importReference.dryRun)
    .addOption(encodingOption())
    .addHelpText(
      'after',
      `\n${cliText().help.importReference.levels}\n${examples(
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
            onNote: printNote,
          }),
        referenceSummary,
      ),
    );

  for (const [name, description, load, summary, sample] of [
    [
      'catalogue',
      cliText().help.importCatalogue,
      importCatalogue,
      catalogueSummary,
      'ssh-2026.xlsx',
    ],
    ['pagu', cliText().help.importPagu, importPagu, paguSummary, 'pagu-2026.xlsx'],
    [
      'cash-plan',
      cliText().help.importCashPlan,
      importCashPlan,
      cashPlanSummary,
      'anggaran-kas-2026.xlsx',
    ],
    ['sp2d', cliText().help.importSp2d, importSp2d, sp2dSummary, 'sp2d-2026.xlsx'],
  ] as const) {
    const command = imports
      .command(name)
      .description(description)
      .argument(value('file'), cliText().help.planningFile)
      .option(`--year ${value('year')}`, cliText().help.planningYear)
      .option('--dry-run', cliText().help.dryRun)
      .addOption(encodingOption());
    if (name === 'catalogue') {
      command.option(`--kind ${value('kind')}`, cliText().help.kind, 'SSH');
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
              onNote: printNote,
            }),
          summary as (report: unknown) => string,
        ),
      );
  }

  imports
    .command('funding-sources')
    .description(cliText().help.importFundingSources)
    .argument(value('file'), cliText().help.planningFile)
    .addOption(encodingOption())
    .addHelpText('after', examples('ranwal import funding-sources sumber-dana.xlsx'))
    .action(
      action(
        (options: Omit<PlanningImportOptions, 'file'>, _output, file) =>
          importFundingSources({
            ...options,
            file: file!,
            signal,
            onNote: printNote,
          }),
        fundingSourceSummary,
      ),
    );

  const exports = program
    .command('export')
    .description(cliText().help.commands.export)
    .addHelpText('after', examples('ranwal export reports --year 2025 --out laporan-2025.xlsx'));
  withOutputFile(
    exports
      .command('reports')
      .description(cliText().help.exportReports.description)
      .option(`--year ${value('year')}`, cliText().help.exportReports.year),
  )
    .addOption(
      new Option(`--layout ${value('layout')}`, cliText().help.exportReports.layout).choices(
        reportLayouts,
      ),
    )
    .option(`--agency ${value('agency')}`, cliText().help.exportReports.agency)
    .option(`--program ${value('nameOrId')}`, cliText().help.exportReports.program)
    .option(`--supporter ${value('nameOrId')}`, cliText().help.exportReports.supporter)
    .option(`--user ${value('emailOrId')}`, cliText().help.exportReports.user)
    .option(`--search ${value('text')}`, cliText().help.exportReports.search)
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
          withProgressBar(cliText().progress.downloading, formatBytes, output, (onProgress) =>
            exportReports({ ...options, signal, onProgress }),
          ),
        exportSummary,
      ),
    );

  withOutputFile(
    exports
      .command('cash-plan')
      .description(cliText().help.exportCashPlan)
      .option(`--year ${value('year')}`, cliText().help.planningYear),
  )
    .addOption(
      new Option(`--layout ${value('layout')}`, cliText().help.cashPlanLayout).choices(
        cashPlanLayouts,
      ),
    )
    .option(`--agency ${value('agency')}`, cliText().help.printAgency)
    .addHelpText(
      'after',
      examples(
        'ranwal export cash-plan --year 2026 --out anggaran-kas-2026.xlsx',
        'ranwal export cash-plan --year 2026 --out anggaran-kas-2026.csv --separator semicolon',
        'ranwal export cash-plan --year 2026 --out anggaran-kas-2026.pdf',
        'ranwal export cash-plan --year 2026 --layout print --agency 1.02.0.00.0.00.01.0000 --out anggaran-kas-dinkes.xlsx',
      ),
    )
    .action(
      action(
        (
          options: CashPlanExportOptions & PrintoutOptions & { layout?: CashPlanLayout },
          output,
        ): Promise<CashPlanExportResult | PrintoutResult> => {
          const layout = options.layout ?? (isPdf(options) ? 'print' : 'sipd');
          if (layout === 'sipd') {
            if (isPdf(options)) throw new CliError('usage', cliText().failures.pdfIsPrint);
            if (options.agency) throw new CliError('usage', cliText().failures.agencyIsPrint);
            return exportCashPlan({ ...options, signal });
          }
          return withProgressBar(
            cliText().progress.downloading,
            formatBytes,
            output,
            (onProgress) => exportPrintout('cash-plan', { ...options, signal, onProgress }),
          );
        },
        (result) =>
          'printout' in result ? printoutSummary(result) : cashPlanExportSummary(result),
      ),
    );

  withOutputFile(
    exports
      .command('funding-recap')
      .description(cliText().help.exportFundingRecap)
      .option(`--year ${value('year')}`, cliText().help.planningYear),
  )
    .option(`--agency ${value('agency')}`, cliText().help.printAgency)
    .addHelpText(
      'after',
      examples(
        'ranwal export funding-recap --year 2026 --out rekap-sumber-dana-2026.xlsx',
        'ranwal export funding-recap --year 2026 --agency 1.02.0.00.0.00.01.0000 --out rekap-dinkes.pdf',
      ),
    )
    .action(
      action(
        (options: PrintoutOptions, output) =>
          withProgressBar(cliText().progress.downloading, formatBytes, output, (onProgress) =>
            exportPrintout('funding-recap', { ...options, signal, onProgress }),
          ),
        printoutSummary,
      ),
    );

  withOutputFile(
    exports
      .command('monthly-report')
      .description(cliText().help.exportMonthlyReport)
      .option(`--year ${value('year')}`, cliText().help.planningYear),
  )
    .requiredOption(`--month ${value('month')}`, cliText().help.reportMonth)
    .option(`--agency ${value('agency')}`, cliText().help.monthAgency)
    .addHelpText(
      'after',
      examples(
        'ranwal export monthly-report --year 2026 --month 3 --out laporan-bulanan-maret.xlsx',
        'ranwal export monthly-report --month 3 --agency 1.02.0.00.0.00.01.0000 --out dinkes-maret.pdf',
      ),
    )
    .action(
      action(
        (options: PrintoutOptions, output) =>
          withProgressBar(cliText().progress.downloading, formatBytes, output, (onProgress) =>
            exportPrintout('monthly-report', { ...options, signal, onProgress }),
          ),
        printoutSummary,
      ),
    );

  withOutputFile(
    exports
      .command('evaluation')
      .description(cliText().help.exportEvaluation)
      .option(`--year ${value('year')}`, cliText().help.planningYear),
  )
    .requiredOption(`--quarter ${value('quarter')}`, cliText().help.reportQuarter)
    .option(`--agency ${value('agency')}`, cliText().help.monthAgency)
    .addHelpText(
      'after',
      examples(
        'ranwal export evaluation --year 2026 --quarter 2 --out evaluasi-tw2.xlsx',
        'ranwal export evaluation --quarter 4 --agency 1.02.0.00.0.00.01.0000 --out dinkes-tw4.pdf',
      ),
    )
    .action(
      action(
        (options: PrintoutOptions, output) =>
          withProgressBar(cliText().progress.downloading, formatBytes, output, (onProgress) =>
            exportPrintout('evaluation', { ...options, signal, onProgress }),
          ),
        printoutSummary,
      ),
    );

  withOutputFile(exports.command('hierarchy').description(cliText().help.exportHierarchy))
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
          withProgressBar(cliText().progress.reading, formatCount, output, (onProgress) =>
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
    .description(cliText().help.usersList)
    .option(`--search ${value('text')}`, cliText().help.usersSearch)
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
    .description(cliText().help.usersCreate.description)
    .option(`--name ${value('name')}`, cliText().help.usersCreate.name)
    .option(`--email ${value('email')}`, cliText().help.usersCreate.email)
    .addOption(
      new Option(`--role ${value('role')}`, cliText().help.usersCreate.role).choices(roles),
    )
    .option('--password-stdin', cliText().help.usersCreate.passwordStdin)
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
    .description(cliText().help.setPassword.description)
    .argument(value('user'), cliText().help.setPassword.user)
    .option('--password-stdin', cliText().help.setPassword.passwordStdin)
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
    .option('--password-stdin', cliText().help.passwordStdin)
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
    const noun = cliText().list.nouns[level];
    const typed = (command: Command) => command.name();
    const group = program
      .command(name)
      .alias(alias)
      // The usage line says the command as typed, not also its other name (`kegiatan|kegiatan`).
      .configureHelp({ ...program.configureHelp(), commandUsage: usageAsTyped })
      .description(cliText().help.levels.group(noun))
      .addHelpText('after', ({ command }) => examples(`ranwal ${typed(command)} list --json`));
    const list = group
      .command('list')
      .description(cliText().help.levels.list(noun))
      .option(`--search ${value('text')}`, cliText().help.levels.search);
    if (managedEntities[level].parent)
      list.option(`--parent ${value('id')}`, cliText().help.levels.parent);
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
