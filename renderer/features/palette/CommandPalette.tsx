// The command palette: Ctrl/Cmd+K anywhere, type to filter, arrows to move, Enter to run, Escape to leave.

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useCommands, type Command } from './useCommands';

export function CommandPalette() {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listCommands = useCommands();
  const [commands, setCommands] = useState<Command[]>([]);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (dialog.current?.open) return dialog.current.close();
        setCommands(listCommands());
        setQuery('');
        setIndex(0);
        dialog.current?.showModal();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [listCommands]);

  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = commands.filter((c) => words.every((w) => c.label.toLowerCase().includes(w)));
  const run = (command: Command | undefined) => {
    if (!command) return;
    dialog.current?.close();
    command.run();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') setIndex((i) => Math.min(i + 1, shown.length - 1));
    else if (event.key === 'ArrowUp') setIndex((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter') run(shown[index]);
    else return;
    event.preventDefault();
  };

  return (
    <dialog ref={dialog} className="dialog palette" aria-label="Command palette" data-testid="palette">
      <input
        ref={input}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setIndex(0);
        }}
        onKeyDown={onKeyDown}
        placeholder="Type a command…"
        aria-label="Command"
        data-testid="palette-input"
      />
      <ul role="listbox" aria-label="Commands" tabIndex={0} onKeyDown={onKeyDown}>
        {shown.map((command, i) => (
          // No button inside: an option may not hold another control (axe nested-interactive); the input above
          // drives the list from the keyboard, a click runs the command.
          <li
            key={command.id}
            role="option"
            aria-selected={i === index}
            onClick={() => run(command)}
            data-testid="palette-item"
          >
            {command.label}
            {command.hint && <span className="muted"> {command.hint}</span>}
          </li>
        ))}
        {shown.length === 0 && <li className="muted">No command matches.</li>}
      </ul>
    </dialog>
  );
}
