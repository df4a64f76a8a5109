import {
  createContext,
  useContext,
  useSyncExternalStore,
  type ButtonHTMLAttributes,
  type FormEvent,
  type FormHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import '@/styles/forms.css';

/** The kit's own words; a translated page passes its own through `needsJavaScript`. */
export const NEEDS_JAVASCRIPT = 'This form needs JavaScript. Please wait for the page to finish loading, or turn JavaScript on.';

const ScriptReady = createContext(true);
const noSubscription = () => () => {};

/** False while a prerendered page waits for its script (the server's snapshot), true once it runs. */
export function useScriptReady(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  /** Called with the browser's own submission already stopped: the form checks its fields itself. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  /** Shown until the script runs: a page rendered ahead of time cannot send its form without it. */
  needsJavaScript?: ReactNode;
  ref?: Ref<HTMLFormElement>;
};

/** Every form: checked in the page (never by the browser's bubbles), and unusable until its script runs. */
export function Form({ onSubmit, needsJavaScript = NEEDS_JAVASCRIPT, children, ref, ...attributes }: FormProps) {
  const ready = useScriptReady();
  return (
    <form
      ref={ref}
      {...attributes}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit(event);
      }}
    >
      {ready ? null : <p className="form-notice form-notice--info">{needsJavaScript}</p>}
      <ScriptReady.Provider value={ready}>{children}</ScriptReady.Provider>
    </form>
  );
}

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled'> & {
  /** True while the form is saving or preparing: the button waits. */
  busy?: boolean;
};

/** The form's submit button: disabled while busy, and until the page's script runs. */
export function SubmitButton({ busy = false, className, children, ...attributes }: SubmitButtonProps) {
  const ready = useContext(ScriptReady);
  return (
    <button {...attributes} type="submit" className={['button button--primary', className].filter(Boolean).join(' ')} disabled={busy || !ready}>
      {children}
    </button>
  );
}
