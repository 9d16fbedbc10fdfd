import { useState } from 'react';
import {
  Button as AriaButton,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { useMessages } from '../data/messages-context.js';
import { cn, composeClassName, focusRing } from '../lib/cn.js';
import {
  Description,
  FieldError,
  type FieldErrorMessage,
  FieldGroup,
  Input,
  inputStyles,
  isInvalidFrom,
  Label,
} from './Field.js';
import { EyeIcon, EyeOffIcon } from './icons.js';

export interface TextFieldProps extends AriaTextFieldProps {
  label?: string;
  description?: string;
  /** Shown under the field; a non-empty string also marks the field invalid. */
  errorMessage?: FieldErrorMessage;
  placeholder?: string;
  /** A multi-line TextArea instead of a single-line input. */
  multiline?: boolean;
  /** Visible lines of a multi-line field. */
  rows?: number;
  /** A password field with a button that shows or hides what was typed. */
  revealable?: boolean;
}

/** A labelled text input (or text area) with help and error text. */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  multiline = false,
  rows = 4,
  revealable = false,
  type,
  isInvalid,
  className,
  ...props
}: TextFieldProps) {
  const [isRevealed, setRevealed] = useState(false);
  const { login } = useMessages();
  const revealLabel = isRevealed ? login.hidePassword : login.showPassword;
  return (
    <AriaTextField
      {...props}
      type={revealable ? (isRevealed ? 'text' : 'password') : type}
      isInvalid={isInvalidFrom(isInvalid, errorMessage)}
      className={composeClassName(className, 'group/field flex flex-col gap-1')}
    >
      {label && <Label>{label}</Label>}
      <FieldGroup>
        {multiline ? (
          <AriaTextArea
            rows={rows}
            placeholder={placeholder}
            className={cn(inputStyles, 'resize-y')}
          />
        ) : (
          <Input placeholder={placeholder} />
        )}
        {revealable && (
          <AriaButton
            aria-label={revealLabel}
            isDisabled={props.isDisabled}
            onPress={() => setRevealed((revealed) => !revealed)}
            className={cn(
              'me-1 flex size-8 shrink-0 items-center justify-center rounded text-slate-600',
              'data-[hovered]:bg-slate-100 data-[pressed]:bg-slate-200 data-[disabled]:opacity-50',
              focusRing,
            )}
          >
            {isRevealed ? <EyeOffIcon /> : <EyeIcon />}
          </AriaButton>
        )}
      </FieldGroup>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
