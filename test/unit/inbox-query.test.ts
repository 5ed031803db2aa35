/**
 * The admin inbox's query: the sender search as a LIKE pattern (its wildcards escaped) and the page
 * query's defaults and refusals (each names its field). The SQL itself runs in
 * test/integration/admin-inbox.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import {
  markMessageReadSchema,
  MESSAGE_TEXTS,
  messagePageQuerySchema,
} from '../../src/contracts/messages.js';
import { containsPattern } from '../../src/platform/database/like-pattern.js';

const literal = (char: string) => char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** What PostgreSQL's LIKE does with a pattern (backslash escapes), for checking patterns here. */
function likeToRegExp(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === '\\') source += literal(pattern[++index] ?? '');
    else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += literal(char);
  }
  return new RegExp(`^${source}$`, 'is');
}

const matches = (search: string, text: string) => likeToRegExp(containsPattern(search)).test(text);

describe('containsPattern', () => {
  it('finds the text anywhere', () => {
    expect(containsPattern('ada')).toBe('%ada%');
    expect(matches('ada', 'Lady Ada Lovelace')).toBe(true);
  });

  it('escapes %, _ and the backslash, so that they match only themselves', () => {
    expect(containsPattern('50%')).toBe('%50\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
    expect(matches('50%', 'Save 50% now')).toBe(true);
    expect(matches('50%', 'Save 500 now')).toBe(false);
    expect(matches('a_b', 'a_b@example.test')).toBe(true);
    expect(matches('a_b', 'axb@example.test')).toBe(false);
    expect(matches('a\\b', 'a\\b')).toBe(true);
    expect(matches('a\\b', 'ab')).toBe(false);
    expect(matches('%', 'no percent sign')).toBe(false);
  });
});

describe('messagePageQuerySchema', () => {
  const fieldsOf = (query: Record<string, unknown>) => {
    const result = messagePageQuerySchema.safeParse(query);
    if (result.success) throw new Error(`accepted ${JSON.stringify(query)}`);
    return result.error.issues.map((issue) => issue.path.join('.'));
  };

  it('defaults to the first page of 10, every status, no search', () => {
    expect(messagePageQuerySchema.parse({})).toStrictEqual({ page: 1, pageSize: 10 });
  });

  it('reads the query string’s texts and trims the search', () => {
    expect(
      messagePageQuerySchema.parse({ page: '2', pageSize: '3', status: 'Read', q: '  Ada ' }),
    ).toStrictEqual({ page: 2, pageSize: 3, status: 'Read', q: 'Ada' });
  });

  it('refuses, by field, what is not a page, a size, a status or a search', () => {
    expect(fieldsOf({ page: '0' })).toStrictEqual(['page']);
    expect(fieldsOf({ page: 'x' })).toStrictEqual(['page']);
    expect(fieldsOf({ pageSize: '51' })).toStrictEqual(['pageSize']);
    expect(fieldsOf({ status: 'unread' })).toStrictEqual(['status']);
    expect(fieldsOf({ status: ['Read', 'UnRead'] })).toStrictEqual(['status']);
    expect(fieldsOf({ q: 'a'.repeat(255) })).toStrictEqual(['q']);
    expect(fieldsOf({ q: 'a\0b' })).toStrictEqual(['q']);
  });
});

describe('markMessageReadSchema', () => {
  it('takes Read only: nothing makes a message UnRead again', () => {
    expect(markMessageReadSchema.parse({ messageStatus: 'Read' })).toStrictEqual({
      messageStatus: 'Read',
    });
    const refused = markMessageReadSchema.safeParse({ messageStatus: 'UnRead' });
    expect(refused.error?.issues.map(({ path, message }) => ({ path, message }))).toStrictEqual([
      { path: ['messageStatus'], message: MESSAGE_TEXTS.readOnly },
    ]);
  });
});
