import {
  formatNumberId,
  formatRupiah,
  isApiError,
  type Messages,
  numberInputProblemText,
  readSp2dSheet,
  requiredNames,
  type SheetTextRow,
  SP2D_IMPORT_MAX_ROWS,
  type Sp2dImportResult,
  type Sp2dImportRow,
  type Sp2dSheetField,
  type Sp2dSheetProblem,
  sp2dColumns,
} from '@ranwal/core';
import { useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { useCallToasts } from '../../data/call-toasts.js';
import { describeError } from '../../data/errors.js';
import { useImportSp2d } from '../../data/queries.js';
import { useMessages } from '../../data/RanwalProvider.js';
import { readSheetFile, SheetFileError } from '../../data/sheet-file.js';

/** Problems listed at most; the rest are counted ('dan 12 masalah lain'). */
const SHOWN_PROBLEMS = 20;

type Step =
  | { kind: 'idle' }
  | { kind: 'reading'; file: string }
  | { kind: 'problems'; file: string; problems: string[] }
  | { kind: 'ready'; file: string; rows: Sp2dImportRow[]; result: Sp2dImportResult };

const columnLabel: Record<Sp2dSheetField, keyof Messages['realisation']['columns']> = {
  sp2d_number: 'sp2dNumber',
  date: 'date',
  sub_action_code: 'subAction',
  account_code: 'account',
  funding_source_code: 'fundingSource',
  amount: 'amount',
};

/** A cell the sheet reader refused, worded as the server words a row it refuses. */
function problemText(m: Messages, problem: Sp2dSheetProblem<SheetTextRow>): string {
  const t = m.realisation.upload;
  const why =
    problem.problem === 'empty'
      ? t.empty
      : problem.problem === 'notADate'
        ? t.notADate(problem.text)
        : `"${problem.text}" ${numberInputProblemText(problem.problem, { decimals: 0 }, m.numberInput)}`;
  return m.realisation.rowProblem(
    problem.row.row,
    m.realisation.columns[columnLabel[problem.field]],
    why,
  );
}

export interface ConnectedSp2dImportProps {
  /** The budget year the SP2D are loaded into (the page's year). */
  year: number;
  headingLevel?: 2 | 3;
}

/**
 * 'Muat SP2D' (issue 37): the admin picks the finance system's SP2D export (CSV or XLSX); it is
 * read in the browser as the CLI reads it, checked whole by the server without writing
 * (`dry_run`), and loaded only when the admin confirms what the check found. Every problem is
 * listed by its spreadsheet row, so the file is fixed once. Needs a `ToastProvider`.
 */
export function ConnectedSp2dImport({ year, headingLevel = 2 }: ConnectedSp2dImportProps) {
  const m = useMessages();
  const t = m.realisation.upload;
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const importSp2d = useImportSp2d();
  const toasts = useCallToasts();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const check = async (file: File) => {
    setStep({ kind: 'reading', file: file.name });
    const refuse = (problems: string[]) => setStep({ kind: 'problems', file: file.name, problems });
    let read: ReturnType<typeof readSp2dSheet>;
    try {
      read = readSp2dSheet(await readSheetFile(file));
    } catch (error) {
      refuse([error instanceof SheetFileError ? t[error.problem] : t.unreadable]);
      return;
    }
    if (!read) {
      refuse([t.noHeader(requiredNames(sp2dColumns).join(', '))]);
      return;
    }
    if (read.problems.length > 0) {
      refuse(read.problems.map((problem) => problemText(m, problem)));
      return;
    }
    if (read.rows.length === 0) return refuse([t.noRows]);
    if (read.rows.length > SP2D_IMPORT_MAX_ROWS) {
      return refuse([t.tooMany(formatNumberId(SP2D_IMPORT_MAX_ROWS))]);
    }
    try {
      const { data } = await importSp2d.mutateAsync({ year, rows: read.rows, dry_run: true });
      setStep({ kind: 'ready', file: file.name, rows: read.rows, result: data });
    } catch (error) {
      const issues = isApiError(error) ? (error.issues ?? []) : [];
      refuse(
        issues.length > 0
          ? issues.map((issue) => issue.message)
          : [describeError(error, t.checkFailed)],
      );
    }
  };

  const load = async (rows: Sp2dImportRow[]) =>
    toasts.attempt(
      async () => {
        const { data } = await importSp2d.mutateAsync({ year, rows, dry_run: false });
        setStep({ kind: 'idle' });
        return data;
      },
      (data) => t.loaded(formatNumberId(data.sp2d), year),
      t.failed,
    );

  const busy = step.kind === 'reading' || importSp2d.isPending;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex max-w-3xl flex-col gap-1">
        <Heading id={titleId} className="text-lg font-semibold text-slate-900">
          {t.title}
        </Heading>
        <p className="text-sm text-slate-700">{t.intro}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <FileTrigger
          acceptedFileTypes={[
            '.csv',
            '.xlsx',
            'text/csv',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ]}
          onSelect={(files) => {
            const file = files?.[0];
            if (file) void check(file);
          }}
        >
          <Button
            variant={step.kind === 'ready' ? 'secondary' : 'primary'}
            isPending={step.kind === 'reading'}
            isDisabled={busy}
          >
            {step.kind === 'idle' || step.kind === 'reading' ? t.choose : t.chooseAnother}
          </Button>
        </FileTrigger>
        {step.kind === 'reading' && (
          <span role="status" className="text-sm text-slate-700">
            {t.reading(step.file)}
          </span>
        )}
      </div>
      {step.kind === 'problems' && (
        <Banner tone="error" title={t.problemsTitle(step.file)}>
          <ul className="list-disc pl-5">
            {step.problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
              // Two cells may be refused in the same words: the position keeps them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={index}>{problem}</li>
            ))}
          </ul>
          {step.problems.length > SHOWN_PROBLEMS && (
            <p>{t.more(formatNumberId(step.problems.length - SHOWN_PROBLEMS))}</p>
          )}
        </Banner>
      )}
      {step.kind === 'ready' && (
        <Sp2dImportPreview
          file={step.file}
          year={year}
          result={step.result}
          isLoading={importSp2d.isPending}
          onLoad={() => void load(step.rows)}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      )}
    </section>
  );
}

