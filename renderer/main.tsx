// Renderer entry: connect to the host for this edition and mount the app.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './App';
import { connectHost } from './host/connectHost';
import { HostProvider } from './host/HostContext';
import { loadBootstrap, seedBootstrap } from './queries/bootstrap';
import { keepTextareaContent } from './ui/textareaContent';
import { applyTheme } from './ui/theme/themePreference';
import './styles.css';

// The page's CSP forbids eval; zod would otherwise probe `new Function` (a CSP violation) to decide on its fast path.
z.config({ jitless: true });
keepTextareaContent();
// Before the first paint, so a dark choice never flashes light.
applyTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);
const link = connectHost();

if (link.ok) {
  const host = link.host;
  const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
  const render = () =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <HostProvider host={host}>
            <App />
          </HostProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  // The app is ready once the host has described itself. One answer brings that and the sidebar's first lists, and
  // the first render waits for it: that render is then the one that shows the workspace ready with its lists, with no
  // second render, no queued notification and no five further calls on the way. The browser edition's page comes
  // with the answer; otherwise one call asks for it (a local round trip). Should the call fail, the app renders
  // anyway and its queries ask the host one by one, showing the failure as before.
  if (link.bootstrap) {
    seedBootstrap(queryClient, link.bootstrap);
    render();
  } else {
    void loadBootstrap(host, queryClient).then(render);
  }
} else {
  root.render(
    <div className="app fatal" data-app-state="error" role="alert">
      <h1>No host</h1>
      <p>{link.reason}</p>
    </div>,
  );
}
