import {
  codeAndName,
  type FundingSource,
  formatRupiah,
  fundingIssues,
  type SubActionFunding,
  type SubActionFundingEntry,
  SubActionFundingInput,
} from '@ranwal/core';
import { type FormEvent, useId, useState } from 'react';
import { AmountField } from '../../components/AmountField.js';
import { Button } from '../../components/Button.js';
import { Checkbox } from '../../components/Checkbox.js';
import { Select, SelectItem } from '../../components/Select.js';
import { useMessages } from '../../data/RanwalProvider.js';

/** One row as edited: a source (none yet on a new row), its ceiling (NaN: none), the default. */
interface Row {
  key: number;
  funding_source_id: string | null;
  ceiling: number;
  is_default: boolean;
}

export interface SubActionFundingEditorProps {
  /** The sub kegiatan's sources as the server has them (what is planned from each too). */
  funding: SubActionFunding;
  /** The sources a line of the year may take, to choose from. */
  sources: readonly FundingSource[];
  /** Saves the rows; resolves when saved, rejects with the call's error (shown by the caller). */
  onSave: (sources: SubActionFundingEntry[]) => Promise<unknown>;
  isSaving?: boolean;
}

const rowsOf = (funding: SubActionFunding): Row[] =>
  funding.sources
    .filter((source) => source.assigned && source.funding_source_id !== null)
    .map((source, index) => ({
      key: index,
      funding_source_id: source.funding_source_id,
      ceiling: source.ceiling === null ? Number.NaN : Number(source.ceiling),
      is_default: source.is_default,
    }));

/**
 * A sub kegiatan's sumber dana for a year (issue 36): a row per source with its optional
 * ceiling and what is already planned from it, one marked 'Bawaan' (it fills lines that name
 * none). The rows are checked by core's SubActionFundingInput before the call.
 */
export function SubActionFundingEditor({
  funding,
  sources,
  onSave,
  isSaving = false,
}: SubActionFundingEditorProps) {
  const m = useMessages();
  const t = m.funding.subAction;
  const headingId = useId();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(funding));
  const [nextKey, setNextKey] = useState(rows.length);
  const [attempt, setAttempt] = useState(0);
  const planned = new Map(
    funding.sources.map((source) => [source.funding_source_id ?? '', source.planned]),
  );
  const label = (source: FundingSource) => codeAndName(source.code, source.name, m);

  const entries = rows.map((row) => ({
    funding_source_id: row.funding_source_id ?? '',
    ceiling: Number.isFinite(row.ceiling) ? row.ceiling : null,
    is_default: row.is_default,
  }));
  const parsed = SubActionFundingInput.safeParse({
    sub_action_id: funding.sub_action_id,
    year: funding.year,
    sources: entries,
  });
  /** A row's problem as its field shows it, once a save was tried. */
  const problemOf = (index: number, field: 'funding_source_id' | 'ceiling') => {
    if (attempt === 0 || parsed.success) return undefined;
    const issue = parsed.error.issues.find(
      (found) => found.path[1] === index && found.path[2] === field,
    );
    if (!issue) return undefined;
    const problem =
      field === 'funding_source_id' && rows[index]?.funding_source_id === null
        ? t.pickSource
        : issue.message === fundingIssues.sourceTwice
          ? t.duplicate
          : issue.message;
    return m.server.validation(field === 'ceiling' ? t.ceiling : t.source, problem);
  };

  const change = (key: number, patch: Partial<Row>) =>
    setRows((current) =>
      current.map((row) =>
        row.key === key
          ? { ...row, ...patch }
          : // One default: marking a row clears the others.
            patch.is_default
            ? { ...row, is_default: false }
            : row,
      ),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    if (!parsed.success) {
      setAttempt((n) => n + 1);
      return;
    }
    await onSave(parsed.data.sources);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="sr-only">
        {t.title}
      </h3>
      {rows.length === 0 && <p className="text-sm text-slate-600">{t.none}</p>}
      <ul className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const chosen = sources.find((source) => source.id === row.funding_source_id);
          return (
            <li
              key={row.key}
              className="grid items-start gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto_auto]"
            >
              <Select
                label={t.source}
                placeholder={t.pickSource}
                items={sources.map((source) => ({ id: source.id, source }))}
                value={row.funding_source_id}
                onChange={(key) => change(row.key, { funding_source_id: key as string | null })}
                errorMessage={problemOf(index, 'funding_source_id')}
              >
                {(option) => <SelectItem id={option.id}>{label(option.source)}</SelectItem>}
              </Select>
              <AmountField
                label={t.ceiling}
                value={row.ceiling}
                decimals={0}
                allowBlank
                placeholder={t.ceilingHint}
                errorMessage={problemOf(index, 'ceiling')}
                submitCount={attempt}
                onChange={(ceiling) => change(row.key, { ceiling })}
              />
              <div className="flex flex-col gap-1 pt-6 text-sm text-slate-700">
                <span>
                  {t.planned}: {formatRupiah(planned.get(row.funding_source_id ?? '') ?? '0')}
                </span>
                <Checkbox
                  isSelected={row.is_default}
                  onChange={(isDefault) => change(row.key, { is_default: isDefault })}
                  aria-label={chosen ? t.defaultFor(chosen.name) : t.isDefault}
                >
                  {t.isDefault}
                </Checkbox>
              </div>
              <div className="pt-6">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t.removeFor(index + 1)}
                  onPress={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                >
                  {t.remove}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onPress={() => {
            setRows((current) => [
              ...current,
              { key: nextKey, funding_source_id: null, ceiling: Number.NaN, is_default: false },
            ]);
            setNextKey((n) => n + 1);
          }}
        >
          {t.add}
        </Button>
        <Button type="submit" isPending={isSaving}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}
