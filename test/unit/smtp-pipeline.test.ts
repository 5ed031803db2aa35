/**
 * The newsletter's pipelined SMTP connections (SmtpPipelinePool) against a real SMTP server: copies
 * arrive byte for byte (dot-stuffing undone by the server), with AUTH from the URL, a refused recipient
 * is an error with its 5xx code and leaves the connection usable for the next copy, and no more than
 * the pool's size of connections are open however many copies are sent at once. Copies pipelined on one
 * connection (each body in the same write as the next copy's envelope) each get their own outcome; a
 * connection the server closes costs only the copy it refused; no server fails every waiting copy.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { SMTPServer } from 'smtp-server';
import { isPermanentMailFailure } from '../../src/platform/mail/mail-failure.js';
import {
  SmtpPipelinePool,
  SmtpReplyError,
} from '../../src/modules/notifications/mail/smtp-pipeline.js';
import { getFreePort } from '../support/net.js';

interface Delivery {
  from: string | undefined;
  to: string[];
  raw: string;
}

const USER = 'mailer';
const PASS = 'p@ss word';

let server: SMTPServer;
let port: number;
const deliveries: Delivery[] = [];
const sessions = new Set<string>();
let commands: string[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(session, callback) {
      sessions.add(session.id);
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onMailFrom(address, _session, callback) {
      commands.push(`MAIL ${address.address}`);
      callback();
    },
    onRcptTo(address, _session, callback) {
      commands.push(`RCPT ${address.address}`);
      if (address.address.startsWith('gone@')) {
        callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      } else if (address.address.startsWith('hangup@')) {
        // 421: the server closes the connection.
        callback(Object.assign(new Error('Going away'), { responseCode: 421 }));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        deliveries.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        callback();
      });
    },
  });
  port = await getFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const url = (user = USER, pass = PASS) =>
  `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`;

describe('SmtpPipelinePool', () => {
  test('delivers the pieces as one message, with the lines that start with a dot intact', async () => {
    deliveries.length = 0;
    const pool = new SmtpPipelinePool(url(), 2);
    try {
      const body = Buffer.from('Subject: Hi\r\n\r\nFirst line\r\n..a dotted line\r\n', 'latin1');
      await pool.send({ from: 'news@agency.test', to: 'reader@example.test' }, [
        'To: reader@example.test\r\n',
        body,
      ]);
    } finally {
      pool.close();
    }
    expect(deliveries).toEqual([
      {
        from: 'news@agency.test',
        to: ['reader@example.test'],
        raw: 'To: reader@example.test\r\nSubject: Hi\r\n\r\nFirst line\r\n.a dotted line\r\n',
      },
    ]);
  });

  test('a refused recipient is a permanent failure, and the next copy still goes out', async () => {
    deliveries.length = 0;
    const pool = new SmtpPipelinePool(url(), 1);
    try {
      const refused = await pool
        .send({ from: 'news@agency.test', to: 'gone@example.test' }, ['Subject: x\r\n\r\nx\r\n'])
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(refused).toBeInstanceOf(SmtpReplyError);
      expect((refused as SmtpReplyError).responseCode).toBe(550);
      expect(isPermanentMailFailure(refused)).toBe(true);
      await pool.send({ from: 'news@agency.test', to: 'next@example.test' }, [
        'Subject: y\r\n\r\ny\r\n',
      ]);
    } finally {
      pool.close();
    }
    expect(deliveries.map((delivery) => delivery.to)).toEqual([['next@example.test']]);
  });

  test('wrong credentials fail the send with the server’s answer', async () => {
    const pool = new SmtpPipelinePool(url(USER, 'wrong'), 1);
    try {
      await expect(
        pool.send({ from: 'news@agency.test', to: 'reader@example.test' }, ['x\r\n']),
      ).rejects.toMatchObject({ responseCode: 535 });
    } finally {
      pool.close();
    }
  });

  test('many copies at once share at most the pool’s size of connections', async () => {
    deliveries.length = 0;
    sessions.clear();
    commands = [];
    const pool = new SmtpPipelinePool(url(), 3);
    try {
      await Promise.all(
        Array.from({ length: 60 }, (_, n) =>
          pool.send({ from: 'news@agency.test', to: `reader-${n}@example.test` }, [
            `Subject: copy ${n}\r\n\r\nHello ${n}\r\n`,
          ]),
        ),
      );
    } finally {
      pool.close();
    }
    expect(deliveries).toHaveLength(60);
    expect(new Set(deliveries.map((delivery) => delivery.to[0])).size).toBe(60);
    expect(sessions.size).toBeLessThanOrEqual(3);
    expect(commands.filter((command) => command.startsWith('MAIL'))).toHaveLength(60);
  });

  const outcomeOf = (sending: Promise<void>) =>
    sending.then(
      () => 'sent',
      (error: unknown) =>
        error instanceof SmtpReplyError ? `refused ${error.responseCode}` : 'failed',
    );

  test('copies pipelined on one connection each get their own outcome', async () => {
    deliveries.length = 0;
    sessions.clear();
    const pool = new SmtpPipelinePool(url(), 1);
    const to = Array.from({ length: 20 }, (_, n) =>
      n === 4 || n === 5 || n === 19 ? `gone@${n}.example.test` : `reader-${n}@example.test`,
    );
    let outcomes: string[];
    try {
      outcomes = await Promise.all(
        to.map((address, n) =>
          outcomeOf(
            pool.send({ from: 'news@agency.test', to: address }, [
              `Subject: copy ${n}\r\n\r\nHello ${n}\r\n`,
            ]),
          ),
        ),
      );
    } finally {
      pool.close();
    }
    expect(outcomes).toEqual(
      to.map((address) => (address.startsWith('gone@') ? 'refused 550' : 'sent')),
    );
    expect(deliveries.map((delivery) => delivery.to[0])).toEqual(
      to.filter((address) => !address.startsWith('gone@')),
    );
    expect(deliveries.map((delivery) => delivery.raw)).toEqual(
      to.flatMap((address, n) =>
        address.startsWith('gone@') ? [] : [`Subject: copy ${n}\r\n\r\nHello ${n}\r\n`],
      ),
    );
    expect(sessions.size).toBe(1);
  });

  test('a connection the server closes fails only the copy it refused; the rest go out on a new one', async () => {
    deliveries.length = 0;
    sessions.clear();
    const pool = new SmtpPipelinePool(url(), 1);
    const to = Array.from({ length: 10 }, (_, n) =>
      n === 3 ? 'hangup@example.test' : `reader-${n}@example.test`,
    );
    let outcomes: string[];
    try {
      outcomes = await Promise.all(
        to.map((address) =>
          outcomeOf(
            pool.send({ from: 'news@agency.test', to: address }, ['Subject: x\r\n\r\nx\r\n']),
          ),
        ),
      );
    } finally {
      pool.close();
    }
    expect(outcomes).toEqual(
      to.map((address) => (address.startsWith('hangup@') ? 'failed' : 'sent')),
    );
    // Each delivered exactly once.
    expect(deliveries.map((delivery) => delivery.to[0]).sort()).toEqual(
      to.filter((address) => !address.startsWith('hangup@')).sort(),
    );
    expect(sessions.size).toBeGreaterThanOrEqual(2);
  });

  test('with no server to connect to, every waiting copy fails', async () => {
    const pool = new SmtpPipelinePool(`smtp://127.0.0.1:${await getFreePort()}`, 2);
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 5 }, (_, n) =>
          outcomeOf(pool.send({ from: 'news@agency.test', to: `r${n}@example.test` }, ['x\r\n'])),
        ),
      );
      expect(outcomes).toEqual(Array(5).fill('failed'));
    } finally {
      pool.close();
    }
  });
});
