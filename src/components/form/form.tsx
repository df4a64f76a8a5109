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

/**
 * The kit's own words, for a form that names no task. A page passes its own, in its language,
 * through `needsJavaScript`: t('noscript.form', { task, phone }) says what needs the script and
 * how to do it without (call us).
 */
export const NEEDS_JAVASCRIPT = 'This form needs JavaScript, which is turned off in this browser. Please turn it on and reload this page.';

/**
 * The one needs-JavaScript notice (ADR 011): inside <noscript>, so only a browser with the script
 * turned off shows it. A form shows it itself; a placeholder standing where a form will load
 * (the contact page, the footer) shows it directly.
 */
export function NeedsJavaScriptNotice({ children = NEEDS_JAVASCRIPT }: { children?: ReactNode }) {
  return (
    <noscript>
      <p className="form-notice form-notice--info">{children}</p>
    </noscript>
  );
}

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

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate' | 'action' | 'method'> & {
  /** Called with the browser's own submission already stopped: the form checks its fields itself. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  /**
   * Where the browser itself posts the form until the page's script runs (ADR 031): such a form
   * works from first paint, and without the script. A form without one waits for the script.
   */
  action?: string;
  /** Shown until the script runs: a page rendered ahead of time cannot send its form without it. */
  needsJavaScript?: ReactNode;
  ref?: Ref<HTMLFormElement>;
};

/**
 * Every form: checked in the page (never by the browser's bubbles). A form with an `action` is
 * usable at once (the server takes it as posted); any other is unusable (inert, its submit button
 * disabled) until its script runs, so nothing typed before hydration is lost.
 */
export function Form({ onSubmit, action, needsJavaScript = NEEDS_JAVASCRIPT, children, ref, ...attributes }: FormProps) {
  const scriptReady = useScriptReady();
  const ready = scriptReady || action !== undefined;
  return (
    <form
      ref={ref}
      {...attributes}
      {...(action !== undefined ? { action, method: 'post' } : {})}
      inert={!ready}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit(event);
      }}
    >
      {ready ? null : <NeedsJavaScriptNotice>{needsJavaScript}</NeedsJavaScriptNotice>}
      <ScriptReady.Provider value={ready}>{children}</ScriptReady.Provider>
    </form>
  );
}

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** True while the form is saving or preparing: the button waits. */
  busy?: boolean;
};

/** The form's submit button: disabled while busy, and until the page's script runs. */
export function SubmitButton({ busy = false, disabled = false, className, children, ...attributes }: SubmitButtonProps) {
  const ready = useContext(ScriptReady);
  return (
    <button {...attributes} type="submit" className={['button button--primary', className].filter(Boolean).join(' ')} disabled={busy || disabled || !ready}>
      {children}
    </button>
  );
}
