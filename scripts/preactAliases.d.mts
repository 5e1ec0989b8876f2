// Types for preactAliases.mjs, which the build and test configs import.
export declare const preactAliases: Array<{ find: RegExp; replacement: string }>;