export interface Sp2dImportPreviewProps {
  file: string;
  year: number;
  /** What the server's check (`dry_run`) found. */
  result: Sp2dImportResult;
  isLoading?: boolean;
  onLoad: () => void;
  onCancel: () => void;
}

/** What loading the checked file would do, and the button that does it. */
export function Sp2dImportPreview({
  file,
  year,
  result,
  isLoading = false,
  onLoad,
  onCancel,
}: Sp2dImportPreviewProps) {
  const t = useMessages().realisation.upload;
  const toWrite = result.created + result.changed;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-4">
      <div role="status" className="flex flex-col gap-1 text-sm text-slate-800">
        <p className="font-semibold text-slate-900">{t.previewTitle(file)}</p>
        <p>
          {t.preview(
            formatNumberId(result.sp2d),
            formatNumberId(result.rows),
            formatRupiah(result.amount),
            year,
          )}
        </p>
        <p>
          {t.counts(
            formatNumberId(result.created),
            formatNumberId(result.changed),
            formatNumberId(result.unchanged),
          )}
        </p>
        {result.overruns.length > 0 && (
          <p className="text-amber-900">{t.overruns(formatNumberId(result.overruns.length))}</p>
        )}
        {toWrite === 0 && <p>{t.nothingNew}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {toWrite > 0 && (
          <Button isPending={isLoading} onPress={onLoad}>
            {t.load(formatNumberId(toWrite))}
          </Button>
        )}
        <Button variant="secondary" isDisabled={isLoading} onPress={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </div>
  );
}
