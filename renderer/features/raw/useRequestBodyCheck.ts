// The editor body's schema check (MSG-8), asked of the host for each A2A operation the draft was recognised as,
// a short while after typing stops: the host compiles the schemas (the renderer's CSP forbids Ajv), and asking on
// every keystroke would queue a check per character. An answer for an older body is dropped.

import { useEffect, useState } from 'react';
import type { RequestBodyCheck } from '../../../shared/wire/bodyProblems';
import { useHost } from '../../host/HostContext';
import type { RouteHint } from './routeHints';

/** How long typing must pause before the body is checked. */
export const BODY_CHECK_DELAY_MS = 300;

export interface HintCheck {
  /** The hint's key: generation and binding. */
  key: string;
  check: RequestBodyCheck;
}

export const hintKey = (hint: Pick<RouteHint, 'generation' | 'binding'>): string =>
  `${hint.generation}-${hint.binding}`;

/** `hints` must be memoised on the draft: a new array restarts the wait. */
export function useRequestBodyCheck(
  hints: readonly RouteHint[],
  body: string,
  enabled: boolean,
): HintCheck[] {
  const host = useHost();
  const [checks, setChecks] = useState<HintCheck[]>([]);
  useEffect(() => {
    setChecks([]);
    if (!enabled || hints.length === 0) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      void Promise.all(
        hints.map(async (hint) => ({
          key: hintKey(hint),
          check: await host.checkRequestBody({
            generation: hint.generation,
            binding: hint.binding,
            operation: hint.operation,
            body,
          }),
        })),
      )
        .then((answers) => {
          if (current) setChecks(answers);
        })
        // A host that cannot check leaves the help as it was: the check is help, not a gate on sending.
        .catch(() => undefined);
    }, BODY_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [host, hints, body, enabled]);
  return checks;
}
