import { isApiErrorBody } from '@domain/api-error';

// Its own module, free of the API client: the client's fetch asks through it (ADR 033).

/** Shows the "confirm it is you" step and settles true once the factor is proven, false if dismissed. */
type Prompt = () => Promise<boolean>;
let prompt: Prompt | null = null;

/** The admin area registers its dialog here while it is shown; the API client asks it. */
export function setSecondFactorPrompt(next: Prompt | null): void {
  prompt = next;
}

/**
 * The API client's fetch: an answer `403 second_factor_stale` (a sensitive action, the last check
 * over 10 minutes old) shows the prompt, then sends the same request once more.
 */
export async function fetchAskingAgain(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.status !== 403 || !prompt) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (!isApiErrorBody(body) || body.error.code !== 'second_factor_stale') return response;
  return (await prompt()) ? fetch(input, init) : response;
}


/** Asks the registered prompt; false when no page shows one. */
export function askForSecondFactor(): Promise<boolean> {
  return prompt ? prompt() : Promise.resolve(false);
}
