import { formatRupiah, type TaxRecalculationYear, taxRuleText } from '@ranwal/core';
import { useId, useState } from 'react';
import { AdminSection } from '../../components/AdminPage.js';
import { Banner } from '../../components/Banner.js';
import { Button } from '../../components/Button.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { Rupiah } from '../../components/Rupiah.js';
import { EmptyState, ErrorState } from '../../components/States.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../../components/Table.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface TaxRecalculationPanelProps {
  /** The years whose lines keep a PPN other than their year's rule (none: all current). */
  years: readonly TaxRecalculationYear[];
  isLoading?: boolean;
  /** Why the preview could not be read; shown with 'Coba Lagi'. */
  error?: string | null;
  onRetry?: () => void;
  /** Reprices the year's lines; resolves when done (say so: a toast), rejects on failure. */
  onApply: (year: number) => Promise<unknown>;
}

/** What a rule charges, as the lines' detail writes it: '12% x 11/12'. */
const ruleText = (rule: TaxRecalculationYear['rule']) =>
  taxRuleText({
    tax_rate: rule.rate,
    tax_base_numerator: rule.base_numerator,
    tax_base_denominator: rule.base_denominator,
  });

/** The signed difference of two whole-rupiah sums given as decimal text. */
const difference = (before: string, after: string) => (BigInt(after) - BigInt(before)).toString();

/**
 * 'Hitung Ulang PPN' (issue 34): a change of the PPN rules reprices no existing line by itself,
 * so a year's lines could mix two rates. Per year, how many lines still carry another PPN and
 * their totals now and after; 'Hitung Ulang' shows what changes (the first lines, old and new
 * PPN) and asks before applying it. The warning stays until every year is recalculated.
 */
export function TaxRecalculationPanel({
  years,
  isLoading = false,
  error = null,
  onRetry,
  onApply,
}: TaxRecalculationPanelProps) {
  const m = useMessages();
  const t = m.planning.settings.recalculation;
  const sampleId = useId();
  const [confirming, setConfirming] = useState<TaxRecalculationYear | null>(null);
  const [running, setRunning] = useState<number | null>(null);
  const staleLines = years.reduce((sum, year) => sum + year.lines, 0);

  const apply = async (year: number) => {
    setRunning(year);
    try {
      await onApply(year);
    } finally {
      setRunning(null);
    }
  };

  return (
    <AdminSection level={2} title={t.title} intro={t.intro}>
      {(titleId) => (
        <>
          {error ? (
            <ErrorState message={error} onRetry={onRetry} />
          ) : (
            <>
              {years.length > 0 && (
                <Banner tone="warning" title={t.staleTitle}>
                  {t.stale(staleLines, years.map((year) => year.year).join(', '))}
                </Banner>
              )}
              <Table aria-labelledby={titleId} className="[&_td]:px-3 [&_th]:px-3">
                <TableHeader>
                  <Column isRowHeader>{t.columns.year}</Column>
                  <Column>{t.columns.rule}</Column>
                  <Column>{t.columns.lines}</Column>
                  <Column>{t.columns.before}</Column>
                  <Column>{t.columns.after}</Column>
                  <Column>{t.columns.difference}</Column>
                  <Column>{m.common.actions}</Column>
                </TableHeader>
                <TableBody
                  items={years.map((year) => ({ ...year, id: year.year }))}
                  isLoading={isLoading}
                  renderEmptyState={() => <EmptyState text={t.upToDate} />}
                >
                  {(year) => (
                    <Row id={year.year}>
                      <Cell className="font-medium text-slate-900">{year.year}</Cell>
                      <Cell className="whitespace-nowrap">{ruleText(year.rule)}</Cell>
                      <Cell className="tabular-nums">{year.lines}</Cell>
                      <Cell>
                        <Rupiah value={year.total_before} />
                      </Cell>
                      <Cell>
                        <Rupiah value={year.total_after} />
                      </Cell>
                      <Cell>
                        <Rupiah value={difference(year.total_before, year.total_after)} />
                      </Cell>
                      <Cell>
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={t.actionFor(year.year)}
                          isPending={running === year.year}
                          isDisabled={running !== null && running !== year.year}
                          onPress={() => setConfirming(year)}
                        >
                          {t.action}
                        </Button>
                      </Cell>
                    </Row>
                  )}
                </TableBody>
              </Table>
            </>
          )}
          <ConfirmDialog
            isOpen={confirming !== null}
            onOpenChange={(isOpen) => {
              if (!isOpen) setConfirming(null);
            }}
            title={confirming ? t.confirmTitle(confirming.year) : undefined}
            message={
              confirming && (
                <>
                  {t.confirmText(
                    confirming.lines,
                    confirming.year,
                    ruleText(confirming.rule),
                    formatRupiah(confirming.total_before),
                    formatRupiah(confirming.total_after),
                  )}
                  <span id={sampleId} className="mt-3 block font-semibold text-slate-900">
                    {t.sampleTitle(confirming.sample.length, confirming.lines)}
                  </span>
                  <div className="mt-1 max-h-64 overflow-auto">
                    <Table aria-labelledby={sampleId} stackOnPhone={false} className="text-sm">
                      <TableHeader>
                        <Column isRowHeader>{t.sampleColumns.component}</Column>
                        <Column>{t.sampleColumns.subAction}</Column>
                        <Column>{t.sampleColumns.taxBefore}</Column>
                        <Column>{t.sampleColumns.taxAfter}</Column>
                      </TableHeader>
                      <TableBody items={confirming.sample}>
                        {(line) => (
                          <Row id={line.id}>
                            <Cell className="break-words">{line.component_name}</Cell>
                            <Cell className="break-words">{line.sub_action_name}</Cell>
                            <Cell>
                              <Rupiah value={line.tax_before} />
                            </Cell>
                            <Cell>
                              <Rupiah value={line.tax_after} />
                            </Cell>
                          </Row>
                        )}
                      </TableBody>
                    </Table>
                  </div>
                </>
              )
            }
            confirmLabel={t.confirm}
            onConfirm={() => {
              const year = confirming?.year;
              // The row's button says it is running; ConfirmDialog's own busy text is a deletion's.
              setConfirming(null);
              if (year !== undefined) void apply(year).catch(() => undefined);
            }}
          />
        </>
      )}
    </AdminSection>
  );
}
