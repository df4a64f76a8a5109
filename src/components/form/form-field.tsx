import { useId, type ComponentProps, type ReactNode } from 'react';
import '@/styles/forms.css';

/** What a field's control spreads onto itself, so its label, hint and error are wired to it. */
export type FieldControl = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  /** The visible label. Every word comes from the caller, so a form can be translated. */
  label: ReactNode;
  /** After the label, in a lighter weight, e.g. "(optional)". */
  note?: ReactNode;
  /** Help under the control, read out with it. */
  hint?: ReactNode;
  error?: string | undefined;
  /** The control's id; `useFieldErrors().field(name)` gives one, so the first error can be focused. */
  id?: string;
  /** `stacked`: label above. `check`: a checkbox before its label. `compact`: small, for table cells. */
  layout?: 'stacked' | 'check' | 'compact';
  /** Announce the error as it appears, for a message that can show up away from the focus. */
  announceError?: boolean;
  className?: string;
  /** The control. `labelId` is for a control that names itself with `aria-labelledby`. */
  children: (control: FieldControl, labelId: string) => ReactNode;
};

/** One form field: label, control, hint and error, wired through `id`, `aria-invalid` and `aria-describedby`. */
export function FormField({ label, note, hint, error, id, layout = 'stacked', announceError = false, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const labelId = `${controlId}-label`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const control = children(
    { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined },
    labelId,
  );
  const labelElement = (
    <label htmlFor={controlId} id={labelId} className="form-field__label">
      {label}
      {note ? <span className="form-field__note"> {note}</span> : null}
    </label>
  );
  const classes = ['form-field', layout === 'stacked' ? null : `form-field--${layout}`, className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      {layout === 'check' ? (
        <>
          {control}
          {labelElement}
        </>
      ) : (
        <>
          {labelElement}
          {control}
        </>
      )}
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field__error" role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type WholeNumberInputProps = Omit<ComponentProps<'input'>, 'type' | 'inputMode' | 'step' | 'min' | 'max' | 'onChange' | 'value'> & {
  min: number;
  max: number;
  value: string;
  /** The field's text as typed; the form's schema decides whether it is a number in range. */
  onValue: (value: string) => void;
};

/** A whole number between `min` and `max` (an age, years of experience), with the phone's number pad. */
export function WholeNumberInput({ onValue, ...attributes }: WholeNumberInputProps) {
  return <input {...attributes} type="number" inputMode="numeric" step={1} onChange={(e) => onValue(e.target.value)} />;
}
