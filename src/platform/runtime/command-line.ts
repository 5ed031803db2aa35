import { parseArgs } from 'node:util';

export interface CommandLine {
  role?: string;
  migrateOnly: boolean;
  /** `--create-admin <email>`: put an e-mail on the admin list and exit. */
  createAdmin?: string;
}

/** `--role=api|worker|all` (overrides ROLE), `--migrate-only` and `--create-admin <email>`. */
export function parseCommandLine(argv: string[]): CommandLine {
  const { values } = parseArgs({
    args: argv,
    options: {
      role: { type: 'string' },
      'migrate-only': { type: 'boolean', default: false },
      'create-admin': { type: 'string' },
    },
    strict: true,
  });
  return {
    role: values.role,
    migrateOnly: values['migrate-only'] ?? false,
    createAdmin: values['create-admin'],
  };
}
