export declare const LEGACY_LABEL_FILES: string[];
export declare function headingSlug(heading: string): string;
export declare function markdownAnchors(text: string): Set<string>;
export declare function definedFeatureIds(root: string): Set<string>;
export declare function findBrokenReferences(root: string): string[];
