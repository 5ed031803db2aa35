import { describe, expect, it } from '@jest/globals';
import { senderMailbox } from '../../src/modules/messages/domain/sender-mailbox.js';

describe('the sender mailbox the contact limits count', () => {
  it('ignores case and a +tag, so tagged variants of an address are one sender', () => {
    const variants = [
      'ada@example.test',
      'Ada@Example.TEST',
      'ada+promo@example.test',
      'ADA+a+b@example.test',
      ' ada+@example.test ',
    ];
    expect(new Set(variants.map(senderMailbox))).toStrictEqual(new Set(['ada@example.test']));
  });

  it('keeps different mailboxes apart', () => {
    expect(senderMailbox('ada.l@example.test')).not.toBe(senderMailbox('ada@example.test'));
    expect(senderMailbox('ada@example.test')).not.toBe(senderMailbox('ada@example.org'));
  });

  it('keeps a local part that is all tag as it is (nothing would be left of it)', () => {
    expect(senderMailbox('+x@example.test')).toBe('+x@example.test');
  });
});
