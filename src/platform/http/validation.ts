import { BadRequestException, StandardSchemaValidationPipe } from '@nestjs/common';
import type { StandardSchemaV1 } from '@standard-schema/spec';

/** A 400 whose body names each bad field with its first message. */
export class ValidationFailedException extends BadRequestException {
  constructor(readonly fields: Record<string, string>) {
    const [first] = Object.entries(fields);
    super(first ? `${first[0]}: ${first[1]}` : 'Validation failed');
  }
}

export function fieldMessages(issues: readonly StandardSchemaV1.Issue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const keys = unrecognizedKeys(issue);
    if (keys) {
      for (const key of keys) fields[key] ??= 'Unknown field';
      continue;
    }
    const path = (issue.path ?? [])
      .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
      .join('.');
    fields[path || 'body'] ??= issue.message;
  }
  return fields;
}

function unrecognizedKeys(issue: StandardSchemaV1.Issue): string[] | undefined {
  const candidate = issue as StandardSchemaV1.Issue & { code?: string; keys?: string[] };
  return candidate.code === 'unrecognized_keys' ? candidate.keys : undefined;
}

export const schemaValidationPipe = new StandardSchemaValidationPipe({
  exceptionFactory: (issues) => new ValidationFailedException(fieldMessages(issues)),
});
