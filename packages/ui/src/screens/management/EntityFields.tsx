import { type ManagedEntityKey, managedEntities } from '@ranwal/core';
import { type FormEvent, useRef, useState } from 'react';
import { Banner } from '../../components/Banner.js';
import { Checkbox } from '../../components/Checkbox.js';
import { useFocusFirstInvalid } from '../../components/FormDialog.js';
import { TextField } from '../../components/TextField.js';
import { useMessages } from '../../data/RanwalProvider.js';
import {
  checkForm,
  type EntityFormValues,
  type FieldErrors,
  type FormField,
  type ManagedInput,
  type ParentOption,
  parentOf,
} from './entity-form.js';
import { ParentPicker } from './ParentPicker.js';
import { ReferencePicker, type ReferenceSource } from './ReferencePicker.js';

/** Where the parent picker gets its options: a server search of the parent level. */
export interface ParentSource {
  options: readonly ParentOption[];
  isLoading?: boolean;
  onSearchChange?: (search: string) => void;
}

export interface EntityForm {
  values: EntityFormValues;
  errors: FieldErrors;
  /** Shows 'Input Tidak Lengkap'; a new number re-shows a dismissed warning. */
  incompleteCount: number;
  setValue: <F extends keyof EntityFormValues>(field: F, value: EntityFormValues[F]) => void;
  dismissIncomplete: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The state of the add form or the edit dialog: checks the fields on submit, hands a valid
 * payload to `save`, and after a save that did not throw takes `reset`'s values.
 */
export function useEntityForm(
  entity: ManagedEntityKey,
  initial: EntityFormValues,
  mode: 'create' | 'edit',
  save: (input: ManagedInput) => unknown,
  reset?: (values: EntityFormValues) => EntityFormValues,
): EntityForm {
  const messages = useMessages();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [incompleteCount, setIncompleteCount] = useState(0);
  // Enter pressed again while saving must not save twice.
  const saving = useRef(false);
  // A refused submit focuses the form's first invalid field (the form is the event's).
  const formRef = useRef<HTMLFormElement | null>(null);
  const [refusedAttempt, setRefusedAttempt] = useState(0);
  useFocusFirstInvalid(formRef, refusedAttempt);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.current) return;
    const check = checkForm(entity, values, mode, messages);
    if (check.kind === 'ignored') return;
    if (check.kind === 'incomplete') {
      setIncompleteCount((count) => count + 1);
      return;
    }
    if (check.kind === 'invalid') {
      setErrors(check.errors);
      formRef.current = event.currentTarget;
      setRefusedAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setIncompleteCount(0);
    saving.current = true;
    try {
      await save(check.input);
    } catch {
      // The screen has told the user why; the form keeps what they typed.
      return;
    } finally {
      saving.current = false;
    }
    if (reset) setValues(reset);
  };

  return {
    values,
    errors,
    incompleteCount,
    setValue: (field, value) => {
      setValues((current) => ({ ...current, [field]: value }));
      if (field !== 'is_taxed') {
        setErrors(({ [field as FormField]: _, ...rest }) => rest);
      }
    },
    dismissIncomplete: () => setIncompleteCount(0),
    onSubmit: (event) => void onSubmit(event),
  };
}

export interface EntityFieldsProps {
  entity: ManagedEntityKey;
  form: EntityForm;
  parentSource: ParentSource;
  /** The edit dialog of programs has the tax checkbox; the add form does not. */
  showTaxFlag?: boolean;
  /** Focus the first field, as a dialog does when it opens. */
  autoFocus?: boolean;
  /** The national nomenclature of this level, where the server has it: picking fills code and name. */
  referenceSource?: ReferenceSource | undefined;
}

/** The fields of one level's form, from the level table: parent, code, name, tax flag. */
export function EntityFields({
  entity,
  form,
  parentSource,
  showTaxFlag = false,
  autoFocus = false,
  referenceSource,
}: EntityFieldsProps) {
  const messages = useMessages();
  const h = messages.hierarchy;
  const level = messages.levels[entity];
  const { hasCode, codeRequired, hasTaxFlag, parentOptional } = managedEntities[entity];
  const parent = parentOf(entity);
  const coded = entity === 'supporter' ? null : messages.levels[entity];
  const { values, errors, setValue } = form;
  const codeField = hasCode && coded && (
    <TextField
      label={coded.codeLabel}
      placeholder={coded.codePlaceholder}
      isRequired={codeRequired}
      value={values.code}
      onChange={(value) => setValue('code', value)}
      errorMessage={errors.code}
      autoFocus={codeRequired && autoFocus && !parent}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      {form.incompleteCount > 0 && (
        <Banner
          key={form.incompleteCount}
          tone="warning"
          title={h.incompleteTitle}
          onDismiss={form.dismissIncomplete}
        >
          {h.incompleteText}
        </Banner>
      )}
      {parent && (
        <ParentPicker
          level={parent}
          value={values.parent}
          onChange={(value) => setValue('parent', value)}
          options={parentSource.options}
          isLoading={parentSource.isLoading}
          onSearchChange={parentSource.onSearchChange}
          errorMessage={errors.parent}
          autoFocus={autoFocus}
          isRequired={!parentOptional}
        />
      )}
      {referenceSource && (
        <ReferencePicker
          {...referenceSource}
          formCode={values.code}
          onPick={(item) => {
            setValue('code', item.code);
            setValue('name', item.name);
          }}
        />
      )}
      {codeRequired && codeField}
      <TextField
        label={level.nameLabel}
        placeholder={level.namePlaceholder}
        isRequired
        value={values.name}
        onChange={(value) => setValue('name', value)}
        errorMessage={errors.name}
        autoFocus={autoFocus && !parent && !codeRequired}
      />
      {/* An optional code follows the name, which the spec's form asks first. */}
      {!codeRequired && codeField}
      {hasTaxFlag && showTaxFlag && (
        <Checkbox isSelected={values.is_taxed} onChange={(value) => setValue('is_taxed', value)}>
          {h.programTaxCheckbox}
        </Checkbox>
      )}
    </div>
  );
}
