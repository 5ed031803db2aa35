/**
 * Self-checks of the test harness (no built server needed): the mailbox and the TCP proxy behave
 * as the contact-message tests rely on.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import nodemailer from 'nodemailer';
import { type Mailbox, startMailbox } from '../support/mailbox.js';
import { withTimeout } from '../support/net.js';
import { startTcpProxy } from '../support/tcp-proxy.js';

describe('mailbox', () => {
  let mailbox: Mailbox;

  beforeAll(async () => {
    mailbox = await startMailbox();
  });

  afterAll(async () => {
    await mailbox.close();
  });

  const transport = () => nodemailer.createTransport(mailbox.url);

  const send = (to: string, subject: string) =>
    transport().sendMail({
      from: 'Sender <sender@example.test>',
      to,
      replyTo: 'visitor@example.test',
      subject,
      text: 'plain body',
      html: '<p>html body</p>',
    });

  test('parses delivered messages and waitFor finds them', async () => {
    const waiting = mailbox.waitFor((mail) => mail.subject === 'first', 5000);
    await send('One@Example.test', 'first');
    const mail = await waiting;
    expect(mail.envelopeTo).toStrictEqual(['one@example.test']);
    expect(mail.to).toStrictEqual(['one@example.test']);
    expect(mail.from).toStrictEqual(['sender@example.test']);
    expect(mail.replyTo).toStrictEqual(['visitor@example.test']);
    expect(mail.text.trim()).toBe('plain body');
    expect(mail.html).toMatch(/html body/);
    // Already there: resolves at once.
    expect(await mailbox.waitFor((m) => m.subject === 'first', 10)).toBe(mail);
  }, 15_000);

  test('waitFor rejects after its timeout, listing what arrived', async () => {
    await expect(mailbox.waitFor((mail) => mail.subject === 'never', 200)).rejects.toThrow(
      /within 200 ms/,
    );
  }, 5000);

  test('a held delivery is delivered once released with accept', async () => {
    const hang = mailbox.hangNext(1, (to) => to.includes('held@example.test'));
    const sending = send('held@example.test', 'held');
    const held = await withTimeout(hang.started, 5000, 'the held delivery');
    expect(held.envelopeTo).toStrictEqual(['held@example.test']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Not delivered yet.
    expect(mailbox.find((mail) => mail.subject === 'held')).toHaveLength(0);
    hang.release();
    await sending;
    expect(mailbox.find((mail) => mail.subject === 'held')).toHaveLength(1);
  }, 15_000);

  test('a held delivery released with reject fails with 451', async () => {
    const hang = mailbox.hangNext(1, (to) => to.includes('rejected@example.test'));
    const sending = send('rejected@example.test', 'rejected');
    await withTimeout(hang.started, 5000, 'the held delivery');
    hang.release('reject');
    await expect(sending).rejects.toMatchObject({ responseCode: 451 });
    expect(mailbox.find((mail) => mail.subject === 'rejected')).toHaveLength(0);
  }, 15_000);

  test('a held delivery whose sender went away is not delivered', async () => {
    const hang = mailbox.hangNext(1, (to) => to.includes('gone@example.test'));
    // A raw SMTP client that disappears after sending the data, like a killed worker.
    const socket = net.connect(mailbox.port, '127.0.0.1');
    socket.on('error', () => undefined);
    const lines = [
      'EHLO test',
      'MAIL FROM:<sender@example.test>',
      'RCPT TO:<gone@example.test>',
      'DATA',
      'Subject: gone\r\n\r\nbody\r\n.',
    ];
    let step = 0;
    socket.on('data', (chunk: Buffer) => {
      // Send the next command after each reply line (EHLO's reply ends with "250 ").
      const text = chunk.toString();
      if (/^(220|250|354) /m.test(text) && step < lines.length)
        socket.write(`${lines[step++]}\r\n`);
    });
    const held = await withTimeout(hang.started, 5000, 'the held delivery');
    socket.destroy();
    await withTimeout(held.closed, 5000, 'the connection to close');
    hang.release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.find((mail) => mail.subject === 'gone')).toHaveLength(0);
  }, 15_000);
});

describe('tcp proxy', () => {
  test('forwards, refuses while paused, and works again on the same port', async () => {
    const echo = net.createServer((socket) => socket.pipe(socket));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const address = echo.address();
    if (!address || typeof address !== 'object') throw new Error('the echo server has no port');
    const proxy = await startTcpProxy({ targetHost: '127.0.0.1', targetPort: address.port });

    const roundTrip = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(proxy.port, '127.0.0.1');
        socket.once('error', reject);
        socket.once('data', (chunk: Buffer) => {
          socket.destroy();
          resolve(chunk.toString());
        });
        socket.write(text);
      });

    try {
      expect(await roundTrip('ping')).toBe('ping');

      const open = net.connect(proxy.port, '127.0.0.1');
      open.on('error', () => undefined);
      await new Promise((resolve) => open.once('connect', resolve));
      const closed = new Promise((resolve) => open.once('close', resolve));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(proxy.connectionCount).toBe(1);

      await proxy.pause();
      expect(proxy.paused).toBe(true);
      await withTimeout(closed, 2000, 'the open connection to be cut');
      await expect(roundTrip('refused')).rejects.toThrow(/ECONNREFUSED/);

      await proxy.resume();
      expect(await roundTrip('again')).toBe('again');
      expect(proxy.proxiedUrl('redis://127.0.0.1:6379/3')).toBe(
        `redis://127.0.0.1:${proxy.port}/3`,
      );
    } finally {
      await proxy.close();
      await new Promise((resolve) => echo.close(resolve));
    }
  });
});
