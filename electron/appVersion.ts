// The app's version, from package.json, bundled into every Node entry point.

import packageJson from '../package.json';

export const APP_VERSION: string = packageJson.version;
