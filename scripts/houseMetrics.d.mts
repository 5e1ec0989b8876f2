export declare const LOWER_LAYERS: string[];
export declare function importSpecifiers(text: string): string[];
export declare function rendererPlace(relativeFile: string): string | null;
export declare function rendererArrows(cwd: string): { arrows: Map<string, string[]>; deepImports: string[] };
export declare function layerCounts(arrows: Map<string, string[]>): {
  betweenFeatures: string[];
  backUp: string[];
};
export declare function generationComparisons(cwd: string): string[];
export declare function longFunctions(
  fileName: string,
  text: string,
  limit: number,
): Array<{ name: string; line: number; lines: number }>;
export declare function measureHouse(cwd?: string): {
  featureArrows: string[];
  backUpArrows: string[];
  deepImports: string[];
  generationComparisons: string[];
  filesOver400: string[];
  functionsOver120: string[];
};
