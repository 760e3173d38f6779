import { cloneElement, type HTMLAttributes, type ReactElement, type ReactNode, useId } from 'react';
import { useStyles } from '../element/use-styles';
import fieldStyles from './field.css?inline';

/** For a control group laid out with Field's classes but not a Field (tickets' attachments). */
export { fieldStyles };

/** The props Field gives its control; Select and any custom control accept them as a native input does. */
export interface FieldControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /**
   * One input, textarea, select or Select; it receives id, aria-describedby, aria-invalid
   * and aria-required (not `required`: the spec's messages report a missing value, not the browser's).
   */
  children: ReactElement<FieldControlProps>;
  /** The validation message (spec §5), shown under the control and tied to it. */
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  /** Keeps the label for screen readers only, e.g. a search box with a visible placeholder. */
  hideLabel?: boolean;
  className?: string;
}

/**
 * A labelled form control. The error and hint are tied to the control with aria-describedby and the
 * error sets aria-invalid, so a screen reader reads the message when the control gets focus.
 */
export function Field({ label, children, error, hint, required, hideLabel, className }: FieldProps) {
  useStyles(fieldStyles);
  const baseId = useId();
  const own = children.props;
  const controlId = own.id ?? `${baseId}-control`;
  const hintId = hint ? `${baseId}-hint` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  const describedBy = [own['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div
      className={className ? `ui-field ${className}` : 'ui-field'}
      part="field"
      data-state={error ? 'invalid' : 'valid'}
    >
      <label className={hideLabel ? 'vendor-visually-hidden' : 'ui-field__label'} htmlFor={controlId}>
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {cloneElement(children, {
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : own['aria-invalid'],
        'aria-required': required || own['aria-required'] || undefined,
      })}
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <FieldError id={errorId} part="field-error">
          {error}
        </FieldError>
      )}
    </div>
  );
}

/** A field's error in Field's style, for one that belongs to a group rather than to one Field. */
export function FieldError(props: HTMLAttributes<HTMLParagraphElement>) {
  useStyles(fieldStyles);
  return <p {...props} className="ui-field__error" />;
}
