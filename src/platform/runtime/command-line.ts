import { parseArgs } from 'node:util';

export interface CommandLine {
  role?: string;
  migrateOnly: boolean;
  /** `--create-admin <email>`: put an e-mail on the admin list and exit. */
  createAdmin?: string;
  /** `--copy-uploads-to-s3`: copy the local media into the S3 bucket and exit. */
  copyUploadsToS3: boolean;
  /** `--reprocess-uploads`: bring the images stored before the image pipeline into it, and exit. */
  reprocessUploads: boolean;
}

/**
 * `--role=api|worker|all` (overrides ROLE), `--migrate-only`, `--create-admin <email>` and
 * `--copy-uploads-to-s3` and `--reprocess-uploads`.
 */
export function parseCommandLine(argv: string[]): CommandLine {
  const { values } = parseArgs({
    args: argv,
    options: {
      role: { type: 'string' },
      'migrate-only': { type: 'boolean', default: false },
      'create-admin': { type: 'string' },
      'copy-uploads-to-s3': { type: 'boolean', default: false },
      'reprocess-uploads': { type: 'boolean', default: false },
    },
    strict: true,
  });
  return {
    role: values.role,
    migrateOnly: values['migrate-only'] ?? false,
    createAdmin: values['create-admin'],
    copyUploadsToS3: values['copy-uploads-to-s3'] ?? false,
    reprocessUploads: values['reprocess-uploads'] ?? false,
  };
}
