// The Content-Security-Policy for the renderer, shared by the desktop app scheme and the browser edition.
// No 'unsafe-eval' and no inline script; inline styles are allowed because Monaco writes <style> elements at run time.
// Agent content (SEC-3) needs only local sources: images, audio and video play from blob: URLs made from bytes the
// agent sent or the host fetched on the user's click, so no http(s) source is ever listed. HTML and SVG previews are
// `<iframe sandbox="" srcdoc>` documents, which are not fetched and so pass `frame-src 'none'`; that directive then
// stops any frame from loading a URL — a preview's links cannot navigate it to a remote page.

export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers sent with every renderer asset, in both editions. */
export const RENDERER_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': RENDERER_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
