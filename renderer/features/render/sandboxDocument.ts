// The documents shown in the preview frame for HTML and SVG from an agent (SEC-3). The frame is
// `<iframe sandbox="" srcdoc=…>`: an empty sandbox gives the document an opaque origin of its own (it cannot reach
// the app, its storage or the host bridge), and forbids scripts, forms, popups, plugins and navigating the app.
// srcdoc is not fetched, so it works under the app's `frame-src 'none'` in both editions (the app:// scheme and the
// browser edition's 127.0.0.1 server) without widening the CSP. The document inherits the app's CSP; the <meta> CSP
// below, placed before any agent byte, narrows it further: nothing may load except inline data: images and styles,
// so a preview cannot call out to a tracker either.

export const PREVIEW_CSP = [
  "default-src 'none'",
  'img-src data:',
  "style-src 'unsafe-inline'",
  'font-src data:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const HEAD =
  '<!doctype html><html><head><meta charset="utf-8">' +
  `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">` +
  '<meta name="referrer" content="no-referrer">' +
  '<style>html{color-scheme:light dark}body{margin:8px;font-family:system-ui,sans-serif}' +
  'img{max-width:100%;height:auto}</style></head><body>';

/** The agent's HTML after the policy; its own <html>/<head> tags are folded into this body by the parser. */
export function htmlPreviewDocument(html: string): string {
  return `${HEAD}${html}</body></html>`;
}

/**
 * SVG is shown as an image of the SVG, inside the sandbox: an <img> renders SVG in its secure animated mode, where
 * scripts, event handlers and external loads never run, and the sandbox holds even if that mode had a flaw.
 */
export function svgPreviewDocument(svgBase64: string, alt: string): string {
  const safeAlt = alt.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const safeData = svgBase64.replace(/[^A-Za-z0-9+/=]/g, '');
  return `${HEAD}<img alt="${safeAlt}" src="data:image/svg+xml;base64,${safeData}"></body></html>`;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}
