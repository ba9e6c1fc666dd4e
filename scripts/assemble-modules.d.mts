/** The assembled registries' text by file, from the feature folders under `root` (default: the working directory). */
export function assembled(root?: string): Record<string, string>;
