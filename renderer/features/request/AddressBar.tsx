// Fetch any URL through the host and inspect the exchange: the first tool of the inspector, before agents exist.
// "Editor" opens the full request editor (MSG-8) with this method and URL, for headers, a body or credentials; a curl
// command pasted here is imported into the editor instead of being fetched as a URL.

import { useState, type FormEvent } from 'react';
import { useAppStore } from '../../store/appStore';
import { loadCurlDraft, useRawDraftStore } from '../raw';
import { normalizeAddress } from './normalizeAddress';
import { useSendRequest } from './useSendRequest';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export function AddressBar() {
  const [method, setMethod] = useState('GET');
  const [address, setAddress] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const send = useSendRequest();
  const loadDraft = useRawDraftStore((state) => state.loadDraft);
  const setActiveTab = useAppStore((state) => state.setActiveTab);

  async function importCurlLine(line: string) {
    try {
      const { draft, notice } = await loadCurlDraft(line);
      setInputError(null);
      loadDraft(draft, notice);
      setActiveTab('raw');
    } catch (problem) {
      setInputError(problem instanceof Error ? problem.message : String(problem));
    }
  }

  function openEditor() {
    const url = address.trim() === '' ? '' : normalizeAddress(address);
    loadDraft({ method, url, headers: [], body: '', auth: { kind: 'none' } }, null);
    setActiveTab('raw');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!address.trim()) {
      setInputError('Type a URL to fetch, for example http://127.0.0.1:8080/.well-known/agent-card.json');
      return;
    }
    if (/^\s*(?:\$\s+)?curl\s/.test(address)) {
      void importCurlLine(address);
      return;
    }
    setInputError(null);
    send.mutate({ method, url: normalizeAddress(address), source: 'address-bar' });
  }

  const error = inputError ?? (send.error ? send.error.message : null);
  return (
    <form className="address-bar" onSubmit={submit} role="search" aria-label="Fetch a URL">
      <select
        aria-label="HTTP method"
        value={method}
        onChange={(e) => setMethod(e.target.value)}
        data-testid="address-method"
      >
        {METHODS.map((m) => (
          <option key={m}>{m}</option>
        ))}
      </select>
      <input
        type="text"
        aria-label="URL"
        placeholder="http://127.0.0.1:8080/.well-known/agent-card.json"
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        spellCheck={false}
        autoComplete="off"
        data-testid="address-input"
      />
      <button type="submit" disabled={send.isPending} data-testid="address-send">
        {send.isPending ? 'Sending…' : 'Send'}
      </button>
      <button
        type="button"
        onClick={openEditor}
        title="Headers, body, credentials, cURL"
        data-testid="address-editor"
      >
        Editor
      </button>
      {error && (
        <p className="address-error" role="alert" data-testid="address-error">
          {error}
        </p>
      )}
    </form>
  );
}
