// Types of scripts/e2e-pg-database.mjs.
export function e2eDatabase(port?: number): { adminUrl: string; name: string; url: string };
export function e2eRunDir(port?: number): string;
