import { parseArgs } from 'node:util';

export interface CommandLine {
  role?: string;
  migrateOnly: boolean;
}

/** `--role=api|worker|all` (overrides ROLE) and `--migrate-only`. */
export function parseCommandLine(argv: string[]): CommandLine {
  const { values } = parseArgs({
    args: argv,
    options: { role: { type: 'string' }, 'migrate-only': { type: 'boolean', default: false } },
    strict: true,
  });
  return { role: values.role, migrateOnly: values['migrate-only'] ?? false };
}
