// Names shared by the browser-edition server and the renderer's HTTP bridge.

/** The header that carries the per-run token on every API call. */
export const TOKEN_HEADER = 'x-switchboard-token';
/** The <meta name> under which the served page receives the token. */
export const TOKEN_META = 'switchboard-token';
/** The <meta name> under which the served page receives the host's bootstrap answer, as JSON. */
export const BOOTSTRAP_META = 'switchboard-bootstrap';
export const API_PREFIX = '/api/';
export const EVENTS_PATH = '/api/events';
