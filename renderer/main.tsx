// Renderer entry: connect to the host for this edition and mount the app.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './App';
import { connectHost } from './host/connectHost';
import { HostProvider } from './host/HostContext';
import { hostInfoQuery } from './queries/hostInfo';
import { applyTheme } from './ui/theme/themePreference';
import './styles.css';

// The page's CSP forbids eval; zod would otherwise probe `new Function` (a CSP violation) to decide on its fast path.
z.config({ jitless: true });
// Before the first paint, so a dark choice never flashes light.
applyTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);
const link = connectHost();

if (link.ok) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
  // The app is ready once the host has described itself; asking now, before the first render, overlaps the call
  // with that render instead of queueing it behind it (App's useQuery picks up the call in flight).
  void queryClient.prefetchQuery(hostInfoQuery(link.host));
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <HostProvider host={link.host}>
          <App />
        </HostProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
} else {
  root.render(
    <div className="app fatal" data-app-state="error" role="alert">
      <h1>No host</h1>
      <p>{link.reason}</p>
    </div>,
  );
}
