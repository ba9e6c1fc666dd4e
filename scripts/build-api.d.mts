// Types of scripts/build-api.mjs (plain JavaScript, run by Node outside the app's bundle).
export function buildApi(options?: { outfile?: string }): Promise<string>;
