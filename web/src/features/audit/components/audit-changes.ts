/** A recorded state: the JSON object stored before or after an action (null: none). */
export type RecordedState = Record<string, unknown> | null;

export type FieldChange = 'changed' | 'added' | 'removed' | 'unchanged';

export interface FieldDiff {
  name: string;
  change: FieldChange;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Each field of either state, in the order first seen (before's, then those only after has), with
 * how it changed. A field absent on one side was added or removed.
 */
export function diffStates(before: RecordedState, after: RecordedState): FieldDiff[] {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return names.map((name) => {
    const inBefore = before !== null && Object.hasOwn(before, name);
    const inAfter = after !== null && Object.hasOwn(after, name);
    const change: FieldChange = !inBefore
      ? 'added'
      : !inAfter
        ? 'removed'
        : same(before[name], after![name])
          ? 'unchanged'
          : 'changed';
    return { name, change, before: before?.[name], after: after?.[name] };
  });
}

/** A value as people read it: text as is, anything else as indented JSON. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2);
}
