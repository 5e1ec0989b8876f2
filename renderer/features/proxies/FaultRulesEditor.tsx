// A running proxy's fault rules (PRX-4), typed as JSON: Apply sends them to the host, which checks them and answers
// with the count now active, or says what is wrong (shown here, the rules in force unchanged); Clear removes them.
// Rules can change while traffic flows: each exchange uses the rules in force when it arrived.

import { useState } from 'react';
import type { ProxyStatus } from '../../../shared/proxy/proxyTypes';
import { parseRulesText } from './faultRulesText';
import { useSetFaultRules } from './useProxies';
import { activeRulesText } from './proxyWords';

export function FaultRulesEditor({ proxy }: { proxy: ProxyStatus }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const apply = useSetFaultRules();
  const send = (rules: unknown) => {
    setProblem(null);
    apply.mutate(
      { id: proxy.id, rules },
      { onError: (error) => setProblem(error.message), onSuccess: () => rules === null && setText('') },
    );
  };
  const onApply = () => {
    const parsed = parseRulesText(text);
    if (parsed.ok) send(parsed.rules);
    else setProblem(parsed.error);
  };
  return (
    <details className="fault-rules" data-testid="proxy-fault-rules">
      <summary>
        Fault rules <span data-testid="proxy-fault-count">({activeRulesText(proxy.faultRules)})</span>
      </summary>
      <label className="field">
        Rules as JSON
        <textarea
          rows={6}
          spellCheck={false}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          placeholder="Rules as JSON: delays, dropped streams, errors, corrupted events, stalls"
          aria-invalid={problem !== null}
          data-testid="proxy-fault-text"
        />
      </label>
      {problem && (
        <p className="error-text" role="alert" data-testid="proxy-fault-error">
          {problem}
        </p>
      )}
      <div className="mock-actions">
        <button type="button" onClick={onApply} disabled={apply.isPending} data-testid="proxy-fault-apply">
          Apply
        </button>
        <button
          type="button"
          onClick={() => send(null)}
          disabled={apply.isPending || proxy.faultRules === 0}
          data-testid="proxy-fault-clear"
        >
          Clear
        </button>
      </div>
    </details>
  );
}
