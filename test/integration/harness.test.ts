/**
 * Self-checks of the test harness (no built server needed): the mailbox and the TCP proxy behave
 * as the contact-message tests rely on.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import nodemailer from 'nodemailer';
import { type Mailbox, startMailbox } from '../support/mailbox.js';
import { withTimeout } from '../support/net.js';
import { startTcpProxy } from '../support/tcp-proxy.js';

describe('mailbox', () => {
  let mailbox: Mailbox;

  before(async () => {
    mailbox = await startMailbox();
  });

  after(async () => {
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

  test('parses delivered messages and waitFor finds them', { timeout: 15_000 }, async () => {
    const waiting = mailbox.waitFor((mail) => mail.subject === 'first', 5000);
    await send('One@Example.test', 'first');
    const mail = await waiting;
    assert.deepEqual(mail.envelopeTo, ['one@example.test']);
    assert.deepEqual(mail.to, ['one@example.test']);
    assert.deepEqual(mail.from, ['sender@example.test']);
    assert.deepEqual(mail.replyTo, ['visitor@example.test']);
    assert.equal(mail.text.trim(), 'plain body');
    assert.match(mail.html ?? '', /html body/);
    // Already there: resolves at once.
    assert.equal(await mailbox.waitFor((m) => m.subject === 'first', 10), mail);
  });

  test('waitFor rejects after its timeout, listing what arrived', { timeout: 5000 }, async () => {
    await assert.rejects(
      mailbox.waitFor((mail) => mail.subject === 'never', 200),
      /within 200 ms/,
    );
  });

  test('a held delivery is delivered once released with accept', { timeout: 15_000 }, async () => {
    const hang = mailbox.hangNext(1, (to) => to.includes('held@example.test'));
    const sending = send('held@example.test', 'held');
    const held = await withTimeout(hang.started, 5000, 'the held delivery');
    assert.deepEqual(held.envelopeTo, ['held@example.test']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(mailbox.find((mail) => mail.subject === 'held').length, 0, 'not delivered yet');
    hang.release();
    await sending;
    assert.equal(mailbox.find((mail) => mail.subject === 'held').length, 1);
  });

  test('a held delivery released with reject fails with 451', { timeout: 15_000 }, async () => {
    const hang = mailbox.hangNext(1, (to) => to.includes('rejected@example.test'));
    const sending = send('rejected@example.test', 'rejected');
    await withTimeout(hang.started, 5000, 'the held delivery');
    hang.release('reject');
    await assert.rejects(sending, (error: { responseCode?: number }) => error.responseCode === 451);
    assert.equal(mailbox.find((mail) => mail.subject === 'rejected').length, 0);
  });

  test('a held delivery whose sender went away is not delivered', { timeout: 15_000 }, async () => {
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
    assert.equal(mailbox.find((mail) => mail.subject === 'gone').length, 0);
  });
});

describe('tcp proxy', () => {
  test('forwards, refuses while paused, and works again on the same port', async () => {
    const echo = net.createServer((socket) => socket.pipe(socket));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const address = echo.address();
    assert.ok(address && typeof address === 'object');
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
      assert.equal(await roundTrip('ping'), 'ping');

      const open = net.connect(proxy.port, '127.0.0.1');
      open.on('error', () => undefined);
      await new Promise((resolve) => open.once('connect', resolve));
      const closed = new Promise((resolve) => open.once('close', resolve));
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(proxy.connectionCount, 1);

      await proxy.pause();
      assert.equal(proxy.paused, true);
      await withTimeout(closed, 2000, 'the open connection to be cut');
      await assert.rejects(roundTrip('refused'), /ECONNREFUSED/);

      await proxy.resume();
      assert.equal(await roundTrip('again'), 'again');
      assert.equal(
        proxy.proxiedUrl('redis://127.0.0.1:6379/3'),
        `redis://127.0.0.1:${proxy.port}/3`,
      );
    } finally {
      await proxy.close();
      await new Promise((resolve) => echo.close(resolve));
    }
  });
});
