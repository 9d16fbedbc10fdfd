import { useId } from 'react';
import { Checkbox } from '../../components/Checkbox.js';
import { useMessages } from '../../data/RanwalProvider.js';

export interface PaguPolicyEditorProps {
  /** Whether lines of a year that has stages need a pagu on their sub kegiatan. */
  linesNeedPagu: boolean;
  /** Saves the rule; the toggle waits while it does. */
  onChange: (linesNeedPagu: boolean) => unknown;
  isSaving?: boolean;
}

/**
 * 'Aturan Pagu' on Pengaturan Perencanaan (issue 33): whether a sub kegiatan without a pagu
 * refuses lines in a year that has stages. Saved as it is toggled.
 */
export function PaguPolicyEditor({
  linesNeedPagu,
  onChange,
  isSaving = false,
}: PaguPolicyEditorProps) {
  const t = useMessages().planning.settings.policy;
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t.title}
      </h2>
      <Checkbox
        isSelected={linesNeedPagu}
        isDisabled={isSaving}
        onChange={(selected) => void onChange(selected)}
        description={t.hint}
      >
        {t.linesNeedPagu}
      </Checkbox>
    </section>
  );
}
